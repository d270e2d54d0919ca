/**
 * The java.util.Random LCG as Netscape shipped it, and as SpiderMonkey kept it per runtime:
 *
 *  - `netscape-mocha` (Netscape 2–3 "Mocha", Netscape 4 JSRef): the multiplier written as
 *      LL_ISHL(tmp, 0x5D, 32) | 0xEECE66D = 0x5D0EECE66D (java.util.Random's is 0x5DEECE66D),
 *      addend 0xB, mask 2^48 − 1; Math.random() = double(next(27)·2^27 + next(27)) / 2^54 — the
 *      54-bit integer rounded once to 53 bits by the int64 → double conversion (ties to even; a value
 *      can round up to exactly 1.0 only if both draws are 2^27 − 1).
 *  - `spidermonkey-runtime` (SpiderMonkey 1.5–1.8, Firefox 1.0 – 3.0): the corrected constants
 *      (0x5DEECE66D, 2^53, next(26)·2^27 + next(27)), i.e. java.util.Random#nextDouble.
 *
 * Both seed once, at the first Math.random() of the process (Mocha: a static) or of the JSRuntime
 * (the whole browser: every window and tab share the stream), from the clock:
 *   random_setSeed(PR_Now()): seed = (µs / 1000) ^ multiplier, & (2^48 − 1)
 * so the state follows from the epoch milliseconds of that first call (`stateFromEpochMs`).
 *
 * Sources: Netscape Mocha `math_random` ("Standard Mocha math functions. Brendan Eich, 11/15/95")
 * and the 1998 Netscape Public License jsmath.c (JSRuntime rngMultiplier, LL_ISHL(tmp, 0x5D, 32));
 * the corrected runtime version: mozilla/gecko-dev history js/src/jsmath.c (read in the
 * Floorp-Projects/Floorp fork at 0ce6c36fee9086250715e844133e9b278853294b).
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
  mulAdd48,
  readSkipCount,
  readIntegerSeed,
  readStateWords,
  requireStateOrSeed,
} from '@emu/core';

const ENGINE = 'netscape-lcg';
/** Netscape Mocha's multiplier, 0x5D0EECE66D: LL_ISHL(tmp, 0x5D, 32) | 0xEECE66D, java.util.Random's 0x5DEECE66D mistyped. */
export const MOCHA_MULTIPLIER = 0x5d0eece66d;
const TWO48 = 2 ** 48;
const TWO27 = 2 ** 27;

/** The variants: Netscape 2–4's Mocha constants and SpiderMonkey 1.5–1.8's corrected per-runtime LCG. */
export type VariantId = 'netscape-mocha' | 'spidermonkey-runtime';

/** Both variants' metadata: engines, dates, algorithm, precision, state words, source. */
export const VARIANTS: readonly VariantInfo[] = [
  {
    id: 'netscape-mocha',
    engines: 'Netscape Navigator 2, 3 (Mocha) and 4 (JSRef / JavaScript 1.2–1.3)',
    dates: '1995-12 … 1998',
    algorithm: 'LCG a = 0x5D0EECE66D (typo of 0x5DEECE66D), c = 0xB, m = 2^48; double(next(27)·2^27 + next(27)) / 2^54',
    precisionBits: 53,
    stateWords: ['seed'],
    source: 'Netscape Mocha math_random (mo_math, "Brendan Eich, 11/15/95") and JSRef jsmath.c (NPL 1.0, 1998): LL_ISHL(tmp, 0x5D, 32); LL_UI2L(tmp2, 0xEECE66DL); rngDscale = 1L << 54',
  },
  {
    id: 'spidermonkey-runtime',
    engines: 'SpiderMonkey 1.5–1.8 per JSRuntime: Mozilla 1.x, Firefox 1.0 – 3.0',
    dates: '… 2009-06',
    algorithm: 'java.util.Random LCG (0x5DEECE66D, 0xB, 2^48); (next(26)·2^27 + next(27)) / 2^53; one state per runtime',
    precisionBits: 53,
    stateWords: ['rngSeed'],
    source: 'mozilla/gecko-dev js/src/jsmath.c random_init / random_setSeed(rt, PRMJ_Now()) (Floorp-Projects/Floorp @ 0ce6c36fee9086250715e844133e9b278853294b)',
  },
];

const VARIANT_IDS = VARIANTS.map((v) => v.id);

/** What create() takes: a raw `state` or a `seed` (exactly one), and optionally the variant (default `netscape-mocha`). */
export interface CreateOptions {
  /** Raw state `[seed]`: the 48-bit LCG state (any value in [0, 2^48 − 1]; these engines never test for 0). */
  state?: readonly unknown[];
  /** Epoch milliseconds of the first Math.random() call (PR_Now() / 1000): the state is ms ^ multiplier. */
  seed?: number | bigint | string;
  variant?: string;
}

/** Netscape's / SpiderMonkey's 48-bit LCG Math.random: create() builds one. */
export class NetscapeLcg implements Emulator<readonly [number]> {
  readonly engine = ENGINE;
  readonly variant: VariantId;
  private x: number;
  private readonly lcg: Lcg48 | null;

  constructor(variant: VariantId, state: number) {
    this.variant = variant;
    this.x = state;
    this.lcg = variant === 'spidermonkey-runtime' ? new Lcg48(state) : null;
  }

  /** random_next(bits): advance, then the top `bits` bits of the 48-bit state. */
  nextBits(bits: number): number {
    if (this.lcg) return this.lcg.next(bits);
    this.x = mulAdd48(this.x, MOCHA_MULTIPLIER, 0xb);
    return Math.floor(this.x / 2 ** (48 - bits));
  }

  random(): number {
    if (this.lcg) return this.lcg.nextDouble();
    const hi = this.nextBits(27);
    const lo = this.nextBits(27);
    // LL_L2D of the 54-bit integer: hi·2^27 is exact, adding lo rounds once (ties to even); / 2^54 is exact
    return (hi * TWO27 + lo) / 2 ** 54;
  }

  fill(out: Float64Array): Float64Array {
    for (let i = 0; i < out.length; i++) out[i] = this.random();
    return out;
  }

  /**
   * Pass over n values (n × random()) in O(log n): both variants take two LCG steps per value, so
   * one value is the affine map (a², c·(a + 1)) mod 2^48 of the variant's multiplier (lcg48Jump).
   */
  skip(n: number): void {
    const steps = readSkipCount(ENGINE, n);
    const a = this.lcg ? LCG48_MULTIPLIER : MOCHA_MULTIPLIER;
    const a2 = mulAdd48(a, a, 0);
    const c2 = mulAdd48(LCG48_ADDEND, a, LCG48_ADDEND);
    if (this.lcg) this.lcg.state = lcg48Jump(this.lcg.state, a2, c2, steps);
    else this.x = lcg48Jump(this.x, a2, c2, steps);
  }

  getState(): readonly [number] {
    return [this.lcg ? this.lcg.state : this.x];
  }

  clone(): NetscapeLcg {
    return new NetscapeLcg(this.variant, this.getState()[0]);
  }
}

/** random_setSeed(PR_Now()) for a call at `ms` epoch milliseconds: (ms ^ multiplier) mod 2^48. */
export function stateFromEpochMs(ms: number | bigint | string, variant: VariantId = 'netscape-mocha'): number {
  const t = readIntegerSeed(ENGINE, ms, 0n, (1n << 63n) - 1n);
  const m = BigInt(variant === 'netscape-mocha' ? MOCHA_MULTIPLIER : LCG48_MULTIPLIER);
  return Number((t ^ m) & ((1n << 48n) - 1n));
}

/** The inverse: the epoch milliseconds (below 2^48) whose seeding gives `state`. */
export function epochMsFromState(state: number, variant: VariantId = 'netscape-mocha'): number {
  if (!Number.isSafeInteger(state) || state < 0 || state >= TWO48) {
    throw new InvalidStateError(`${ENGINE}: state ${String(state)} is not an integer in [0, 2^48 − 1]`);
  }
  const m = BigInt(variant === 'netscape-mocha' ? MOCHA_MULTIPLIER : LCG48_MULTIPLIER);
  return Number((BigInt(state) ^ m) & ((1n << 48n) - 1n));
}

/** A generator from { state } (48-bit) or { seed } (epoch milliseconds of the first call). */
export function create(options: CreateOptions): NetscapeLcg {
  requireStateOrSeed(ENGINE, options);
  const variant = (options.variant ?? 'netscape-mocha') as VariantId;
  if (!VARIANT_IDS.includes(variant)) {
    throw new InvalidOptionError(`${ENGINE}: unknown variant ${JSON.stringify(options.variant)}; known variants: ${VARIANT_IDS.join(', ')}`);
  }
  if (options.seed !== undefined) {
    try {
      return new NetscapeLcg(variant, stateFromEpochMs(options.seed, variant));
    } catch (e) {
      throw e instanceof InvalidSeedError ? e : new InvalidSeedError(`${ENGINE}: bad seed ${String(options.seed)}`);
    }
  }
  const [x] = readStateWords(ENGINE, options.state, VARIANTS.find((v) => v.id === variant)!.stateWords, 48).map(Number);
  return new NetscapeLcg(variant, x!);
}
