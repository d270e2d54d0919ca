/**
 * The 48-bit LCGs (java.util.Random's x' = a·x + c mod 2^48, two steps per Math.random()) from
 * truncated observations — full values, buckets ⌊x · n⌋ of any size, gaps — by lattice
 * reduction, complete by enumeration:
 *
 *  - A value is m / 2^D with m = (x₁ >> (48 − F)) · 2^27 + (x₂ >> 21) for the call's two states:
 *    SpiderMonkey ≤ 44, Rhino, Firefox 1–3 (java.util.Random#nextDouble): F = 26, D = 53, exact;
 *    Chakra / JScript and Netscape's Mocha: F = 27, D = 54, m rounded once to 53 bits (so the
 *    observed m is off by at most one). An observation bounds m, hence the leading bits of x₁
 *    (and of x₂ when x₁'s part is pinned): each gives a box constraint L ≤ x_k ≤ U.
 *  - With X the state before the first observation, x_k = a^k·X + c_k mod 2^48, so the vectors
 *    (x_{k₁} − c_{k₁}, …, x_{k_d} − c_{k_d}) of all X form a lattice (basis (1, a^{k_i − k_1}…)
 *    and 2^48·e_i), in which we need every point inside the box (coordinates scaled by powers of
 *    two so that every side is about as long).
 *  - LLL reduces the basis; the enumeration lists every lattice point within the ball around the
 *    box's centre that contains the box (radius² = Σ half-sides²), so no X that fits is missed;
 *    each point found is turned back into X and checked against every observation in full. If
 *    the enumeration would pass its node budget, the answer is "incomplete" (never a guess).
 *
 * The expected number of points in the ball is about V_d·(√d/2)^d · 2^48 / Π n_i: it shrinks with
 * each value while n ≳ 3 (more values make the search cheaper); for coin flips (n = 2) the ball
 * grows faster than the information: refused as incomplete.
 */
import { LCG48_ADDEND, LCG48_MULTIPLIER } from '@emu/core';
import { MOCHA_MULTIPLIER } from '@emu/netscape-lcg';
import { type Observed, bucketRange, isResidue, matches } from './observe.js';
import { combine, enumerate, lll } from './lattice.js';

const M = 1n << 48n;
const MASK = M - 1n;

/** A 48-bit LCG engine's output: x' = a·x + c mod 2^48, two steps per value, m = (x₁ >> (48 − F)) · 2^27 + (x₂ >> 21) over 2^D. */
export interface LcgShape {
  readonly a: bigint;
  readonly c: bigint;
  /** Bits of the call's first state in m (26 or 27). */
  readonly firstBits: number;
  /** m is over 2^D. */
  readonly denominator: number;
  /** m has 54 bits and is rounded once to 53 (observed m may be off by one). */
  readonly rounds: boolean;
}

const JAVA_A = BigInt(LCG48_MULTIPLIER);
const C = BigInt(LCG48_ADDEND);
/** The engines' LCG shapes by emulator variant. */
export const LCG_SHAPES: Readonly<Record<string, LcgShape>> = {
  'spidermonkey-lcg': { a: JAVA_A, c: C, firstBits: 26, denominator: 53, rounds: false },
  'spidermonkey-runtime': { a: JAVA_A, c: C, firstBits: 26, denominator: 53, rounds: false },
  'chakra-lcg': { a: JAVA_A, c: C, firstBits: 27, denominator: 54, rounds: true },
  'jscript-lcg': { a: JAVA_A, c: C, firstBits: 27, denominator: 54, rounds: true },
  'netscape-mocha': { a: BigInt(MOCHA_MULTIPLIER), c: C, firstBits: 27, denominator: 54, rounds: true },
};

/** The double a call with states x₁, x₂ returns. */
export function lcgValue(shape: LcgShape, x1: bigint, x2: bigint): number {
  const hi = Number(x1 >> BigInt(48 - shape.firstBits));
  const lo = Number(x2 >> 21n);
  // hi · 2^27 is exact; adding lo rounds once (ties to even) when the sum has 54 bits.
  return (hi * 2 ** 27 + lo) / 2 ** shape.denominator;
}

/** ln Γ(x) for x > 0 (Lanczos), for the ball volume. */
function lgamma(x: number): number {
  const g = [676.5203681218851, -1259.1392167224028, 771.32342877765313, -176.61502916214059, 12.507343278686905, -0.13857109526572012, 9.9843695780195716e-6, 1.5056327351493116e-7];
  if (x < 0.5) return Math.log(Math.PI / Math.sin(Math.PI * x)) - lgamma(1 - x);
  x -= 1;
  let a = 0.99999999999980993;
  const t = x + 7.5;
  for (let i = 0; i < 8; i++) a += g[i]! / (x + i + 1);
  return 0.5 * Math.log(2 * Math.PI) + (x + 0.5) * Math.log(t) - t + Math.log(a);
}

function modInverse(x: bigint): bigint {
  // Newton iteration for odd x mod 2^48.
  let y = x;
  for (let i = 0; i < 6; i++) y = (y * (2n - x * y)) & MASK;
  return y;
}

interface Constraint {
  /** State index: x_k, k ≥ 1 (x₀ = X, the state before observation 0). */
  k: number;
  lo: bigint;
  hi: bigint;
}

/** The box constraints an observation at index i puts on x_{2i+1} and x_{2i+2}; null if no m fits. */
function constraints(shape: LcgShape, o: Observed, i: number): Constraint[] | null {
  // A residue (the union of its buckets) puts no box on the state: lcgFits checks it.
  if (o === null || isResidue(o)) return [];
  // m as BigInt: 54-bit integers are not all doubles.
  const D = shape.denominator;
  const top = (1n << BigInt(shape.firstBits + 27)) - 1n;
  let mlo: bigint;
  let mhi: bigint;
  if (typeof o === 'number') {
    if (!(o >= 0 && o < 1)) return null;
    const m = o * 2 ** D;
    if (!Number.isInteger(m)) return null;
    [mlo, mhi] = [BigInt(m), BigInt(m)];
  } else {
    // On the 2^-53 grid (exact in doubles); a 2^-54 multiple j in the bucket has 2·lo − 1 ≤ j ≤ 2·hi + 1.
    const [lo, hi] = bucketRange(o, 53);
    if (lo > hi) return null;
    [mlo, mhi] = D === 54 ? [2n * BigInt(lo) - 1n, 2n * BigInt(hi) + 1n] : [BigInt(lo), BigInt(hi)];
  }
  // Rounded once to 53 bits: the m before rounding is within one of the double's.
  if (shape.rounds) [mlo, mhi] = [mlo - 1n, mhi + 1n];
  if (mlo < 0n) mlo = 0n;
  if (mhi > top) mhi = top;
  if (mlo > mhi) return null;
  const s1 = BigInt(48 - shape.firstBits);
  const t1lo = mlo >> 27n;
  const t1hi = mhi >> 27n;
  const out: Constraint[] = [{ k: 2 * i + 1, lo: t1lo << s1, hi: ((t1hi + 1n) << s1) - 1n }];
  if (t1lo === t1hi) {
    const l2 = mlo & 0x7ffffffn;
    const h2 = mhi & 0x7ffffffn;
    out.push({ k: 2 * i + 2, lo: l2 << 21n, hi: ((h2 + 1n) << 21n) - 1n });
  }
  return out;
}

/** Limits of recoverLcgLattice (past them the answer is incomplete, never a guess). */
export interface LatticeOptions {
  /** Constraints used in the lattice at most (the rest only check candidates). Default 40. */
  readonly maxDimension?: number;
  /** Enumeration nodes at most. Default 2^21. */
  readonly maxNodes?: number;
  /** Distinct fitting states kept at most. Default 256. */
  readonly maxStates?: number;
  /** Lattice points (before the check) at most. Default 50,000. */
  readonly maxPoints?: number;
  /** Only estimate the lattice points to enumerate (`expected`), before any reduction. */
  readonly estimateOnly?: boolean;
}

/** What recoverLcgLattice found. */
export interface LcgLatticeRecovery {
  /** States X (before observation 0) that reproduce every observation. */
  readonly states: number[];
  /** True when `states` is provably every state that fits. */
  readonly complete: boolean;
  /** No state can produce one of the observations (a value off the engine's grid). */
  readonly impossible: boolean;
  /** Lattice dimension used, nodes enumerated, lattice points found. */
  readonly dimension: number;
  readonly nodes: number;
  readonly points: number;
  /** Why the list may be incomplete. */
  readonly reason?: string;
  /** The lattice points expected in the search's ball (the cost of an exhaustive enumeration). */
  readonly expected?: number;
}

/** Whether state X reproduces every observation. */
export function lcgFits(shape: LcgShape, X: bigint, observed: readonly Observed[]): boolean {
  let x = X;
  for (const o of observed) {
    const x1 = (shape.a * x + shape.c) & MASK;
    x = (shape.a * x1 + shape.c) & MASK;
    if (o === null) continue;
    const v = lcgValue(shape, x1, x);
    if (!matches(v, o)) return false;
  }
  return true;
}

/** Observations the lattice takes at most (the narrowest): past them more values add nothing. */
export const LCG_MAX_DIMENSION = 40;
/** Lattice points (before the check) a search enumerates at most, by default. */
const DEFAULT_MAX_POINTS = 50_000;
/** Expected lattice points past which a search is not started (8 × the points it keeps). */
export const LCG_MAX_EXPECTED = 8 * DEFAULT_MAX_POINTS;

/**
 * Every state of the LCG `shape` that explains the observations (complete: true), or the ones
 * found with complete: false when the lattice is too loose for an exhaustive enumeration.
 */
export function recoverLcgLattice(shape: LcgShape, observed: readonly Observed[], options: LatticeOptions = {}): LcgLatticeRecovery {
  const maxDim = options.maxDimension ?? LCG_MAX_DIMENSION;
  const maxNodes = options.maxNodes ?? 2 ** 21;
  const maxStates = options.maxStates ?? 256;
  const maxPoints = options.maxPoints ?? DEFAULT_MAX_POINTS;
  const all: Constraint[] = [];
  for (let i = 0; i < observed.length; i++) {
    const c = constraints(shape, observed[i]!, i);
    if (c === null) return { states: [], complete: true, impossible: true, dimension: 0, nodes: 0, points: 0 };
    for (const x of c) if (x.hi - x.lo < M / 2n) all.push(x);
  }
  // Narrowest first (most information per dimension), then in order.
  const used = [...all].sort((p, q) => (p.hi - p.lo < q.hi - q.lo ? -1 : p.hi - p.lo > q.hi - q.lo ? 1 : p.k - q.k)).slice(0, maxDim);
  used.sort((p, q) => p.k - q.k);
  const d = used.length;
  if (d === 0) return { states: [], complete: false, impossible: false, dimension: 0, nodes: 0, points: 0, reason: 'no observation pins any state bits' };
  const maxK = Math.max(...used.map((c) => c.k));
  // a^k and c_k for k = 0 … maxK.
  const A: bigint[] = [1n];
  const C: bigint[] = [0n];
  for (let k = 1; k <= maxK; k++) {
    A.push((A[k - 1]! * shape.a) & MASK);
    C.push((C[k - 1]! * shape.a + shape.c) & MASK);
  }
  const k1 = used[0]!.k;
  const inv1 = modInverse(A[k1]!);
  const half = used.map((c) => Number(c.hi - c.lo) / 2);
  const e = half.map((h) => Math.ceil(Math.log2(h + 1)));
  const emax = Math.max(...e);
  const scale = e.map((x) => 1n << BigInt(emax - x));
  const rows: bigint[][] = [];
  rows.push(used.map((c, i) => ((A[c.k]! * inv1) & MASK) * scale[i]!));
  for (let i = 1; i < d; i++) rows.push(used.map((_, j) => (j === i ? M * scale[i]! : 0n)));
  const target = used.map((c, i) => {
    // Centre of the box, shifted by c_k (any representative mod 2^48 will do: the lattice holds 2^48·e_i).
    const centre = (c.lo + c.hi) / 2n - C[c.k]!;
    const frac = (c.lo + c.hi) % 2n === 0n ? 0 : 0.5;
    return (Number(centre) + frac) * Number(scale[i]!);
  });
  const r2 = half.reduce((s, h, i) => s + (h * Number(scale[i]!)) ** 2, 0) * (1 + 1e-6) + 4;
  // Expected lattice points in the ball, V_d · R^d / det: past the cap, refuse before enumerating.
  const logVd = (d / 2) * Math.log(Math.PI) - lgamma(d / 2 + 1);
  const logDet = (d - 1) * 48 * Math.LN2 + scale.reduce((s, x) => s + Math.log(Number(x)), 0);
  const expected = Math.exp(logVd + (d / 2) * Math.log(r2) - logDet);
  if (expected > 8 * maxPoints || options.estimateOnly) {
    return { states: [], complete: false, impossible: false, dimension: d, nodes: 0, points: 0, expected, reason: `the observations leave about ${expected.toExponential(1)} lattice candidates to enumerate (at most ${8 * maxPoints})` };
  }
  const red = lll(rows);
  // The Gram–Schmidt norms the enumeration bounds rest on must multiply to det² (they do, to about
  // 1e-12, unless the doubles lost the geometry): otherwise nothing is concluded.
  const logNorms = Array.from(red.norms).reduce((s, x) => s + Math.log(x), 0);
  if (!(Math.abs(logNorms - 2 * logDet) < 1e-6 * Math.max(1, Math.abs(logDet)))) {
    return { states: [], complete: false, impossible: false, dimension: d, nodes: 0, points: 0, reason: `the lattice's Gram–Schmidt data lost precision (log det ${logDet.toFixed(3)} vs ${(logNorms / 2).toFixed(3)})` };
  }
  // A point is kept only if every coordinate lies in its box side (checked in doubles with a margin; exactly below).
  const fb = red.basis.map((r) => Float64Array.from(r, Number));
  const side = half.map((h, i) => h * Number(scale[i]!) * (1 + 1e-6) + 1);
  const accept = (u: Float64Array): boolean => {
    for (let i = 0; i < d; i++) {
      let v = 0;
      for (let j = 0; j < d; j++) if (u[j] !== 0) v += u[j]! * fb[j]![i]!;
      const m = Number(M * scale[i]!);
      // Any representative mod 2^48 (scaled) may be the one in the box.
      let off = (v - target[i]!) % m;
      if (off > m / 2) off -= m;
      if (off < -m / 2) off += m;
      if (Math.abs(off) > side[i]!) return false;
    }
    return true;
  };
  const en = enumerate(red, target, r2, maxNodes, maxPoints, accept);
  const states = new Set<bigint>();
  const ainv = modInverse(shape.a);
  // X = a^-k1 · (x_{k1} − c_{k1}) mod 2^48 = a^-k1 · W.
  let invk = 1n;
  for (let k = 0; k < k1; k++) invk = (invk * ainv) & MASK;
  const stepBack = (w: bigint) => (w * invk) & MASK;
  let truncated = false;
  for (const u of en.points) {
    const v = combine(red.basis, u);
    const w = ((v[0]! / scale[0]!) % M + M) % M;
    const X = stepBack(w);
    if (states.has(X)) continue;
    if (!lcgFits(shape, X, observed)) continue;
    states.add(X);
    if (states.size > maxStates) {
      truncated = true;
      break;
    }
  }
  const list = [...states].map(Number);
  if (en.stopped || truncated) {
    return {
      states: list,
      complete: false,
      impossible: false,
      dimension: d,
      nodes: en.nodes,
      points: en.points.length,
      reason: truncated ? `more than ${maxStates} states fit` : `the lattice enumeration passed its budget of ${maxNodes} nodes (the observations leave too many candidates)`,
    };
  }
  return { states: list, complete: true, impossible: false, dimension: d, nodes: en.nodes, points: en.points.length };
}

/** The range of x₁ >> (48 − F) (the call's first state's top bits) an observation allows; [1, 0] when none. */
export function lcgFirstRange(shape: LcgShape, o: Observed): [number, number] {
  const c = constraints(shape, o, 0);
  if (c === null) return [1, 0];
  if (c.length === 0) return [0, 2 ** shape.firstBits - 1];
  const s1 = BigInt(48 - shape.firstBits);
  return [Number(c[0]!.lo >> s1), Number(c[0]!.hi >> s1)];
}
