/**
 * SmallCrush's bit-level tests (TestU01 user's guide: svaria, smarsa, sstring, swalk): WeightDistrib,
 * MatrixRank, HammingIndep and RandomWalk1, each with SmallCrush's parameters.
 */
import { ClassCounter, chiSquare, chiSquareOf, mergeClasses, MIN_EXPECTED } from './chi2.js';
import { binomialPmf, logGamma } from './dist.js';
import type { Uniforms } from './stream.js';
import { result, type TestResult } from './types.js';

const fmtChi = (c: { x2: number; df: number }) => `χ² = ${c.x2.toFixed(2)} (df ${c.df})`;

function popcount32(x: number): number {
  x -= (x >>> 1) & 0x55555555;
  x = (x & 0x33333333) + ((x >>> 2) & 0x33333333);
  return (Math.imul((x + (x >>> 4)) & 0x0f0f0f0f, 0x01010101) >>> 24);
}

/**
 * svaria_WeightDistrib (SmallCrush: n = 2·10^5, r = 27, k = 256, α = 0, β = 1/8): how many of k
 * uniforms fall in [α, β); binomial(k, β − α), chi-square over merged classes.
 */
export interface WeightParams { n: number; r: number; k: number; alpha: number; beta: number }
/** SmallCrush's WeightDistrib: n = 2·10^5, r = 27, k = 256, α = 0, β = 1/8. */
export const SMALLCRUSH_WEIGHT: WeightParams = { n: 200_000, r: 27, k: 256, alpha: 0, beta: 0.125 };

/** Runs svaria_WeightDistrib on `u` (default SmallCrush's parameters): the chi-square of the weights. */
export function weightDistrib(u: Uniforms, params: WeightParams = SMALLCRUSH_WEIGHT): TestResult {
  const { n, r, k, alpha, beta } = params;
  const raw = new Float64Array(k + 1);
  for (let w = 0; w <= k; w++) raw[w] = n * binomialPmf(k, w, beta - alpha);
  const counter = new ClassCounter(mergeClasses(raw, 0));
  for (let i = 0; i < n; i++) {
    let w = 0;
    for (let j = 0; j < k; j++) {
      const x = u.stripD(r);
      if (x >= alpha && x < beta) w++;
    }
    counter.add(w);
  }
  const chi = chiSquareOf(counter);
  return result('WeightDistrib', fmtChi(chi), chi.x2, chi.p);
}

/**
 * smarsa_MatrixRank (SmallCrush: n = 2·10^4 matrices, r = 20, s = 10, L = k = 60): L×k binary
 * matrices whose rows are k bits taken s at a time (bits r+1..r+s of each output); the GF(2)
 * rank's distribution is known exactly (Marsaglia; the guide's formula), chi-square over merged
 * classes. Rows are held as two 30-bit halves; column order does not change the rank.
 */
export interface RankParams { n: number; r: number; s: number; L: number; k: number }
/** SmallCrush's MatrixRank: n = 2·10^4, r = 20, s = 10, L = k = 60. */
export const SMALLCRUSH_RANK: RankParams = { n: 20_000, r: 20, s: 10, L: 60, k: 60 };

/** The probabilities that a random L×k binary matrix has GF(2) rank 0, 1, …, min(L, k) (index = rank). */
export function rankProbabilities(L: number, k: number): Float64Array {
  const m = Math.min(L, k);
  const out = new Float64Array(m + 1);
  let log2p = -L * k;
  out[0] = 2 ** log2p;
  for (let j = 1; j <= m; j++) {
    log2p += L + k - 2 * j + 1 + Math.log2(1 - 2 ** -(L - j + 1)) + Math.log2(1 - 2 ** -(k - j + 1)) - Math.log2(1 - 2 ** -j);
    out[j] = 2 ** log2p;
  }
  return out;
}

function rank2(hi: Int32Array, lo: Int32Array, rows: number, cols: number): number {
  let rank = 0;
  for (let c = 0; c < cols && rank < rows; c++) {
    // Column c lives in `hi` for c < 30, else in `lo`.
    const inHi = c < 30;
    const bit = 1 << (inHi ? 29 - c : 59 - c);
    let pivot = -1;
    for (let i = rank; i < rows; i++) {
      if (((inHi ? hi[i]! : lo[i]!) & bit) !== 0) {
        pivot = i;
        break;
      }
    }
    if (pivot < 0) continue;
    const ph = hi[pivot]!;
    const pl = lo[pivot]!;
    hi[pivot] = hi[rank]!;
    lo[pivot] = lo[rank]!;
    hi[rank] = ph;
    lo[rank] = pl;
    for (let i = rank + 1; i < rows; i++) {
      if (((inHi ? hi[i]! : lo[i]!) & bit) !== 0) {
        hi[i]! ^= ph;
        lo[i]! ^= pl;
      }
    }
    rank++;
  }
  return rank;
}

/** Runs smarsa_MatrixRank on `u` (default SmallCrush's parameters): the chi-square of the ranks. */
export function matrixRank(u: Uniforms, params: RankParams = SMALLCRUSH_RANK): TestResult {
  const { n, r, s, L, k } = params;
  if (k > 60 || k % s !== 0 || 30 % s !== 0) throw new RangeError('matrixRank: k ≤ 60 columns, taken s bits at a time with s dividing 30');
  const perHalf = 30 / s;
  const perRow = k / s;
  const raw = rankProbabilities(L, k).map((q) => q * n);
  const counter = new ClassCounter(mergeClasses(raw, 0));
  const hi = new Int32Array(L);
  const lo = new Int32Array(L);
  for (let m = 0; m < n; m++) {
    for (let i = 0; i < L; i++) {
      let h = 0;
      let l = 0;
      for (let j = 0; j < perRow; j++) {
        const b = u.stripB(r, s);
        if (j < perHalf) h = (h << s) | b;
        else l = (l << s) | b;
      }
      // A short row (k < 60) leaves the low columns zero.
      hi[i] = h << (30 - s * Math.min(perRow, perHalf));
      lo[i] = perRow > perHalf ? l << (30 - s * (perRow - perHalf)) : 0;
    }
    counter.add(rank2(hi, lo, L, k));
  }
  const chi = chiSquareOf(counter);
  return result('MatrixRank', fmtChi(chi), chi.x2, chi.p);
}

/**
 * sstring_HammingIndep (SmallCrush: n = 5·10^5 pairs, r = 20, s = 10, L = 300, d = 0): blocks of
 * L bits (s bits per output), the Hamming weights of successive non-overlapping pairs of blocks
 * counted in an (L+1)² table; cells expecting ≥ 10 are classes, the rest pooled; chi-square.
 */
export interface HammingParams { n: number; r: number; s: number; L: number }
/** SmallCrush's HammingIndep: n = 5·10^5, r = 20, s = 10, L = 300. */
export const SMALLCRUSH_HAMMING: HammingParams = { n: 500_000, r: 20, s: 10, L: 300 };

/** Runs sstring_HammingIndep on `u` (default SmallCrush's parameters): the chi-square of the weight-pair table. */
export function hammingIndep(u: Uniforms, params: HammingParams = SMALLCRUSH_HAMMING): TestResult {
  const { n, r, s, L } = params;
  if (L % s !== 0) throw new RangeError('hammingIndep: L must be a multiple of s');
  const perBlock = L / s;
  const W = L + 1;
  const table = new Float64Array(W * W);
  for (let pair = 0; pair < n; pair++) {
    let first = 0;
    for (let j = 0; j < perBlock; j++) first += popcount32(u.stripB(r, s));
    let second = 0;
    for (let j = 0; j < perBlock; j++) second += popcount32(u.stripB(r, s));
    table[first * W + second]!++;
  }
  const prob = new Float64Array(W);
  for (let i = 0; i <= L; i++) prob[i] = binomialPmf(L, i, 0.5);
  const expected: number[] = [];
  const observed: number[] = [];
  let poolE = 0;
  let poolO = 0;
  for (let i = 0; i <= L; i++) {
    for (let j = 0; j <= L; j++) {
      const e = n * prob[i]! * prob[j]!;
      if (e >= MIN_EXPECTED) {
        expected.push(e);
        observed.push(table[i * W + j]!);
      } else {
        poolE += e;
        poolO += table[i * W + j]!;
      }
    }
  }
  if (poolE >= MIN_EXPECTED || expected.length === 0) {
    expected.push(poolE);
    observed.push(poolO);
  } else {
    expected[expected.length - 1]! += poolE;
    observed[observed.length - 1]! += poolO;
  }
  const chi = chiSquare(expected, observed);
  return result('HammingIndep', fmtChi(chi), chi.x2, chi.p);
}

/**
 * swalk_RandomWalk1 (SmallCrush: n = 10^6 walks, r = 0, s = 30, L0 = L1 = 150): each bit a ±1
 * step; per walk of L steps, H = number of +1 steps, M = the maximum, J = 2 × the odd times spent
 * above 0, R = returns to 0, C = sign changes (seen at odd times). Each statistic's exact
 * distribution (Feller; the guide's recurrences) gives a chi-square over merged classes.
 */
export interface WalkParams { n: number; r: number; s: number; L: number }
/** SmallCrush's RandomWalk1: n = 10^6, r = 0, s = 30, L = 150. */
export const SMALLCRUSH_WALK: WalkParams = { n: 1_000_000, r: 0, s: 30, L: 150 };

/** Expected counts per value 0..L of H, M, J, R and C for n walks of even length L. */
export function walkExpected(n: number, L: number): Record<'H' | 'M' | 'J' | 'R' | 'C', Float64Array> {
  const half = L / 2;
  const eps = 1e-16 * n;
  const H = new Float64Array(L + 1);
  for (let i = 0; i <= L; i++) H[i] = n * binomialPmf(L, i, 0.5);
  // P[M = 2j] = P[M = 2j+1] = P[S_L = 2j or 2j+2 …]: the reflection principle, as a recurrence.
  const M = new Float64Array(L + 1);
  M[0] = H[half]!;
  for (let i = 0; i < L && M[i]! > eps; i += 2) {
    M[i + 1] = (M[i]! * Math.trunc((L - i) / 2)) / (Math.trunc((L + i) / 2) + 1);
    if (i + 2 <= L) M[i + 2] = M[i + 1]!;
  }
  // J (discrete arcsine law), symmetric around L/2, on even values only.
  const J = new Float64Array(L + 1);
  J[0] = J[L] = M[0]!;
  for (let i = 0; i < half && J[i]! > eps; i += 2) {
    J[i + 2] = (J[i]! * Math.trunc((L - i) / 2) * (1 + i)) / ((Math.trunc(i / 2) + 1) * (L - i - 1));
    J[L - i - 2] = J[i + 2]!;
  }
  const R = new Float64Array(L + 1);
  R[0] = J[0]!;
  for (let i = 0; i < half && R[i]! > eps; i++) R[i + 1] = (R[i]! * (L - 2 * i)) / (L - i);
  const C = new Float64Array(L + 1);
  C[0] = 2 * n * Math.exp(logGamma(L) - logGamma(half + 1) - logGamma(L - half) - (L - 1) * Math.LN2);
  for (let i = 0; i < half - 1 && C[i]! > eps; i++) C[i + 1] = (C[i]! * (half - i - 1)) / (half + i + 1);
  return { H, M, J, R, C };
}

/** Runs swalk_RandomWalk1 on `u` (default SmallCrush's parameters): five results, the chi-squares of H, M, J, R and C. */
export function randomWalk1(u: Uniforms, params: WalkParams = SMALLCRUSH_WALK): TestResult[] {
  const { n, r, s, L } = params;
  if (L % 2 !== 0 || L % s !== 0) throw new RangeError('randomWalk1: L must be even and a multiple of s');
  const expected = walkExpected(n, L);
  const names = ['H', 'M', 'J', 'R', 'C'] as const;
  const counters = names.map((k) => new ClassCounter(mergeClasses(expected[k], 0)));
  const [cH, cM, cJ, cR, cC] = counters as [ClassCounter, ClassCounter, ClassCounter, ClassCounter, ClassCounter];
  const words = L / s;
  for (let w = 0; w < n; w++) {
    let S = 0;
    let prevOdd = 0;
    let max = 0;
    let returns = 0;
    let above = 0;
    let changes = 0;
    let step = 0;
    for (let j = 0; j < words; j++) {
      const z = u.stripB(r, s);
      // Most significant of the s bits first.
      for (let b = s - 1; b >= 0; b--) {
        step++;
        S += (z >>> b) & 1 ? 1 : -1;
        if (S > max) max = S;
        if (S === 0) returns++;
        if (step & 1) {
          if (S > 0) above++;
          if (S * prevOdd < 0) changes++;
          prevOdd = S;
        }
      }
    }
    cH.add((L + S) / 2);
    cM.add(max);
    cJ.add(2 * above);
    cR.add(returns);
    cC.add(changes);
  }
  return counters.map((c, i) => {
    const chi = chiSquareOf(c);
    return result(`RandomWalk1 ${names[i]}`, fmtChi(chi), chi.x2, chi.p);
  });
}
