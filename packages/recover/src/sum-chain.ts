/**
 * Exact recovery of a xorshift128+ state from a chain of consecutive `(s0 + s1)` outputs whose
 * sum bits are known on a range of levels — a guess-and-determine search, met in the middle.
 *
 * Words: w_u = state0 after t₀ + u steps (u = 0 … n), so output u is w_u + w_{u+1}; every bit of
 * every w_u is a linear form in the 128 unknown bits (the symbolic table of gf2.ts). From the
 * lowest known level j₀ upwards, guessing bit j of w_0 determines bit j of every other word of
 * the chain: w_{u+1,j} = z_{u,j} ⊕ w_{u,j} ⊕ c_{u,j}, with the carries c known from the levels
 * below (at j₀: 0 for the low mappings, guessed — 2^n ways — for `(s0 + s1) >> 11`). So L levels
 * give (n + 1)·L linear equations for L guessed bits. Their forms are fixed before any guess, so
 * one elimination gives, besides rank 128, the K = (n + 1)·L − 128 parity checks every correct
 * assignment satisfies. A check splits into the part of the levels below j₁ and the part from j₁
 * up; the lower parts of all paths below j₁ (with the carries they leave at j₁) go into a hash
 * table, and each path from j₁ up (for each carry vector) looks up the lower paths with the same
 * 32 check bits. A match is run through every check, solved for the state (rank 128: unique) and
 * handed to `emit`. Every state whose outputs agree with the known sum bits is met by its own
 * path, so the matches, once emitted, are all of them: the search is exhaustive, not heuristic.
 * Cost ≈ 2^(cin + a) + 2^(n + L − a) node visits for a split a = j₁ − j₀ (chosen to balance).
 */
import { UNKNOWNS, s0Offset, symbolicRows } from './gf2.js';

/** One chain: outputs t₀ … t₀ + n − 1 (steps from the frame state), their sums' bits from `lo` up to `hi` (exclusive). */
export interface SumChain {
  readonly t0: number;
  /** Each output's 64-bit sum as [high 32 bits, low 32 bits]; only bits lo … hi − 1 are used. */
  readonly sums: readonly (readonly [number, number])[];
  readonly lo: number;
  readonly hi: number;
  /** Whether the carry into level lo is known to be 0 (lo = 0) or has to be guessed. */
  readonly carryInKnown: boolean;
}

export interface ChainPlan {
  readonly n: number;
  readonly levels: number;
  readonly split: number;
  /** Estimated node visits (the planning cost model). */
  readonly cost: number;
}

/** Syndrome bits compared in the hash join (the other checks are run on each match). */
const SYN_BITS = 32;
/** Equations at most (tracking vectors of 8 words). */
const MAX_EQ = 256;
const TW = MAX_EQ / 32;

/** The cheapest (levels, split) for a chain of n outputs with `span` known levels; undefined when none reaches rank 128 on paper. */
export function planChain(n: number, span: number, carryInKnown: boolean): ChainPlan | undefined {
  const cin = carryInKnown ? 0 : n;
  let best: ChainPlan | undefined;
  for (let L = Math.ceil(UNKNOWNS / n) + 1; L <= span; L++) {
    if ((n + 1) * L > MAX_EQ) break;
    const K = (n + 1) * L - UNKNOWNS;
    const falseMatches = 2 ** (cin + L - Math.min(K, SYN_BITS));
    for (let a = 1; a < L; a++) {
      const cost = 2 ** (cin + a + 1) + 2 ** (n + L - a + 1) + 64 * falseMatches;
      if (!best || cost < best.cost) best = { n, levels: L, split: a, cost };
    }
  }
  return best;
}

function parity(w: number): number {
  w ^= w >>> 16;
  w ^= w >>> 8;
  w ^= w >>> 4;
  w ^= w >>> 2;
  w ^= w >>> 1;
  return w & 1;
}

/** Bit j of a [high, low] pair. */
function bitAt(v: readonly [number, number], j: number): number {
  return j >= 32 ? (v[0] >>> (j - 32)) & 1 : (v[1] >>> j) & 1;
}

export interface ChainResult {
  /** False when the equations did not reach rank 128 within the known levels (nothing is proven then). */
  readonly solved: boolean;
  readonly matches: number;
  readonly nodes: number;
}

/**
 * Every state (as [state0 hi, state0 lo, state1 hi, state1 lo] of the frame) whose outputs at the
 * chain agree with its sum bits on the planned levels is passed to `emit` (which checks it in
 * full). `emit` returns false to stop early (then `solved` stays true but the caller knows it stopped).
 */
export function solveChain(chain: SumChain, plan: ChainPlan, emit: (x: Int32Array) => boolean): ChainResult {
  const n = chain.sums.length;
  const words = n + 1;
  let L = plan.levels;
  const j0 = chain.lo;
  const table = symbolicRows(chain.t0 + words + 1);
  // Elimination with tracking: row = 4 coefficient words + TW tracking words.
  const RW = 4 + TW;
  let pivRows = new Int32Array(0);
  let pivBit = new Int16Array(0);
  let checks: Int32Array[] = [];
  let rank: number;
  for (;;) {
    const neq = words * L;
    pivRows = new Int32Array(UNKNOWNS * RW);
    pivBit = new Int16Array(UNKNOWNS).fill(-1); // pivot bit → row index
    const has = new Int16Array(UNKNOWNS).fill(-1);
    checks = [];
    rank = 0;
    const row = new Int32Array(RW);
    for (let e = 0; e < neq; e++) {
      const j = j0 + Math.floor(e / words);
      const u = e % words;
      const off = s0Offset(chain.t0 + u, j);
      row.fill(0);
      for (let w = 0; w < 4; w++) row[w] = table[off + w]!;
      row[4 + (e >>> 5)] = 1 << (e & 31);
      for (;;) {
        let bit: number;
        if (row[0] !== 0) bit = 31 - Math.clz32(row[0]! & -row[0]!);
        else if (row[1] !== 0) bit = 32 + 31 - Math.clz32(row[1]! & -row[1]!);
        else if (row[2] !== 0) bit = 64 + 31 - Math.clz32(row[2]! & -row[2]!);
        else if (row[3] !== 0) bit = 96 + 31 - Math.clz32(row[3]! & -row[3]!);
        else {
          checks.push(row.slice(4));
          break;
        }
        const r = has[bit]!;
        if (r < 0) {
          pivRows.set(row, rank * RW);
          has[bit] = rank;
          pivBit[rank] = bit;
          rank++;
          break;
        }
        for (let w = 0; w < RW; w++) row[w]! ^= pivRows[r * RW + w]!;
      }
    }
    if (rank === UNKNOWNS || j0 + L >= chain.hi || words * (L + 1) > MAX_EQ) break;
    L++;
  }
  if (rank < UNKNOWNS) return { solved: false, matches: 0, nodes: 0 };
  const neq = words * L;
  const split = Math.min(plan.split, L - 1);
  const j1 = j0 + split;
  const jEnd = j0 + L;
  // Column of each equation in the 32 syndrome bits.
  const col = new Int32Array(neq);
  const nsyn = Math.min(SYN_BITS, checks.length);
  for (let k = 0; k < nsyn; k++) {
    const c = checks[k]!;
    for (let e = 0; e < neq; e++) if ((c[e >>> 5]! >>> (e & 31)) & 1) col[e]! |= 1 << k;
  }
  // Known sum bits per (level, output).
  const z = new Uint8Array(64 * n);
  for (let u = 0; u < n; u++) for (let j = chain.lo; j < chain.hi; j++) z[j * n + u] = bitAt(chain.sums[u]!, j);

  let nodes = 0;
  // Per level: (carries, guessed bit of w_0) → next carries and the level's syndrome part.
  const cinCount = chain.carryInKnown ? 1 : 1 << n;
  const ways = 1 << (n + 1);
  const nextCar = new Int32Array(L * ways);
  const synOf = new Int32Array(L * ways);
  for (let j = j0; j < jEnd; j++) {
    const base = (j - j0) * words;
    for (let car = 0; car < 1 << n; car++) {
      for (let g = 0; g < 2; g++) {
        let w = g;
        let s = g ? col[base]! : 0;
        let nc = 0;
        for (let u = 0; u < n; u++) {
          const c = (car >>> u) & 1;
          const w2 = bitAt(chain.sums[u]!, j) ^ w ^ c;
          if (w2) s ^= col[base + u + 1]!;
          nc |= ((w & w2) | (c & (w ^ w2))) << u;
          w = w2;
        }
        nextCar[(j - j0) * ways + car * 2 + g] = nc;
        synOf[(j - j0) * ways + car * 2 + g] = s;
      }
    }
  }
  /** All paths over levels [from, to) from the given starting carries: (car, syn, path, start index), breadth first. */
  const expand = (from: number, to: number, start: Int32Array): { car: Int32Array; syn: Int32Array; path: Int32Array; origin: Int32Array } => {
    let car = start.slice();
    let syn = new Int32Array(start.length);
    let path = new Int32Array(start.length);
    let origin = Int32Array.from(start, (_, i) => i);
    for (let j = from; j < to; j++) {
      const m = car.length;
      const nc = new Int32Array(2 * m);
      const ns = new Int32Array(2 * m);
      const np = new Int32Array(2 * m);
      const no = new Int32Array(2 * m);
      const t = (j - j0) * ways;
      const bit = 1 << (j - from);
      for (let i = 0; i < m; i++) {
        const k = t + car[i]! * 2;
        const s = syn[i]!;
        const p = path[i]!;
        const o = origin[i]!;
        nc[2 * i] = nextCar[k]!;
        ns[2 * i] = s ^ synOf[k]!;
        np[2 * i] = p;
        no[2 * i] = o;
        nc[2 * i + 1] = nextCar[k + 1]!;
        ns[2 * i + 1] = s ^ synOf[k + 1]!;
        np[2 * i + 1] = p | bit;
        no[2 * i + 1] = o;
      }
      nodes += 2 * m;
      car = nc;
      syn = ns;
      path = np;
      origin = no;
    }
    return { car, syn, path, origin };
  };
  // Lower half: every path of levels j0 … j1 − 1 for every carry-in, in a hash table by (syndrome, carries at j1).
  const lowSide = expand(j0, j1, Int32Array.from({ length: cinCount }, (_, i) => i));
  const cap = lowSide.car.length;
  let size = 1;
  while (size < cap * 2) size *= 2;
  const mask = size - 1;
  const head = new Int32Array(size).fill(-1);
  const next = new Int32Array(cap);
  const hash = (syn: number, car: number) => (Math.imul(syn ^ Math.imul(car, 0x9e3779b1), 0x85ebca6b) >>> 7) & mask;
  for (let i = 0; i < cap; i++) {
    const h = hash(lowSide.syn[i]!, lowSide.car[i]!);
    next[i] = head[h]!;
    head[h] = i;
  }

  // Upper half, and the join.
  let matches = 0;
  let stop = false;
  const bits = new Int32Array(TW);
  const x = new Int32Array(4);
  const order = Array.from({ length: rank }, (_, r) => r).sort((a, b) => pivBit[b]! - pivBit[a]!);
  /** Rebuilds every equation's value from a full path, runs every check, solves, emits. */
  const settle = (cin: number, lowPath: number, highPath: number): void => {
    bits.fill(0);
    let car = cin;
    for (let j = j0; j < jEnd; j++) {
      const base = (j - j0) * words;
      let w = j < j1 ? (lowPath >>> (j - j0)) & 1 : (highPath >>> (j - j1)) & 1;
      if (w) bits[base >>> 5]! |= 1 << (base & 31);
      let nc = 0;
      for (let u = 0; u < n; u++) {
        const c = (car >>> u) & 1;
        const w2 = z[j * n + u]! ^ w ^ c;
        const e = base + u + 1;
        if (w2) bits[e >>> 5]! |= 1 << (e & 31);
        nc |= ((w & w2) | (c & (w ^ w2))) << u;
        w = w2;
      }
      car = nc;
    }
    for (const c of checks) {
      let p = 0;
      for (let i = 0; i < TW; i++) p ^= c[i]! & bits[i]!;
      if (parity(p)) return;
    }
    matches++;
    // Back-substitution, highest pivot first (a pivot row only has bits ≥ its pivot).
    x.fill(0); // x[0] = unknowns 0–31 (state0 low), x[1] state0 high, x[2] state1 low, x[3] state1 high
    for (const r of order) {
      const o = r * RW;
      let p = (pivRows[o]! & x[0]!) ^ (pivRows[o + 1]! & x[1]!) ^ (pivRows[o + 2]! & x[2]!) ^ (pivRows[o + 3]! & x[3]!);
      for (let i = 0; i < TW; i++) p ^= pivRows[o + 4 + i]! & bits[i]!;
      if (parity(p)) {
        const b = pivBit[r]!;
        x[b >>> 5]! |= 1 << (b & 31);
      }
    }
    if (!emit(new Int32Array([x[1]!, x[0]!, x[3]!, x[2]!]))) stop = true;
  };
  for (let car1 = 0; car1 < 1 << n && !stop; car1++) {
    const hi = expand(j1, jEnd, new Int32Array([car1]));
    const m = hi.syn.length;
    for (let k = 0; k < m && !stop; k++) {
      const syn = hi.syn[k]!;
      for (let i = head[hash(syn, car1)]!; i >= 0; i = next[i]!) {
        if (lowSide.syn[i] === syn && lowSide.car[i] === car1) settle(lowSide.origin[i]!, lowSide.path[i]!, hi.path[k]!);
        if (stop) break;
      }
    }
  }
  return { solved: true, matches, nodes };
}
