/**
 * The xorshift128 state transition shared by every engine (Vigna's xorshift128+, shifts 23/17/26):
 *
 *   s1 = state0; s0 = state1; state0 = s0;
 *   s1 ^= s1 << 23; s1 ^= s1 >> 17; s1 ^= s0; s1 ^= s0 >> 26; state1 = s1
 *
 * and its inverse. The state is four int32 words [s0hi, s0lo, s1hi, s1lo] in an Int32Array.
 */
import { shl64Hi, shl64Lo, shr64Hi, shr64Lo } from './u64.js';

/** Index of state0's high 32 bits in the Int32Array state. */
export const S0_HI = 0;
/** Index of state0's low 32 bits in the Int32Array state. */
export const S0_LO = 1;
/** Index of state1's high 32 bits in the Int32Array state. */
export const S1_HI = 2;
/** Index of state1's low 32 bits in the Int32Array state. */
export const S1_LO = 3;

/** One forward step, in place. */
export function xorshift128Step(s: Int32Array): void {
  let xh = s[S0_HI]!;
  let xl = s[S0_LO]!;
  const yh = s[S1_HI]!;
  const yl = s[S1_LO]!;
  s[S0_HI] = yh;
  s[S0_LO] = yl;
  // x ^= x << 23
  let th = shl64Hi(xh, xl, 23);
  let tl = shl64Lo(xh, xl, 23);
  xh ^= th;
  xl ^= tl;
  // x ^= x >> 17
  th = shr64Hi(xh, xl, 17);
  tl = shr64Lo(xh, xl, 17);
  xh ^= th;
  xl ^= tl;
  // x ^= y ^ (y >> 26)
  s[S1_HI] = xh ^ yh ^ shr64Hi(yh, yl, 26);
  s[S1_LO] = xl ^ yl ^ shr64Lo(yh, yl, 26);
}

/** One step backwards, in place: the state that `xorshift128Step` turned into `s`. */
export function xorshift128StepBack(s: Int32Array): void {
  const yh = s[S0_HI]!; // the old state1
  const yl = s[S0_LO]!;
  // u = x ^ (x >> 17) where x = old0 ^ (old0 << 23)
  undoStep(s, yh, yl, s[S1_HI]! ^ yh ^ shr64Hi(yh, yl, 26), s[S1_LO]! ^ yl ^ shr64Lo(yh, yl, 26), false);
}

/**
 * The shared end of both step-backs: from u = x ^ (x >> 17) (bit 63 clear for the arithmetic
 * shift, where the logical inverse is one solution and its complement the other, `other`) and
 * x = old0 ^ (old0 << 23), writes [old0, old1 = y] into `s`.
 */
function undoStep(s: Int32Array, yh: number, yl: number, uh: number, ul: number, other: boolean): void {
  // Invert u = x ^ (x >> 17): x = u ^ u>>17 ^ u>>34 ^ u>>51.
  let xh = uh;
  let xl = ul;
  for (const n of [17, 34, 51]) {
    xh ^= shr64Hi(uh, ul, n);
    xl ^= shr64Lo(uh, ul, n);
  }
  if (other) {
    xh = ~xh;
    xl = ~xl;
  }
  // Invert x = o ^ (o << 23): o = x ^ x<<23 ^ x<<46.
  uh = xh;
  ul = xl;
  for (const n of [23, 46]) {
    xh ^= shl64Hi(uh, ul, n);
    xl ^= shl64Lo(uh, ul, n);
  }
  s[S1_HI] = yh;
  s[S1_LO] = yl;
  s[S0_HI] = xh;
  s[S0_LO] = xl;
}

/**
 * One forward step with arithmetic right shifts, in place: JavaScriptCore's JIT thunk before
 * WebKit PR #51077 (variant `jsc-jit-sar`; `x >> 17` and `y >> 26` copy bit 63 down). Still
 * linear over GF(2), but not invertible: `x ^ (x >> 17)` is 0 in bit 63 and takes the same value
 * at x and ~x, so the new state1 always has bit 63 clear and two states share every image —
 * after two steps both words are below 2^63 (the stream lives in 126 bits).
 */
export function xorshift128SarStep(s: Int32Array): void {
  let xh = s[S0_HI]!;
  let xl = s[S0_LO]!;
  const yh = s[S1_HI]!;
  const yl = s[S1_LO]!;
  s[S0_HI] = yh;
  s[S0_LO] = yl;
  // x ^= x << 23
  xh ^= shl64Hi(xh, xl, 23);
  xl ^= shl64Lo(xh, xl, 23);
  // x ^= x >> 17, arithmetic: the high word shifts its sign in
  xl ^= shr64Lo(xh, xl, 17);
  xh ^= xh >> 17;
  // x ^= y ^ (y >> 26), arithmetic
  s[S1_HI] = xh ^ yh ^ (yh >> 26);
  s[S1_LO] = xl ^ yl ^ shr64Lo(yh, yl, 26);
}

/**
 * One step of `xorshift128SarStep` backwards, in place: one of the two states it turns into
 * `s` (`other` picks the second: its state0 is the first's XOR ~0 ^ ~0 << 23 ^ ~0 << 46, what
 * undoing x ^= x << 23 makes of ~0). False, and `s` unchanged, when no state steps
 * to `s` (its state1 has bit 63 set).
 */
export function xorshift128SarStepBack(s: Int32Array, other = false): boolean {
  if (s[S1_HI]! < 0) return false;
  const yh = s[S0_HI]!; // the old state1
  const yl = s[S0_LO]!;
  // u = v ^ (v >> 17) (arithmetic) where v = old0 ^ (old0 << 23); u has bit 63 clear, so the
  // logical inverse v = u ^ u>>17 ^ u>>34 ^ u>>51 is one solution, ~v the other.
  undoStep(s, yh, yl, s[S1_HI]! ^ yh ^ (yh >> 26), s[S1_LO]! ^ yl ^ shr64Lo(yh, yl, 26), other);
  return true;
}
