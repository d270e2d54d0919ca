/**
 * MurmurHash3's 64-bit finaliser (fmix64), which V8 applies to `--random_seed` to derive the
 * xorshift128+ state (`MurmurHash3(seed)`, `MurmurHash3(~seed)`). Seeding only, so it returns a
 * fresh pair; the arithmetic is the 32-bit-halves code of ./u64.
 */
import { instantiateWasm, kernelModule, putStateI64 } from './kernels.js';
import { SEEDED_SIMD_WASM } from './seeded-simd-wasm.js';
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

/** Dimensions v8SeededInSpace takes at most (2^30 states; the kernel's memory holds 32 basis vectors). */
export const SEEDED_SPACE_MAX_DIM = 30;
/** States the WebAssembly scan hands back at most (more: the JavaScript loop lists every one). */
const SCAN_CAP = 64;
/** Int32 indexes of kernels.wat's SEEDED_BASE, SEEDED_BASIS and SEEDED_FOUND (bytes 32800, 32816, 33328). */
const SCAN_BASE = 8200;
const SCAN_BASIS = 8204;
const SCAN_FOUND = 8332;

/** seeded-simd.wat's exports. */
interface SimdExports {
  readonly memory: { readonly buffer: ArrayBuffer };
  seededFold(d: number): void;
  seededRestart(): void;
  seededScan(blocks: number, end: number, cap: number): number;
}
/** Int32 indexes of seeded-simd.wat's U, BASIS, G and FOUND (bytes 0, 16, 532, 1024). */
const SIMD_BASE = 0;
const SIMD_BASIS = 4;
const SIMD_G = 133;
const SIMD_FOUND = 256;
/** Blocks of 16 states one seededScan call takes (65,536 states, about 70 µs): V8 swaps in a wasm function's optimised code only at a call. */
const SIMD_CHUNK_BLOCKS = 4096;
let simd: SimdExports | null | undefined;
let simdOff = false;
/** The basis seededFold last prepared (its d vectors, 4 words each): a call with the same basis writes only its base. */
let simdBasis = new Int32Array(0);

/** The SIMD scan's module (compiled on first use); null without WebAssembly SIMD, or after useSeededSimd(false). */
function simdModule(): SimdExports | null {
  if (simdOff) return null;
  if (simd === undefined) simd = instantiateWasm<SimdExports>(SEEDED_SIMD_WASM);
  return simd;
}

/**
 * Turns v8SeededInSpace's SIMD scan off (false: kernels.wat's scalar scan, where WebAssembly is
 * there) or back on. For the tests and benchmarks that compare the paths.
 */
export function useSeededSimd(enabled: boolean): void {
  simdOff = !enabled;
}

/** The SIMD scan of a space of dimension d ≥ 4: the states found in order, or null when more than SCAN_CAP passed. */
function simdScan(m: SimdExports, base: Int32Array, basis: Int32Array, d: number): [number, number, number, number][] | null {
  const mem = new Int32Array(m.memory.buffer);
  let same = simdBasis.length === 4 * d;
  for (let i = 0; same && i < 4 * d; i++) same = simdBasis[i] === basis[i];
  if (same) {
    // the base folded here (x ^ x >> 33: the low half gains the high half's bits 1 … 31), the
    // folded basis and its block table kept from the last call
    mem[SIMD_BASE] = base[1]! ^ (base[0]! >>> 1);
    mem[SIMD_BASE + 1] = base[0]!;
    mem[SIMD_BASE + 2] = base[3]! ^ (base[2]! >>> 1);
    mem[SIMD_BASE + 3] = base[2]!;
    m.seededRestart();
  } else {
    putStateI64(mem, SIMD_BASE, base);
    for (let j = 0; j < d; j++) putStateI64(mem, SIMD_BASIS + 4 * j, basis, 4 * j);
    m.seededFold(d);
    simdBasis = basis.slice(0, 4 * d);
  }
  const end = 2 ** d;
  let n = 0;
  while (mem[SIMD_G]! !== end) n = m.seededScan(SIMD_CHUNK_BLOCKS, end, SCAN_CAP);
  if (n > SCAN_CAP) return null;
  const found: [number, number, number, number][] = [];
  for (let k = 0; k < n; k++) {
    const at = SIMD_FOUND + 4 * k;
    found.push([mem[at + 1]!, mem[at]!, mem[at + 3]!, mem[at + 2]!]);
  }
  return found;
}

/**
 * Every state of the affine space base ⊕ span(basis) that starts a V8 context — state1 =
 * fmix64(~fmix64⁻¹(state0)) — as [state0 hi, state0 lo, state1 hi, state1 lo]. `base` is one
 * state (4 words, that order), `basis` d of them flat. The 2^d states are tried in Gray-code order
 * (one basis vector XORed in per state): with WebAssembly SIMD for d ≥ 4 (seeded-simd.wat: half of
 * each block of 16 through i64x2 multiplications, about 1.1 ns a state), else in kernels.wat's
 * v8SeededScan (64-bit multiplications in 64-bit registers, about 1.45 ns) where WebAssembly is
 * available and `wasm` is not false, else — and when more than 64 pass — in the JavaScript loop
 * (two fmix64 evaluations in 32-bit halves); all list the same states in the same order.
 */
export function v8SeededInSpace(base: Int32Array, basis: Int32Array, d: number, wasm = true): [number, number, number, number][] {
  if (!Number.isInteger(d) || d < 0 || d > SEEDED_SPACE_MAX_DIM) throw new RangeError(`v8SeededInSpace: dimension ${String(d)} is not an integer 0 … ${SEEDED_SPACE_MAX_DIM}`);
  if (base.length !== 4 || basis.length < 4 * d) throw new RangeError(`v8SeededInSpace: need a base of 4 words and ${4 * d} basis words, got ${base.length} and ${basis.length}`);
  const sm = wasm && d >= 4 ? simdModule() : null;
  const viaSimd = sm !== null ? simdScan(sm, base, basis, d) : null;
  if (viaSimd !== null) return viaSimd;
  const m = wasm && sm === null ? kernelModule() : null;
  if (m !== null) {
    const mem = new Int32Array(m.memory.buffer);
    putStateI64(mem, SCAN_BASE, base);
    for (let j = 0; j < d; j++) putStateI64(mem, SCAN_BASIS + 4 * j, basis, 4 * j);
    const n = m.v8SeededScan(d, SCAN_CAP);
    if (n <= SCAN_CAP) {
      const found: [number, number, number, number][] = [];
      for (let k = 0; k < n; k++) {
        const at = SCAN_FOUND + 4 * k;
        found.push([mem[at + 1]!, mem[at]!, mem[at + 3]!, mem[at + 2]!]);
      }
      return found;
    }
  }
  const found: [number, number, number, number][] = [];
  const pair = new Int32Array(2);
  let [ah, al, bh, bl] = [base[0]!, base[1]!, base[2]!, base[3]!];
  const end = 2 ** d;
  for (let g = 1; ; g++) {
    v8SeededState1(ah, al, pair);
    if (pair[0] === bh && pair[1] === bl) found.push([ah, al, bh, bl]);
    if (g === end) break;
    const o = 4 * (31 - Math.clz32(g & -g));
    ah ^= basis[o]!;
    al ^= basis[o + 1]!;
    bh ^= basis[o + 2]!;
    bl ^= basis[o + 3]!;
  }
  return found;
}
