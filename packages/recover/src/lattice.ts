/**
 * Lattice tools for truncated-LCG recovery: LLL reduction of an integer basis (exact BigInt rows,
 * Gram–Schmidt in doubles, re-derived from the exact rows after every change) and an exhaustive
 * enumeration of the lattice points within a ball (Schnorr–Euchner order, Fincke–Pohst bounds).
 *
 * The enumeration is what makes recovery complete: it visits every lattice point v with
 * ‖v − t‖² ≤ R² (the radius is widened by a relative margin far above the doubles' rounding
 * error), or reports that it stopped at its node budget — then nothing may be concluded.
 */

/** δ of the Lovász condition. */
const DELTA = 0.99;

function dot(a: Float64Array, b: Float64Array): number {
  let s = 0;
  for (let i = 0; i < a.length; i++) s += a[i]! * b[i]!;
  return s;
}

/** An LLL-reduced basis and its Gram–Schmidt data. */
export interface Reduced {
  /** The reduced basis, exact. */
  readonly basis: bigint[][];
  /** Gram–Schmidt coefficients μ[k][j] (j < k). */
  readonly mu: Float64Array[];
  /** ‖b*_k‖². */
  readonly norms: Float64Array;
}

/** Gram–Schmidt row k from the (double copies of the) rows 0 … k. */
function gsRow(f: Float64Array[], mu: Float64Array[], norms: Float64Array, k: number): void {
  const row = mu[k]!;
  let b = dot(f[k]!, f[k]!);
  for (let j = 0; j < k; j++) {
    let s = dot(f[k]!, f[j]!);
    const mj = mu[j]!;
    for (let i = 0; i < j; i++) s -= mj[i]! * row[i]! * norms[i]!;
    row[j] = s / norms[j]!;
    b -= row[j]! * row[j]! * norms[j]!;
  }
  norms[k] = b;
}

/** LLL-reduces the rows of `rows` (linearly independent, integer), in place. */
export function lll(rows: bigint[][]): Reduced {
  const d = rows.length;
  const f = rows.map((r) => Float64Array.from(r, Number));
  const mu = rows.map(() => new Float64Array(d));
  const norms = new Float64Array(d);
  gsRow(f, mu, norms, 0);
  let k = 1;
  let guard = 0;
  while (k < d) {
    if (++guard > 1e6) throw new Error('LLL did not converge');
    gsRow(f, mu, norms, k);
    // Size reduction (repeated while doubles leave a coefficient above one half).
    for (let again = true, pass = 0; again && pass < 20; pass++) {
      again = false;
      for (let j = k - 1; j >= 0; j--) {
        const m = mu[k]![j]!;
        if (Math.abs(m) <= 0.5) continue;
        const q = Math.round(m);
        const qb = BigInt(q);
        const rk = rows[k]!;
        const rj = rows[j]!;
        for (let i = 0; i < rk.length; i++) rk[i] = rk[i]! - qb * rj[i]!;
        f[k] = Float64Array.from(rk, Number);
        gsRow(f, mu, norms, k);
        if (Math.abs(q) > 2 ** 26) again = true;
      }
    }
    const m = mu[k]![k - 1]!;
    if (norms[k]! < (DELTA - m * m) * norms[k - 1]!) {
      [rows[k], rows[k - 1]] = [rows[k - 1]!, rows[k]!];
      [f[k], f[k - 1]] = [f[k - 1]!, f[k]!];
      if (k > 1) {
        gsRow(f, mu, norms, k - 1);
        k--;
      } else {
        gsRow(f, mu, norms, 0);
      }
    } else {
      k++;
    }
  }
  return { basis: rows, mu, norms };
}

/** The lattice points an enumeration found. */
export interface Enumeration {
  /** Integer coefficient vectors u (point = Σ u_j b_j) of the points found. */
  readonly points: bigint[][];
  /** Stopped at the node budget or the point cap: the list is not complete. */
  readonly stopped: boolean;
  readonly nodes: number;
}

/**
 * Every lattice point within distance √r2 of `target` (coordinates as doubles), by depth-first
 * enumeration from the last Gram–Schmidt vector down, zig-zagging outwards from each level's
 * centre. Stops (stopped: true) past `maxNodes` visited nodes or `maxPoints` points. `accept`
 * may drop a leaf cheaply (it must keep every point the caller could want).
 */
export function enumerate(red: Reduced, target: readonly number[], r2: number, maxNodes: number, maxPoints: number, accept?: (u: Float64Array) => boolean): Enumeration {
  const { mu, norms, basis } = red;
  const d = basis.length;
  // GS vectors b*_j in doubles, to write the target as Σ τ_j b*_j.
  const f = basis.map((r) => Float64Array.from(r, Number));
  const star: Float64Array[] = [];
  for (let j = 0; j < d; j++) {
    const s = Float64Array.from(f[j]!);
    for (let i = 0; i < j; i++) {
      const m = mu[j]![i]!;
      const si = star[i]!;
      for (let c = 0; c < s.length; c++) s[c] = s[c]! - m * si[c]!;
    }
    star.push(s);
  }
  const t = Float64Array.from(target);
  const tau = star.map((s, j) => dot(t, s) / norms[j]!);
  const u = new Float64Array(d);
  const points: bigint[][] = [];
  let nodes = 0;
  let stopped = false;
  const partial = new Float64Array(d + 1); // squared distance contributed by levels ≥ j
  const rec = (j: number): void => {
    if (stopped) return;
    let c = tau[j]!;
    for (let k = j + 1; k < d; k++) c -= mu[k]![j]! * u[k]!;
    const left = r2 - partial[j + 1]!;
    if (left < 0) return;
    const span = Math.sqrt(left / norms[j]!) * (1 + 1e-9) + 1e-9;
    const lo = Math.ceil(c - span);
    const hi = Math.floor(c + span);
    if (hi - lo > maxNodes) {
      stopped = true;
      return;
    }
    for (let x = lo; x <= hi; x++) {
      if (++nodes > maxNodes) {
        stopped = true;
        return;
      }
      const dd = (x - c) * (x - c) * norms[j]!;
      if (dd > left * (1 + 1e-9)) continue;
      u[j] = x;
      partial[j] = partial[j + 1]! + dd;
      if (j === 0) {
        if (accept && !accept(u)) continue;
        points.push(Array.from(u, (v) => BigInt(v)));
        if (points.length > maxPoints) {
          stopped = true;
          return;
        }
      } else {
        rec(j - 1);
        if (stopped) return;
      }
    }
  };
  rec(d - 1);
  return { points, stopped, nodes };
}

/** Σ u_j b_j, exact. */
export function combine(basis: readonly bigint[][], u: readonly bigint[]): bigint[] {
  const out = new Array<bigint>(basis[0]!.length).fill(0n);
  for (let j = 0; j < basis.length; j++) {
    if (u[j] === 0n) continue;
    const row = basis[j]!;
    for (let i = 0; i < out.length; i++) out[i] = out[i]! + u[j]! * row[i]!;
  }
  return out;
}
