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

/** fmix64(h): h ^= h >> 33; h *= 0xFF51AFD7ED558CCD; h ^= h >> 33; h *= 0xC4CEB9FE1A85EC53; h ^= h >> 33. */
export function murmurHash3Fmix64(hi: number, lo: number): [hi: number, lo: number] {
  let h = hi | 0;
  let l = lo | 0;
  // h ^= h >> 33: the high half gains nothing, the low half gains hi >> 1.
  l ^= shr64Lo(h, l, 33);
  let nh = mul64Hi(h, l, C1_HI, C1_LO);
  let nl = mul64Lo(h, l, C1_HI, C1_LO);
  h = nh;
  l = nl ^ shr64Lo(h, nl, 33);
  nh = mul64Hi(h, l, C2_HI, C2_LO);
  nl = mul64Lo(h, l, C2_HI, C2_LO);
  h = nh;
  l = nl ^ shr64Lo(h, nl, 33);
  return [h, l];
}
