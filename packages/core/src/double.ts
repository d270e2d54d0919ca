/**
 * Doubles as bit patterns.
 *
 * `constructDouble(hi, lo)` is the emulation of V8's `%_ConstructDouble(hi, lo)`: the IEEE-754
 * double whose high 32 bits are `hi` and low 32 bits are `lo`. It is built on a DataView
 * (big-endian writes, so the word order never depends on the host), created once per module.
 */
import { InvalidHexError, describeValue } from './errors.js';

const buffer = new ArrayBuffer(8);
const view = new DataView(buffer);

/** The double whose IEEE-754 bits are `hi:lo` (each taken modulo 2^32, as V8's intrinsic does). */
export function constructDouble(hi: number, lo: number): number {
  view.setUint32(0, hi >>> 0);
  view.setUint32(4, lo >>> 0);
  return view.getFloat64(0);
}

/** High 32 bits (sign, exponent, top 20 mantissa bits) of a double, as an unsigned integer. */
export function doubleHighWord(x: number): number {
  view.setFloat64(0, x);
  return view.getUint32(0);
}

/** Low 32 bits of a double's mantissa, as an unsigned integer. */
export function doubleLowWord(x: number): number {
  view.setFloat64(0, x);
  return view.getUint32(4);
}

function hex8(word: number): string {
  return (word >>> 0).toString(16).padStart(8, '0');
}

/** The 16 lowercase hex digits of a double's IEEE-754 bit pattern (`0.5` → `3fe0000000000000`). */
export function doubleToHex(x: number): string {
  view.setFloat64(0, x);
  return hex8(view.getUint32(0)) + hex8(view.getUint32(4));
}

const HEX16 = /^(?:0x)?[0-9a-fA-F]{16}$/;

/** The double whose bit pattern is the given 16 hex digits (an optional `0x` prefix is allowed). */
export function hexToDouble(hex: string): number {
  if (typeof hex !== 'string' || !HEX16.test(hex)) {
    throw new InvalidHexError(`not 16 hex digits of an IEEE-754 double: ${describeValue(hex)}`);
  }
  const digits = hex.length === 18 ? hex.slice(2) : hex;
  return constructDouble(parseInt(digits.slice(0, 8), 16), parseInt(digits.slice(8), 16));
}

/** True when two doubles have the same bit pattern (unlike `===`: -0 ≠ 0, NaN payloads count). */
export function sameBits(a: number, b: number): boolean {
  return doubleToHex(a) === doubleToHex(b);
}
