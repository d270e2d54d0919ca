/**
 * The 48-bit linear congruential generator of java.util.Random (Knuth, TAOCP vol. 2, 3.2.1),
 * which SpiderMonkey's Math.random used until 2015 and V8's base::RandomNumberGenerator used to
 * seed Math.random until it moved to xorshift128+.
 *
 *   x' = (0x5DEECE66D · x + 0xB) mod 2^48,  next(bits) = x' >> (48 − bits)
 *
 * The state is a plain double holding an integer in [0, 2^48): exact, allocation-free.
 */
import { KERNEL_MIN, fillKernels } from './kernels.js';
import { mulAdd48 } from './u64.js';

/** The LCG's multiplier, 0x5DEECE66D (java.util.Random's `multiplier`, V8's `kMultiplier`). */
export const LCG48_MULTIPLIER = 0x5deece66d;
/** The LCG's addend, 0xB (java.util.Random's `addend`, V8's `kAddend`). */
export const LCG48_ADDEND = 0xb;
/** The LCG's modulus, 2^48: states are integers in [0, 2^48). */
export const LCG48_MODULUS = 0x1000000000000; // 2^48
/** 2^48 − 1, the mask that keeps the low 48 bits (java.util.Random's `mask`, V8's `kMask`). */
export const LCG48_MASK = LCG48_MODULUS - 1;

/** One LCG step: the state that follows `x`. */
export function lcg48Step(x: number): number {
  return mulAdd48(x, LCG48_MULTIPLIER, LCG48_ADDEND);
}

/** The top `bits` bits (1..32) of a 48-bit state: java.util.Random's `next(bits)` on that state. */
export function lcg48TopBits(x: number, bits: number): number {
  return Math.floor(x / 2 ** (48 - bits));
}

/**
 * java.util.Random's `setSeed` / V8's `RandomNumberGenerator::SetSeed`: (seed XOR multiplier)
 * mod 2^48. Only the low 48 bits of the 64-bit seed matter, so the seed is given as its halves.
 */
export function lcg48ScrambleSeed(seedHi: number, seedLo: number): number {
  const hi16 = (seedHi & 0xffff) ^ Math.floor(LCG48_MULTIPLIER / 0x100000000); // 0x5
  const lo32 = (seedLo ^ (LCG48_MULTIPLIER % 0x100000000)) >>> 0; // 0xDEECE66D
  return hi16 * 0x100000000 + lo32;
}

/** The previous state: the LCG is a bijection on [0, 2^48); its inverse multiplier is 0xDFE05BCB1365. */
export const LCG48_INVERSE_MULTIPLIER = 0xdfe05bcb1365;

/** One step backwards: the state `x` came from. */
export function lcg48StepBack(x: number): number {
  // x = M·p + A  ⇒  p = M⁻¹·(x − A) mod 2^48
  const shifted = (x - LCG48_ADDEND + LCG48_MODULUS) % LCG48_MODULUS;
  return mulAdd48(shifted, LCG48_INVERSE_MULTIPLIER, 0);
}

const TWO24 = 0x1000000;

/**
 * Hot-path constants as a const enum, which the build inlines as literals (module-level consts
 * are reloaded from the module context on every use; see "Hot paths" in emulator.ts). The
 * multiplier and addend on 24-bit limbs, and for two steps at once x'' = M²·x + (M·A + A) mod 2^48
 * (the BigInt tests of nextDouble check every value).
 */
const enum K {
  TWO24 = 0x1000000,
  MASK24 = 0xffffff,
  M_HI = 0x5de, // LCG48_MULTIPLIER = M_HI·2^24 + M_LO
  M_LO = 0xece66d,
  A = 0xb, // LCG48_ADDEND
  M2_HI = 0xbb20b4, // M² mod 2^48 = 0xBB20B4600A69
  M2_LO = 0x600a69,
  A2_HI = 0x4094, // M·A + A mod 2^48 = 0x40942DE6BA
  A2_LO = 0x2de6ba,
  // The carry out of the low limb, floor((lo·m + a) / 2^24), is (lo·(m/2^24) + a/2^24) | 0: the
  // product has at most 48 significant bits, so the scaled sum is exact and `| 0` floors it.
  M_LO_SCALED = M_LO / TWO24,
  A_SCALED = A / TWO24,
  M2_LO_SCALED = M2_LO / TWO24,
  A2_LO_SCALED = A2_LO / TWO24,
  TWO_POW_MINUS_26 = 2 ** -26,
  TWO_POW_MINUS_53 = 2 ** -53,
}

/**
 * The same LCG as a small mutable object on two 24-bit limbs, for hot loops. Each step is int32
 * arithmetic: the new limbs are the low 24 bits of Math.imul sums (exact modulo 2^32, so modulo
 * 2^24), and only the carry out of the low limb needs the full 48-bit product, taken in a double.
 * Tests check it against `lcg48Step` (plain doubles) and a BigInt transcription.
 */
export class Lcg48 {
  /** High and low 24 bits of the 48-bit state (int32 fields, initialised so V8 keeps them Smis). */
  hi = 0;
  lo = 0;

  constructor(state: number) {
    this.state = state;
  }

  get state(): number {
    return this.hi * TWO24 + this.lo;
  }

  set state(x: number) {
    const lo = x % TWO24;
    // `| 0` keeps the stored values Smis: a double result stored here would turn the fields into doubles.
    this.lo = lo | 0;
    this.hi = ((x - lo) / TWO24) | 0;
  }

  /** Advances one step: x = (0x5DEECE66D·x + 0xB) mod 2^48. */
  step(): void {
    const hi = this.hi;
    const lo = this.lo;
    this.hi = (Math.imul(hi, K.M_LO) + Math.imul(lo, K.M_HI) + ((lo * K.M_LO_SCALED + K.A_SCALED) | 0)) & K.MASK24;
    this.lo = (Math.imul(lo, K.M_LO) + K.A) & K.MASK24;
  }

  /**
   * java.util.Random#nextDouble(): (next(26)·2^27 + next(27)) / 2^53, which is also SpiderMonkey's
   * pre-2016 Math.random. The first draw's state and the second's are both computed from the
   * current one (M and M²), so the two multiplications do not wait for each other.
   */
  nextDouble(): number {
    const hi = this.hi;
    const lo = this.lo;
    const hi1 = (Math.imul(hi, K.M_LO) + Math.imul(lo, K.M_HI) + ((lo * K.M_LO_SCALED + K.A_SCALED) | 0)) & K.MASK24;
    const lo1 = (Math.imul(lo, K.M_LO) + K.A) & K.MASK24;
    const hi2 = (Math.imul(hi, K.M2_LO) + Math.imul(lo, K.M2_HI) + ((lo * K.M2_LO_SCALED + K.A2_LO_SCALED) | 0) + K.A2_HI) & K.MASK24;
    const lo2 = (Math.imul(lo, K.M2_LO) + K.A2_LO) & K.MASK24;
    this.hi = hi2;
    this.lo = lo2;
    // next(26) = top 26 bits of x1, next(27) = top 27 bits of x2; a·2^-26 + b·2^-53 is exact.
    return (hi1 * 4 + (lo1 >>> 22)) * K.TWO_POW_MINUS_26 + (hi2 * 8 + (lo2 >>> 21)) * K.TWO_POW_MINUS_53;
  }

  /** nextDouble() n times into `out`, the limbs in locals for the whole loop. */
  fillNextDouble(out: Float64Array): Float64Array {
    const k = fillKernels();
    if (k === null || out.length < KERNEL_MIN) return this.fillNextDoubleInJs(out);
    k.setLcgState(this.hi, this.lo);
    k.lcg(out, 0, out.length);
    this.hi = k.lcgWord(0);
    this.lo = k.lcgWord(1);
    return out;
  }

  /** fillNextDouble() in JavaScript: the reference path (and the only one without WebAssembly). */
  fillNextDoubleInJs(out: Float64Array): Float64Array {
    let hi = this.hi;
    let lo = this.lo;
    for (let i = 0; i < out.length; i++) {
      const hi1 = (Math.imul(hi, K.M_LO) + Math.imul(lo, K.M_HI) + ((lo * K.M_LO_SCALED + K.A_SCALED) | 0)) & K.MASK24;
      const lo1 = (Math.imul(lo, K.M_LO) + K.A) & K.MASK24;
      hi = (Math.imul(hi, K.M2_LO) + Math.imul(lo, K.M2_HI) + ((lo * K.M2_LO_SCALED + K.A2_LO_SCALED) | 0) + K.A2_HI) & K.MASK24;
      lo = (Math.imul(lo, K.M2_LO) + K.A2_LO) & K.MASK24;
      out[i] = (hi1 * 4 + (lo1 >>> 22)) * K.TWO_POW_MINUS_26 + (hi * 8 + (lo >>> 21)) * K.TWO_POW_MINUS_53;
    }
    this.hi = hi;
    this.lo = lo;
    return out;
  }

  /** java.util.Random#next(bits) for 1 ≤ bits ≤ 24 + 24: advance, then the top `bits` bits. */
  next(bits: number): number {
    this.step();
    return bits <= 24 ? Math.floor(this.hi / 2 ** (24 - bits)) : this.hi * 2 ** (bits - 24) + Math.floor(this.lo / 2 ** (48 - bits));
  }
}
