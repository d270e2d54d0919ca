/**
 * V8's Math.random after commit 623cbdc5 "Tweak RNG" (2015-11-20, V8 4.9.x; src/js/math.js).
 *
 * MWC1616: two multiply-with-carry sub-generators, 36969 and 18030, each a 16-bit value and a
 * 16-bit carry, held as rngstate.{a, b} and rngstate.{c, d}. The patch stops concatenating the
 * two halves and XORs them instead, so the bits a floor() keeps depend on both generators.
 *
 * MathRandomRaw quirk, reproduced here: after the patch it computes the second generator as
 * 36969·d + c, while MathRandom computes 36969·c + d (the "+" side reads rngstate.d and
 * rngstate.c the other way round). Both still store c = r1 & 0xFFFF, d = r1 >>> 16, so mixing
 * the two calls walks a different path than either alone.
 */
import {
  type Emulator,
  type VariantInfo,
  InvalidOptionError,
  constructDouble,
  mwcJump,
  readSkipCount,
  readStateWords,
  refuseAllZero,
  requireStateOrSeed,
  v8InitializeRngWords,
} from '@emu/core';

const ENGINE = 'v8-patched';
/** Numeric constants as a const enum: the build inlines them as literals, so hot paths pay no
 * module-context load per use (see "Hot paths" in @emu/core emulator.ts). */
const enum K {
  MULT_AB = 18030, // first sub-generator: rngstate.a (value), rngstate.b (carry)
  MULT_CD = 36969, // second sub-generator: rngstate.c (value), rngstate.d (carry)
  EXPONENT_ONE = 0x3ff00000, // high word of 1.0: the double is 1.<32 random bits> − 1
  HIGH_MANTISSA = 0x000fffff, // 20 mantissa bits in the high word
  LOW_MANTISSA = 0xfff00000, // the next 12 mantissa bits, top of the low word
  RAW_MASK = 0x3fffffff, // MathRandomRaw returns 30 bits (a positive Smi on 32-bit V8)
  INV_TWO_POW_32 = 2 ** -32,
}

/** The variant ids this package emulates. */
export type VariantId = 'v8-4.9-patched';

/** Names of the state words, in getState() order. */
export const STATE_WORDS = ['a', 'b', 'c', 'd'] as const;
/** The raw state getState() returns: rngstate [a, b, c, d], 16-bit words (a, c the values, b, d the carries), not all 0. */
export type V8PatchedState = readonly [a: number, b: number, c: number, d: number];

/** The variant's metadata: engines, dates, algorithm, precision, state words, source. */
export const VARIANTS: readonly VariantInfo[] = [
  {
    id: 'v8-4.9-patched',
    engines: 'V8 from 4.9.x (commit 623cbdc5, 2015-11-20) until XorShift128+ replaced MWC1616 (V8 4.9.41, 2015-12)',
    dates: '2015-11-20 … 2015-12',
    algorithm: 'MWC1616, halves XORed; double = ConstructDouble(0x3FF00000 | (r & 0xFFFFF), r & 0xFFF00000) − 1',
    precisionBits: 32,
    stateWords: STATE_WORDS,
    source: 'v8/v8 src/js/math.js at 623cbdc5432713badc9fe1d605c585aabb25876c',
  },
];

/** What create() takes: a raw `state` or a `seed` (exactly one), the variant, and for a seed the RNG draws before. */
export interface CreateOptions {
  /** Raw state [a, b, c, d], each word in [0, 0xFFFF], as rngstate holds it. */
  state?: readonly unknown[];
  /** V8's --random_seed: the state comes from %InitializeRNG, fed by base::RandomNumberGenerator. */
  seed?: number | bigint | string;
  /** The only variant, `v8-4.9-patched`. */
  variant?: VariantId;
  /** Steps of base::RandomNumberGenerator consumed before %InitializeRNG (embedder start-up); default 0. */
  rngDrawsBefore?: number;
}

/** V8 4.9's patched MWC1616 (halves XORed), with MathRandomRaw's swapped c/d: create() builds one. */
export class V8PatchedMwc1616 implements Emulator<V8PatchedState> {
  readonly engine = ENGINE;
  readonly variant = 'v8-4.9-patched';
  private a = 0; // int32 fields start as Smis (see "Hot paths" in @emu/core emulator.ts)
  private b = 0;
  private c = 0;
  private d = 0;

  constructor(a: number, b: number, c: number, d: number) {
    this.a = a;
    this.b = b;
    this.c = c;
    this.d = d;
  }

  /** MathRandom: one step of both sub-generators, their XOR as 32 bits of a double in [0, 1). */
  random(): number {
    const r0 = (Math.imul(K.MULT_AB, this.a) + this.b) | 0;
    const r1 = (Math.imul(K.MULT_CD, this.c) + this.d) | 0;
    this.a = r0 & 0xffff;
    this.b = r0 >>> 16;
    this.c = r1 & 0xffff;
    this.d = r1 >>> 16;
    // ConstructDouble(0x3FF00000 | (r & 0xFFFFF), r & 0xFFF00000) − 1 is exactly r rotated
    // left by 12, over 2^32; randomViaConstructDouble() is the literal reference.
    const r = r0 ^ r1;
    return (((r << 12) | (r >>> 20)) >>> 0) * K.INV_TWO_POW_32;
  }

  /** random() through @emu/core's DataView constructDouble, as the patch wrote it. */
  randomViaConstructDouble(): number {
    const r0 = (Math.imul(K.MULT_AB, this.a) + this.b) | 0;
    const r1 = (Math.imul(K.MULT_CD, this.c) + this.d) | 0;
    this.a = r0 & 0xffff;
    this.b = r0 >>> 16;
    this.c = r1 & 0xffff;
    this.d = r1 >>> 16;
    const r = r0 ^ r1;
    return constructDouble(K.EXPONENT_ONE | (r & K.HIGH_MANTISSA), r & K.LOW_MANTISSA) - 1;
  }

  /** MathRandomRaw as committed: note 36969·d + c (not c, d) for the second generator. */
  raw(): number {
    const r0 = (Math.imul(K.MULT_AB, this.a) + this.b) | 0;
    const r1 = (Math.imul(K.MULT_CD, this.d) + this.c) | 0;
    this.a = r0 & 0xffff;
    this.b = r0 >>> 16;
    this.c = r1 & 0xffff;
    this.d = r1 >>> 16;
    return (r0 ^ r1) & K.RAW_MASK;
  }

  /** random() n times, with the state in locals (the same arithmetic; tests check the equality). */
  fill(out: Float64Array): Float64Array {
    let a = this.a;
    let b = this.b;
    let c = this.c;
    let d = this.d;
    for (let i = 0; i < out.length; i++) {
      const r0 = (Math.imul(K.MULT_AB, a) + b) | 0;
      const r1 = (Math.imul(K.MULT_CD, c) + d) | 0;
      a = r0 & 0xffff;
      b = r0 >>> 16;
      c = r1 & 0xffff;
      d = r1 >>> 16;
      const r = r0 ^ r1;
      out[i] = (((r << 12) | (r >>> 20)) >>> 0) * K.INV_TWO_POW_32;
    }
    this.a = a;
    this.b = b;
    this.c = c;
    this.d = d;
    return out;
  }

  /**
   * Passes over n values of random() in O(log n): each sub-generator (value a / c, carry b / d)
   * is the MWC word carry·2^16 + value, jumped by modular exponentiation (mwcJump of @emu/core).
   * (raw() walks another path, see the module comment; skip(n) is n calls of random().)
   */
  skip(n: number): void {
    const steps = readSkipCount(ENGINE, n);
    const x0 = mwcJump(this.b * 0x10000 + this.a, K.MULT_AB, steps);
    const x1 = mwcJump(this.d * 0x10000 + this.c, K.MULT_CD, steps);
    this.a = x0 & 0xffff;
    this.b = x0 >>> 16;
    this.c = x1 & 0xffff;
    this.d = x1 >>> 16;
  }

  getState(): V8PatchedState {
    return [this.a, this.b, this.c, this.d];
  }

  clone(): V8PatchedMwc1616 {
    return new V8PatchedMwc1616(this.a, this.b, this.c, this.d);
  }
}

/** Creates the emulator from a raw state `[a, b, c, d]` or from V8's `--random_seed`. */
export function create(options: CreateOptions): V8PatchedMwc1616 {
  requireStateOrSeed(ENGINE, options);
  if (options.variant !== undefined && options.variant !== 'v8-4.9-patched') {
    throw new InvalidOptionError(`${ENGINE}: unknown variant ${JSON.stringify(options.variant)}; known variants: v8-4.9-patched`);
  }
  const words = options.state !== undefined
    ? readStateWords(ENGINE, options.state, STATE_WORDS, 16).map(Number)
    : v8InitializeRngWords(ENGINE, options.seed, options.rngDrawsBefore ?? 0);
  refuseAllZero(ENGINE, words, '%InitializeRNG redraws while any of the four words is 0, and a non-zero MWC1616 half never reaches 0');
  return new V8PatchedMwc1616(words[0]!, words[1]!, words[2]!, words[3]!);
}
