/**
 * What was seen of each Math.random() call: the value itself, only `Math.floor(x * n)` (a
 * bucket: an ID, a die, a shuffle index), or nothing (the call happened, its value was not seen).
 */
import { InvalidHexError, hexToDouble } from '@emu/core';

/** `Math.floor(x * n) === value` for the unseen x. */
export interface Bucket {
  readonly n: number;
  readonly value: number;
}

/** A value, a bucket, or null for a call whose value was not seen. */
export type Observed = number | Bucket | null;

const MAX_BUCKETS = 2 ** 52;

export function isBucket(o: Observed): o is Bucket {
  return typeof o === 'object' && o !== null;
}

/** Whether a value the engine produced agrees with what was observed of it. */
export function matches(x: number, o: Observed): boolean {
  if (o === null) return true;
  if (typeof o === 'number') return x === o;
  return Math.floor(x * o.n) === o.value;
}

export function checkBucket(n: number, value: number, where = ''): Bucket {
  if (!Number.isInteger(n) || n < 1 || n > MAX_BUCKETS) throw new InvalidHexError(`${where}bucket count must be an integer in [1, 2^52], got ${n}`);
  if (!Number.isInteger(value) || value < 0 || value >= n) throw new InvalidHexError(`${where}${value} is not a bucket of ${n} (an integer in [0, ${n - 1}])`);
  return { n, value };
}

/**
 * One observation per line: 16 hex digits or a decimal as JavaScript printed it (a value),
 * `j/n` (Math.floor(x · n) = j), a bare integer j when `bucket` gives n, or `?` (not seen).
 */
export function parseObservations(text: string, options: { bucket?: number } = {}): Observed[] {
  const lines = text.split(/\r?\n/).map((l) => l.trim()).filter((l) => l !== '');
  return lines.map((l, i): Observed => {
    const where = `line ${i + 1}: `;
    if (l === '?') return null;
    const frac = /^([0-9]+)\/([0-9]+)$/.exec(l);
    if (frac) return checkBucket(Number(frac[2]), Number(frac[1]), where);
    if (options.bucket !== undefined) {
      if (!/^[0-9]+$/.test(l)) throw new InvalidHexError(`${where}not a bucket index (an integer, j/n or ?): ${JSON.stringify(l)}`);
      return checkBucket(options.bucket, Number(l), where);
    }
    let x: number;
    if (/^(?:0x)?[0-9a-fA-F]{16}$/.test(l)) x = hexToDouble(l);
    else if (/^[0-9.eE+-]+$/.test(l)) x = Number(l);
    else throw new InvalidHexError(`${where}not a Math.random value (16 hex digits, a decimal, j/n or ?): ${JSON.stringify(l)}`);
    if (!(x >= 0 && x < 1)) throw new InvalidHexError(`${where}${JSON.stringify(l)} is not in [0, 1)`);
    return x;
  });
}

/**
 * The integers m whose double m · 2^-bits (every Math.random value is one) lands in the bucket,
 * as JavaScript computes Math.floor(x * n) — the product is rounded, so the exact rational bounds
 * are nudged until the expression itself agrees. [lo, hi] with lo > hi when no m does.
 */
export function bucketRange(b: Bucket, bits: number): [number, number] {
  const scale = 2 ** -bits;
  const top = 2 ** bits - 1;
  const f = (m: number) => Math.floor(m * scale * b.n);
  const ceilDiv = (p: bigint, q: bigint) => (p + q - 1n) / q;
  const n = BigInt(b.n);
  let lo = Number(ceilDiv(BigInt(b.value) << BigInt(bits), n));
  let hi = Math.min(top, Number(ceilDiv(BigInt(b.value + 1) << BigInt(bits), n)) - 1);
  while (lo > 0 && f(lo - 1) >= b.value) lo--;
  while (lo <= top && f(lo) < b.value) lo++;
  while (hi < top && f(hi + 1) <= b.value) hi++;
  while (hi >= 0 && f(hi) > b.value) hi--;
  return [lo, hi];
}
