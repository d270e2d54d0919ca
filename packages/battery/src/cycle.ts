/**
 * Brent's cycle detection for a generator step on one 32-bit word (e.g. one MWC1616 half, or the
 * low bits of the LCG): returns the cycle length λ and the tail length μ from x0.
 */
export function brentCycle(step: (x: number) => number, x0: number, maxSteps = 2 ** 34, onProgress?: (steps: number) => void): { lambda: number; mu: number } {
  let power = 1;
  let lambda = 1;
  let tortoise = x0;
  let hare = step(x0);
  let steps = 1;
  while (tortoise !== hare) {
    if (power === lambda) {
      tortoise = hare;
      power *= 2;
      lambda = 0;
    }
    hare = step(hare);
    lambda++;
    if (++steps > maxSteps) throw new RangeError(`no cycle within ${maxSteps} steps`);
    if (onProgress && (steps & 0xffffff) === 0) onProgress(steps);
  }
  let mu = 0;
  tortoise = x0;
  hare = x0;
  for (let i = 0; i < lambda; i++) hare = step(hare);
  while (tortoise !== hare) {
    tortoise = step(tortoise);
    hare = step(hare);
    mu++;
  }
  return { lambda, mu };
}
