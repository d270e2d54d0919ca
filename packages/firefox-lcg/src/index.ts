/**
 * SpiderMonkey's Math.random before XorShift128+ (js/src/jsmath.cpp, until Firefox 44 / 2015):
 * the 48-bit LCG of java.util.Random, two draws per double.
 *
 *   rngState' = (rngState · 0x5DEECE66D + 0xB) mod 2^48
 *   random_next(bits) = rngState' >> (48 − bits)
 *   Math.random() = ((random_next(26) << 27) + random_next(27)) / 2^53
 *
 * That is exactly java.util.Random#nextDouble(): 53 bits of precision, not 32.
 */
import {
  type Emulator,
  type VariantInfo,
  InvalidOptionError,
  InvalidStateError,
  LCG48_MULTIPLIER,
  Lcg48,
  lcg48ScrambleSeed,
  lcg48Jump,
  lcg48StepBack,
  readSkipCount,
  readIntegerSeed,
  readStateWords,
  requireStateOrSeed,
  u64FromBigInt,
} from '@emu/core';

const ENGINE = 'firefox-lcg';
const TWO27 = 0x8000000;
const RNG_DSCALE = 2 ** 53;
/** Two LCG steps at once: M² mod 2^48 and (M·A + A) mod 2^48. */
const TWO_STEP_MULTIPLIER = 0xbb20b4600a69;
const TWO_STEP_ADDEND = 0x40942de6ba;

/** The variant ids this package emulates. */
export type VariantId = 'spidermonkey-lcg';

/** Names of the state words, in getState() order. */
export const STATE_WORDS = ['rngState'] as const;
/** The raw state getState() returns: rngState, an integer in [1, 2^48 − 1]. */
export type FirefoxLcgState = readonly [rngState: number];

/** The variant's metadata: engines, dates, algorithm, precision, state words, source. */
export const VARIANTS: readonly VariantInfo[] = [
  {
    id: 'spidermonkey-lcg',
    engines: 'SpiderMonkey / Firefox 1.0 … 44 (XorShift128+ from Firefox 45)',
    dates: '… 2015-12',
    algorithm: 'java.util.Random LCG (a = 0x5DEECE66D, c = 0xB, m = 2^48); double = (next(26)·2^27 + next(27)) / 2^53',
    precisionBits: 53,
    stateWords: STATE_WORDS,
    source: 'mozilla/gecko-dev js/src/jsmath.cpp (random_initState, random_next, math_random_no_outparam), 2015',
  },
];

/** What create() takes: a raw `state` or a `seed` (exactly one), and optionally the variant. */
export interface CreateOptions {
  /** Raw state `[rngState]`: an integer in [1, 2^48 − 1] (0 means "not yet seeded" in SpiderMonkey). */
  state?: readonly unknown[];
  /**
   * The 64-bit entropy value random_generateSeed() returned; random_initState squeezes it into
   * 48 bits: seed ^= seed >> 16; rngState = (seed ^ 0x5DEECE66D) & (2^48 − 1).
   */
  seed?: number | bigint | string;
  /** The only variant, `spidermonkey-lcg`. */
  variant?: VariantId;
}

/** SpiderMonkey's pre-2016 Math.random generator: create() builds one. */
export class FirefoxLcg implements Emulator<FirefoxLcgState> {
  readonly engine = ENGINE;
  readonly variant = 'spidermonkey-lcg';
  private readonly lcg: Lcg48;

  constructor(rngState: number) {
    this.lcg = new Lcg48(rngState);
  }

  /** random_next(bits) for 1 ≤ bits ≤ 48: advance once and return the state's top bits. */
  nextBits(bits: number): number {
    return this.lcg.next(bits);
  }

  /** math_random_no_outparam: a 26-bit draw on top of a 27-bit draw, over 2^53 (Lcg48 computes both from one state). */
  random(): number {
    return this.lcg.nextDouble();
  }

  /** random() as jsmath.cpp wrote it, two random_next() draws: the reference random() is tested against. */
  randomViaNextBits(): number {
    const hi26 = this.lcg.next(26);
    const lo27 = this.lcg.next(27);
    return (hi26 * TWO27 + lo27) / RNG_DSCALE;
  }

  fill(out: Float64Array): Float64Array {
    return this.lcg.fillNextDouble(out);
  }

  /**
   * Passes over n values in O(log n): each value is two LCG steps, so the state moves by the
   * affine map x ↦ M²·x + (M·A + A) mod 2^48 applied n times (lcg48Jump of @emu/core).
   */
  skip(n: number): void {
    this.lcg.state = lcg48Jump(this.lcg.state, TWO_STEP_MULTIPLIER, TWO_STEP_ADDEND, readSkipCount(ENGINE, n));
  }

  /** Undo one random(): the state before its two draws. */
  stepBackDouble(): void {
    this.lcg.state = lcg48StepBack(lcg48StepBack(this.lcg.state));
  }

  getState(): FirefoxLcgState {
    return [this.lcg.state];
  }

  clone(): FirefoxLcg {
    return new FirefoxLcg(this.lcg.state);
  }
}

/** random_initState applied to a 64-bit seed: the 48-bit rngState SpiderMonkey starts from. */
export function rngStateFromSeed(seed: number | bigint | string): number {
  const s = BigInt.asUintN(64, readIntegerSeed(ENGINE, seed, -(1n << 63n), (1n << 64n) - 1n));
  const [hi, lo] = u64FromBigInt(s ^ (s >> 16n));
  return lcg48ScrambleSeed(hi, lo);
}

/**
 * A generator from { state } (rngState) or { seed } (the 64-bit value random_initState took); errors
 * name the bad value, and a state or seed giving rngState 0 (SpiderMonkey's "unseeded") is refused.
 */
export function create(options: CreateOptions): FirefoxLcg {
  requireStateOrSeed(ENGINE, options);
  if (options.variant !== undefined && options.variant !== 'spidermonkey-lcg') {
    throw new InvalidOptionError(`${ENGINE}: unknown variant ${JSON.stringify(options.variant)}; known variants: spidermonkey-lcg`);
  }
  if (options.seed !== undefined) {
    const x = rngStateFromSeed(options.seed);
    if (x === 0) throw new InvalidStateError(`${ENGINE}: seed ${String(options.seed)} gives rngState 0, which SpiderMonkey treats as unseeded`);
    return new FirefoxLcg(x);
  }
  const [x] = readStateWords(ENGINE, options.state, STATE_WORDS, 48).map(Number);
  if (x === 0) {
    throw new InvalidStateError(`${ENGINE}: state word rngState (index 0) = 0 is not allowed: SpiderMonkey reseeds from entropy when rngState is 0`);
  }
  return new FirefoxLcg(x!);
}

export { LCG48_MULTIPLIER };
