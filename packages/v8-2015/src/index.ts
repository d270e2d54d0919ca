/**
 * V8's Math.random before the "Tweak RNG" patch of 2015-11-20: every MWC1616 V8 shipped.
 *
 * MWC1616 is two 16-bit multiply-with-carry generators, x' = a·(x & 0xFFFF) + (x >> 16), with
 * a = 36969 for one and 18273 (until V8 3.29) or 18030 (from V8 3.30) for the other. V8 glued the
 * two outputs together instead of mixing them, so the high bits of every double — the ones
 * `Math.floor(Math.random() * n)` keeps — come from one 2^30-period generator alone.
 *
 * Variants (each named by the V8 versions that shipped it; checked against the Node binaries
 * listed, or against the seed patch where no binary exists):
 *  - `v8-3.11-cpp`   C++ random_base() (V8 ≤ 3.14 at least; Node 0.8, 0.10):
 *                    out = (s0 << 14) + (s1 & 0x3FFFF), double = out / 2^32.
 *  - `v8-3.26-js`    JS, Uint32Array rngstate, 18273 (V8 3.26–3.29; Node 0.11.14, 0.12):
 *                    out = (r0 << 16) + (r1 & 0xFFFF), double = out · 2^-32.
 *  - `v8-3.30-js`    as above with 18030 (V8 3.30–4.7; Node 4.x, 5.x; Chrome 40–47); has MathRandomRaw.
 *  - `v8-4.8-constructdouble` (default) four 16-bit words and %_ConstructDouble: the "-" side of
 *                    commit 623cbdc5 (V8 4.8–4.9 before the patch; Chrome 48).
 */
import {
  type Emulator,
  type VariantInfo,
  InvalidOptionError,
  InvalidStateError,
  constructDouble,
  mwcJump,
  readSkipCount,
  readStateWords,
  refuseAllZero,
  requireStateOrSeed,
  v8InitializeRngWords,
  v8RngBytes,
  v8SeedValue,
} from '@emu/core';

const ENGINE = 'v8-2015';
/** Numeric constants as a const enum: the build inlines them as literals, so hot paths pay no
 * module-context load per use (see "Hot paths" in @emu/core emulator.ts). */
const enum K {
  MULT_36969 = 36969,
  MULT_18273 = 18273, // V8 ≤ 4.4
  MULT_18030 = 18030, // V8 4.5 … 4.9
  INV_TWO_POW_32 = 2.3283064365386962890625e-10, // 2^-32, the reciprocal math.js multiplies by
  EXPONENT_ONE = 0x3ff00000,
  HIGH_MANTISSA = 0x000fffff,
  LOW_MANTISSA = 0xfff00000,
  RAW_MASK = 0x3fffffff,
}

/** The MWC1616 variants V8 shipped, each named by the first V8 version that had it (see VARIANTS). */
export type VariantId = 'v8-3.11-cpp' | 'v8-3.26-js' | 'v8-3.30-js' | 'v8-4.8-constructdouble';
/** The variant create() uses when none is given: V8 4.8's %_ConstructDouble MWC1616, the last before the 2015 patch. */
export const DEFAULT_VARIANT: VariantId = 'v8-4.8-constructdouble';

/** Every variant, with the engines that shipped it and the source it was transcribed from. */
export const VARIANTS: readonly (VariantInfo & { readonly id: VariantId })[] = [
  {
    id: 'v8-3.11-cpp',
    engines: 'V8 3.11–3.14 (Node 0.8, 0.10; Chrome ≤ 32)',
    dates: '… 2014',
    algorithm: 'C++ random_base: s0 = 18273·(s0&0xFFFF)+(s0>>16); s1 = 36969·(s1&0xFFFF)+(s1>>16); out = (s0<<14)+(s1&0x3FFFF); double = out/2^32',
    precisionBits: 32,
    stateWords: ['state0', 'state1'],
    source: 'v8/v8 src/v8.cc random_base / FillHeapNumberWithRandom (3.14 branch); checked against node 0.8.28 and 0.10.48',
  },
  {
    id: 'v8-3.26-js',
    engines: 'V8 3.26–3.29 (Node 0.11.14, 0.11.15, 0.12; Chrome 36–39)',
    dates: '2014 … 2015-07',
    algorithm: 'math.js MathRandom on Uint32Array rngstate, multipliers 18273/36969; out = (r0<<16)+(r1&0xFFFF); double = out·2^-32',
    precisionBits: 32,
    stateWords: ['rngstate0', 'rngstate1'],
    source: 'v8/v8 src/math.js (3.28 branch); checked against node 0.11.14 and 0.12.18',
  },
  {
    id: 'v8-3.30-js',
    engines: 'V8 3.30–4.7 (Node 4.x, 5.x; Chrome 40–47)',
    dates: '2014-10 … 2015-11',
    algorithm: 'as v8-3.26-js with multiplier 18030; MathRandomRaw = out & 0x3FFFFFFF',
    precisionBits: 32,
    stateWords: ['rngstate0', 'rngstate1'],
    source: 'v8/v8 src/math.js (4.5 branch); checked against node 4.0.0, 4.2.2, 4.9.1, 5.0.0, 5.12.0',
  },
  {
    id: 'v8-4.8-constructdouble',
    engines: 'V8 4.8 (5f4611bc, 2015-11-02) – 4.9 before commit 623cbdc5 (Chrome 48)',
    dates: '2015-11-02 … 2015-11-19',
    algorithm: 'four 16-bit words; double = %_ConstructDouble(0x3FF00000 | (r0 & 0xFFFFF), r1 & 0xFFF00000) − 1',
    precisionBits: 32,
    stateWords: ['rngstate_0', 'rngstate_1', 'rngstate_2', 'rngstate_3'],
    source: 'v8/v8 src/js/math.js, the "-" side of 623cbdc5432713badc9fe1d605c585aabb25876c',
  },
];

/** What create() takes: a raw `state` or a `seed` (exactly one), the variant, and for seeds of the JS variants the RNG draws before. */
export interface CreateOptions {
  /** Raw state in the order the variant's source names its words (see VARIANTS[i].stateWords). */
  state?: readonly unknown[];
  /** V8's --random_seed (a non-zero int32): the state the engine derives from it. */
  seed?: number | bigint | string;
  /** Which historical variant; default `v8-4.8-constructdouble`. */
  variant?: VariantId;
  /**
   * Steps of base::RandomNumberGenerator the isolate consumed before it drew the Math.random
   * state (JS variants only). It depends on the embedder's start-up (Node's is per release and
   * kept by @emu/engines); 0 for a bare isolate.
   */
  rngDrawsBefore?: number;
}

/** C++ random_base() of V8 ≤ 3.14: two 32-bit MWC states, 14/18-bit concatenation. */
export class V8CppMwc1616 implements Emulator<readonly [number, number]> {
  readonly engine = ENGINE;
  readonly variant = 'v8-3.11-cpp';
  private s0 = 0; // int32 fields start as Smis (see "Hot paths" in @emu/core emulator.ts)
  private s1 = 0;

  constructor(s0: number, s1: number) {
    this.s0 = s0 | 0;
    this.s1 = s1 | 0;
  }

  /** The 32-bit random_base() output that FillHeapNumberWithRandom turns into a double. */
  raw(): number {
    const s0 = (Math.imul(K.MULT_18273, this.s0 & 0xffff) + (this.s0 >>> 16)) | 0;
    const s1 = (Math.imul(K.MULT_36969, this.s1 & 0xffff) + (this.s1 >>> 16)) | 0;
    this.s0 = s0;
    this.s1 = s1;
    return ((s0 << 14) + (s1 & 0x3ffff)) >>> 0;
  }

  /** FillHeapNumberWithRandom: the 32 bits under 2^20's mantissa, minus 2^20 — i.e. out / 2^32. */
  random(): number {
    return this.raw() * K.INV_TWO_POW_32;
  }

  /** random() n times, with the state in locals (the same arithmetic; tests check the equality). */
  fill(out: Float64Array): Float64Array {
    let s0 = this.s0;
    let s1 = this.s1;
    for (let i = 0; i < out.length; i++) {
      s0 = (Math.imul(K.MULT_18273, s0 & 0xffff) + (s0 >>> 16)) | 0;
      s1 = (Math.imul(K.MULT_36969, s1 & 0xffff) + (s1 >>> 16)) | 0;
      out[i] = (((s0 << 14) + (s1 & 0x3ffff)) >>> 0) * K.INV_TWO_POW_32;
    }
    this.s0 = s0;
    this.s1 = s1;
    return out;
  }

  /** Passes over n values in O(log n): each MWC half jumps by modular exponentiation (mwcJump of @emu/core). */
  skip(n: number): void {
    const steps = readSkipCount(ENGINE, n);
    this.s0 = mwcJump(this.s0, K.MULT_18273, steps) | 0;
    this.s1 = mwcJump(this.s1, K.MULT_36969, steps) | 0;
  }

  getState(): readonly [number, number] {
    return [this.s0 >>> 0, this.s1 >>> 0];
  }

  clone(): V8CppMwc1616 {
    return new V8CppMwc1616(this.s0, this.s1);
  }
}

/** math.js MathRandom of V8 3.26–4.6: rngstate is a Uint32Array(2). */
export class V8JsMwc1616 implements Emulator<readonly [number, number]> {
  readonly engine = ENGINE;
  readonly variant: 'v8-3.26-js' | 'v8-3.30-js';
  private readonly mult: number = K.MULT_18030;
  private s0 = 0; // int32 fields start as Smis (see "Hot paths" in @emu/core emulator.ts)
  private s1 = 0;

  constructor(variant: 'v8-3.26-js' | 'v8-3.30-js', s0: number, s1: number) {
    this.variant = variant;
    this.mult = variant === 'v8-3.26-js' ? K.MULT_18273 : K.MULT_18030;
    this.s0 = s0 | 0;
    this.s1 = s1 | 0;
  }

  private next32(): number {
    const r0 = (Math.imul(this.mult, this.s0 & 0xffff) + (this.s0 >>> 16)) | 0;
    this.s0 = r0;
    const r1 = (Math.imul(K.MULT_36969, this.s1 & 0xffff) + (this.s1 >>> 16)) | 0;
    this.s1 = r1;
    return ((r0 << 16) + (r1 & 0xffff)) | 0;
  }

  random(): number {
    // (x < 0 ? x + 0x100000000 : x) * 2^-32, as math.js wrote it, is x >>> 0 times 2^-32.
    return (this.next32() >>> 0) * K.INV_TWO_POW_32;
  }

  /** MathRandomRaw (present from V8 4.5 on; in 3.26–4.4 this emulates what it would have returned). */
  raw(): number {
    return this.next32() & K.RAW_MASK;
  }

  /** random() n times, with the state in locals (the same arithmetic; tests check the equality). */
  fill(out: Float64Array): Float64Array {
    const m0 = this.mult;
    let s0 = this.s0;
    let s1 = this.s1;
    for (let i = 0; i < out.length; i++) {
      s0 = (Math.imul(m0, s0 & 0xffff) + (s0 >>> 16)) | 0;
      s1 = (Math.imul(K.MULT_36969, s1 & 0xffff) + (s1 >>> 16)) | 0;
      out[i] = (((s0 << 16) + (s1 & 0xffff)) >>> 0) * K.INV_TWO_POW_32;
    }
    this.s0 = s0;
    this.s1 = s1;
    return out;
  }

  /** Passes over n values in O(log n): each MWC half jumps by modular exponentiation (mwcJump of @emu/core). */
  skip(n: number): void {
    const steps = readSkipCount(ENGINE, n);
    this.s0 = mwcJump(this.s0, this.mult, steps) | 0;
    this.s1 = mwcJump(this.s1, K.MULT_36969, steps) | 0;
  }

  getState(): readonly [number, number] {
    return [this.s0 >>> 0, this.s1 >>> 0];
  }

  clone(): V8JsMwc1616 {
    return new V8JsMwc1616(this.variant, this.s0, this.s1);
  }
}

/** The "-" side of 623cbdc5: four 16-bit words and %_ConstructDouble. */
export class V8ConstructDoubleMwc1616 implements Emulator<readonly [number, number, number, number]> {
  readonly engine = ENGINE;
  readonly variant = 'v8-4.8-constructdouble';
  private s0 = 0; // int32 fields start as Smis (see "Hot paths" in @emu/core emulator.ts)
  private s1 = 0;
  private s2 = 0;
  private s3 = 0;

  constructor(s0: number, s1: number, s2: number, s3: number) {
    this.s0 = s0;
    this.s1 = s1;
    this.s2 = s2;
    this.s3 = s3;
  }

  /**
   * MathRandom: r0's low 20 bits and r1's top 12 bits under 1.0's exponent, minus 1. That double
   * is exactly ((r0 & 0xFFFFF) << 12 | r1 >>> 20) / 2^32, which is what the fast path computes;
   * `randomViaConstructDouble` is the literal %_ConstructDouble reference (tests: bit-identical).
   */
  random(): number {
    const r0 = (Math.imul(K.MULT_18030, this.s0) + this.s1) | 0;
    const r1 = (Math.imul(K.MULT_36969, this.s2) + this.s3) | 0;
    this.s0 = r0 & 0xffff;
    this.s1 = r0 >>> 16;
    this.s2 = r1 & 0xffff;
    this.s3 = r1 >>> 16;
    return ((((r0 & K.HIGH_MANTISSA) << 12) | (r1 >>> 20)) >>> 0) * K.INV_TWO_POW_32;
  }

  /** random() through @emu/core's DataView constructDouble, as the JS source wrote it. */
  randomViaConstructDouble(): number {
    const r0 = (Math.imul(K.MULT_18030, this.s0) + this.s1) | 0;
    const r1 = (Math.imul(K.MULT_36969, this.s2) + this.s3) | 0;
    this.s0 = r0 & 0xffff;
    this.s1 = r0 >>> 16;
    this.s2 = r1 & 0xffff;
    this.s3 = r1 >>> 16;
    return constructDouble(K.EXPONENT_ONE | (r0 & K.HIGH_MANTISSA), r1 & K.LOW_MANTISSA) - 1;
  }

  /** MathRandomRaw: ((r0 << 16) + (r1 & 0xFFFF)) & 0x3FFFFFFF, advancing the same state. */
  raw(): number {
    const r0 = (Math.imul(K.MULT_18030, this.s0) + this.s1) | 0;
    const r1 = (Math.imul(K.MULT_36969, this.s2) + this.s3) | 0;
    this.s0 = r0 & 0xffff;
    this.s1 = r0 >>> 16;
    this.s2 = r1 & 0xffff;
    this.s3 = r1 >>> 16;
    return ((r0 << 16) + (r1 & 0xffff)) & K.RAW_MASK;
  }

  /** random() n times, with the state in locals (the same arithmetic; tests check the equality). */
  fill(out: Float64Array): Float64Array {
    let a = this.s0;
    let b = this.s1;
    let c = this.s2;
    let d = this.s3;
    for (let i = 0; i < out.length; i++) {
      const r0 = (Math.imul(K.MULT_18030, a) + b) | 0;
      const r1 = (Math.imul(K.MULT_36969, c) + d) | 0;
      a = r0 & 0xffff;
      b = r0 >>> 16;
      c = r1 & 0xffff;
      d = r1 >>> 16;
      out[i] = ((((r0 & K.HIGH_MANTISSA) << 12) | (r1 >>> 20)) >>> 0) * K.INV_TWO_POW_32;
    }
    this.s0 = a;
    this.s1 = b;
    this.s2 = c;
    this.s3 = d;
    return out;
  }

  /**
   * Passes over n values in O(log n): each half (value s0 / s2, carry s1 / s3) is the MWC word
   * carry·2^16 + value, jumped by modular exponentiation (mwcJump of @emu/core).
   */
  skip(n: number): void {
    const steps = readSkipCount(ENGINE, n);
    const x0 = mwcJump(this.s1 * 0x10000 + this.s0, K.MULT_18030, steps);
    const x1 = mwcJump(this.s3 * 0x10000 + this.s2, K.MULT_36969, steps);
    this.s0 = x0 & 0xffff;
    this.s1 = x0 >>> 16;
    this.s2 = x1 & 0xffff;
    this.s3 = x1 >>> 16;
  }

  getState(): readonly [number, number, number, number] {
    return [this.s0, this.s1, this.s2, this.s3];
  }

  clone(): V8ConstructDoubleMwc1616 {
    return new V8ConstructDoubleMwc1616(this.s0, this.s1, this.s2, this.s3);
  }
}

/** The emulator create() returns: V8CppMwc1616, V8JsMwc1616 or V8ConstructDoubleMwc1616, by variant. */
export type V8Mwc1616 = V8CppMwc1616 | V8JsMwc1616 | V8ConstructDoubleMwc1616;

/** Why V8's %InitializeRNG-seeded MWC1616 never holds the all-zero state. */
const V8_NEVER_ZERO = '%InitializeRNG redraws while any of the four words is 0, and a non-zero MWC1616 half never reaches 0';

function variantInfo(variant: string): VariantInfo {
  const info = VARIANTS.find((v) => v.id === variant);
  if (!info) {
    throw new InvalidOptionError(
      `${ENGINE}: unknown variant ${JSON.stringify(variant)}; known variants: ${VARIANTS.map((v) => v.id).join(', ')}`,
    );
  }
  return info;
}

/** Creates the emulator of one variant from a raw state or from V8's --random_seed. */
export function create(options: CreateOptions): V8Mwc1616 {
  requireStateOrSeed(ENGINE, options);
  const info = variantInfo(options.variant ?? DEFAULT_VARIANT);
  const id = info.id as VariantId;
  const draws = options.rngDrawsBefore ?? 0;
  if (!Number.isSafeInteger(draws) || draws < 0) {
    throw new InvalidOptionError(`${ENGINE}: rngDrawsBefore must be a non-negative integer, got ${String(options.rngDrawsBefore)}`);
  }
  if (id === 'v8-3.11-cpp') {
    let s0: number;
    let s1: number;
    if (options.seed !== undefined) {
      // seed_random(): with --random_seed set, both words are the flag's value (as uint32).
      s0 = s1 = v8SeedValue(ENGINE, options.seed) >>> 0;
    } else {
      [s0, s1] = readStateWords(ENGINE, options.state, info.stateWords, 32).map(Number) as [number, number];
      refuseAllZero(ENGINE, [s0, s1], 'random_base() reseeds from entropy while state[0] is 0');
    }
    if (s0 === 0) {
      throw new InvalidStateError(`${ENGINE}: state word state0 (index 0) = 0 is not allowed: random_base() reseeds from entropy when state[0] is 0`);
    }
    return new V8CppMwc1616(s0, s1);
  }
  if (id === 'v8-3.26-js' || id === 'v8-3.30-js') {
    let words: number[];
    if (options.seed !== undefined) {
      // rngstate = 8 bytes of the isolate's base::RandomNumberGenerator, read as two little-endian uint32.
      const b = v8RngBytes(v8SeedValue(ENGINE, options.seed), draws, 8);
      words = [b[0]! | (b[1]! << 8) | (b[2]! << 16) | (b[3]! << 24), b[4]! | (b[5]! << 8) | (b[6]! << 16) | (b[7]! << 24)];
    } else {
      words = readStateWords(ENGINE, options.state, info.stateWords, 32).map(Number);
      refuseAllZero(ENGINE, words, 'a non-zero MWC1616 half never reaches 0, and V8 seeds both words from its RNG (from 3.30 its bootstrapper redraws a zero word)');
    }
    return new V8JsMwc1616(id, words[0]!, words[1]!);
  }
  const words = options.seed !== undefined
    ? v8InitializeRngWords(ENGINE, options.seed, draws)
    : readStateWords(ENGINE, options.state, info.stateWords, 16).map(Number);
  refuseAllZero(ENGINE, words, V8_NEVER_ZERO);
  return new V8ConstructDoubleMwc1616(words[0]!, words[1]!, words[2]!, words[3]!);
}

