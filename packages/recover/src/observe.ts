/**
 * What was seen of each Math.random() call: the value itself, only `Math.floor(x * n)` (a
 * bucket: an ID, a die, a shuffle index), only that bucket modulo m (a residue: a UUID v4's
 * y digit is ⌊x·16⌋ % 4 | 8), or nothing (the call happened, its value was not seen).
 */
import { InvalidHexError, hexToDouble } from '@emu/core';

/** `Math.floor(x * n) === value` for the unseen x. */
export interface Bucket {
  readonly n: number;
  readonly value: number;
  /** Never set: keeps a Residue from passing for a Bucket. */
  readonly mod?: undefined;
}

/**
 * `Math.floor(x * n) % mod === value` for the unseen x: only the bucket's residue was seen. A
 * search that cannot use it treats it as a gap (the final check against every observation still
 * holds it); the (s0 + s1) top-bits search takes it as the union of its buckets.
 */
export interface Residue {
  readonly n: number;
  readonly mod: number;
  readonly value: number;
}

/** A value, a bucket, a bucket's residue, or null for a call whose value was not seen. */
export type Observed = number | Bucket | Residue | null;

const MAX_BUCKETS = 2 ** 52;

/** Whether an observation is a residue ⌊x·n⌋ % mod. */
export function isResidue(o: Observed): o is Residue {
  return typeof o === 'object' && o !== null && o.mod !== undefined;
}

/** Whether an observation is a bucket ⌊x·n⌋ (not a full value, not a residue, not a gap). */
export function isBucket(o: Observed): o is Bucket {
  return typeof o === 'object' && o !== null && o.mod === undefined;
}

/** Whether a value the engine produced agrees with what was observed of it. */
export function matches(x: number, o: Observed): boolean {
  if (o === null) return true;
  if (typeof o === 'number') return x === o;
  if (o.mod !== undefined) return Math.floor(x * o.n) % o.mod === o.value;
  return Math.floor(x * o.n) === o.value;
}

export function checkBucket(n: number, value: number, where = ''): Bucket {
  if (!Number.isInteger(n) || n < 1 || n > MAX_BUCKETS) throw new InvalidHexError(`${where}bucket count must be an integer in [1, 2^52], got ${n}`);
  if (!Number.isInteger(value) || value < 0 || value >= n) throw new InvalidHexError(`${where}${value} is not a bucket of ${n} (an integer in [0, ${n - 1}])`);
  return { n, value };
}

/** The residue `Math.floor(x * n) % mod === value`, its numbers checked (an InvalidHexError naming the bad one, after `where`). */
export function checkResidue(n: number, mod: number, value: number, where = ''): Residue {
  checkBucket(n, 0, where);
  if (!Number.isInteger(mod) || mod < 2 || mod > n) throw new InvalidHexError(`${where}a residue's modulus must be an integer in [2, ${n}] (the bucket count), got ${mod}`);
  if (!Number.isInteger(value) || value < 0 || value >= mod) throw new InvalidHexError(`${where}${value} is not a residue modulo ${mod} (an integer in [0, ${mod - 1}])`);
  return { n, mod, value };
}

/**
 * The buckets ⌊x·n⌋ a residue allows (value, value + mod, …), each as bucketRange gives it
 * (integers m of `bits` bits); empty intervals left out.
 */
export function residueRanges(r: Residue, bits: number): [number, number][] {
  const out: [number, number][] = [];
  for (let j = r.value; j < r.n; j += r.mod) {
    const [lo, hi] = bucketRange({ n: r.n, value: j }, bits);
    if (lo <= hi) out.push([lo, hi]);
  }
  return out;
}

/** Observations read at most: recovery never needs more than a few hundred (node 26: 500). */
export const MAX_OBSERVATIONS = 10_000;
/** Characters of one line at most (a j/n bucket of 2^52 with spaces fits in 50). */
export const MAX_LINE = 100;

/**
 * One observation per line: 16 hex digits or a decimal as JavaScript printed it (a value),
 * `j/n` (Math.floor(x · n) = j), a bare integer j when `bucket` gives n, `j/n%m` or (with
 * `bucket`) `j%m` (Math.floor(x · n) % m = j: a residue), or `?` (not seen).
 * Fed in chunks (push), so standard input is parsed as it arrives: memory stays bounded and
 * input past MAX_OBSERVATIONS lines or a line past MAX_LINE characters is refused at once.
 */
export class ObservationReader {
  private readonly out: Observed[] = [];
  private rest = '';
  private line = 0;
  constructor(private readonly options: { bucket?: number; max?: number } = {}) {}

  /** Parses the complete lines of `chunk` (the tail waits for the next chunk or end()). */
  push(chunk: string): void {
    let start = 0;
    for (let nl = chunk.indexOf('\n'); nl >= 0; nl = chunk.indexOf('\n', start)) {
      const l = this.rest + chunk.slice(start, nl);
      this.rest = '';
      start = nl + 1;
      this.take(l);
    }
    this.rest += chunk.slice(start);
    if (this.rest.length > MAX_LINE) this.tooLong(this.line + 1);
  }

  /** The observations, after the last (unterminated) line. */
  end(): Observed[] {
    if (this.rest !== '') this.take(this.rest);
    this.rest = '';
    return this.out;
  }

  private tooLong(at: number): never {
    throw new InvalidHexError(`line ${at}: longer than ${MAX_LINE} characters (one value, j/n or ? per line)`);
  }

  private take(raw: string): void {
    this.line++;
    if (raw.length > MAX_LINE) this.tooLong(this.line);
    const l = raw.trim();
    if (l === '') return;
    const max = this.options.max ?? MAX_OBSERVATIONS;
    if (this.out.length >= max) {
      throw new InvalidHexError(`line ${this.line}: more than ${max} observations; recovery needs at most a few hundred consecutive values — give the first ${max} or fewer`);
    }
    this.out.push(parseLine(l, `line ${this.line}: `, this.options.bucket));
  }
}

function parseLine(l: string, where: string, bucket: number | undefined): Observed {
  if (l === '?') return null;
  const res = /^([0-9]+)(?:\/([0-9]+))?%([0-9]+)$/.exec(l);
  if (res) {
    const n = res[2] !== undefined ? Number(res[2]) : bucket;
    if (n === undefined) throw new InvalidHexError(`${where}a residue j%m needs the bucket count: j/n%m, or --bucket N: ${JSON.stringify(l)}`);
    return checkResidue(n, Number(res[3]), Number(res[1]), where);
  }
  const frac = /^([0-9]+)\/([0-9]+)$/.exec(l);
  if (frac) return checkBucket(Number(frac[2]), Number(frac[1]), where);
  if (bucket !== undefined) {
    if (!/^[0-9]+$/.test(l)) throw new InvalidHexError(`${where}not a bucket index (an integer, j/n, j%m or ?): ${JSON.stringify(l)}`);
    return checkBucket(bucket, Number(l), where);
  }
  let x: number;
  if (/^(?:0x)?[0-9a-fA-F]{16}$/.test(l)) x = hexToDouble(l);
  else if (/^[0-9.eE+-]+$/.test(l)) x = Number(l);
  else throw new InvalidHexError(`${where}not a Math.random value (16 hex digits, a decimal, j/n, j/n%m or ?): ${JSON.stringify(l)}`);
  if (!(x >= 0 && x < 1)) throw new InvalidHexError(`${where}${JSON.stringify(l)} is not in [0, 1)`);
  return x;
}

/** The whole text at once (see ObservationReader). */
export function parseObservations(text: string, options: { bucket?: number; max?: number } = {}): Observed[] {
  const r = new ObservationReader(options);
  r.push(text);
  return r.end();
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
