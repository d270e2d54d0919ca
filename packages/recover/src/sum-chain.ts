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
 * assignment satisfies; a check splits into the part of the levels below j₁ and the part from j₁
 * up. Both halves are walked depth first (consecutive paths share their first levels, so about
 * two level steps per path, from small per-level tables of next carries and syndrome parts). The
 * lower paths (every carry-in) are grouped by the carries they leave at j₁; per carry vector,
 * its lower paths and every upper path from it are partitioned by the top bits of a hash of
 * their 32 syndrome bits (sequential passes), and each part is joined in a table small enough
 * for the first-level cache — the search is bound by memory latency otherwise. A pair with
 * equal syndromes is run through every check, solved for the state (rank 128: unique), checked
 * against every known sum bit of the chain (not only the planned levels) and handed to `emit`.
 * Every state whose outputs agree with the known sum bits is met by its own pair of paths, so
 * the list is exhaustive, not heuristic. L may stay below 128 / n: the 2^(128 − n·L) states
 * that fit the planned levels are each met and checked on the rest. Cost (planChain's model,
 * in work units of a few ns) ≈ 6·2^(cin + a) + 4·2^(n + L − a) + 100 per checked pair, for a
 * split a = j₁ − j₀.
 */
import { xorshift128Step } from '@emu/core';
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

/** How solveChain will split a run of n sums: levels searched, where the two halves meet, and the estimated cost. */
export interface ChainPlan {
  readonly n: number;
  readonly levels: number;
  readonly split: number;
  /** Estimated work units (the planning cost model: about a few ns each). */
  readonly cost: number;
}

/** Pairs joined at most before a solve gives up (its alignment then stays unsettled, never guessed). */
const MAX_JOINED = 2 ** 22;
/** Syndrome bits compared in the hash join (the other checks are run on each match). */
const SYN_BITS = 32;
/** Equations at most (tracking vectors of 8 words). */
const MAX_EQ = 256;
const TW = MAX_EQ / 32;

/** Cost model weights (work units, calibrated on this machine): a stored lower path, an upper path, a checked pair. */
const LOW_WEIGHT = 6;
const HIGH_WEIGHT = 4;
const MATCH_WEIGHT = 100;

/** The cheapest (levels, split) for a chain of n outputs with `span` known levels; undefined when none reaches rank 128 on paper. */
export function planChain(n: number, span: number, carryInKnown: boolean): ChainPlan | undefined {
  const cin = carryInKnown ? 0 : n;
  let best: ChainPlan | undefined;
  // Fewer than 128 / n levels leave 2^(128 − n·L) states on the planned levels (each checked on
  // the rest of the sum bits when it is met); fewer than 128 / (n + 1) cannot reach rank 128.
  for (let L = Math.ceil(UNKNOWNS / (n + 1)) + 2; L <= span; L++) {
    if ((n + 1) * L > MAX_EQ) break;
    const K = (n + 1) * L - UNKNOWNS;
    const falseMatches = 2 ** (cin + L - Math.min(K, SYN_BITS)) + 2 ** Math.max(0, UNKNOWNS - n * L);
    for (let a = 1; a < L; a++) {
      if (cin + a > 26) break; // the lower half is stored: at most 2^26 paths
      const cost = LOW_WEIGHT * 2 ** (cin + a) + HIGH_WEIGHT * 2 ** (n + L - a) + MATCH_WEIGHT * falseMatches;
      if (!best || cost < best.cost) best = { n, levels: L, split: a, cost };
    }
  }
  return best;
}

/** Work arrays shared by every solve (no solve is re-entered): slot → the largest asked for yet. */
const buffers: Int32Array[] = [];
function scratch(slot: number, length: number): Int32Array {
  if (!buffers[slot] || buffers[slot].length < length) buffers[slot] = new Int32Array(length);
  return buffers[slot].subarray(0, length);
}

/** A 32-bit mixer (MurmurHash3's finaliser): syndromes of a linear subspace spread over the table. */
function mix(h: number): number {
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  return h ^ (h >>> 16);
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

const carS = new Int32Array(64);
const synS = new Int32Array(64);

/**
 * The lower half's paths from carry-in `cin`, depth first: path q (choice at level k is bit
 * d − 1 − k of q), so consecutive q share their first levels and only the changed tail is
 * recomputed (about 2 level steps per path). Each path's carries left at the split and its
 * syndrome go to cars / syns at index `at` + q.
 */
function walkLow(nextCar: Int32Array, synOf: Int32Array, ways: number, d: number, cin: number, cars: Int32Array, syns: Int32Array, at: number): void {
  carS[0] = cin;
  synS[0] = 0;
  const count = 1 << d;
  for (let q = 0, k0 = 0; q < count; q++) {
    if (q !== 0) k0 = d - 1 - (31 - Math.clz32(q & -q));
    for (let k = k0; k < d; k++) {
      const idx = k * ways + carS[k]! * 2 + ((q >>> (d - 1 - k)) & 1);
      carS[k + 1] = nextCar[idx]!;
      synS[k + 1] = synS[k]! ^ synOf[idx]!;
    }
    cars[at + q] = carS[d]!;
    syns[at + q] = synS[d]!;
  }
}

/** The upper half's paths from carries `car1` (levels from table offset t1 on): path q's syndrome goes to syns[q]. */
function walkHigh(nextCar: Int32Array, synOf: Int32Array, ways: number, t1: number, d: number, car1: number, syns: Int32Array): void {
  carS[0] = car1;
  synS[0] = 0;
  const count = 2 ** d;
  for (let q = 0, k0 = 0; q < count; q++) {
    if (q !== 0) k0 = d - 1 - (31 - Math.clz32(q & -q));
    for (let k = k0; k < d; k++) {
      const idx = t1 + k * ways + carS[k]! * 2 + ((q >>> (d - 1 - k)) & 1);
      carS[k + 1] = nextCar[idx]!;
      synS[k + 1] = synS[k]! ^ synOf[idx]!;
    }
    syns[q] = synS[d]!;
  }
}

const joinTable = new Int32Array(2 << 13);
const joinNext = new Int32Array(1 << 13);

/**
 * One part of the join: the lower paths [l0, l1) (syndrome, index) in an open-addressed table
 * (slot = [syndrome, first path + 1], 0 = empty; equal syndromes chained), probed by the upper
 * paths [h0, h1): hits gets (lower index, q) for every equal syndrome.
 */
function joinPart(lowSyn: Int32Array, lowIdx: Int32Array, l0: number, l1: number, highSyn: Int32Array, highQ: Int32Array, h0: number, h1: number, hits: number[]): void {
  const m = l1 - l0;
  if (m === 0 || h1 === h0) return;
  const bits = Math.max(4, Math.ceil(Math.log2(m)) + 1);
  const table = bits <= 13 ? joinTable.subarray(0, 2 << bits).fill(0) : new Int32Array(2 << bits);
  const next = m <= joinNext.length ? joinNext : new Int32Array(m);
  const mask = (1 << bits) - 1;
  for (let i = 0; i < m; i++) {
    const syn = lowSyn[l0 + i]!;
    let h = mix(syn) & mask;
    while (table[2 * h + 1] !== 0 && table[2 * h] !== syn) h = (h + 1) & mask;
    table[2 * h] = syn;
    next[i] = table[2 * h + 1]! - 1;
    table[2 * h + 1] = i + 1;
  }
  for (let j = h0; j < h1; j++) {
    const syn = highSyn[j]!;
    for (let h = mix(syn) & mask; table[2 * h + 1] !== 0; h = (h + 1) & mask) {
      if (table[2 * h] !== syn) continue;
      for (let i = table[2 * h + 1]! - 1; i >= 0; i = next[i]!) hits.push(lowIdx[l0 + i]!, highQ[j]!);
      break;
    }
  }
}

export interface ChainResult {
  /** False when the equations did not reach rank 128 within the known levels, or the join passed MAX_JOINED pairs (nothing is proven then). */
  readonly solved: boolean;
  readonly matches: number;
  /** Pairs of half paths with equal syndromes (each one fully checked). */
  readonly joined: number;
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
  if (rank < UNKNOWNS) return { solved: false, matches: 0, joined: 0, nodes: 0 };
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
  // The known sum bits lo … hi − 1 as masks of the [high, low] words.
  const bitsMask = (from: number, to: number): number => (to <= from ? 0 : to - from >= 32 ? -1 : ((2 ** (to - from) - 1) << from) | 0);
  const maskLo = bitsMask(Math.min(chain.lo, 32), Math.min(chain.hi, 32));
  const maskHi = bitsMask(Math.max(chain.lo, 32) - 32, Math.max(chain.hi, 32) - 32);
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
  /**
   * Paths are walked depth first: path q (choice at level from + k is bit d − 1 − k of q), so
   * consecutive q share their upper levels and only the changed tail is recomputed (about 2
   * level steps per path); carS / synS hold the carries and syndrome part at each depth.
   */
  // Lower half: every path of levels j0 … j1 − 1 for every carry-in, bucketed (counting sort) by
  // the carries it leaves at j1 and the low B bits of its syndrome.
  const split0 = j1 - j0;
  const lowPaths = 1 << split0;
  const lowCount = cinCount * lowPaths;
  const lowCars = scratch(0, lowCount);
  const lowSyn = scratch(1, lowCount);
  for (let cin = 0; cin < cinCount; cin++) walkLow(nextCar, synOf, ways, split0, cin, lowCars, lowSyn, cin * lowPaths);
  nodes += 2 * lowCount;
  // Grouped by the carries they leave (counting sort: 2^n sequential streams).
  const groupStart = new Int32Array((1 << n) + 1);
  for (let i = 0; i < lowCount; i++) groupStart[lowCars[i]! + 1]!++;
  for (let c = 0; c < 1 << n; c++) groupStart[c + 1]! += groupStart[c]!;
  const byCar = scratch(2, lowCount);
  const synByCar = scratch(5, lowCount); // the syndromes in the same order (read sequentially below)
  {
    const pos = groupStart.slice(0, 1 << n);
    for (let i = 0; i < lowCount; i++) {
      const p = pos[lowCars[i]!]!++;
      byCar[p] = i;
      synByCar[p] = lowSyn[i]!;
    }
  }
  /** A walk's path q (first level = bit d − 1) in settle's order (level k = bit k). */
  const pathBits = (q: number, d: number): number => {
    let p = 0;
    for (let k = 0; k < d; k++) p |= ((q >>> (d - 1 - k)) & 1) << k;
    return p;
  };

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
    // The state must reproduce every known sum bit of the chain, not only the planned levels.
    const state = new Int32Array([x[1]!, x[0]!, x[3]!, x[2]!]);
    const s = state.slice();
    for (let t = 0; t < chain.t0; t++) xorshift128Step(s);
    for (let u = 0; u < n; u++) {
      const lo = (s[1]! >>> 0) + (s[3]! >>> 0);
      const hiWord = (s[0]! + s[2]! + (lo >= 2 ** 32 ? 1 : 0)) | 0;
      const z = chain.sums[u]!;
      if (((hiWord ^ z[0]) & maskHi) !== 0 || ((lo ^ z[1]) & maskLo) !== 0) return;
      xorshift128Step(s);
    }
    matches++;
    if (!emit(state)) stop = true;
  };
  const upper = jEnd - j1;
  const highPaths = 2 ** upper;
  const t1 = split0 * ways;
  // Per carry vector car1 at the split: the lower paths leaving car1 and every upper path from
  // car1 are both partitioned by the top bits of their syndrome's hash (sequential passes), so
  // each part's table of lower paths is small enough to stay in the first-level cache.
  const hits: number[] = [];
  let joined = 0;
  const hiSyn = scratch(6, highPaths);
  for (let car1 = 0; car1 < 1 << n && !stop; car1++) {
    const g0 = groupStart[car1]!;
    const m = groupStart[car1 + 1]! - g0;
    if (m === 0) continue;
    walkHigh(nextCar, synOf, ways, t1, upper, car1, hiSyn);
    nodes += 2 * highPaths;
    const r = Math.max(0, Math.min(12, Math.ceil(Math.log2(m)) - 10));
    const parts = 1 << r;
    const pShift = 32 - r;
    // Lower paths by part: syndrome and index in the group.
    const lowStart = new Int32Array(parts + 1);
    const lowSynP = scratch(7, m);
    const lowIdxP = scratch(8, m);
    const highStart = new Int32Array(parts + 1);
    const highSynP = scratch(9, highPaths);
    const highQP = scratch(10, highPaths);
    if (r === 0) {
      lowStart[1] = m;
      lowSynP.set(synByCar.subarray(g0, g0 + m));
      for (let i = 0; i < m; i++) lowIdxP[i] = i;
      highStart[1] = highPaths;
      highSynP.set(hiSyn);
      for (let q = 0; q < highPaths; q++) highQP[q] = q;
    } else {
      for (let i = 0; i < m; i++) lowStart[(mix(synByCar[g0 + i]!) >>> pShift) + 1]!++;
      for (let q = 0; q < highPaths; q++) highStart[(mix(hiSyn[q]!) >>> pShift) + 1]!++;
      for (let k = 0; k < parts; k++) {
        lowStart[k + 1]! += lowStart[k]!;
        highStart[k + 1]! += highStart[k]!;
      }
      const lp = lowStart.slice(0, parts);
      for (let i = 0; i < m; i++) {
        const syn = synByCar[g0 + i]!;
        const at = lp[mix(syn) >>> pShift]!++;
        lowSynP[at] = syn;
        lowIdxP[at] = i;
      }
      const hp = highStart.slice(0, parts);
      for (let q = 0; q < highPaths; q++) {
        const syn = hiSyn[q]!;
        const at = hp[mix(syn) >>> pShift]!++;
        highSynP[at] = syn;
        highQP[at] = q;
      }
    }
    hits.length = 0;
    for (let k = 0; k < parts; k++) joinPart(lowSynP, lowIdxP, lowStart[k]!, lowStart[k + 1]!, highSynP, highQP, highStart[k]!, highStart[k + 1]!, hits);
    nodes += m + highPaths;
    joined += hits.length / 2;
    // Degenerate syndromes (a plan below its estimate) could pair too much: refuse, unsettled.
    if (joined > MAX_JOINED) return { solved: false, matches, joined, nodes };
    for (let h = 0; h < hits.length && !stop; h += 2) {
      const id = byCar[g0 + hits[h]!]!;
      settle(Math.floor(id / lowPaths), pathBits(id % lowPaths, split0), pathBits(hits[h + 1]!, upper));
    }
  }
  return { solved: true, matches, joined, nodes };
}
