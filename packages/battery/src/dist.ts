/**
 * The distributions SmallCrush's p-values come from: the regularized incomplete gamma function
 * (chi-square and Poisson tails), binomial terms, Stirling numbers of the second kind, and the
 * Anderson–Darling distribution. Written from the textbook definitions (Abramowitz & Stegun 6.5,
 * Marsaglia & Marsaglia 2004 for A²), in log space where tails get small.
 */

const LANCZOS_G = 7;
const LANCZOS = [
  0.99999999999980993, 676.5203681218851, -1259.1392167224028, 771.32342877765313, -176.61502916214059,
  12.507343278686905, -0.13857109526572012, 9.9843695780195716e-6, 1.5056327351493116e-7,
];

/** ln Γ(x) for x > 0 (Lanczos, g = 7; relative error about 1e-15). */
export function logGamma(x: number): number {
  if (x < 0.5) return Math.log(Math.PI / Math.sin(Math.PI * x)) - logGamma(1 - x);
  const z = x - 1;
  let a = LANCZOS[0]!;
  const t = z + LANCZOS_G + 0.5;
  for (let i = 1; i < LANCZOS.length; i++) a += LANCZOS[i]! / (z + i);
  return 0.5 * Math.log(2 * Math.PI) + (z + 0.5) * Math.log(t) - t + Math.log(a);
}

const EPS = 1e-16;
const MAX_ITER = 100_000;

/** P(a, x) by its power series (converges fast for x < a + 1). */
function gammaSeries(a: number, x: number): number {
  let sum = 1 / a;
  let term = sum;
  for (let n = 1; n < MAX_ITER; n++) {
    term *= x / (a + n);
    sum += term;
    if (Math.abs(term) < Math.abs(sum) * EPS) break;
  }
  return sum * Math.exp(-x + a * Math.log(x) - logGamma(a));
}

/** Q(a, x) by its continued fraction (modified Lentz; for x ≥ a + 1). */
function gammaFraction(a: number, x: number): number {
  const tiny = 1e-300;
  let b = x + 1 - a;
  let c = 1 / tiny;
  let d = 1 / b;
  let h = d;
  for (let i = 1; i < MAX_ITER; i++) {
    const an = -i * (i - a);
    b += 2;
    d = an * d + b;
    if (Math.abs(d) < tiny) d = tiny;
    c = b + an / c;
    if (Math.abs(c) < tiny) c = tiny;
    d = 1 / d;
    const delta = d * c;
    h *= delta;
    if (Math.abs(delta - 1) < EPS) break;
  }
  return Math.exp(-x + a * Math.log(x) - logGamma(a)) * h;
}

/** Regularized lower incomplete gamma P(a, x). */
export function gammaP(a: number, x: number): number {
  if (x <= 0) return 0;
  return x < a + 1 ? gammaSeries(a, x) : 1 - gammaFraction(a, x);
}

/** Regularized upper incomplete gamma Q(a, x) = 1 − P(a, x), computed directly in its small tail. */
export function gammaQ(a: number, x: number): number {
  if (x <= 0) return 1;
  return x < a + 1 ? 1 - gammaSeries(a, x) : gammaFraction(a, x);
}

/** P[χ²(df) ≥ x]: TestU01's p-value of a chi-square statistic (N = 1). */
export function chiSquareSf(x: number, df: number): number {
  return gammaQ(df / 2, x / 2);
}

/** P[Y ≤ y] for Y ~ Poisson(λ): Q(y + 1, λ). */
export function poissonCdf(lambda: number, y: number): number {
  if (y < 0) return 0;
  return gammaQ(y + 1, lambda);
}

/** P[Y ≥ y] for Y ~ Poisson(λ): P(y, λ). */
export function poissonSf(lambda: number, y: number): number {
  if (y <= 0) return 1;
  return gammaP(y, lambda);
}

/**
 * TestU01's p-value of a discrete statistic from its left and right tails (gofw_pDisc): the right
 * tail when it is the smaller, otherwise 1 − the left tail (so too few also lands near 1).
 */
export function pDiscrete(pLeft: number, pRight: number): number {
  if (pRight < pLeft) return pRight;
  if (pLeft > 0.5) return 0.5;
  return 1 - pLeft;
}

/** C(n, k) p^k (1 − p)^(n − k), in log space. */
export function binomialPmf(n: number, k: number, p: number): number {
  if (k < 0 || k > n) return 0;
  const logC = logGamma(n + 1) - logGamma(k + 1) - logGamma(n - k + 1);
  return Math.exp(logC + k * Math.log(p) + (n - k) * Math.log1p(-p));
}

/** Stirling numbers of the second kind S(n, k) for 0 ≤ k ≤ n ≤ maxN, as doubles (exact below 2^53). */
export function stirling2(maxN: number): Float64Array[] {
  const s: Float64Array[] = [];
  for (let n = 0; n <= maxN; n++) {
    const row = new Float64Array(maxN + 1);
    if (n === 0) row[0] = 1;
    else for (let k = 1; k <= n; k++) row[k] = k * s[n - 1]![k]! + s[n - 1]![k - 1]!;
    s.push(row);
  }
  return s;
}

/**
 * The limiting distribution of the Anderson–Darling statistic, P[A² ≤ z] as n → ∞, by Marsaglia &
 * Marsaglia's two-piece approximation (J. Stat. Software 9(2), 2004; error < 2e-6). SmallCrush
 * applies A² to n = 2·10^6 values, where the finite-n correction is far below that.
 */
export function andersonDarlingCdf(z: number): number {
  if (z <= 0) return 0;
  if (z < 2) {
    const poly = 2.00012 + (0.247105 - (0.0649821 - (0.0347962 - (0.011672 - 0.00168691 * z) * z) * z) * z) * z;
    return (Math.exp(-1.2337141 / z) / Math.sqrt(z)) * poly;
  }
  return Math.exp(-Math.exp(1.0776 - (2.30695 - (0.43424 - (0.082433 - (0.008056 - 0.0003146 * z) * z) * z) * z) * z));
}

/** Half the machine epsilon: TestU01 keeps transformed values this far inside (0, 1) for A². */
const AD_EPS = Number.EPSILON / 2;

/** A² of values already transformed to [0, 1] by the hypothesised CDF; sorts `u` in place. */
export function andersonDarlingStatistic(u: Float64Array): number {
  u.sort();
  const n = u.length;
  let sum = 0;
  for (let i = 0; i < n; i++) {
    const lo = Math.min(Math.max(u[i]!, AD_EPS), 1 - AD_EPS);
    const hi = Math.min(Math.max(u[n - 1 - i]!, AD_EPS), 1 - AD_EPS);
    sum += (2 * i + 1) * (Math.log(lo) + Math.log1p(-hi));
  }
  return -n - sum / n;
}
