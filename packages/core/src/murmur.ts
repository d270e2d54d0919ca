/**
 * MurmurHash3's 64-bit finaliser (fmix64), which V8 applies to `--random_seed` to derive the
 * xorshift128+ state (`MurmurHash3(seed)`, `MurmurHash3(~seed)`). Seeding only, so it returns a
 * fresh pair; the arithmetic is the 32-bit-halves code of ./u64.
 */
import { mul64Hi, mul64Lo, shr64Lo } from './u64.js';

const C1_HI = 0xff51afd7 | 0;
const C1_LO = 0xed558ccd | 0;
const C2_HI = 0xc4ceb9fe | 0;
const C2_LO = 0x1a85ec53 | 0;
/** The multiplicative inverses mod 2^64 of C1 and C2 (odd, so they exist; Newton's iteration, checked by the tests). */
const C1_INV_HI = 0x4f74430c | 0;
const C1_INV_LO = 0x22a54005 | 0;
const C2_INV_HI = 0x9cb4b2f8 | 0;
const C2_INV_LO = 0x129337db | 0;

/**
 * h ^= h >> 33; h *= k1; h ^= h >> 33; h *= k2; h ^= h >> 33 on (hi, lo), into out[0] (high half)
 * and out[1] (low half). fmix64 is (C1, C2); its inverse the same shape with (C2⁻¹, C1⁻¹), since
 * h ^= h >> 33 is its own inverse (the shift is at least half the width).
 */
function xorMulXorMulXor(hi: number, lo: number, k1hi: number, k1lo: number, k2hi: number, k2lo: number, out: Int32Array): void {
  let h = hi | 0;
  // h ^= h >> 33: the high half gains nothing, the low half gains hi >> 1.
  let l = (lo | 0) ^ shr64Lo(h, lo, 33);
  let nh = mul64Hi(h, l, k1hi, k1lo);
  l = mul64Lo(h, l, k1hi, k1lo);
  h = nh;
  l ^= shr64Lo(h, l, 33);
  nh = mul64Hi(h, l, k2hi, k2lo);
  l = mul64Lo(h, l, k2hi, k2lo);
  h = nh;
  out[0] = h;
  out[1] = l ^ shr64Lo(h, l, 33);
}

const scratch = new Int32Array(2);

/** fmix64(h): h ^= h >> 33; h *= 0xFF51AFD7ED558CCD; h ^= h >> 33; h *= 0xC4CEB9FE1A85EC53; h ^= h >> 33. */
export function murmurHash3Fmix64(hi: number, lo: number): [hi: number, lo: number] {
  xorMulXorMulXor(hi, lo, C1_HI, C1_LO, C2_HI, C2_LO, scratch);
  return [scratch[0]!, scratch[1]!];
}

/**
 * fmix64's inverse: each multiplication undone by the constant's inverse mod 2^64. V8 seeds a
 * context's Math.random state as (fmix64(seed), fmix64(~seed)), so state0 names the seed.
 */
export function murmurHash3Fmix64Inverse(hi: number, lo: number): [hi: number, lo: number] {
  xorMulXorMulXor(hi, lo, C2_INV_HI, C2_INV_LO, C1_INV_HI, C1_INV_LO, scratch);
  return [scratch[0]!, scratch[1]!];
}

/**
 * The state1 V8 pairs with a seeded state0 — fmix64(~fmix64⁻¹(state0)), since a context's state
 * starts as (fmix64(seed), fmix64(~seed)) — written to out[0] (high half) and out[1] (low half);
 * allocation-free for seed searches.
 */
export function v8SeededState1(hi: number, lo: number, out: Int32Array): void {
  xorMulXorMulXor(hi, lo, C2_INV_HI, C2_INV_LO, C1_INV_HI, C1_INV_LO, out);
  xorMulXorMulXor(~out[0]!, ~out[1]!, C1_HI, C1_LO, C2_HI, C2_LO, out);
}
