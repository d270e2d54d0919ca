/**
 * 64-bit unsigned arithmetic on two 32-bit halves, without BigInt.
 *
 * A 64-bit value is a pair (hi, lo). Every function returns ONE half as a signed int32
 * (`| 0` form, the representation V8 keeps in registers), so hot loops can call them without
 * allocating; read a half as unsigned with `>>> 0`. Shift counts are integers in [0, 63].
 * The BigInt conversions at the end are for parsing and display only, never for hot paths.
 */

/** High half of (hi:lo) << n. */
export function shl64Hi(hi: number, lo: number, n: number): number {
  if (n === 0) return hi | 0;
  if (n < 32) return (hi << n) | (lo >>> (32 - n));
  return lo << (n - 32);
}

/** Low half of (hi:lo) << n. */
export function shl64Lo(_hi: number, lo: number, n: number): number {
  return n < 32 ? lo << n : 0;
}

/** High half of (hi:lo) >>> n (logical shift). */
export function shr64Hi(hi: number, _lo: number, n: number): number {
  return n < 32 ? (hi >>> n) | 0 : 0;
}

/** Low half of (hi:lo) >>> n (logical shift). */
export function shr64Lo(hi: number, lo: number, n: number): number {
  if (n === 0) return lo | 0;
  if (n < 32) return (lo >>> n) | (hi << (32 - n));
  return (hi >>> (n - 32)) | 0;
}

/** Low half of a + b (mod 2^64). */
export function add64Lo(_ahi: number, alo: number, _bhi: number, blo: number): number {
  return (alo + blo) | 0;
}

/** High half of a + b (mod 2^64): the sum of the high halves plus the carry out of the low halves. */
export function add64Hi(ahi: number, alo: number, bhi: number, blo: number): number {
  const carry = (alo >>> 0) + (blo >>> 0) > 0xffffffff ? 1 : 0;
  return (ahi + bhi + carry) | 0;
}

/** Low half of a - b (mod 2^64). */
export function sub64Lo(_ahi: number, alo: number, _bhi: number, blo: number): number {
  return (alo - blo) | 0;
}

/** High half of a - b (mod 2^64): the difference of the high halves minus the borrow. */
export function sub64Hi(ahi: number, alo: number, bhi: number, blo: number): number {
  const borrow = (alo >>> 0) < (blo >>> 0) ? 1 : 0;
  return (ahi - bhi - borrow) | 0;
}

/**
 * `Math.imul`-exact 32-bit multiply (the low 32 bits of a*b as int32), written with 16-bit
 * halves so it does not depend on `Math.imul` itself; tests check it against `Math.imul`.
 */
export function imul32(a: number, b: number): number {
  const al = a & 0xffff;
  const ah = (a >>> 16) & 0xffff;
  const bl = b & 0xffff;
  const bh = (b >>> 16) & 0xffff;
  // The cross terms only reach the high 16 bits; (ah*bl + al*bh) << 16 drops what overflows.
  return (al * bl + (((ah * bl + al * bh) << 16) >>> 0)) | 0;
}

/** High 32 bits of the unsigned 64-bit product of two uint32 words (as int32). */
export function mulHigh32(a: number, b: number): number {
  const a0 = a & 0xffff;
  const a1 = a >>> 16;
  const b0 = b & 0xffff;
  const b1 = b >>> 16;
  // The four 16 × 16-bit partial products are below 2^32: Math.imul's low 32 bits are exact.
  const p00 = Math.imul(a0, b0);
  const p01 = Math.imul(a0, b1);
  const p10 = Math.imul(a1, b0);
  // bits 16 … 31 of the product with their carry out (below 3 · 2^16)
  const mid = (p00 >>> 16) + (p01 & 0xffff) + (p10 & 0xffff);
  return (Math.imul(a1, b1) + (p01 >>> 16) + (p10 >>> 16) + (mid >>> 16)) | 0;
}

/** Low half of a * b (mod 2^64). */
export function mul64Lo(_ahi: number, alo: number, _bhi: number, blo: number): number {
  return Math.imul(alo, blo);
}

/** High half of a * b (mod 2^64). */
export function mul64Hi(ahi: number, alo: number, bhi: number, blo: number): number {
  return (mulHigh32(alo, blo) + Math.imul(ahi, blo) + Math.imul(alo, bhi)) | 0;
}

const TWO24 = 0x1000000;
const TWO48 = 0x1000000000000;

/**
 * (x * m + a) mod 2^48 for integers 0 ≤ x, m < 2^48 and 0 ≤ a < 2^24, exactly, in doubles:
 * the operands are split into 24-bit limbs so that no partial product reaches 2^53.
 */
export function mulAdd48(x: number, m: number, a: number): number {
  const xl = x % TWO24;
  const xh = (x - xl) / TWO24;
  const ml = m % TWO24;
  const mh = (m - ml) / TWO24;
  const low = xl * ml + a; // < 2^48 + 2^24
  const lowPart = low % TWO24;
  const carry = (low - lowPart) / TWO24;
  const high = (xh * ml + xl * mh + carry) % TWO24; // each term < 2^48: exact
  return high * TWO24 + lowPart;
}

/** x mod 2^48 for a non-negative integer-valued double. */
export function mod48(x: number): number {
  return x % TWO48;
}

/** The 64-bit value (hi:lo) as a BigInt (for display and parsing, never hot paths). */
export function u64ToBigInt(hi: number, lo: number): bigint {
  return (BigInt(hi >>> 0) << 32n) | BigInt(lo >>> 0);
}

/** The two int32 halves [hi, lo] of a BigInt taken modulo 2^64. */
export function u64FromBigInt(value: bigint): [hi: number, lo: number] {
  const v = BigInt.asUintN(64, value);
  return [Number(v >> 32n) | 0, Number(v & 0xffffffffn) | 0];
}

/** The 16 lowercase hex digits of (hi:lo). */
export function u64ToHex(hi: number, lo: number): string {
  return (hi >>> 0).toString(16).padStart(8, '0') + (lo >>> 0).toString(16).padStart(8, '0');
}

const DECIMAL = /^[0-9]+$/;
const HEX = /^0x[0-9a-fA-F]+$/;

/**
 * Parses an unsigned integer below 2^bits given as a safe-integer number, a bigint, or a string
 * in decimal or `0x` hex; returns it as a BigInt, or `undefined` when it is not one. Callers turn
 * `undefined` into their own typed error naming the value.
 */
export function parseUnsigned(value: unknown, bits: number): bigint | undefined {
  let v: bigint;
  if (typeof value === 'number') {
    if (!Number.isSafeInteger(value) || value < 0) return undefined;
    v = BigInt(value);
  } else if (typeof value === 'bigint') {
    v = value;
  } else if (typeof value === 'string' && (DECIMAL.test(value) || HEX.test(value))) {
    v = BigInt(value);
  } else {
    return undefined;
  }
  if (v < 0n || v >= 1n << BigInt(bits)) return undefined;
  return v;
}

