/**
 * Marsaglia's birthday spacings test as TestU01 runs it (smarsa_BirthdaySpacings; TestU01 user's
 * guide, section "smarsa"). SmallCrush uses N = 1, n = 5·10^6, r = 0, d = 2^30, t = 2, p = 1:
 * n points in t = 2 dimensions, each coordinate the top 30 bits of one output (r = 0 bits
 * dropped), non-overlapping; the cell numbers are sorted, their spacings sorted, and Y counts the
 * spacings equal to the one before. Y is approximately Poisson with λ = n³ / (4k), k = d^t.
 */
import { poissonSf } from './poisson.js';
import type { Source, TestResult } from './types.js';
import { verdict } from './types.js';

export interface BirthdayParams {
  n: number;
  r: number;
  /** d = 2^bits */
  bits: number;
  t: number;
}

export const SMALLCRUSH_BIRTHDAY: BirthdayParams = { n: 5_000_000, r: 0, bits: 30, t: 2 };

export function birthdaySpacings(src: Source, params: BirthdayParams = SMALLCRUSH_BIRTHDAY): TestResult {
  const { n, r, bits, t } = params;
  if (bits * t > 64) throw new RangeError('birthdaySpacings: d^t must fit in 64 bits');
  const scale = 2 ** (r + bits);
  const dim = 2 ** bits;
  const cells = new BigUint64Array(n);
  const buf = new Float64Array(t);
  for (let i = 0; i < n; i++) {
    src.fill(buf);
    let cell = 0n;
    for (let j = 0; j < t; j++) {
      const c = Math.floor(buf[j]! * scale) % dim; // bits r .. r+bits of the output
      cell = (cell << BigInt(bits)) | BigInt(c);
    }
    cells[i] = cell;
  }
  cells.sort();
  const spacings = new BigUint64Array(n - 1);
  for (let i = 1; i < n; i++) spacings[i - 1] = cells[i]! - cells[i - 1]!;
  spacings.sort();
  let y = 0;
  for (let i = 1; i < spacings.length; i++) if (spacings[i] === spacings[i - 1]) y++;
  const k = 2 ** (bits * t);
  const lambda = (n * n * n) / (4 * k);
  // TestU01's p-value for this Poisson statistic: P[Y ≥ y] (too many collisions → p near 0;
  // too few → p near 1, also flagged).
  const p = poissonSf(lambda, y);
  return { test: 'BirthdaySpacings', statistic: `collisions Y = ${y} (λ = ${lambda.toFixed(2)})`, value: y, p, verdict: verdict(p) };
}
