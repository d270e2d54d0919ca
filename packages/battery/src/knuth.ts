/**
 * Knuth's tests from TestU01's sknuth module (user's guide, section sknuth), with SmallCrush's
 * parameters: Collision, Gap, SimpPoker, CouponCollector, MaxOft.
 */
import { ClassCounter, chiSquare, chiSquareOf, mergeClasses } from './chi2.js';
import { andersonDarlingCdf, andersonDarlingStatistic, pDiscrete, poissonCdf, poissonSf, stirling2 } from './dist.js';
import type { Uniforms } from './stream.js';
import { result, type TestResult } from './types.js';

const fmtChi = (c: { x2: number; df: number }) => `χ² = ${c.x2.toFixed(2)} (df ${c.df})`;

/**
 * sknuth_Collision (SmallCrush: n = 5·10^6, r = 0, d = 2^16, t = 2): n points drop into k = d^t
 * cells; C counts points landing in an occupied cell. With n/k this small C is Poisson with mean
 * n − k + k(1 − 1/k)^n, summed as a series to keep its precision.
 */
export interface CollisionParams { n: number; r: number; d: number; t: number }
/** SmallCrush's Collision: n = 5·10^6, r = 0, d = 2^16, t = 2. */
export const SMALLCRUSH_COLLISION: CollisionParams = { n: 5_000_000, r: 0, d: 65536, t: 2 };

/** The expected number of collisions of n points in k cells, n − k + k(1 − 1/k)^n, summed as a series for precision. */
export function collisionMean(n: number, k: number): number {
  // k Σ_{j≥2} (−1)^j C(n, j) / k^j, the expansion of n − k + k(1 − 1/k)^n.
  let term = (n * (n - 1)) / (2 * k * k);
  let mu = term;
  for (let j = 3; j < 40 && Math.abs(term / mu) > Number.EPSILON; j++) {
    term = (-term * (n - j + 1)) / (k * j);
    mu += term;
  }
  return mu * k;
}

/** Runs sknuth_Collision on `u` (default SmallCrush's parameters): C and its two-sided Poisson p-value. */
export function collision(u: Uniforms, params: CollisionParams = SMALLCRUSH_COLLISION): TestResult {
  const { n, r, d, t } = params;
  const k = d ** t;
  if (k > 2 ** 32) throw new RangeError('collision: d^t must be at most 2^32');
  const cells = new Uint32Array(n);
  for (let i = 0; i < n; i++) {
    let cell = 0;
    for (let j = 0; j < t; j++) cell = cell * d + u.stripL(r, d);
    cells[i] = cell;
  }
  cells.sort();
  let c = 0;
  for (let i = 1; i < n; i++) if (cells[i] === cells[i - 1]) c++;
  const mu = collisionMean(n, k);
  const p = pDiscrete(poissonCdf(mu, c), poissonSf(mu, c));
  return result('Collision', `collisions C = ${c} (Poisson mean ${mu.toFixed(1)})`, c, p);
}

/**
 * sknuth_Gap (SmallCrush: n = 2·10^5 gaps, r = 22, α = 0, β = 1/256): the lengths of the runs of
 * values outside [α, β) between values inside it, counted in classes 0 .. t−1 and ≥ t, where t is
 * the largest length whose expected count stays above 10.
 */
export interface GapParams { n: number; r: number; alpha: number; beta: number }
/** SmallCrush's Gap: n = 2·10^5, r = 22, α = 0, β = 1/256. */
export const SMALLCRUSH_GAP: GapParams = { n: 200_000, r: 22, alpha: 0, beta: 1 / 256 };

/** Runs sknuth_Gap on `u` (default SmallCrush's parameters): the chi-square of the gap lengths (p = 0 for a gap longer than n). */
export function gap(u: Uniforms, params: GapParams = SMALLCRUSH_GAP): TestResult {
  const { n, r, alpha, beta } = params;
  const p = beta - alpha;
  const lg = Math.log1p(-p);
  const t = Math.max(0, Math.min(Math.trunc(Math.log(10 / n) / lg), 1 + Math.trunc(Math.log(10 / (n * p)) / lg)));
  const expected = new Float64Array(t + 1);
  let mult = p * n;
  expected[0] = mult;
  for (let len = 1; len < t; len++) expected[len] = mult *= 1 - p;
  expected[t] = (mult * (1 - p)) / p;
  const counts = new Float64Array(t + 1);
  for (let m = 0; m < n; m++) {
    let len = 0;
    let x = u.stripD(r);
    while ((x < alpha || x >= beta) && len < n) {
      len++;
      x = u.stripD(r);
    }
    // TestU01 gives up (p = 0) on a gap longer than n.
    if (len >= n) return result('Gap', `a gap longer than n = ${n}`, len, 0);
    counts[Math.min(len, t)]!++;
  }
  const chi = chiSquare(expected, counts, t);
  return result('Gap', fmtChi(chi), chi.x2, chi.p);
}

/**
 * sknuth_SimpPoker (SmallCrush: n = 4·10^5 hands, r = 24, d = 64, k = 64): the number of distinct
 * values among k integers in [0, d); expected n·d(d−1)…(d−s+1)·S(k, s)/d^k for s distinct.
 */
export interface PokerParams { n: number; r: number; d: number; k: number }
/** SmallCrush's SimpPoker: n = 4·10^5, r = 24, d = 64, k = 64. */
export const SMALLCRUSH_POKER: PokerParams = { n: 400_000, r: 24, d: 64, k: 64 };

/** Read exactly the values gap() reads, without the statistics (to fast-forward a stream). */
export function gapConsume(u: Uniforms, params: GapParams = SMALLCRUSH_GAP): void {
  const { n, r, alpha, beta } = params;
  for (let m = 0; m < n; m++) {
    let len = 0;
    let x = u.stripD(r);
    while ((x < alpha || x >= beta) && len < n) {
      len++;
      x = u.stripD(r);
    }
    if (len >= n) return;
  }
}

/** Runs sknuth_SimpPoker on `u` (default SmallCrush's parameters): the chi-square of the distinct-value counts. */
export function simpPoker(u: Uniforms, params: PokerParams = SMALLCRUSH_POKER): TestResult {
  const { n, r, d, k } = params;
  const minKd = Math.min(k, d);
  const S = stirling2(k);
  const raw = new Float64Array(minKd);
  let logMult = Math.log(n) - k * Math.log(d);
  for (let s = 1; s <= minKd; s++) {
    logMult += Math.log(d - s + 1);
    raw[s - 1] = Math.exp(logMult + Math.log(S[k]![s]!));
  }
  const counter = new ClassCounter(mergeClasses(raw, 1));
  const seen = new Uint8Array(d);
  for (let hand = 0; hand < n; hand++) {
    seen.fill(0);
    let distinct = 0;
    for (let j = 0; j < k; j++) {
      const v = u.stripL(r, d);
      if (seen[v] === 0) {
        seen[v] = 1;
        distinct++;
      }
    }
    counter.add(distinct);
  }
  const chi = chiSquareOf(counter);
  return result('SimpPoker', fmtChi(chi), chi.x2, chi.p);
}

/**
 * sknuth_CouponCollector (SmallCrush: n = 5·10^5 segments, r = 26, d = 16): how many integers in
 * [0, d) are drawn until every value has appeared, counted in classes d .. 61 and ≥ 62.
 */
export interface CouponParams { n: number; r: number; d: number }
/** SmallCrush's CouponCollector: n = 5·10^5, r = 26, d = 16. */
export const SMALLCRUSH_COUPON: CouponParams = { n: 500_000, r: 26, d: 16 };
const COUPON_MAX = 62;

/** Runs sknuth_CouponCollector on `u` (default SmallCrush's parameters): the chi-square of the segment lengths. */
export function couponCollector(u: Uniforms, params: CouponParams = SMALLCRUSH_COUPON): TestResult {
  const { n, d } = params;
  const t = COUPON_MAX;
  const S = stirling2(t - 1);
  const raw = new Float64Array(t - d + 1);
  // P[length = s] = d! S(d − 1, s − 1) / d^s; the last class holds P[length ≥ t].
  let mult = n;
  for (let s = 1; s <= d; s++) mult *= s / d;
  raw[0] = mult;
  for (let s = d + 1; s < t; s++) {
    mult /= d;
    raw[s - d] = mult * S[s - 1]![d - 1]!;
  }
  raw[t - d] = n - mult * S[t - 1]![d]!;
  const counter = new ClassCounter(mergeClasses(raw, d));
  collectCoupons(u, params, (len) => counter.add(len));
  const chi = chiSquareOf(counter);
  return result('CouponCollector', fmtChi(chi), chi.x2, chi.p);
}

/** Draw n coupon segments, reporting each one's length (capped at 62, as TestU01's NRepet). */
function collectCoupons(u: Uniforms, { n, r, d }: CouponParams, onSegment: (len: number) => void): void {
  const seen = new Uint8Array(d);
  for (let seg = 0; seg < n; seg++) {
    seen.fill(0);
    let len = 0;
    let found = 0;
    while (found < d) {
      if (++len >= COUPON_MAX) break;
      const v = u.stripL(r, d);
      if (seen[v] === 0) {
        seen[v] = 1;
        found++;
      }
    }
    onSegment(Math.min(len, COUPON_MAX));
  }
}

/** Read exactly the values couponCollector() reads, without the statistics. */
export function couponConsume(u: Uniforms, params: CouponParams = SMALLCRUSH_COUPON): void {
  collectCoupons(u, params, () => {});
}

/**
 * sknuth_MaxOft (SmallCrush: n = 2·10^6 groups, r = 0, d = 10^5, t = 6): the maximum of t
 * uniforms has CDF x^t. Two statistics: a chi-square of ⌊max^t · d⌋ over d equal classes, and the
 * Anderson–Darling A² of the n values max^t (TestU01 reports 1 − its right tail for N = 1).
 */
export interface MaxOftParams { n: number; r: number; d: number; t: number }
/** SmallCrush's MaxOft: n = 2·10^6, r = 0, d = 10^5, t = 6. */
export const SMALLCRUSH_MAXOFT: MaxOftParams = { n: 2_000_000, r: 0, d: 100_000, t: 6 };

/** Runs sknuth_MaxOft on `u` (default SmallCrush's parameters): two results, the chi-square and the Anderson–Darling statistic. */
export function maxOft(u: Uniforms, params: MaxOftParams = SMALLCRUSH_MAXOFT): TestResult[] {
  const { n, r, d, t } = params;
  if (n / d < 10) throw new RangeError('maxOft: n / d must be at least 10');
  const counts = new Float64Array(d);
  const transformed = new Float64Array(n);
  for (let g = 0; g < n; g++) {
    let max = u.stripD(r);
    for (let j = 1; j < t; j++) {
      const x = u.stripD(r);
      if (x > max) max = x;
    }
    const f = max ** t;
    counts[Math.floor(f * d)]!++;
    transformed[g] = f;
  }
  const chi = chiSquare(new Float64Array(d).fill(n / d), counts);
  const a2 = andersonDarlingStatistic(transformed);
  return [
    result('MaxOft', fmtChi(chi), chi.x2, chi.p),
    result('MaxOft AD', `A² = ${a2.toFixed(3)}`, a2, andersonDarlingCdf(a2)),
  ];
}
