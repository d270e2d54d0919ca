/**
 * Microsoft's Math.random before XorShift128+ (Internet Explorer 9–11's Chakra, Edge 12–13,
 * ChakraCore until dbda0182d; by the same constants also IE 6–8's JScript): the 48-bit LCG of
 * java.util.Random, two steps per call, and a double built from 27 + 27 bits.
 *
 *   seed' = (seed · 0x5DEECE66D + 11) mod 2^48          (twice per call: sn, then seed)
 *   res   = (sn >> 21) + (seed >> 21) / 2^27            (one IEEE round-to-nearest-even, 54 → 53 bits)
 *   Math.random() = res / 2^27                          (exact)
 *
 * The sum has 54 significant bits when the first draw is ≥ 2^26, so its last bit is rounded
 * away (ties to even): the doubles are multiples of 2^-54 below 1/2 and of 2^-53 above. The one
 * pair that would round up to 1.0 (both draws 2^27 − 1) never follows itself in the LCG — the
 * test searches all 2^21 candidates.
 *
 * Source: chakra-core/ChakraCore lib/Runtime/Math/JavascriptMath.cpp (JavascriptMath::Random)
 * at 5d8406741f8c60e7bf0a06e4fb71a5cf7a6458dc (initial commit, 2016-01-05); replaced by
 * xorshift128+ in dbda0182dc0a983dfb37d90c05000e79b6fc75b0 (2016-01-21).
 */
import {
  type Emulator,
  type VariantInfo,
  InvalidOptionError,
  InvalidSeedError,
  InvalidStateError,
  LCG48_ADDEND,
  LCG48_MULTIPLIER,
  Lcg48,
  lcg48Jump,
  lcg48StepBack,
  mulAdd48,
  readSkipCount,
  readIntegerSeed,
  readStateWords,
  requireStateOrSeed,
} from '@emu/core';

const ENGINE = 'jscript-lcg';
const TWO27 = 134217728; // kdbl2to27
const MASK48 = 2 ** 48;
/** Two LCG steps (one random()) as one affine map: a² and c·(a + 1), mod 2^48. */
const TWO_STEP_MULTIPLIER = mulAdd48(LCG48_MULTIPLIER, LCG48_MULTIPLIER, 0);
const TWO_STEP_ADDEND = mulAdd48(LCG48_ADDEND, LCG48_MULTIPLIER, LCG48_ADDEND);

/** The variants: Chakra (IE 9–11, Edge 12–13) and JScript (IE 6–8), one generator. */
export type VariantId = 'chakra-lcg' | 'jscript-lcg';

/** The state word names: the 48-bit RandSeed. */
export const STATE_WORDS = ['seed'] as const;
/** The raw state getState() returns: `[seed]`, the 48-bit RandSeed, an integer in [1, 2^48 − 1]. */
export type JscriptLcgState = readonly [seed: number];

const ALGORITHM = 'java.util.Random LCG (a = 0x5DEECE66D, c = 11, m = 2^48), two steps per call; double = ((sn >> 21) + (seed >> 21) / 2^27) / 2^27, one round-to-nearest-even';

/** The two variants' metadata (one generator): engines, dates, algorithm, precision, state words, source. */
export const VARIANTS: readonly VariantInfo[] = [
  {
    id: 'chakra-lcg',
    engines: 'Chakra: Internet Explorer 9–11 (jscript9.dll), Edge 12–13 (EdgeHTML 12–13), ChakraCore before 2016-01-21',
    dates: '2011-03 … 2016-08',
    algorithm: ALGORITHM,
    precisionBits: 54,
    stateWords: STATE_WORDS,
    source: 'chakra-core/ChakraCore lib/Runtime/Math/JavascriptMath.cpp (JavascriptMath::Random) @ 5d8406741f8c60e7bf0a06e4fb71a5cf7a6458dc',
  },
  {
    id: 'jscript-lcg',
    engines: 'JScript 5.6–5.8: Internet Explorer 6–8 (jscript.dll) — same generator per issue 12; JScript\'s source is not public',
    dates: '2001 … 2011',
    algorithm: ALGORITHM,
    precisionBits: 54,
    stateWords: STATE_WORDS,
    source: 'generator as Chakra (ChakraCore 5d8406741, lib/Runtime/Math/JavascriptMath.cpp); JScript itself: no public source, no capture found',
  },
];

const VARIANT_IDS = VARIANTS.map((v) => v.id);

/** What create() takes: a raw `state` or a `seed` (exactly one), and optionally the variant (default `chakra-lcg`). */
export interface CreateOptions {
  /** Raw state `[seed]`: the 48-bit `RandSeed` of the script context, in [1, 2^48 − 1] (0 = "not yet seeded"). */
  state?: readonly unknown[];
  /**
   * `jscript-lcg` only: a 64-bit clock reading, turned into the state by Chakra's shuffle
   * (`stateFromCounter`). Chakra itself XORs an entropy accumulator into the shuffled counter,
   * so `chakra-lcg` takes a state only.
   */
  seed?: number | bigint | string;
  variant?: VariantId | (string & {});
}

/** Chakra's / JScript's Math.random generator: create() builds one. */
export class JscriptLcg implements Emulator<JscriptLcgState> {
  readonly engine = ENGINE;
  readonly variant: VariantId;
  private readonly lcg: Lcg48;

  constructor(seed: number, variant: VariantId = 'chakra-lcg') {
    this.lcg = new Lcg48(seed);
    this.variant = variant;
  }

  /** JavascriptMath::Random: two LCG steps, the high 27 bits of each, one rounding. */
  random(): number {
    const hi = this.lcg.next(27);
    const lo = this.lcg.next(27);
    return (hi + lo / TWO27) / TWO27;
  }

  fill(out: Float64Array): Float64Array {
    for (let i = 0; i < out.length; i++) out[i] = this.random();
    return out;
  }

  /** Pass over n values (n × random()) in O(log n): the two-step affine map, squared (lcg48Jump). */
  skip(n: number): void {
    this.lcg.state = lcg48Jump(this.lcg.state, TWO_STEP_MULTIPLIER, TWO_STEP_ADDEND, readSkipCount(ENGINE, n));
  }

  /** Undo one random(): the state before its two steps. */
  stepBack(): void {
    this.lcg.state = lcg48StepBack(lcg48StepBack(this.lcg.state));
  }

  getState(): JscriptLcgState {
    return [this.lcg.state];
  }

  clone(): JscriptLcg {
    return new JscriptLcg(this.lcg.state, this.variant);
  }
}

/** The byte swap and the three bit interleaves of JavascriptMath::Random; each is an involution. */
const SHUFFLE_STEPS: ReadonlyArray<(t: number) => number> = [
  (t) => (((t & 0xff000000) >>> 24) | ((t & 0x000000ff) << 24) | (t & 0x00ffff00)) >>> 0, // bytes in order 0213
  (t) => (((t & 0x0f000f00) >>> 4) | ((t & 0x00f000f0) << 4) | (t & 0xf00ff00f)) >>> 0,
  (t) => (((t & 0x30303030) >>> 2) | ((t & 0x0c0c0c0c) << 2) | (t & 0xc3c3c3c3)) >>> 0,
  (t) => (((t & 0x44444444) >>> 1) | ((t & 0x22222222) << 1) | (t & 0x99999999)) >>> 0,
];

function readCounter(value: unknown): bigint {
  return BigInt.asUintN(64, readIntegerSeed(ENGINE, value, -(1n << 63n), (1n << 64n) - 1n));
}

/**
 * Chakra's shuffle of a 64-bit counter (QueryPerformanceCounter in Chakra) into a 48-bit seed,
 * before the entropy XOR: temp = shuffle(low ^ 0xDEECE66D); seed = temp · 2^16 + ((high ^ low) & 0xFFFF).
 */
export function stateFromCounter(counter: number | bigint | string): number {
  const c = readCounter(counter);
  return stateFromCounterHalves(Number(c & 0xffffffffn), Number(c >> 32n));
}

/**
 * `stateFromCounter` on a counter given as its unsigned 32-bit halves `lo`, `hi` (no BigInt, no
 * validation: for searches over millions of clock readings).
 */
export function stateFromCounterHalves(lo: number, hi: number): number {
  const [s0, s1, s2, s3] = SHUFFLE_STEPS as [(t: number) => number, (t: number) => number, (t: number) => number, (t: number) => number];
  return s3(s2(s1(s0((lo ^ 0xdeece66d) >>> 0)))) * 0x10000 + ((hi ^ lo) & 0xffff);
}

/**
 * The counters that `stateFromCounter` maps to `state`, nearest to `near` first, within
 * ±`radius` (default 2^40): the state fixes the counter's low 32 bits and 16 bits of high ^ low,
 * so about one counter in 2^48 qualifies — given a clock reading near the seeding time (e.g. a
 * millisecond date), this recovers the exact reading.
 */
export function countersForState(state: number, near: number | bigint | string, radius: number | bigint = 2n ** 40n): bigint[] {
  if (!Number.isSafeInteger(state) || state < 0 || state >= MASK48) {
    throw new InvalidStateError(`${ENGINE}: state ${String(state)} is not an integer in [0, 2^48 − 1]`);
  }
  const center = readCounter(near);
  const r = BigInt(radius);
  if (r < 0n) throw new InvalidOptionError(`${ENGINE}: radius ${String(radius)} must not be negative`);
  let t = Math.floor(state / 0x10000);
  for (const step of [...SHUFFLE_STEPS].reverse()) t = step(t);
  const lo = (t ^ 0xdeece66d) >>> 0;
  const mix = state % 0x10000;
  const found: bigint[] = [];
  const first = center - r < 0n ? 0n : (center - r) >> 32n;
  const last = (center + r) >> 32n;
  for (let hi = first; hi <= last && hi < 1n << 32n; hi++) {
    if (((Number(hi & 0xffffn) ^ lo) & 0xffff) !== mix) continue;
    const c = (hi << 32n) | BigInt(lo);
    if (c >= center - r && c <= center + r) found.push(c);
  }
  return found.sort((a, b) => {
    const da = a > center ? a - center : center - a;
    const db = b > center ? b - center : center - b;
    return da < db ? -1 : da > db ? 1 : 0;
  });
}

/** A generator from { state } (either variant) or { seed } (jscript-lcg: a 64-bit clock reading); errors name the bad value. */
export function create(options: CreateOptions): JscriptLcg {
  requireStateOrSeed(ENGINE, options);
  const variant = (options.variant ?? 'chakra-lcg') as VariantId;
  if (!VARIANT_IDS.includes(variant)) {
    throw new InvalidOptionError(`${ENGINE}: unknown variant ${JSON.stringify(variant)}; known variants: ${VARIANT_IDS.join(', ')}`);
  }
  if (options.seed !== undefined) {
    if (variant === 'chakra-lcg') {
      throw new InvalidSeedError(
        `${ENGINE}: seed ${String(options.seed)} refused: Chakra XORs a thread entropy accumulator into the shuffled QueryPerformanceCounter, so only { state } can reproduce it (stateFromCounter gives the part before the XOR)`,
      );
    }
    const x = stateFromCounter(options.seed);
    if (x === 0) throw new InvalidSeedError(`${ENGINE}: clock ${String(options.seed)} gives seed 0, which Chakra treats as unseeded`);
    return new JscriptLcg(x, variant);
  }
  const [x] = readStateWords(ENGINE, options.state, STATE_WORDS, 48).map(Number);
  if (x === 0) {
    throw new InvalidStateError(`${ENGINE}: state word seed (index 0) = 0 is not allowed: Chakra reseeds when its RandSeed is 0`);
  }
  return new JscriptLcg(x!, variant);
}

