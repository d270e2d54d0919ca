/**
 * Jumping ahead: the state n steps on, in O(log n) where the generator's algebra allows it.
 *
 *  - LCGs are affine maps x ↦ a·x + c mod 2^48; n steps compose to one affine map (a^n, c·(a^n − 1)/(a − 1)),
 *    built by squaring (lcg48Jump).
 *  - A 16-bit multiply-with-carry half x = carry·2^16 + value, x' = a·value + carry, is the
 *    multiplicative LCG x' ≡ a·x (mod a·2^16 − 1) once x ≤ a·2^16 − 1 (b·x' = a·b·value + b·carry
 *    ≡ value + b·carry = x, and b⁻¹ ≡ a): n steps are one multiplication by a^n mod m (mwcJump).
 *    States above m (a carry ≥ a, possible only in a hand-made state) reach [0, m] within three
 *    plain steps, which mwcJump takes first; 0 and m are the two fixed points.
 *  - xorshift128 is linear over GF(2): the state is a 128-bit vector, one step a 128 × 128 matrix T,
 *    and n steps T^n, applied as the product of the cached powers T^(2^k) of n's set bits
 *    (xorshift128Jump).
 */
import { InvalidOptionError, describeValue } from './errors.js';
import { mulAdd48 } from './u64.js';
import { xorshift128Step } from './xorshift128.js';

const TWO48 = 0x1000000000000;

/**
 * Checks a skip count: a non-negative safe integer (the number of values to pass over). Throws
 * an InvalidOptionError naming the engine and the value otherwise.
 */
export function readSkipCount(engine: string, n: unknown): number {
  if (typeof n !== 'number' || !Number.isSafeInteger(n) || n < 0) {
    throw new InvalidOptionError(`${engine}: skip(n) needs a non-negative safe integer, got ${describeValue(n)}`);
  }
  return n;
}

/** (x · m) mod 2^48 for integers in [0, 2^48). */
function mul48(x: number, m: number): number {
  return mulAdd48(x, m, 0);
}

/**
 * The state of the LCG x ↦ (a·x + c) mod 2^48 after `steps` steps from `x`, in O(log steps):
 * the affine map is squared, and applied for each set bit of `steps`. All values below 2^48.
 */
export function lcg48Jump(x: number, a: number, c: number, steps: number): number {
  let ma = a; // the map for 2^k steps: y ↦ ma·y + mc
  let mc = c;
  let n = steps;
  while (n > 0) {
    if (n % 2 === 1) x = (mul48(x, ma) + mc) % TWO48;
    // (ma, mc) ∘ (ma, mc): y ↦ ma·(ma·y + mc) + mc
    mc = (mul48(mc, ma) + mc) % TWO48;
    ma = mul48(ma, ma);
    n = Math.floor(n / 2);
  }
  return x;
}

/** (x · y) mod m for integers 0 ≤ x, y < 2^32 and 0 < m < 2^32, exactly in doubles (16-bit split of y). */
export function mulMod32(x: number, y: number, m: number): number {
  const yh = Math.floor(y / 0x10000);
  const yl = y % 0x10000;
  // x·yh < 2^48; (that mod m)·2^16 < 2^48; x·yl < 2^48: every intermediate is exact.
  return ((((x * yh) % m) * 0x10000) % m + ((x * yl) % m)) % m;
}

/** One step of a 16-bit multiply-with-carry half on x = carry·2^16 + value (x < 2^32): a·value + carry. */
export function mwcStep(x: number, a: number): number {
  return a * (x % 0x10000) + Math.floor(x / 0x10000);
}

/**
 * The 16-bit MWC half x ↦ a·(x & 0xFFFF) + (x >>> 16) after `steps` steps, in O(log steps).
 * `x` is the unsigned 32-bit word carry·2^16 + value; `a` < 2^16. See the module comment.
 */
export function mwcJump(x: number, a: number, steps: number): number {
  const m = a * 0x10000 - 1;
  let n = steps;
  x = x >>> 0;
  // A carry ≥ a (only in a state nobody's generator produced) leaves [0, m] for at most 3 steps.
  while (n > 0 && x > m) {
    x = mwcStep(x, a);
    n--;
  }
  if (n === 0 || x === 0 || x === m) return x; // 0 and m are fixed points
  let p = 1;
  let b = a % m;
  while (n > 0) {
    if (n % 2 === 1) p = mulMod32(p, b, m);
    b = mulMod32(b, b, m);
    n = Math.floor(n / 2);
  }
  return mulMod32(x, p, m);
}

/** T^(2^k) for k = 0, 1, …, each as 128 columns of 4 words (the image of each basis vector). */
const XORSHIFT_POWERS: Int32Array[] = [];

/** Bit j of the state vector lives in word 3 − (j >> 5) … i.e. [s0hi, s0lo, s1hi, s1lo] from bit 127 down. */
function wordOf(j: number): number {
  return 3 - (j >>> 5);
}

/** M·v for a matrix of 128 columns and a 4-word vector, into out (offset o). */
function applyColumns(mat: Int32Array, v: ArrayLike<number>, vo: number, out: Int32Array, o: number): void {
  let r0 = 0;
  let r1 = 0;
  let r2 = 0;
  let r3 = 0;
  for (let j = 0; j < 128; j++) {
    if (((v[vo + wordOf(j)]! >>> (j & 31)) & 1) !== 0) {
      const c = j * 4;
      r0 ^= mat[c]!;
      r1 ^= mat[c + 1]!;
      r2 ^= mat[c + 2]!;
      r3 ^= mat[c + 3]!;
    }
  }
  out[o] = r0;
  out[o + 1] = r1;
  out[o + 2] = r2;
  out[o + 3] = r3;
}

/** T^(2^k), computed on first use by squaring and kept (53 powers at most: 53 × 2 KiB). */
function xorshiftPower(k: number): Int32Array {
  if (XORSHIFT_POWERS.length === 0) {
    const t = new Int32Array(512);
    const s = new Int32Array(4);
    for (let j = 0; j < 128; j++) {
      s.fill(0);
      s[wordOf(j)] = 1 << (j & 31);
      xorshift128Step(s);
      t.set(s, j * 4);
    }
    XORSHIFT_POWERS.push(t);
  }
  while (XORSHIFT_POWERS.length <= k) {
    const m = XORSHIFT_POWERS[XORSHIFT_POWERS.length - 1]!;
    const sq = new Int32Array(512);
    for (let j = 0; j < 128; j++) applyColumns(m, m, j * 4, sq, j * 4);
    XORSHIFT_POWERS.push(sq);
  }
  return XORSHIFT_POWERS[k]!;
}

/**
 * Advances the xorshift128 state s = [s0hi, s0lo, s1hi, s1lo] (as xorshift128Step takes it) by
 * `steps` steps in place, in O(log steps) matrix-vector products over GF(2); small counts step.
 */
export function xorshift128Jump(s: Int32Array, steps: number): void {
  if (steps < 256) {
    for (let i = 0; i < steps; i++) xorshift128Step(s);
    return;
  }
  const tmp = new Int32Array(4);
  let n = steps;
  for (let k = 0; n > 0; k++) {
    if (n % 2 === 1) {
      applyColumns(xorshiftPower(k), s, 0, tmp, 0);
      s.set(tmp);
    }
    n = Math.floor(n / 2);
  }
}
