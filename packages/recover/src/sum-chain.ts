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
 * one elimination gives rank 128 and the K parity checks every correct assignment satisfies
 * (K = (n + 1)·L − 128 when the forms are independent; they are not quite: 4 values of `>> 11`
 * reach rank 128 at 31 levels, not 30 — the elimination adds levels until rank 128 and the split
 * is then chosen again), and the linear map from the equations' values to the state. Per level
 * and (carries, guess), small tables give the next carries, the level's part of the 32-bit
 * syndrome (the first 32 checks) and its part of the state. Both halves (levels below the split
 * j₁ and from j₁ up) are walked depth first (consecutive paths share their first levels; the
 * last 5 levels come from one table), twice: once counting, once writing each path as
 * (syndrome, id) into its bucket — the lower paths (every carry-in) by the carries they leave at
 * j₁ and the top bits of a hash of the syndrome, the upper paths (per carry vector at j₁, every
 * path from it) by the same hash bits. Each bucket of lower paths (about 512) goes into a table
 * that stays in the first-level cache and is probed by the upper paths of its bucket (the search
 * is bound by memory latency otherwise). A pair with equal syndromes is turned into its state by
 * the linear map (XOR of the levels' parts along its path), which is kept only if its outputs
 * reproduce every known sum bit of the chain (not only the planned levels) and its own path is
 * this pair (its w₀ bits on the planned levels are the guesses, its carries into j₀ the guessed
 * carry-in), then handed to `emit`. Every state whose outputs agree with the known sum bits is
 * met by its own pair of paths (its values satisfy every check, so the syndromes agree), is
 * solved back to itself (rank 128) and emitted once — the list is exhaustive, not heuristic,
 * and without duplicates. L may stay below 128 / n: the 2^(128 − n·L) states that fit the
 * planned levels are each met and checked on the rest. The forms may also fall short of rank
 * 128 on every known level (the top bits of few words: 9 outputs' top 16 bits of `>> 11` reach
 * 126): down to 128 − MAX_KERNEL, each joined pair's solution is then extended by every
 * combination of the kernel's vectors (states no equation tells apart) and each is checked alike. Cost (planChain's model, in work units:
 * about 2 ns each on this machine, measured) ≈ 6·2^(cin + a) + 4·2^(n + L − a) + 100 per checked
 * pair, for a split a = j₁ − j₀ (cin = n guessed carry-in bits, or 0).
 */
import { type StepModel, UNKNOWNS, s0Offset, stepOf, symbolicRows } from './gf2.js';

/** One chain: outputs t₀ … t₀ + n − 1 (steps from the frame state), their sums' bits from `lo` up to `hi` (exclusive). */
export interface SumChain {
  readonly t0: number;
  /** Each output's 64-bit sum as [high 32 bits, low 32 bits]; only bits lo … hi − 1 are used. */
  readonly sums: readonly (readonly [number, number])[];
  readonly lo: number;
  readonly hi: number;
  /** Whether the carry into level lo is known to be 0 (lo = 0) or has to be guessed. */
  readonly carryInKnown: boolean;
  /** The state transition (gf2.ts): the symbolic table read and the concrete steps taken. */
  readonly model: StepModel;
}

/** How solveChain will split a run of n sums: levels searched, where the two halves meet, and the estimated cost. */
export interface ChainPlan {
  readonly n: number;
  readonly levels: number;
  readonly split: number;
  /** Estimated work units (the planning cost model: about a few ns each). */
  readonly cost: number;
}

/** Rank the equations may fall short of 128 (the top bits of few words do not see every state bit): the 2^(128 − rank) states of each path's coset are each checked. */
export const MAX_KERNEL = 8;
/** Pairs joined at most before a solve gives up (its alignment then stays unsettled, never guessed). */
const MAX_JOINED = 2 ** 22;
/** Syndrome bits compared in the hash join (the other checks are covered by the checks of each match). */
const SYN_BITS = 32;
/** Equations at most (tracking vectors of 8 words). */
const MAX_EQ = 256;
const TW = MAX_EQ / 32;
/** Levels at the end of each walk read from one precomputed table (carries in, guesses → carries out, syndrome part). */
const TAIL = 5;
/** About this many lower paths per part of the join (a table of twice as many slots stays in the first-level cache). */
const LOG_PART = 9;
/** Multipliers of the two hashes (Fibonacci hashing): the part of a syndrome, and its slot in a part's table. */
const HASH_PART = 0x9e3779b1 | 0;
const HASH_SLOT = 0x85ebca6b | 0;

/** Cost model weights (work units, calibrated on this machine): a stored lower path, an upper path, a checked pair. */
const LOW_WEIGHT = 6;
const HIGH_WEIGHT = 4;
const MATCH_WEIGHT = 100;
/** Widest run whose per-level state parts are tabulated (2^(n + 1) entries of 8 words per level); wider runs settle a pair from the equations' parts. */
const TABULATE_MAX = 6;

/** The cheapest (levels, split) for a chain of n outputs with `span` known levels; undefined when none reaches rank 128 on paper. */
export function planChain(n: number, span: number, carryInKnown: boolean): ChainPlan | undefined {
  const key = `${n}/${span}/${carryInKnown}`;
  if (!planMemo.has(key)) planMemo.set(key, plan(n, span, carryInKnown));
  return planMemo.get(key);
}

/** planChain's answers, per (n, span, carryInKnown): a caller costs hundreds of windows per call. */
const planMemo = new Map<string, ChainPlan | undefined>();

function plan(n: number, span: number, carryInKnown: boolean): ChainPlan | undefined {
  const cin = carryInKnown ? 0 : n;
  let best: ChainPlan | undefined;
  // Fewer than 128 / n levels leave 2^(128 − n·L) states on the planned levels (each checked on
  // the rest of the sum bits when it is met); fewer than 128 / (n + 1) cannot reach rank 128.
  for (let L = Math.ceil(UNKNOWNS / (n + 1)); L <= span; L++) {
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

/** The split a of L levels with the least planned cost (the lower half, 2^(cin + a) paths, at most 2^26). */
function bestSplit(n: number, L: number, carryInKnown: boolean): number {
  const cin = carryInKnown ? 0 : n;
  let best = 1;
  for (let a = 1; a < L && cin + a <= 26; a++) {
    if (LOW_WEIGHT * 2 ** (cin + a) + HIGH_WEIGHT * 2 ** (n + L - a) < LOW_WEIGHT * 2 ** (cin + best) + HIGH_WEIGHT * 2 ** (n + L - best)) best = a;
  }
  return best;
}

/** Work arrays shared by every solve (no solve is re-entered): slot → the largest asked for yet. */
const buffers: Int32Array[] = [];
function scratch(slot: number, length: number): Int32Array {
  if (!buffers[slot] || buffers[slot].length < length) buffers[slot] = new Int32Array(Math.max(length, 16));
  return buffers[slot];
}

/** Bit j of a [high, low] pair. */
export function bitAt(v: readonly [number, number], j: number): number {
  return j >= 32 ? (v[0] >>> (j - 32)) & 1 : (v[1] >>> j) & 1;
}

/**
 * The last `tb` levels of a walk (from level `lev`) in one table: entry car · 2^tb + t gives the
 * carries left and the syndrome part of guesses t (the guess at level lev + i is bit tb − 1 − i).
 */
function buildTail(nextCar: Int32Array, synOf: Int32Array, ways: number, carries: number, lev: number, tb: number, tailCar: Int32Array, tailSyn: Int32Array): void {
  const count = 1 << tb;
  for (let car = 0; car < carries; car++) {
    for (let t = 0; t < count; t++) {
      let c = car;
      let s = 0;
      for (let i = 0; i < tb; i++) {
        const idx = (lev + i) * ways + c * 2 + ((t >>> (tb - 1 - i)) & 1);
        s ^= synOf[idx]!;
        c = nextCar[idx]!;
      }
      tailCar[car * count + t] = c;
      tailSyn[car * count + t] = s;
    }
  }
}

const carS = new Int32Array(65);
const synS = new Int32Array(65);

/**
 * Every path of one half from carries `c0`, depth first: path q's guess at level lev + k is bit
 * d − 1 − k of q (d = pre + tb), so consecutive prefixes share their first levels and only the
 * changed ones are recomputed (about 2 level steps per prefix); the last tb levels come from the
 * tail table. Each path's bucket is key = (withCar ? carries left << r : 0) | part, part = the
 * top r bits of its syndrome's hash; this walk counts them in pos[key] (walkScatter then writes
 * them: two walks cost less than storing and rereading the paths).
 */
function walkCount(nextCar: Int32Array, synOf: Int32Array, ways: number, lev: number, pre: number, tb: number, tailCar: Int32Array, tailSyn: Int32Array, c0: number, withCar: boolean, r: number, pos: Int32Array): void {
  carS[0] = c0;
  synS[0] = 0;
  const prefixes = 1 << pre;
  const tails = 1 << tb;
  const carShift = withCar ? r : 31;
  const carMask = withCar ? -1 : 0;
  const partShift = 31 - r;
  for (let p = 0, k0 = 0; p < prefixes; p++) {
    if (p !== 0) k0 = pre - 1 - (31 - Math.clz32(p & -p));
    for (let k = k0; k < pre; k++) {
      const idx = (lev + k) * ways + carS[k]! * 2 + ((p >>> (pre - 1 - k)) & 1);
      carS[k + 1] = nextCar[idx]!;
      synS[k + 1] = synS[k]! ^ synOf[idx]!;
    }
    const sp = synS[pre]!;
    const tcar = carS[pre]! * tails;
    for (let t = 0; t < tails; t++) {
      const syn = sp ^ tailSyn[tcar + t]!;
      pos[((tailCar[tcar + t]! & carMask) << carShift) | (Math.imul(syn, HASH_PART) >>> partShift >>> 1)]!++;
    }
  }
}

/** walkCount's paths again, each written as (syndrome, idBase | q) at out[2 · pos[key]++]. */
function walkScatter(nextCar: Int32Array, synOf: Int32Array, ways: number, lev: number, pre: number, tb: number, tailCar: Int32Array, tailSyn: Int32Array, c0: number, withCar: boolean, r: number, pos: Int32Array, out: Int32Array, idBase: number): void {
  carS[0] = c0;
  synS[0] = 0;
  const prefixes = 1 << pre;
  const tails = 1 << tb;
  const carShift = withCar ? r : 31;
  const carMask = withCar ? -1 : 0;
  const partShift = 31 - r;
  for (let p = 0, k0 = 0; p < prefixes; p++) {
    if (p !== 0) k0 = pre - 1 - (31 - Math.clz32(p & -p));
    for (let k = k0; k < pre; k++) {
      const idx = (lev + k) * ways + carS[k]! * 2 + ((p >>> (pre - 1 - k)) & 1);
      carS[k + 1] = nextCar[idx]!;
      synS[k + 1] = synS[k]! ^ synOf[idx]!;
    }
    const sp = synS[pre]!;
    const tcar = carS[pre]! * tails;
    const qBase = idBase | (p << tb);
    for (let t = 0; t < tails; t++) {
      const syn = sp ^ tailSyn[tcar + t]!;
      const at = pos[((tailCar[tcar + t]! & carMask) << carShift) | (Math.imul(syn, HASH_PART) >>> partShift >>> 1)]!++;
      out[2 * at] = syn;
      out[2 * at + 1] = qBase | t;
    }
  }
}

/** Slots of the join table: (syndrome, index of a lower path + 1), stale when the index is below the part's first. */
let joinTable = new Int32Array(2 << 12);
let joinDirty = 0;

/**
 * One part of the join, first half: the lower paths lows[l0 … l1) (pairs syndrome, id) go into
 * an open-addressed table of (syndrome, index + 1) — a slot is live only when its index is at or
 * above l0, so nothing is cleared between parts — equal syndromes chained in `chain`. Returns
 * the table's bits.
 */
function buildPart(lows: Int32Array, l0: number, l1: number, chain: Int32Array): number {
  const m = l1 - l0;
  let bits = 4;
  while (1 << (bits - 2) < m) bits++;
  const size = 1 << bits;
  if (2 * size > joinTable.length) {
    joinTable = new Int32Array(2 * size);
    joinDirty = 0;
  }
  if (2 * size > joinDirty) joinDirty = 2 * size;
  const mask = size - 1;
  const shift = 32 - bits;
  const tab = joinTable;
  for (let i = l0; i < l1; i++) {
    const syn = lows[2 * i]!;
    for (let h = Math.imul(syn, HASH_SLOT) >>> shift; ; h = (h + 1) & mask) {
      const v = tab[2 * h + 1]!;
      if (v <= l0) {
        chain[i - l0] = -1;
        tab[2 * h] = syn;
        tab[2 * h + 1] = i + 1;
        break;
      }
      if (tab[2 * h] === syn) {
        chain[i - l0] = v - 1;
        tab[2 * h + 1] = i + 1;
        break;
      }
    }
  }
  return bits;
}

/**
 * Second half: every upper path highs[h0 … h1) (pairs syndrome, q) probes the table; `hits`
 * gets (lower id, q) for every equal syndrome, from index nh. Returns the new count, or −1 when
 * `hits` is full (the caller grows it and probes again: the table is unchanged).
 */
function probePart(lows: Int32Array, l0: number, bits: number, highs: Int32Array, h0: number, h1: number, chain: Int32Array, hits: Int32Array, nh: number): number {
  const mask = (1 << bits) - 1;
  const shift = 32 - bits;
  const tab = joinTable;
  for (let j = h0; j < h1; j++) {
    const syn = highs[2 * j]!;
    for (let h = Math.imul(syn, HASH_SLOT) >>> shift; ; h = (h + 1) & mask) {
      const v = tab[2 * h + 1]!;
      if (v <= l0) break;
      if (tab[2 * h] !== syn) continue;
      for (let i = v - 1; i >= 0; i = chain[i - l0]!) {
        if (nh + 2 > hits.length) return -1;
        hits[nh++] = lows[2 * i + 1]!;
        hits[nh++] = highs[2 * j + 1]!;
      }
      break;
    }
  }
  return nh;
}

export interface ChainResult {
  /** False when the equations did not reach rank 128 − MAX_KERNEL within the known levels, or the join passed MAX_JOINED pairs (nothing is proven then). */
  readonly solved: boolean;
  readonly matches: number;
  /** Pairs of half paths with equal syndromes (each one fully checked). */
  readonly joined: number;
  readonly nodes: number;
}

/** What settle needs of a solve. */
interface Settle {
  readonly chain: SumChain;
  readonly n: number;
  readonly L: number;
  readonly ways: number;
  readonly split: number;
  readonly upper: number;
  readonly nextCar: Int32Array;
  /** Per level entry: the frame state's and the chain's first state's part (4 words each: unknowns 0–31, 32–63, 64–95, 96–127). */
  readonly frameOf: Int32Array;
  readonly firstOf: Int32Array;
  /** Whether frameOf / firstOf are filled (n ≤ TABULATE_MAX); else the parts come from the equations' (frameCol / firstCol). */
  readonly tabulated: boolean;
  readonly frameCol: Int32Array;
  readonly firstCol: Int32Array;
  readonly maskHi: number;
  readonly maskLo: number;
  /** Below rank 128: per kernel vector (a state change no equation sees), its frame-state part then its first-state part (8 words). */
  readonly kernel: Int32Array;
}

const st = new Int32Array(4);
const fr = new Int32Array(4);
const acc = new Int32Array(4);

/**
 * The state part (4 words) of the path (carry-in cin, lower path, upper path) into out: the XOR
 * of its levels' parts (`parts` = a per-level table when tabulated, else per equation: every
 * word's bit at each level follows from the guess, the carries and the known sum bits).
 */
function pathState(x: Settle, cin: number, lowQ: number, highQ: number, parts: Int32Array, out: Int32Array): void {
  const { n, ways, split, upper, nextCar, chain } = x;
  out.fill(0);
  let car = cin;
  for (let k = 0; k < x.L; k++) {
    const g = k < split ? (lowQ >>> (split - 1 - k)) & 1 : (highQ >>> (upper - 1 - (k - split))) & 1;
    const idx = k * ways + car * 2 + g;
    if (x.tabulated) {
      for (let i = 0; i < 4; i++) out[i]! ^= parts[4 * idx + i]!;
    } else {
      const j = chain.lo + k;
      let w = g;
      for (let u = 0; u <= n; u++) {
        if (u > 0) w = bitAt(chain.sums[u - 1]!, j) ^ w ^ ((car >>> (u - 1)) & 1);
        if (w) for (let i = 0; i < 4; i++) out[i]! ^= parts[4 * (k * (n + 1) + u) + i]!;
      }
    }
    car = nextCar[idx]!;
  }
}

/**
 * A joined pair (carry-in cin, lower path, upper path): its state by the solved linear map (the
 * pivot equations), kept only when its outputs reproduce every known sum bit of the chain and
 * its own path is this one (the bits of w₀ on the planned levels, and the carries into the
 * lowest, are the guesses) — so each fitting state is emitted once, from its own pair. Below
 * rank 128 every state of the path's coset (the solution ⊕ each combination of the kernel's
 * vectors, which change no equation) is checked alike. Each state kept goes to `emit` as the
 * frame state; returns false when `emit` asked to stop.
 */
function settle(x: Settle, cin: number, lowQ: number, highQ: number, emit: (x: Int32Array) => boolean): boolean {
  const { split, upper, chain, kernel } = x;
  pathState(x, cin, lowQ, highQ, x.tabulated ? x.firstOf : x.firstCol, acc);
  // w₀'s bits on the planned levels must be the guesses (the kernel's vectors do not change them).
  const lo = chain.lo;
  for (let k = 0; k < x.L; k++) {
    const g = k < split ? (lowQ >>> (split - 1 - k)) & 1 : (highQ >>> (upper - 1 - (k - split))) & 1;
    const j = lo + k;
    const w = j >= 32 ? (acc[1]! >>> (j - 32)) & 1 : (acc[0]! >>> j) & 1;
    if (w !== g) return true;
  }
  let framed = false;
  const combos = 1 << (kernel.length / 8);
  for (let v = 0; ; ) {
    if (fits(x, cin)) {
      if (!framed) {
        pathState(x, cin, lowQ, highQ, x.tabulated ? x.frameOf : x.frameCol, fr);
        // The kernel combination applied to acc so far, on the frame state too.
        for (let b = 0; b < kernel.length / 8; b++) if ((((v ^ (v >>> 1)) >>> b) & 1) !== 0) for (let i = 0; i < 4; i++) fr[i]! ^= kernel[8 * b + i]!;
        framed = true;
      }
      if (!emit(new Int32Array([fr[1]!, fr[0]!, fr[3]!, fr[2]!]))) return false;
    }
    if (++v === combos) return true;
    const b = 31 - Math.clz32(v & -v); // Gray code: flip the lowest set bit of v
    for (let i = 0; i < 4; i++) acc[i]! ^= kernel[8 * b + 4 + i]!;
    if (framed) for (let i = 0; i < 4; i++) fr[i]! ^= kernel[8 * b + i]!;
  }
}

/** Whether the chain's first state in acc reproduces every known sum bit of the chain and the guessed carries into its lowest level. */
function fits(x: Settle, cin: number): boolean {
  const { n, chain } = x;
  const step = stepOf(chain.model);
  // The chain's first state: w₀ = state0, w₁ = state1 (as [high, low] words for the stepper).
  st[0] = acc[1]!;
  st[1] = acc[0]!;
  st[2] = acc[3]!;
  st[3] = acc[2]!;
  const lo = chain.lo;
  let carries = 0;
  for (let u = 0; u < n; u++) {
    const l = (st[1]! >>> 0) + (st[3]! >>> 0);
    const sumHi = (st[0]! + st[2]! + (l >= 2 ** 32 ? 1 : 0)) | 0;
    const z = chain.sums[u]!;
    if (((sumHi ^ z[0]) & x.maskHi) !== 0 || ((l ^ z[1]) & x.maskLo) !== 0) return false;
    // The carry into bit lo: sum bit ⊕ both words' bits.
    if (!chain.carryInKnown) {
      const c = lo >= 32 ? ((sumHi ^ st[0]! ^ st[2]!) >>> (lo - 32)) & 1 : (((l % 2 ** 32) ^ st[1]! ^ st[3]!) >>> lo) & 1;
      carries |= c << u;
    }
    step(st);
  }
  return carries === (chain.carryInKnown ? 0 : cin);
}

/** The elimination of a chain's equations (levels j0 … j0 + L − 1, words 0 … n per level, in that order). */
interface Eliminated {
  readonly L: number;
  readonly rank: number;
  /** Pivot rows: 4 coefficient words (lowest set bit = pivot) + TW tracking words (the equations XORed into it). */
  readonly pivRows: Int32Array;
  readonly pivBit: Int16Array;
  /** The parity checks: combinations of equations whose forms cancel (TW words each). */
  readonly checks: Int32Array[];
}

const RW = 4 + TW;

/** Gaussian elimination of the chain's equations with L levels, one more level at a time until rank 128 (or no more levels). */
function eliminate(chain: SumChain, levels: number, table: Int32Array): Eliminated {
  const words = chain.sums.length + 1;
  const j0 = chain.lo;
  let L = levels;
  for (;;) {
    const neq = words * L;
    const pivRows = new Int32Array(UNKNOWNS * RW);
    const pivBit = new Int16Array(UNKNOWNS).fill(-1); // row index → pivot bit
    const has = new Int16Array(UNKNOWNS).fill(-1); // pivot bit → row index
    const checks: Int32Array[] = [];
    let rank = 0;
    const row = new Int32Array(RW);
    for (let e = 0; e < neq; e++) {
      const j = j0 + Math.floor(e / words);
      const u = e % words;
      const off = s0Offset(chain.t0 + u, j);
      row.fill(0);
      for (let w = 0; w < 4; w++) row[w] = table[off + w]!;
      row[4 + (e >>> 5)] = 1 << (e & 31);
      if (insertRow(row, RW, pivRows, pivBit, has, rank)) rank++;
      else checks.push(row.slice(4));
    }
    if (rank === UNKNOWNS || j0 + L >= chain.hi || words * (L + 1) > MAX_EQ) return { L, rank, pivRows, pivBit, checks };
    L++;
  }
}

/**
 * The solved linear map (rank 128): unknown b = XOR of the equations in row b (TW words), by
 * back-substitution on the tracking words, highest pivot first (a pivot row has no bit below its pivot).
 */
function solvedMap(el: Eliminated): Int32Array {
  return solvedRows(el.pivRows, el.pivBit, el.rank, TW);
}

/**
 * Reduces `row` (4 form words over the 128 unknowns, then rw − 4 words naming the equations it
 * combines) by the pivot rows; when a form bit is left, stores it as pivot row `rank` and returns
 * true (the caller counts it), false when the forms cancel (the row is then a parity check).
 */
export function insertRow(row: Int32Array, rw: number, pivRows: Int32Array, pivBit: Int16Array, has: Int16Array, rank: number): boolean {
  for (;;) {
    let bit: number;
    if (row[0] !== 0) bit = 31 - Math.clz32(row[0]! & -row[0]!);
    else if (row[1] !== 0) bit = 32 + 31 - Math.clz32(row[1]! & -row[1]!);
    else if (row[2] !== 0) bit = 64 + 31 - Math.clz32(row[2]! & -row[2]!);
    else if (row[3] !== 0) bit = 96 + 31 - Math.clz32(row[3]! & -row[3]!);
    else return false;
    const r = has[bit]!;
    if (r < 0) {
      pivRows.set(row, rank * rw);
      has[bit] = rank;
      pivBit[rank] = bit;
      return true;
    }
    for (let w = 0; w < rw; w++) row[w]! ^= pivRows[r * rw + w]!;
  }
}

/** The solved map of a rank-128 elimination (rows of 4 + tw words): unknown b = XOR of the equations in row b (tw words). */
export function solvedRows(pivRows: Int32Array, pivBit: Int16Array, rank: number, tw: number): Int32Array {
  const rw = 4 + tw;
  const sol = new Int32Array(UNKNOWNS * tw);
  const order = Array.from({ length: rank }, (_, r) => r).sort((a, b) => pivBit[b]! - pivBit[a]!);
  for (const r of order) {
    const o = r * rw;
    const b = pivBit[r]!;
    for (let i = 0; i < tw; i++) sol[b * tw + i] = pivRows[o + 4 + i]!;
    for (let w = 0; w < 4; w++) {
      let m = pivRows[o + w]!;
      if (w === b >>> 5) m &= ~(1 << (b & 31));
      while (m !== 0) {
        const src = (w * 32 + 31 - Math.clz32(m & -m)) * tw;
        m &= m - 1;
        for (let i = 0; i < tw; i++) sol[b * tw + i]! ^= sol[src + i]!;
      }
    }
  }
  return sol;
}

/**
 * Below rank 128, the kernel of the equations' forms: per unknown no pivot fixes (a free bit),
 * the state with that bit 1, the other free bits 0 and every pivot bit solved from its row
 * (highest pivot first) — as its frame-state part and its first-state part (w₀ = state0, w₁ =
 * state1), 4 words each. Every solution of the equations is the solved map's (free bits 0) ⊕ one
 * combination of these.
 */
export function kernelOf(el: { readonly rank: number; readonly pivRows: Int32Array; readonly pivBit: Int16Array }, table: Int32Array, t0: number, rw: number = RW): Int32Array {
  const { pivRows, pivBit } = el;
  const isPivot = new Uint8Array(UNKNOWNS);
  for (let r = 0; r < el.rank; r++) isPivot[pivBit[r]!] = 1;
  const order = Array.from({ length: el.rank }, (_, r) => r).sort((a, b) => pivBit[b]! - pivBit[a]!);
  const free = [...isPivot.keys()].filter((b) => !isPivot[b]);
  const out = new Int32Array(8 * free.length);
  free.forEach((f, i) => {
    const v = new Int32Array(4);
    v[f >>> 5] = 1 << (f & 31);
    for (const r of order) {
      const b = pivBit[r]!;
      let bit = 0;
      for (let w = 0; w < 4; w++) {
        let m = pivRows[r * rw + w]! & v[w]!;
        if (w === b >>> 5) m &= ~(1 << (b & 31));
        while (m !== 0) {
          bit ^= 1;
          m &= m - 1;
        }
      }
      if (bit) v[b >>> 5]! |= 1 << (b & 31);
    }
    out.set(v, 8 * i);
    // Bit c of (w₀, w₁): its form's parity over v.
    for (let c = 0; c < UNKNOWNS; c++) {
      const off = s0Offset(t0 + (c >>> 6), c & 63);
      let bit = 0;
      for (let w = 0; w < 4; w++) {
        let m = table[off + w]! & v[w]!;
        while (m !== 0) {
          bit ^= 1;
          m &= m - 1;
        }
      }
      if (bit) out[8 * i + 4 + (c >>> 5)]! |= 1 << (c & 31);
    }
  });
  return out;
}

/**
 * Per equation e: its part of the frame state (frameCol) and of the chain's first state
 * (firstCol: w₀ = state0, w₁ = state1), 4 words each — a state is the XOR of the parts of the
 * equations whose value is 1.
 */
function stateColumns(sol: Int32Array, neq: number, table: Int32Array, t0: number, frameCol: Int32Array, firstCol: Int32Array): void {
  const rowBuf = new Int32Array(TW);
  for (let b = 0; b < UNKNOWNS; b++) {
    for (let e = 0; e < neq; e++) if ((sol[b * TW + (e >>> 5)]! >>> (e & 31)) & 1) frameCol[4 * e + (b >>> 5)]! |= 1 << (b & 31);
    // Bit b of (w₀, w₁): a form over the unknowns, so the XOR of their solutions.
    const off = s0Offset(t0 + (b >>> 6), b & 63);
    rowBuf.fill(0);
    for (let w = 0; w < 4; w++) {
      let m = table[off + w]!;
      while (m !== 0) {
        const src = (w * 32 + 31 - Math.clz32(m & -m)) * TW;
        m &= m - 1;
        for (let i = 0; i < TW; i++) rowBuf[i]! ^= sol[src + i]!;
      }
    }
    for (let e = 0; e < neq; e++) if ((rowBuf[e >>> 5]! >>> (e & 31)) & 1) firstCol[4 * e + (b >>> 5)]! |= 1 << (b & 31);
  }
}

/**
 * Per level k and entry (carries, guessed bit of w₀): the next carries, the level's syndrome
 * part and its part of both states (every word's bit follows from the guess, the carries and
 * the known sum bits).
 */
function levelTables(chain: SumChain, L: number, col: Int32Array, frameCol: Int32Array, firstCol: Int32Array, nextCar: Int32Array, synOf: Int32Array, frameOf: Int32Array, firstOf: Int32Array): void {
  const n = chain.sums.length;
  const words = n + 1;
  const ways = 2 << n;
  for (let k = 0; k < L; k++) {
    const j = chain.lo + k;
    const base = k * words;
    for (let car = 0; car < 1 << n; car++) {
      for (let g = 0; g < 2; g++) {
        const idx = k * ways + car * 2 + g;
        let w = g;
        let s = 0;
        let nc = 0;
        for (let u = 0; u <= n; u++) {
          if (u > 0) {
            const c = (car >>> (u - 1)) & 1;
            const w2 = bitAt(chain.sums[u - 1]!, j) ^ w ^ c;
            nc |= ((w & w2) | (c & (w ^ w2))) << (u - 1);
            w = w2;
          }
          if (w) {
            const e = base + u;
            s ^= col[e]!;
            if (frameOf.length > 0) for (let i = 0; i < 4; i++) {
              frameOf[4 * idx + i]! ^= frameCol[4 * e + i]!;
              firstOf[4 * idx + i]! ^= firstCol[4 * e + i]!;
            }
          }
        }
        nextCar[idx] = nc;
        synOf[idx] = s;
      }
    }
  }
}

/**
 * Per equation of an elimination: its column in the first SYN_BITS checks (the syndrome), and its
 * part of the frame state and of the state t0 steps after it (4 words each).
 */
function equationColumns(el: Eliminated, neq: number, table: Int32Array, t0: number): { col: Int32Array; frameCol: Int32Array; firstCol: Int32Array } {
  const col = new Int32Array(neq);
  const nsyn = Math.min(SYN_BITS, el.checks.length);
  for (let k = 0; k < nsyn; k++) {
    const c = el.checks[k]!;
    for (let e = 0; e < neq; e++) if ((c[e >>> 5]! >>> (e & 31)) & 1) col[e]! |= 1 << k;
  }
  const frameCol = new Int32Array(neq * 4);
  const firstCol = new Int32Array(neq * 4);
  stateColumns(solvedMap(el), neq, table, t0, frameCol, firstCol);
  return { col, frameCol, firstCol };
}

/**
 * Every state (as [state0 hi, state0 lo, state1 hi, state1 lo] of the frame) whose outputs at the
 * chain agree with its sum bits on the planned levels is passed to `emit` (which checks it in
 * full). `emit` returns false to stop early (then `solved` stays true but the caller knows it stopped).
 */
export function solveChain(chain: SumChain, plan: ChainPlan, emit: (x: Int32Array) => boolean): ChainResult {
  const n = chain.sums.length;
  const words = n + 1;
  const table = symbolicRows(chain.t0 + words + 1, chain.model);
  const el = eliminate(chain, plan.levels, table);
  if (el.rank < UNKNOWNS - MAX_KERNEL) return { solved: false, matches: 0, joined: 0, nodes: 0 };
  const L = el.L;
  const neq = words * L;
  // The elimination may need more levels than planned (the forms of the lowest levels are not
  // all independent: 4 values of `>> 11` reach rank 128 at 31 levels, not 30): then the split
  // is chosen again for the levels searched, by the plan's cost model.
  const split = L === plan.levels ? Math.min(plan.split, L - 1) : bestSplit(n, L, chain.carryInKnown);
  const { col, frameCol, firstCol } = equationColumns(el, neq, table, chain.t0);
  const ways = 2 << n;
  const nextCar = new Int32Array(L * ways);
  const synOf = new Int32Array(L * ways);
  const tabulated = n <= TABULATE_MAX;
  const frameOf = new Int32Array(tabulated ? L * ways * 4 : 0);
  const firstOf = new Int32Array(tabulated ? L * ways * 4 : 0);
  levelTables(chain, L, col, frameCol, firstCol, nextCar, synOf, frameOf, firstOf);
  // The known sum bits lo … hi − 1 as masks of the [high, low] words.
  const bitsMask = (from: number, to: number): number => (to <= from ? 0 : to - from >= 32 ? -1 : ((2 ** (to - from) - 1) << from) | 0);
  const maskLo = bitsMask(Math.min(chain.lo, 32), Math.min(chain.hi, 32));
  const maskHi = bitsMask(Math.max(chain.lo, 32) - 32, Math.max(chain.hi, 32) - 32);
  const kernel = kernelOf(el, table, chain.t0);
  return join({ chain, n, L, ways, split, upper: L - split, nextCar, frameOf, firstOf, tabulated, frameCol, firstCol, maskHi, maskLo, kernel }, synOf, emit);
}

/**
 * The search proper. Lower half: every path of levels 0 … split − 1 for every carry-in,
 * bucketed by the carries it leaves and the top r bits of its syndrome's hash (a count walk,
 * then a scatter walk). Upper half, per carry vector at the split: every path of the other
 * levels, bucketed by part alike; each part joined with the lower paths of the same carries and
 * part in a table that stays in the first-level cache; every pair with equal syndromes settled.
 */
function join(ctx: Settle, synOf: Int32Array, emit: (x: Int32Array) => boolean): ChainResult {
  const { chain, n, ways, split, upper, nextCar } = ctx;
  const carries = 1 << n;
  const cinCount = chain.carryInKnown ? 1 : carries;
  // Paths are numbered in int32: a half of more than 2^30 paths is past any plan (2^26 stored).
  if (upper > 30 || split + n > 30) return { solved: false, matches: 0, joined: 0, nodes: 0 };
  // The tail table has 2^(n + tb) entries: shorter for wide runs, where it would outgrow the walk.
  const tailMax = Math.max(0, Math.min(TAIL, 11 - n));
  const lowTb = Math.min(tailMax, split);
  const lowPre = split - lowTb;
  const lowTailCar = new Int32Array(carries << lowTb);
  const lowTailSyn = new Int32Array(carries << lowTb);
  buildTail(nextCar, synOf, ways, carries, lowPre, lowTb, lowTailCar, lowTailSyn);
  const lowPaths = 1 << split;
  const lowCount = cinCount * lowPaths;
  const r = Math.max(0, Math.min(12, Math.round(Math.log2(lowCount / carries)) - LOG_PART));
  const parts = 1 << r;
  const lowStart = new Int32Array((carries << r) + 1);
  const lowPos = lowStart.subarray(1);
  for (let cin = 0; cin < cinCount; cin++) walkCount(nextCar, synOf, ways, 0, lowPre, lowTb, lowTailCar, lowTailSyn, cin, true, r, lowPos);
  for (let k = 1; k < lowStart.length; k++) lowStart[k]! += lowStart[k - 1]!;
  const lows = scratch(0, 2 * lowCount);
  {
    const pos = lowStart.slice(0, carries << r);
    for (let cin = 0; cin < cinCount; cin++) walkScatter(nextCar, synOf, ways, 0, lowPre, lowTb, lowTailCar, lowTailSyn, cin, true, r, pos, lows, cin * lowPaths);
  }
  let nodes = 2 * lowCount;

  const highTb = Math.min(tailMax, upper);
  const highPre = upper - highTb;
  const highTailCar = new Int32Array(carries << highTb);
  const highTailSyn = new Int32Array(carries << highTb);
  buildTail(nextCar, synOf, ways, carries, split + highPre, highTb, highTailCar, highTailSyn);
  const highPaths = 1 << upper;
  const highs = scratch(1, 2 * highPaths);
  let maxPart = 1;
  for (let k = 0; k < carries << r; k++) maxPart = Math.max(maxPart, lowStart[k + 1]! - lowStart[k]!);
  const chainBuf = scratch(2, maxPart);
  let hits = scratch(3, 1 << 12);
  if (joinDirty > 0) joinTable.fill(0, 0, joinDirty);
  joinDirty = 0;
  const highStart = new Int32Array(parts + 1);
  const highPos = highStart.subarray(1);
  let matches = 0;
  let joined = 0;
  let stop = false;
  for (let car1 = 0; car1 < carries && !stop; car1++) {
    const g0 = lowStart[car1 << r]!;
    if (lowStart[(car1 + 1) << r] === g0) continue;
    highStart.fill(0);
    walkCount(nextCar, synOf, ways, split, highPre, highTb, highTailCar, highTailSyn, car1, false, r, highPos);
    for (let k = 1; k <= parts; k++) highStart[k]! += highStart[k - 1]!;
    const pos = highStart.slice(0, parts);
    walkScatter(nextCar, synOf, ways, split, highPre, highTb, highTailCar, highTailSyn, car1, false, r, pos, highs, 0);
    nodes += 2 * highPaths;
    let nh = 0;
    for (let k = 0; k < parts; k++) {
      const l0 = lowStart[(car1 << r) + k]!;
      const l1 = lowStart[(car1 << r) + k + 1]!;
      if (l0 === l1) continue;
      const bits = buildPart(lows, l0, l1, chainBuf);
      for (;;) {
        const got = probePart(lows, l0, bits, highs, highStart[k]!, highStart[k + 1]!, chainBuf, hits, nh);
        if (got >= 0) {
          nh = got;
          break;
        }
        // Degenerate syndromes (a plan below its estimate) could pair too much: refuse, unsettled.
        if (joined + hits.length / 2 > MAX_JOINED) return { solved: false, matches, joined: joined + hits.length / 2, nodes };
        const grown = new Int32Array(2 * hits.length);
        grown.set(hits.subarray(0, nh));
        buffers[3] = grown;
        hits = grown;
      }
    }
    joined += nh / 2;
    if (joined > MAX_JOINED) return { solved: false, matches, joined, nodes };
    const counted = (s: Int32Array): boolean => {
      matches++;
      return emit(s);
    };
    for (let h = 0; h < nh && !stop; h += 2) {
      const id = hits[h]!;
      if (!settle(ctx, Math.floor(id / lowPaths), id % lowPaths, hits[h + 1]!, counted)) stop = true;
    }
  }
  return { solved: true, matches, joined, nodes };
}

/**
 * Two chains searched together (issue 13: buckets across one of V8's backwards-cache refills,
 * where the values sit in two runs of consecutive outputs a known distance apart). Each chain
 * keeps its own words and carries; the equations are ordered by level, then chain (virtual level
 * k · C + c: bit lo + k of chain c's words), and the two chains' paths are joined against each
 * other on the syndrome, so no carry crosses between the halves: 2^(la + L) + 2^(lb + L) paths,
 * where a split by levels would walk 2^(n + L) per half (every carry vector at the split).
 */
interface Layout {
  readonly chains: readonly SumChain[];
  /** Chain c's carries start at bit off[c] of the carry vector. */
  readonly off: Int32Array;
  /** Virtual levels' first equation (equation e = eqBase[v] + u is word u of that level's chain). */
  readonly eqBase: Int32Array;
  readonly neq: number;
}

function layoutOf(chains: readonly SumChain[], L: number): Layout {
  const C = chains.length;
  const off = new Int32Array(C);
  for (let c = 1; c < C; c++) off[c] = off[c - 1]! + chains[c - 1]!.sums.length;
  const eqBase = new Int32Array(C * L);
  let e = 0;
  for (let v = 0; v < C * L; v++) {
    eqBase[v] = e;
    e += chains[v % C]!.sums.length + 1;
  }
  return { chains, off, eqBase, neq: e };
}

/** Planned work units per joined pair of a multi-chain search (each state is stepped from the frame to every chain: up to 3P steps). */
const MULTI_MATCH_WEIGHT = 500;

/**
 * The plan for two chains of la and lb outputs joined chain against chain (solveChains): every
 * path of the first chain over L levels (2^(la + L) with its carry-ins) against every path of the
 * second (2^(lb + L)), joined on the syndrome — no carries cross between the halves. `split` = la.
 */
export function planChains(la: number, lb: number, span: number, carryInKnown: boolean): ChainPlan | undefined {
  const key = `2/${la}/${lb}/${span}/${carryInKnown}`;
  if (!planMemo.has(key)) {
    const n = la + lb;
    const ca = carryInKnown ? 0 : la;
    const cb = carryInKnown ? 0 : lb;
    let best: ChainPlan | undefined;
    for (let L = Math.ceil(UNKNOWNS / (n + 2)); L <= span; L++) {
      if ((n + 2) * L > MAX_EQ || ca + L > 26 || cb + L > 26) break;
      const K = (n + 2) * L - UNKNOWNS;
      const falseMatches = 2 ** (ca + cb + 2 * L - Math.min(K, SYN_BITS)) + 2 ** Math.max(0, UNKNOWNS - n * L);
      const cost = LOW_WEIGHT * 2 ** (ca + L) + HIGH_WEIGHT * 2 ** (cb + L) + MULTI_MATCH_WEIGHT * falseMatches;
      if (!best || cost < best.cost) best = { n, levels: L, split: la, cost };
    }
    planMemo.set(key, best);
  }
  return planMemo.get(key);
}

/** eliminate for several chains: levels added (every chain's words at that bit) until rank 128. */
function eliminateMulti(chains: readonly SumChain[], levels: number, table: Int32Array): Eliminated {
  const j0 = chains[0]!.lo;
  const hi = chains[0]!.hi;
  const per = chains.reduce((s, ch) => s + ch.sums.length + 1, 0);
  let L = levels;
  for (;;) {
    const lay = layoutOf(chains, L);
    const pivRows = new Int32Array(UNKNOWNS * RW);
    const pivBit = new Int16Array(UNKNOWNS).fill(-1);
    const has = new Int16Array(UNKNOWNS).fill(-1);
    const checks: Int32Array[] = [];
    let rank = 0;
    const row = new Int32Array(RW);
    for (let v = 0; v < chains.length * L; v++) {
      const ch = chains[v % chains.length]!;
      const j = j0 + Math.floor(v / chains.length);
      for (let u = 0; u <= ch.sums.length; u++) {
        const e = lay.eqBase[v]! + u;
        const off = s0Offset(ch.t0 + u, j);
        row.fill(0);
        for (let w = 0; w < 4; w++) row[w] = table[off + w]!;
        row[4 + (e >>> 5)] = 1 << (e & 31);
        if (insertRow(row, RW, pivRows, pivBit, has, rank)) rank++;
        else checks.push(row.slice(4));
      }
    }
    if (rank === UNKNOWNS || j0 + L >= hi || per * (L + 1) > MAX_EQ) return { L, rank, pivRows, pivBit, checks };
    L++;
  }
}

/** One chain's level tables inside a layout: level k of chain c (equations eqBase[k·C + c] …), its own carries (bits 0 … len − 1). */
function chainTables(lay: Layout, c: number, L: number, col: Int32Array, nextCar: Int32Array, synOf: Int32Array): void {
  const C = lay.chains.length;
  const ch = lay.chains[c]!;
  const len = ch.sums.length;
  const ways = 2 << len;
  for (let k = 0; k < L; k++) {
    const j = ch.lo + k;
    const base = lay.eqBase[k * C + c]!;
    for (let car = 0; car < 1 << len; car++) {
      for (let g = 0; g < 2; g++) {
        const idx = k * ways + car * 2 + g;
        let w = g;
        let s = w ? col[base]! : 0;
        let nc = 0;
        for (let u = 1; u <= len; u++) {
          const cb = (car >>> (u - 1)) & 1;
          const w2 = bitAt(ch.sums[u - 1]!, j) ^ w ^ cb;
          nc |= ((w & w2) | (cb & (w ^ w2))) << (u - 1);
          w = w2;
          if (w) s ^= col[base + u]!;
        }
        nextCar[idx] = nc;
        synOf[idx] = s;
      }
    }
  }
}

/**
 * Every state whose outputs agree with the known sum bits of both chains (sorted by t0, disjoint,
 * the same lo, hi and carryInKnown) is passed to `emit` as its frame state — once each, the list
 * complete as solveChain's is. One elimination of both chains' equations (L levels each) gives
 * the parity checks and the linear map; every path of the first chain (its carry-ins, one guessed
 * bit of its first word per level) is walked as in solveChain and bucketed by its syndrome part,
 * every path of the second alike, and pairs with equal syndromes are settled: the state is the XOR
 * of the equations' parts along both paths (each state of the kernel's coset below rank 128),
 * kept only if it reproduces every known sum bit of both chains and its own paths are these
 * (first-word bits = the guesses, carries into the lowest level = the guessed ones). A state that
 * fits is met by its own two paths (its values satisfy every check): the list is exhaustive.
 * `plan` from planChains.
 */
export function solveChains(chains: readonly SumChain[], plan: ChainPlan, emit: (x: Int32Array) => boolean): ChainResult {
  if (chains.length === 1) return solveChain(chains[0]!, plan, emit);
  const unsolved = { solved: false, matches: 0, joined: 0, nodes: 0 };
  if (chains.length !== 2) throw new RangeError(`solveChains: one or two chains, got ${chains.length}`);
  const [A, B] = chains as [SumChain, SumChain];
  if (B.t0 < A.t0 + A.sums.length || A.lo !== B.lo || A.hi !== B.hi || A.carryInKnown !== B.carryInKnown || A.model !== B.model) throw new RangeError('solveChains: chains must be sorted, disjoint and alike in their known levels');
  const la = A.sums.length;
  const lb = B.sums.length;
  const table = symbolicRows(B.t0 + lb + 2, A.model);
  const el = eliminateMulti(chains, plan.levels, table);
  if (el.rank < UNKNOWNS - MAX_KERNEL) return unsolved;
  const L = el.L;
  const ca = A.carryInKnown ? 0 : la;
  const cb = B.carryInKnown ? 0 : lb;
  if (ca + L > 26 || cb + L > 26) return unsolved;
  const lay = layoutOf(chains, L);
  const neq = lay.neq;
  const { col, frameCol } = equationColumns(el, neq, table, A.t0);
  const kernel = kernelOf(el, table, A.t0);
  const sides = [A, B].map((ch, c) => {
    const len = ch.sums.length;
    const ways = 2 << len;
    const nextCar = new Int32Array(L * ways);
    const synOf = new Int32Array(L * ways);
    chainTables(lay, c, L, col, nextCar, synOf);
    const tb = Math.max(0, Math.min(TAIL, 11 - len, L));
    const pre = L - tb;
    const tailCar = new Int32Array((1 << len) << tb);
    const tailSyn = new Int32Array((1 << len) << tb);
    buildTail(nextCar, synOf, ways, 1 << len, pre, tb, tailCar, tailSyn);
    return { len, ways, nextCar, synOf, tb, pre, tailCar, tailSyn, cins: ch.carryInKnown ? 1 : 1 << len };
  });
  const count = sides[0]!.cins << L;
  const r = Math.max(0, Math.min(14, Math.round(Math.log2(count)) - LOG_PART));
  const parts = 1 << r;
  const walkSide = (c: number, slot: number): { start: Int32Array; out: Int32Array } => {
    const s = sides[c]!;
    const start = new Int32Array(parts + 1);
    const pos = start.subarray(1);
    for (let cin = 0; cin < s.cins; cin++) walkCount(s.nextCar, s.synOf, s.ways, 0, s.pre, s.tb, s.tailCar, s.tailSyn, cin, false, r, pos);
    for (let k = 1; k <= parts; k++) start[k]! += start[k - 1]!;
    const out = scratch(slot, 2 * (s.cins << L));
    const at = start.slice(0, parts);
    for (let cin = 0; cin < s.cins; cin++) walkScatter(s.nextCar, s.synOf, s.ways, 0, s.pre, s.tb, s.tailCar, s.tailSyn, cin, false, r, at, out, cin << L);
    return { start, out };
  };
  const lowSide = walkSide(0, 0);
  const highSide = walkSide(1, 1);
  const nodes = 2 * (count + (sides[1]!.cins << L));
  let maxPart = 1;
  for (let k = 0; k < parts; k++) maxPart = Math.max(maxPart, lowSide.start[k + 1]! - lowSide.start[k]!);
  const chainBuf = scratch(2, maxPart);
  let hits = scratch(3, 1 << 12);
  if (joinDirty > 0) joinTable.fill(0, 0, joinDirty);
  joinDirty = 0;
  let nh = 0;
  for (let k = 0; k < parts; k++) {
    const l0 = lowSide.start[k]!;
    const l1 = lowSide.start[k + 1]!;
    if (l0 === l1) continue;
    const bits = buildPart(lowSide.out, l0, l1, chainBuf);
    for (;;) {
      const got = probePart(lowSide.out, l0, bits, highSide.out, highSide.start[k]!, highSide.start[k + 1]!, chainBuf, hits, nh);
      if (got >= 0) {
        nh = got;
        break;
      }
      if (hits.length / 2 > MAX_JOINED) return { solved: false, matches: 0, joined: hits.length / 2, nodes };
      const grown = new Int32Array(2 * hits.length);
      grown.set(hits.subarray(0, nh));
      buffers[3] = grown;
      hits = grown;
    }
  }
  const joined = nh / 2;
  // Settling may emit: the hits are copied out of the shared buffer first.
  const pairs = hits.slice(0, nh);
  const mask = (1 << L) - 1;
  const bitsMask = (from: number, to: number): number => (to <= from ? 0 : to - from >= 32 ? -1 : ((2 ** (to - from) - 1) << from) | 0);
  const x = {
    L: 2 * L,
    maskLo: bitsMask(Math.min(A.lo, 32), Math.min(A.hi, 32)),
    maskHi: bitsMask(Math.max(A.lo, 32) - 32, Math.max(A.hi, 32) - 32),
    kernel,
  };
  let matches = 0;
  for (let h = 0; h < nh; h += 2) {
    const ida = pairs[h]!;
    const idb = pairs[h + 1]!;
    const q = [ida & mask, idb & mask];
    const cin = (ida >>> L) | ((idb >>> L) << la);
    // Guess at virtual level v = k · 2 + c: bit L − 1 − k of chain c's path.
    const guess = (v: number): number => (q[v & 1]! >>> (L - 1 - (v >>> 1))) & 1;
    fr.fill(0);
    for (let c = 0; c < 2; c++) {
      const s = sides[c]!;
      const ch = chains[c]!;
      let car = c === 0 ? ida >>> L : idb >>> L;
      for (let k = 0; k < L; k++) {
        const g = guess(2 * k + c);
        const base = lay.eqBase[2 * k + c]!;
        let w = g;
        for (let u = 0; u <= s.len; u++) {
          if (u > 0) w = bitAt(ch.sums[u - 1]!, ch.lo + k) ^ w ^ ((car >>> (u - 1)) & 1);
          if (w) for (let i = 0; i < 4; i++) fr[i]! ^= frameCol[4 * (base + u) + i]!;
        }
        car = s.nextCar[k * s.ways + car * 2 + g]!;
      }
    }
    const combos = 1 << (kernel.length / 8);
    for (let v = 0; ; ) {
      if (fitsMulti(x, lay, cin, guess)) {
        matches++;
        if (!emit(new Int32Array([fr[1]!, fr[0]!, fr[3]!, fr[2]!]))) return { solved: true, matches, joined, nodes };
      }
      if (++v === combos) break;
      const b = 31 - Math.clz32(v & -v);
      for (let i = 0; i < 4; i++) fr[i]! ^= kernel[8 * b + i]!;
    }
  }
  return { solved: true, matches, joined, nodes };
}

const mst = new Int32Array(4);
const mcp = new Int32Array(4);

/** Whether the frame state in fr reproduces every chain's known sum bits, its guessed carries into the lowest level (chain c's at bits off[c] … of cin) and its guessed first-word bits (its own paths). */
function fitsMulti(x: { L: number; maskLo: number; maskHi: number }, lay: Layout, cin: number, guess: (v: number) => number): boolean {
  const C = lay.chains.length;
  const step = stepOf(lay.chains[0]!.model);
  mst[0] = fr[1]!;
  mst[1] = fr[0]!;
  mst[2] = fr[3]!;
  mst[3] = fr[2]!;
  let t = 0;
  const levels = x.L / C;
  for (let c = 0; c < C; c++) {
    const ch = lay.chains[c]!;
    while (t < ch.t0) {
      step(mst);
      t++;
    }
    const lo = ch.lo;
    for (let k = 0; k < levels; k++) {
      const j = lo + k;
      const w = j >= 32 ? (mst[0]! >>> (j - 32)) & 1 : (mst[1]! >>> j) & 1;
      if (w !== guess(k * C + c)) return false;
    }
    mcp.set(mst);
    const o = lay.off[c]!;
    for (let u = 0; u < ch.sums.length; u++) {
      const l = (mcp[1]! >>> 0) + (mcp[3]! >>> 0);
      const sumHi = (mcp[0]! + mcp[2]! + (l >= 2 ** 32 ? 1 : 0)) | 0;
      const z = ch.sums[u]!;
      if (((sumHi ^ z[0]) & x.maskHi) !== 0 || ((l ^ z[1]) & x.maskLo) !== 0) return false;
      const cbit = ch.carryInKnown ? 0 : lo >= 32 ? ((sumHi ^ mcp[0]! ^ mcp[2]!) >>> (lo - 32)) & 1 : (((l % 2 ** 32) ^ mcp[1]! ^ mcp[3]!) >>> lo) & 1;
      if (cbit !== (ch.carryInKnown ? 0 : (cin >>> (o + u)) & 1)) return false;
      step(mcp);
    }
  }
  return true;
}
