/** Poisson tail probabilities, summed in log space so extreme tails stay accurate. */
function logPmf(lambda: number, k: number): number {
  let logFact = 0;
  for (let i = 2; i <= k; i++) logFact += Math.log(i);
  return -lambda + k * Math.log(lambda) - logFact;
}

/** P[Y ≤ y] for Y ~ Poisson(λ). */
export function poissonCdf(lambda: number, y: number): number {
  if (y < 0) return 0;
  let sum = 0;
  let term = Math.exp(-lambda);
  for (let k = 0; k <= y; k++) {
    if (k > 0) term *= lambda / k;
    sum += term;
    if (term === 0 && k > lambda) break;
  }
  return Math.min(1, sum);
}

/** P[Y ≥ y] for Y ~ Poisson(λ), from the upper sum when it is the small side. */
export function poissonSf(lambda: number, y: number): number {
  if (y <= 0) return 1;
  if (y <= lambda) return 1 - poissonCdf(lambda, y - 1);
  let sum = 0;
  let log = logPmf(lambda, y);
  for (let k = y; k < y + 10000; k++) {
    if (k > y) log += Math.log(lambda / k);
    const term = Math.exp(log);
    sum += term;
    if (term < sum * 1e-17) break;
  }
  return Math.min(1, sum);
}
