/**
 * The 48-bit linear congruential generator of java.util.Random (Knuth, TAOCP vol. 2, 3.2.1),
 * which SpiderMonkey's Math.random used until 2015 and V8's base::RandomNumberGenerator used to
 * seed Math.random until it moved to xorshift128+.
 *
 *   x' = (0x5DEECE66D · x + 0xB) mod 2^48,  next(bits) = x' >> (48 − bits)
 *
 * The state is a plain double holding an integer in [0, 2^48): exact, allocation-free.
 */
import { mulAdd48 } from './u64.js';

export const LCG48_MULTIPLIER = 0x5deece66d;
export const LCG48_ADDEND = 0xb;
export const LCG48_MODULUS = 0x1000000000000; // 2^48
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
const INV_TWO24 = 1 / TWO24;
const M_HI = Math.floor(LCG48_MULTIPLIER / TWO24); // 0x5DE
const M_LO = LCG48_MULTIPLIER % TWO24; // 0xECE66D

/**
 * The same LCG as a small mutable object on two 24-bit limbs, for hot loops: every partial
 * product stays below 2^53, and reductions are floor-multiplications, not `%` or `/`.
 */
export class Lcg48 {
  /** High and low 24 bits of the 48-bit state. */
  hi: number;
  lo: number;

  constructor(state: number) {
    this.lo = state % TWO24;
    this.hi = (state - this.lo) / TWO24;
  }

  get state(): number {
    return this.hi * TWO24 + this.lo;
  }

  /** Advances one step: x = (0x5DEECE66D·x + 0xB) mod 2^48. */
  step(): void {
    const lo = this.lo * M_LO + LCG48_ADDEND; // < 2^48
    const carry = Math.floor(lo * INV_TWO24);
    const hi = this.hi * M_LO + this.lo * M_HI + carry; // < 2^49
    this.hi = hi - Math.floor(hi * INV_TWO24) * TWO24;
    this.lo = lo - carry * TWO24;
  }

  /**
   * java.util.Random#nextDouble() n times into `out` — (next(26)·2^27 + next(27)) / 2^53, which
   * is also SpiderMonkey's pre-2016 Math.random — with the limbs in locals for the whole loop.
   */
  fillNextDouble(out: Float64Array): Float64Array {
    let hi = this.hi;
    let lo = this.lo;
    for (let i = 0; i < out.length; i++) {
      let l = lo * M_LO + LCG48_ADDEND;
      let carry = Math.floor(l * INV_TWO24);
      let h = hi * M_LO + lo * M_HI + carry;
      hi = h - Math.floor(h * INV_TWO24) * TWO24;
      lo = l - carry * TWO24;
      const a = hi * 4 + (lo >>> 22); // next(26)
      l = lo * M_LO + LCG48_ADDEND;
      carry = Math.floor(l * INV_TWO24);
      h = hi * M_LO + lo * M_HI + carry;
      hi = h - Math.floor(h * INV_TWO24) * TWO24;
      lo = l - carry * TWO24;
      out[i] = (a * 134217728 + hi * 8 + (lo >>> 21)) * 1.1102230246251565e-16; // (a·2^27 + next(27)) · 2^-53
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
