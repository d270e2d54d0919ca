/**
 * Marsaglia's birthday spacings test as TestU01 runs it (smarsa_BirthdaySpacings; TestU01 user's
 * guide, module smarsa). SmallCrush: N = 1, n = 5·10^6, r = 0, d = 2^30, t = 2, p = 1 — n points
 * in t = 2 dimensions, each coordinate ⌊d · U⌋ of one output, non-overlapping; the cell numbers
 * are sorted, their spacings sorted, and Y counts the spacings equal to the one before. Y is
 * approximately Poisson with λ = n³ / (4k), k = d^t; p from both tails (gofw_pDisc).
 */
import { pDiscrete, poissonCdf, poissonSf } from './dist.js';
import type { Uniforms } from './stream.js';
import { result, type TestResult } from './types.js';

/** Parameters of birthdaySpacings(): n points in t dimensions, r leading bits dropped, d = 2^bits values per coordinate. */
export interface BirthdayParams {
  n: number;
  r: number;
  /** d = 2^bits */
  bits: number;
  t: number;
}

/** SmallCrush's BirthdaySpacings: n = 5·10^6, r = 0, d = 2^30, t = 2. */
export const SMALLCRUSH_BIRTHDAY: BirthdayParams = { n: 5_000_000, r: 0, bits: 30, t: 2 };

/** Runs the birthday spacings test on `u` (default SmallCrush's parameters): Y and its two-sided Poisson p-value. */
export function birthdaySpacings(u: Uniforms, params: BirthdayParams = SMALLCRUSH_BIRTHDAY): TestResult {
  const { n, r, bits, t } = params;
  if (bits * t > 64) throw new RangeError('birthdaySpacings: d^t must fit in 64 bits');
  const d = 2 ** bits;
  const cells = new BigUint64Array(n);
  for (let i = 0; i < n; i++) {
    let cell = 0n;
    for (let j = 0; j < t; j++) cell = (cell << BigInt(bits)) | BigInt(u.stripL(r, d));
    cells[i] = cell;
  }
  cells.sort();
  const spacings = new BigUint64Array(n - 1);
  for (let i = 1; i < n; i++) spacings[i - 1] = cells[i]! - cells[i - 1]!;
  spacings.sort();
  let y = 0;
  for (let i = 1; i < spacings.length; i++) if (spacings[i] === spacings[i - 1]) y++;
  const lambda = (n * n * n) / (4 * 2 ** (bits * t));
  const p = pDiscrete(poissonCdf(lambda, y), poissonSf(lambda, y));
  return result('BirthdaySpacings', `collisions Y = ${y} (Poisson λ = ${lambda.toFixed(2)})`, y, p);
}
