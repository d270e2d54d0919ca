/**
 * XorShift128+ state recovery: every (state, cache position) that explains the observations, and
 * whether that list is provably all of them.
 *
 * The state transition is linear over GF(2). V8's `s0 >> 12` mapping shows 52 bits of state0 per
 * double, `(s0 >> 11) / 2^53` 53, and a bucket Math.floor(x · n) the leading bits its interval
 * pins: Gaussian elimination; below full rank, the rest of each bucket's interval as dyadic
 * pieces branched over, and the states left tried one by one (settle). The `(s0 + s1)` mappings carry, so they go to the exact
 * guess-and-determine search of sum-chain.ts over a run of consecutive observations, on the top
 * sum bits every value of the run pins (all of a full value's; a bucket's common prefix, or
 * each block its interval meets).
 *
 * V8 hands cached values out from the end of each refill, so observed order ≠ generation order.
 * In the frame of observation 0, observation k of refill block b (0 = the refill observation 0
 * came from) is output 2·P·b − k, whatever the alignment (values of that refill handed out
 * before observation 0); the alignment only decides whether observation k is in block ⌊k/P⌋
 * or the next. Each placement is therefore valid for an interval of alignments; every alignment
 * (only 0 with `fromStart`) is searched, and one that cannot be settled — below full rank with
 * too many states left to try, or no run of values the sum search can use — makes the answer
 * incomplete (`complete: false`), never silently dropped.
 */
import { u64FromBigInt, u64ToHex, xorshift128SarStepBack } from '@emu/core';
import { JscJitXorShift128Plus, VARIANTS, type Variant, V8XorShift128Plus, XorShift128Plus, create } from '@emu/xorshift128plus';
import { Gf2System, type StepModel, UNKNOWNS, evalRow, s0Offset, stepOf, symbolicRows } from './gf2.js';
import { type ChainPlan, MAX_KERNEL, type SumChain, planChain, planChains, solveChains } from './sum-chain.js';
import { pairTracks, solvePairs } from './sum-pairs.js';
import { runTracks, solveTracks } from './sum-tracks.js';
import { TOP_MIN_COST, type TopObservation, type TopShape, planTop, releaseTop, sharedPrefix, solveTop } from './sum-top.js';
import { type Observed, type Residue, bucketRange, isBucket, isResidue, matches, residueRanges } from './observe.js';

/** One state that explains every observation, with the cache position it implies (V8). */
export interface XorshiftCandidate {
  /** The emulator state (as getState() shows it) positioned just before the first observed value. */
  readonly state: readonly (string | number)[];
  /** Cached values the engine had already handed out from the refill the first observation came from. */
  readonly consumed: number;
}

/** What recoverXorshift found for one variant: the fitting states, whether the list is provably complete, and why not. */
export interface XorshiftRecovery {
  readonly variant: string;
  /** Every (state, position) found that explains all the observations. */
  readonly candidates: readonly XorshiftCandidate[];
  /**
   * True when `candidates` is provably every (state, position) that explains the observations:
   * every alignment was either solved exactly or contradicted. False when the search stopped at
   * maxCandidates or some alignment could not be settled (too few values for it).
   */
  readonly complete: boolean;
  /** Largest rank reached by any alignment's linear system (128 = the state is determined). */
  readonly rank: number;
  /** Alignments that could not be settled (consistent, state not determined). */
  readonly undetermined: number;
  /** Linear equations per observation on average (the `(s0 + s1)` mappings: top sum bits pinned per observation). */
  readonly equationsPerValue: number;
  /** An observation no value of this mapping can produce (a bucket no double falls in). */
  readonly impossible: boolean;
  /** Some alignments were left unsettled because `maxWork` ran out (then `complete` is false). */
  readonly outOfBudget: boolean;
  /**
   * `s0` mappings from buckets: some alignment was left unsettled because the search over the
   * buckets' pieces and the states left (MAX_LEAF_WORK) would cost too much — more values settle it.
   */
  readonly searchCapped?: boolean;
  /**
   * `(s0 + s1)` mappings, when an alignment found no run the search can afford: about how many
   * observations of this precision (consecutive, from the first) would give every alignment one —
   * Infinity when no run length would (too few known bits per value: ⌊x·6⌋, ⌊x·10⌋).
   */
  readonly needValues?: number;
}

/** Options of recoverXorshift: where the observations sit and how much work it may spend. */
export interface RecoverOptions {
  /** The first observed value is the first Math.random() call of its realm (fixes V8's cache alignment). */
  readonly fromStart?: boolean;
  /** Stop after this many candidates (then `complete` is false). Default 4096. */
  readonly maxCandidates?: number;
  /**
   * Work budget of the exact (s0 + s1) search: work units as planned (planChain's cost model, a
   * few ns each), summed over the runs it solves. A run whose plan would pass what is left is not searched: its alignments stay
   * unsettled (`complete` false, `outOfBudget` true) — a quick honest "undecided", never a guess.
   * Default: no limit beyond the per-run cap. (The linear s0 mappings have their own fixed cap,
   * MAX_LEAF_WORK, summed over alignments: past it an alignment stays unsettled, `searchCapped`.)
   */
  readonly maxWork?: number;
  /**
   * Full values: search runs of 3 (the track walk, MAX_RUN3_COST) wherever an alignment has one,
   * even when another alignment has none — those stay unsettled (`complete` false). For a caller
   * that can tell the true state among the ones found (a V8 context's seed, v8-seed.ts).
   */
  readonly runsOf3?: boolean;
}

const DEFAULT_MAX_CANDIDATES = 4096;
/** Below full rank with nothing left to branch on, the 2^nullity states of an alignment are each tried when nullity ≤ this. */
const GRAY_MAX = 22;
/** Below full rank with every observation exact (its linear bits are all it says), the 2^nullity states are listed when nullity ≤ this (each fits: an emulator run each). */
const EXACT_NULLITY = 8;
/** Below full rank, stop branching over buckets' pieces and try every state once nullity ≤ this. */
const GRAY_DIRECT = 15;
/** Buckets whose pieces cover more than this share of their interval's affine hull are not branched over (the scan checks them). */
const MAX_GAIN = 0.9;
/** Observations checked per state in the Gray-code loop (the rest for its survivors only). */
const FAST_FILTERS = 16;
/**
 * Work units of the leaf searches of one recovery, summed over alignments: a state tried ≈ 1
 * (10–20 ns on the 2-core CI machine), a branch node NODE_WORK, a leaf's set-up LEAF_WORK.
 * 2^25: about 0.3–0.7 s of CPU (measured at the cap: ⌊x·6⌋ × 50–54); it lets ⌊x·6⌋ settle
 * from 51 values from the start and 54 across a refill (2^24: 51 / 55).
 */
const MAX_LEAF_WORK = 2 ** 25;
const NODE_WORK = 256;
const LEAF_WORK = 4096;
/** The sum search's largest planned cost (work units) before an alignment is left unsettled: a run of 4 consecutive values fits, a run of 3 only under MAX_RUN3_COST. */
const MAX_CHAIN_COST = 2 ** 23;
/**
 * The cap when some observations are buckets: a window of buckets that do not all pin the span
 * is searched once per combination of their blocks, and 9 buckets of 10^5 at 14 bits (1.1 · 10^6
 * units per combination, 1 in 6 of them split in two) need up to 16 combinations for 99 % of
 * windows (measured: 20–70 ms CPU at the cap).
 */
const MAX_BUCKET_COST = 2 ** 25;
/**
 * The cap of the top-bits search (sum-top.ts: coarse buckets such as ⌊x·64⌋, whose runs the
 * level search cannot afford) across V8's refills: 2^26 units, about 0.13 s of CPU, per cache
 * alignment a solve serves (2 ns a unit; measured: 23 buckets of 64 from the start, 2^17 + 2^18
 * leaves and 2^13 joined pairs, 20–30 ms). One solve serves every alignment that places its
 * window alike (planTop's reach), so 100 buckets mid-stream take a few solves, not one per cache
 * position, and a solve may cost up to MAX_TOP_COST_ONE when it serves enough of them.
 */
const MAX_TOP_COST = 2 ** 26;
/**
 * Its cap when there is one alignment only (from a realm's first call, or no backwards cache):
 * one solve of at most about 1.3 s and 120 MB (measured: 36 buckets of 16 — 2^22 leaves a half,
 * 2^20 joined pairs — 0.48–0.66 s CPU median; 2 UUIDs — 2^19 leaves of A probed by 2^25 of B,
 * 2^20 joined pairs — 1.17–1.19 s for the solve), so ⌊x·16⌋ (the hex digits of Math.random()
 * UUIDs), 2 UUIDs and ⌊x·100⌋ fit; the cheaper plans of finer buckets are chosen first.
 */
const MAX_TOP_COST_ONE = 2 ** 29;
/** Observations of an alignment the top-bits search plans over (its windows hold at most 48; the first ones suffice). */
const MAX_TOP_PLACEMENTS = 96;
/**
 * The same with residues among them (UUIDs): a window must be cut at a y digit with 17–19 digits
 * on each side, all inside one of V8's refills, and across V8's backwards caches a window near a
 * refill's first values serves few positions. Each refill shifts the y digits by 2 (64 − 2 · 31),
 * so five refills' worth holds a window for every position: 8 UUIDs mid-stream on node 26 settle
 * with MAX_TOP_EXTRA (96 left a third of the positions of 5 unsettled; 320 alone settled 10, not
 * 8 or 12). Plain buckets keep the shorter scope (planning over 320 made ⌊x·16⌋ × 100 mid-stream
 * 35 % slower).
 */
const MAX_TOP_PLACEMENTS_RESIDUES = 320;
/**
 * Across V8's caches: what the top-bits solves of one recovery may cost beyond MAX_TOP_COST per
 * position they serve — with residues (a position that no window cut at a y digit serves
 * cheaply), and with plain buckets when planning every position first shows the extra settles
 * them all (topCovers): 2 solves of the largest kind, about 2.5 s more at most (node 26, 8 UUIDs
 * mid-stream: 2.2–2.4 s in all; with too few, about 3 s to answer "ambiguous"; 16 buckets of
 * 1000 across a refill: 12 of 12 settle, 1.1 s median, where 5 did without it).
 */
const MAX_TOP_EXTRA = 2 * MAX_TOP_COST_ONE;
/** Buckets in each pseudo-random sequence topRunNeeded samples. */
const LUCK_LENGTH = 96;
/** The cap for full values when every alignment has a run of 3 or more consecutive ones: a run of 3 (planned 1.8 · 10^7 units for the low sums, 5.7 · 10^7 for `>> 11`; measured 30–100 / 100–250 ms CPU under a load of 10–20) fits, so 4 values across one of V8's refills settle every alignment (the split 2 + 2 by the pair search, PAIRS_COST) and 3 from the start usually settle the state. Not when some alignment has neither: the answer stays incomplete whatever the runs of 3 give. */
const MAX_RUN3_COST = 2 ** 26;
/** Longest run of consecutive values the sum search plans with (full values: longer runs give no cheaper plan; buckets of 2^11 need 14). */
const MAX_CHAIN = 16;
/**
 * planChain's units take longer on long runs (measured per solve, CPU, `>> 11` at the span each
 * length needs: 2.1–3.3 ns per unit for runs of 8, 4.8–5.4 for 10, 8.7–9.2 for 12–13, 13 for
 * 14, 17 for 15–16, 20 for 17 — the carry-ins, 2^len of them, each start a short walk, and
 * runs past 10 get no tail tables): a run's cost is scaled by 2^((len − 8) / 3), so the caps
 * stay about the same CPU time whatever the length.
 */
function lengthFactor(len: number): number {
  return len > 8 ? 2 ** ((len - 8) / 3) : 1;
}
/** Planned work units charged per solveChain call on top of its plan (the elimination before the search). */
const SOLVE_OVERHEAD = 2 ** 15;
/** Planned work units charged for a search over two pairs of consecutive values (sum-pairs.ts: about 2^21 paths per pair walked three times, up to 2^16 joined pairs; 130–400 ms CPU measured, so about 2^26 units at 2 ns each). */
const PAIRS_COST = 2 ** 26;
/** More values than this before an affordable run would typically turn up: refused as too coarse (`needValues` Infinity). */
const MAX_NEED = 1000;
/** Known sum levels tried per run (a plan with more than 32 gains nothing; a full value's own precision is tried too). */
const MAX_SPAN = 32;

/** Equations beyond the 128 unknowns before the rest of the values are left to the emulator's check. */
const ENOUGH_EQUATIONS = UNKNOWNS + 64;
/** Equations of an alignment checked on a full-rank solution before the emulator runs it. */
const LINEAR_CHECKS = 256;

/** Equation i of an observation: ECOLS words (three row offsets relative to its output's block, −1 = none, and the RHS). */
const ECOLS = 4;

const TWO32 = 2 ** 32;

/** Bit i of a non-negative integer below 2^53 given as its two 32-bit halves. */
function bitOf(high: number, low: number, i: number): number {
  return i >= 32 ? (high >>> (i - 32)) & 1 : (low >>> i) & 1;
}

/**
 * The equations every value integer m in [lo, hi] (x = m · 2^-bits) satisfies, over state0 bit
 * shift + i = bit i of m: the leading bits lo and hi share ("bit = c"), then the rest of the
 * interval's affine hull over GF(2) (issue 13). Below the shared prefix the interval straddles
 * one point c = the prefix, a 1 at the first differing bit h, zeros; m < c has bit h = 0 and
 * m ≥ c has 1. With every m within d of c (d = max(c − lo, hi + 1 − c) ≤ 2^j), the bits h − 1 …
 * j are all ones below c and all zeros above it: each equals NOT bit h ("bit i ⊕ bit h = 1").
 * These are exactly the hull's equations: m ∈ [c − 2^(j−1), c] or [c − 1, c + 2^(j−1)] already
 * spans bits 0 … j − 1 and the all-ones vector from h down. ⌊x·6⌋ = 1 (x ∈ [1/6, 1/3)): the
 * prefix 0, and bit 2 ⊕ bit 3 = 1 — two equations for its 2.6 bits, where the prefix alone gave one.
 */
export function prefixEquations(lo: number, hi: number, bits: number, shift: number): Int32Array {
  const [lh, ll] = [Math.floor(lo / TWO32), lo >>> 0];
  const [hh, hl] = [Math.floor(hi / TWO32), hi >>> 0];
  let i = bits - 1;
  while (i >= 0 && bitOf(lh, ll, i) === bitOf(hh, hl, i)) i--;
  // i: the first differing bit h (−1: lo = hi). j: the lowest bit of the hull's free part.
  let j = i;
  if (i >= 0) {
    const c = Math.floor(hi / 2 ** i) * 2 ** i; // < 2^53, exact
    const d = Math.max(c - lo, hi + 1 - c);
    j = 0;
    while (2 ** j < d) j++;
  }
  const out = new Int32Array((bits - 1 - i + Math.max(0, i - j)) * ECOLS);
  let o = 0;
  for (let b = bits - 1; b > i; b--, o += ECOLS) {
    out[o] = s0Offset(0, shift + b);
    out[o + 1] = -1;
    out[o + 2] = -1;
    out[o + 3] = bitOf(lh, ll, b);
  }
  for (let b = i - 1; b >= j; b--, o += ECOLS) {
    out[o] = s0Offset(0, shift + b);
    out[o + 1] = s0Offset(0, shift + i);
    out[o + 2] = -1;
    out[o + 3] = 1;
  }
  return out;
}

/** Leading bits two 32-bit unsigned integers share. */
function prefixLength(l: number, h: number): number {
  return l === h ? 32 : Math.clz32((l ^ h) >>> 0);
}

/** Bits below a bucket's shared prefix its dyadic pieces go down to. */
const PIECE_DEPTH = 3;

/**
 * A bucket's interval [lo, hi] (of the `bits`-bit output integer m) below the prefix both ends
 * share, as disjoint dyadic pieces: the canonical decomposition of the range of its
 * (p + PIECE_DEPTH)-bit prefixes (the two end prefixes only partly inside: over-covered, the
 * exact check decides). Each piece as its equations past the shared prefix (ECOLS words, like
 * prefixEquations). Undefined when the interval is one piece (a power-of-two n: the prefix is all).
 */
function piecesOf(o: { n: number; value: number }, shape: { shift: number; bits: number }): Int32Array[] | undefined {
  const { bits, shift } = shape;
  const [lo, hi] = bucketRange(o, bits);
  if (!(lo <= hi)) return undefined;
  let p = 0;
  while (p < bits && Math.floor(lo / 2 ** (bits - p - 1)) === Math.floor(hi / 2 ** (bits - p - 1))) p++;
  const D = Math.min(bits, p + PIECE_DEPTH);
  const unit = 2 ** (bits - D);
  let a = Math.floor(lo / unit);
  const b = Math.floor(hi / unit);
  const out: Int32Array[] = [];
  while (a <= b) {
    let k = 0;
    while (k < D - p && a % 2 ** (k + 1) === 0 && a + 2 ** (k + 1) - 1 <= b) k++;
    const len = D - k; // the piece: the top `len` bits of m are a's
    const eq = new Int32Array((len - p) * ECOLS);
    const top = a * unit; // m with a's top bits, < 2^53
    for (let j = bits - 1 - p, q = 0; j >= bits - len; j--, q += ECOLS) {
      eq[q] = s0Offset(0, shift + j);
      eq[q + 1] = -1;
      eq[q + 2] = -1;
      eq[q + 3] = Math.floor(top / 2 ** j) % 2;
    }
    out.push(eq);
    a += 2 ** k;
  }
  return out.length > 1 ? out : undefined;
}

/**
 * What branching over a bucket's pieces saves: the share of the interval's affine hull
 * (prefixEquations) the pieces cover, each piece meeting the hull in 2^-(its top bits + the
 * hull's equations on bits below them). ⌊x·6⌋ = 1: its pieces 001…, 010… cover the hull
 * (0 with bit 2 ⊕ bit 3 = 1) whole, 1 — branching over them only doubles the leaves; ⌊x·6⌋ = 0:
 * 000…, 0010… cover 3/4 of 00….
 */
function piecesGain(o: { n: number; value: number }, pieces: readonly Int32Array[], bits: number, hullEquations: number): number {
  const [lo, hi] = bucketRange(o, bits);
  let h = bits - 1;
  while (h >= 0 && Math.floor(lo / 2 ** h) === Math.floor(hi / 2 ** h)) h--;
  const p = bits - 1 - h; // shared prefix
  const below = hullEquations - p; // the hull's equations "bit b ⊕ bit h = 1", b = h − 1 … h − below
  let covered = 0;
  for (const e of pieces) {
    const len = p + e.length / ECOLS; // the piece fixes bits ≥ bits − len
    const lowest = h - below; // j
    const under = Math.max(0, Math.min(h, bits - len) - lowest);
    covered += 2 ** -(len + under);
  }
  return covered / 2 ** -hullEquations;
}

const BIAS = -0x80000000;

/** Directions of the inner table of grayScan (2^INNER states scanned per outer state). */
const INNER = 10;

/**
 * The hot loop of a leaf's enumeration (module level: one feedback vector for every recovery).
 * The states are x0 ⊕ Σ over a set of the N directions; `v` holds x0's K watched top words
 * (biased by 2^31, as `lo` and `hi`), d[j·K …] direction j's parts of them. The first
 * m = min(N, INNER) directions are tabulated (every subset's parts, 2^m · K words); the others
 * are walked in Gray-code order, each outer state scanning the table with one XOR per word
 * checked. Pushes the direction set (bit j = direction j) of every state whose K words all lie
 * in their intervals.
 */
function grayScan(N: number, K: number, v: Int32Array, d: Int32Array, lo: Int32Array, hi: Int32Array, hits: number[]): void {
  const m = Math.min(N, INNER);
  const inner = 2 ** m;
  const table = new Int32Array(inner * K);
  for (let g = 1; g < inner; g++) {
    const from = (g & (g - 1)) * K;
    const o = (31 - Math.clz32(g & -g)) * K;
    for (let q = 0; q < K; q++) table[g * K + q] = table[from + q]! ^ d[o + q]!;
  }
  const outer = 2 ** (N - m);
  let set = 0;
  for (let h = 0; ; ) {
    const v0 = v[0]!;
    const lo0 = lo[0]!;
    const hi0 = hi[0]!;
    for (let g = 0, o = 0; g < inner; g++, o += K) {
      const u0 = v0 ^ table[o]!;
      if (u0 < lo0 || u0 > hi0) continue;
      let q = 1;
      while (q < K) {
        const u = v[q]! ^ table[o + q]!;
        if (u < lo[q]! || u > hi[q]!) break;
        q++;
      }
      if (q === K) hits.push(set * inner + g);
    }
    if (++h === outer) return;
    const j = 31 - Math.clz32(h & -h);
    set ^= 2 ** j;
    const o = (m + j) * K;
    for (let q = 0; q < K; q++) v[q]! ^= d[o + q]!;
  }
}

/**
 * Which mapping bits are linear (state0 from `shift` up), or which sum bits a value shows (`lo` …
 * `hi` − 1), and the state transition solved for (gf2.ts; `sar-extended` for jsc-jit-sar).
 */
type Shape = { kind: 's0'; shift: number; bits: number; model: StepModel } | { kind: 'sum'; bits: number; lo: number; hi: number; model: StepModel };

function mappingShape(variant: Variant): Shape {
  const model: StepModel = variant.id === 'jsc-jit-sar' ? 'sar-extended' : 'logical';
  switch (variant.mapping) {
    case 's0-52':
      return { kind: 's0', shift: 12, bits: 52, model };
    case 's0-53':
      return { kind: 's0', shift: 11, bits: 53, model };
    case 'sum52':
      return { kind: 'sum', bits: 52, lo: 0, hi: 52, model };
    case 'sum53-low':
      return { kind: 'sum', bits: 53, lo: 0, hi: 53, model };
    case 'sum-53':
      return { kind: 'sum', bits: 53, lo: 11, hi: 64, model };
  }
}

/** An observation's equations over its output's state (rows at block t: state0); undefined when impossible. */
function equationsOf(o: Observed, shape: Shape): Int32Array | undefined {
  if (o === null) return new Int32Array(0);
  if (isResidue(o)) {
    if (residueRanges(o, shape.bits).length === 0) return undefined;
    return shape.kind === 's0' ? residueEquations(o, shape.bits, shape.shift) : new Int32Array(0);
  }
  if (shape.kind === 's0') {
    const [lo, hi] = typeof o === 'number' ? [o * 2 ** shape.bits, o * 2 ** shape.bits] : bucketRange(o, shape.bits);
    if (!(lo <= hi) || !Number.isInteger(lo)) return undefined;
    return prefixEquations(lo, hi, shape.bits, shape.shift);
  }
  // Sum mappings: a full value must be a double of the mapping; a bucket must hold one.
  if (typeof o === 'number') return Number.isInteger(o * 2 ** shape.bits) ? new Int32Array(0) : undefined;
  const [lo, hi] = bucketRange(o, shape.bits);
  return lo <= hi ? new Int32Array(0) : undefined;
}

/**
 * The equations of a residue ⌊x·2^a⌋ % 2^b = v over state0 bit shift + i = bit i of m (x = m ·
 * 2^-bits): bits bits − a … bits − a + b − 1 of m are v's. None for other n or mod (the residue is
 * then searched as a gap; the emulator's check holds it).
 */
function residueEquations(o: Residue, bits: number, shift: number): Int32Array {
  const a = Math.log2(o.n);
  const b = Math.log2(o.mod);
  if (!Number.isInteger(a) || !Number.isInteger(b) || a > bits) return new Int32Array(0);
  const out = new Int32Array(b * ECOLS);
  for (let i = 0; i < b; i++) {
    out[i * ECOLS] = s0Offset(0, shift + bits - a + i);
    out[i * ECOLS + 1] = -1;
    out[i * ECOLS + 2] = -1;
    out[i * ECOLS + 3] = (o.value >>> i) & 1;
  }
  return out;
}

/**
 * What an observation pins of a sum mapping's value integer m (x = m · 2^-bits): m ∈ [lo, hi]
 * and the p leading bits lo and hi share (the sum bits shape.hi − p … shape.hi − 1). A full
 * value: lo = hi = m, p = bits. Undefined for a gap.
 */
interface Pin {
  readonly p: number;
  readonly lo: number;
  readonly hi: number;
  /** A residue: the intervals of its buckets (lo, hi: their hull). */
  readonly ranges?: readonly (readonly [number, number])[];
}

/** The fewest known levels a run is planned with (no affordable run has fewer). */
const MIN_PIN = 4;

function pinOf(o: Observed, shape: Extract<Shape, { kind: 'sum' }>): Pin | undefined {
  if (o === null) return undefined;
  const bits = shape.hi - shape.lo;
  if (typeof o === 'number') {
    const m = o * 2 ** bits;
    return { p: bits, lo: m, hi: m };
  }
  if (isResidue(o)) {
    const ranges = residueRanges(o, bits);
    const [lo, hi] = [ranges[0]![0], ranges[ranges.length - 1]![1]];
    return { p: sharedPrefix(lo, hi, bits), lo, hi, ranges };
  }
  const [lo, hi] = bucketRange(o, bits);
  return { p: sharedPrefix(lo, hi, bits), lo, hi };
}

/** The blocks of 2^(bits − s) an observation's interval meets: how many values its top s bits may take. */
function blocksAt(q: Pin, bits: number, s: number): number {
  const b = 2 ** (bits - s);
  return Math.floor(q.hi / b) - Math.floor(q.lo / b) + 1;
}

/**
 * The fewest levels L of a chain of `len` outputs, known on sum bits hi − span … hi − 1, whose
 * equations (bit j of each of the len + 1 state0 words, j from hi − span up) reach rank 128 —
 * the level solveChain's elimination stops at — and `deficit` 0; when even all `span` levels fall
 * short (the top bits of few words do not see every state bit: 9 outputs' top 16 sum bits of
 * `>> 11` reach rank 126), L = span and deficit = 128 − that rank (solveChain checks the
 * 2^deficit states of each path's coset); undefined past MAX_KERNEL.
 * The same for every position of the chain (the state transition is invertible and linear).
 */
const fullRankMemo = new Map<string, { levels: number; deficit: number } | undefined>();
function fullRankLevels(len: number, span: number, hi: number, model: StepModel): { levels: number; deficit: number } | undefined {
  const key = `${len}/${span}/${hi}/${model}`;
  if (fullRankMemo.has(key)) return fullRankMemo.get(key);
  const table = symbolicRows(len + 2, model);
  const sys = new Gf2System();
  let found: { levels: number; deficit: number } | undefined;
  for (let L = 1; L <= span && found === undefined; L++) {
    for (let u = 0; u <= len; u++) sys.add(table, s0Offset(1 + u, hi - span + L - 1), -1, -1, 0);
    if (sys.rank === UNKNOWNS) found = { levels: L, deficit: 0 };
  }
  if (!found && UNKNOWNS - sys.rank <= MAX_KERNEL) found = { levels: span, deficit: UNKNOWNS - sys.rank };
  fullRankMemo.set(key, found);
  return found;
}

/** fullRankLevels for two runs of la and lb outputs, the second's first output `gap` steps after the first's (levels counted per bit, both runs' words). */
const fullRank2Memo = new Map<string, { levels: number; deficit: number } | undefined>();
function fullRankLevels2(la: number, lb: number, gap: number, span: number, hi: number, model: StepModel): { levels: number; deficit: number } | undefined {
  const key = `${la}/${lb}/${gap}/${span}/${hi}/${model}`;
  if (fullRank2Memo.has(key)) return fullRank2Memo.get(key);
  const table = symbolicRows(gap + lb + 3, model);
  const sys = new Gf2System();
  let found: { levels: number; deficit: number } | undefined;
  for (let L = 1; L <= span && found === undefined; L++) {
    for (let u = 0; u <= la; u++) sys.add(table, s0Offset(1 + u, hi - span + L - 1), -1, -1, 0);
    for (let u = 0; u <= lb; u++) sys.add(table, s0Offset(1 + gap + u, hi - span + L - 1), -1, -1, 0);
    if (sys.rank === UNKNOWNS) found = { levels: L, deficit: 0 };
  }
  if (!found && UNKNOWNS - sys.rank <= MAX_KERNEL) found = { levels: span, deficit: UNKNOWNS - sys.rank };
  fullRank2Memo.set(key, found);
  return found;
}

/**
 * A bucket size's typical pin: over 256 buckets spread over 0 … n − 1, the mean log2 of
 * the blocks their intervals meet at each span, and the fraction that pin the span (one block).
 */
const typicalMemo = new Map<string, { log: Float64Array; pinned: Float64Array }>();
function typicalBlocks(n: number, shape: Extract<Shape, { kind: 'sum' }>, spans: readonly number[]): { log: Float64Array; pinned: Float64Array } {
  const key = `${n}/${shape.lo}/${shape.hi}`;
  let t = typicalMemo.get(key);
  if (!t) {
    const bits = shape.hi - shape.lo;
    const samples = Math.min(256, n);
    t = { log: new Float64Array(spans.length), pinned: new Float64Array(spans.length) };
    for (let i = 0; i < samples; i++) {
      // Spread by the golden ratio: evenly spaced buckets (i + ½)·n/256 would all sit next to a
      // multiple of 2^-9 and pin about 8 bits each.
      const q = pinOf({ n, value: Math.min(n - 1, Math.floor(((i * 0.6180339887498949 + 0.5) % 1) * n)) }, shape)!;
      spans.forEach((sp, si) => {
        const b = q.p >= sp ? 1 : blocksAt(q, bits, sp);
        t!.log[si]! += Math.log2(b) / samples;
        if (b === 1) t!.pinned[si]! += 1 / samples;
      });
    }
    typicalMemo.set(key, t);
  }
  return t;
}

/**
 * The fewest buckets of n, consecutive from a realm's first call — or, across (P > 0), anywhere
 * in V8's backwards cache of P values a refill, for which topCovers settles every cache alignment
 * as recover would (windows inside one run serving many alignments, windows over both sides of a
 * refill, the extra budget) — that the top-bits search (sum-top.ts) can afford; Infinity when
 * none up to MAX_TOP_RUN. Buckets spread by the golden ratio stand for typical values (as
 * typicalBlocks).
 */
const MAX_TOP_RUN = 64;
/** Pseudo-random bucket sequences sampled when no window of typical buckets is affordable. */
const LUCK_SAMPLES = 7;
const topNeedMemo = new Map<string, number>();
function topRunNeeded(n: number, shape: Extract<Shape, { kind: 'sum' }>, P: number): number {
  const key = `${n}/${shape.lo}/${shape.hi}/${P}/${shape.model}`;
  const memo = topNeedMemo.get(key);
  if (memo !== undefined) return memo;
  const typical = (i: number): Pin => pinOf({ n, value: Math.min(n - 1, Math.floor(((i * 0.6180339887498949 + 0.5) % 1) * n)) }, shape)!;
  let single = Infinity;
  for (let L = 4; L <= MAX_TOP_RUN && single === Infinity; L++) {
    const obs = Array.from({ length: L }, (_, i): TopObservation => ({ t: 1 + i, ...typical(i) }));
    if (planTop(obs, shape, MAX_TOP_COST_ONE)) single = L;
  }
  if (single === Infinity) {
    // No window of typical buckets is affordable (⌊x·62⌋, ⌊x·36⌋: most buckets meet two blocks),
    // but a lucky run may be, where more of them fall inside one: pseudo-random sequences of
    // LUCK_LENGTH buckets, the end of the earliest affordable window in each, the median.
    const ends: number[] = [];
    let u = 0x9e3779b9;
    for (let r = 0; r < LUCK_SAMPLES; r++) {
      const obs: TopObservation[] = Array.from({ length: LUCK_LENGTH }, (_, i) => {
        u = (Math.imul(u, 1664525) + 1013904223) >>> 0;
        const q = pinOf({ n, value: Math.floor((u / 2 ** 32) * n) }, shape)!;
        return { t: 1 + i, lo: q.lo, hi: q.hi };
      });
      ends.push(planTop(obs, shape, MAX_TOP_COST_ONE, undefined, true)?.end ?? Infinity);
    }
    single = ends.sort((a, b) => a - b)[LUCK_SAMPLES >> 1]!;
  }
  let need = single;
  if (P > 0 && single < Infinity) {
    // Across: never fewer than from the start (two runs pay a free word more than one), and
    // 2·single − 1 always (a window of `single` on one side of any split); between, the fewest
    // L for which every alignment is covered, by bisection (covering grows with L).
    const covers = (L: number): boolean => {
      const pins = Array.from({ length: L }, (_, i) => typical(i));
      return topCovers(placementsOf(L, P, true, () => false), pins, P, shape, MAX_TOP_PLACEMENTS);
    };
    let lo = single - 1;
    let hi = Math.min(2 * single - 1, MAX_TOP_RUN);
    if (!covers(hi)) hi = 2 * single - 1;
    else {
      while (hi - lo > 1) {
        const mid = (lo + hi) >> 1;
        if (covers(mid)) hi = mid;
        else lo = mid;
      }
    }
    need = hi;
  }
  topNeedMemo.set(key, need);
  return need;
}

/** Observation k at output t (steps after the frame's state), for alignments lo … hi. */
interface Placement {
  readonly k: number;
  readonly t: number;
  readonly lo: number;
  readonly hi: number;
}

/**
 * Where each observation sits in the state's sequence (its output t after the frame) for the
 * cache alignments lo … hi it can have: one placement per observation without a backwards cache;
 * with V8's (P values a refill, handed out last first) an observation of refill position r
 * sits in one refill for alignments 0 … P − 1 − r and in the next for the rest. The frame is the
 * state P steps before observation 0's output. Observations `skip` says are unusable get none.
 */
function placementsOf(count: number, P: number, desc: boolean, skip: (k: number) => boolean): Placement[] {
  const placements: Placement[] = [];
  for (let k = 0; k < count; k++) {
    if (skip(k)) continue;
    if (!desc) {
      placements.push({ k, t: k + 1, lo: 0, hi: 0 });
      continue;
    }
    const r = k % P;
    const m = (k - r) / P;
    placements.push({ k, t: 2 * P * m - k + P, lo: 0, hi: P - 1 - r });
    if (r > 0) placements.push({ k, t: 2 * P * (m + 1) - k + P, lo: P - r, hi: P - 1 });
  }
  return placements;
}

/** The top-bits search's observations of `here` (alignment c's placements, sorted by position, the first `scope` of them), and each one's reach from c on. */
function topAt(here: readonly Placement[], c: number, pins: readonly (Pin | undefined)[], scope: number): { topObs: TopObservation[]; reach: [number, number][] } {
  const within = here.slice(0, scope);
  const topObs = within.map((p): TopObservation => {
    const q = pins[p.k]!;
    return { t: p.t, lo: q.lo, hi: q.hi, ...(q.ranges ? { ranges: q.ranges } : {}) };
  });
  return { topObs, reach: within.map((p): [number, number] => [Math.max(p.lo, c), p.hi]) };
}

/**
 * Whether top-bits plans settle every one of `alignments` cache alignments, each within
 * MAX_TOP_COST per position it serves or, past that, within MAX_TOP_EXTRA for them all: planned,
 * not solved (planning is a few per cent of a solve), with the windows planned standing for the
 * solved ones — what recover spends its extra budget on, and what topRunNeeded asks of typical
 * buckets across a refill.
 */
function topCovers(placements: readonly Placement[], pins: readonly (Pin | undefined)[], alignments: number, shape: TopShape, scope: number): boolean {
  const planned: Placement[][] = [];
  let extra = MAX_TOP_EXTRA;
  for (let c = 0; c < alignments; c++) {
    if (planned.some((run) => run.every((p) => p.lo <= c && c <= p.hi))) continue;
    const here = placements.filter((p) => p.lo <= c && c <= p.hi).sort((a, b) => a.t - b.t);
    const { topObs, reach } = topAt(here, c, pins, scope);
    let tp = planTop(topObs, shape, MAX_TOP_COST_ONE, reach, false, MAX_TOP_COST);
    if (!tp && extra >= TOP_MIN_COST) {
      tp = planTop(topObs, shape, Math.min(MAX_TOP_COST_ONE, extra), reach, false);
      if (tp) extra -= tp.cost;
    }
    if (!tp) return false;
    planned.push(here.slice(tp.first, tp.end));
  }
  return true;
}

/** startSystem's equations per observation list (computed once for all call indices). */
const startEquations = new WeakMap<readonly Observed[], { variantId: string; eqs: (Int32Array | undefined)[] }>();

/** The step (after the state a V8 context's first refill starts from) whose state0 its call i shows, P values a refill handed out from the end: refill ⌊i / P⌋, position i mod P. */
export function v8StepOfCall(perRefill: number, i: number): number {
  return perRefill * Math.floor(i / perRefill) + perRefill - (i % perRefill);
}

/**
 * The linear equations (over the 128 bits of the state a V8 context's first refill starts from)
 * of observations of an `s0` mapping (V8 7.1 – 14.3) that begin at the context's call
 * `firstCall` (0: its first Math.random() call): call i, of refill r = ⌊i / 64⌋ at position
 * j = i mod 64, shows state0 after 64·r + 64 − j steps (v8StepOfCall). Undefined for the other
 * mappings and caches, or when an observation fits no double of the mapping (every state is then
 * ruled out).
 */
export function startSystem(observed: readonly Observed[], variantId: string, firstCall = 0): Gf2System | undefined {
  const variant = VARIANTS.find((v) => v.id === variantId);
  if (!variant?.cache) return undefined;
  const P = variant.cache.perRefill;
  return stepSystem(observed, variantId, observed.map((_, k) => v8StepOfCall(P, firstCall + k)));
}

/**
 * As startSystem, with observation k showing state0 after steps[k] steps of the state solved for
 * (any origin: searchV8SeedWithin solves each shape of window once, at its earliest step).
 */
export function stepSystem(observed: readonly Observed[], variantId: string, steps: readonly number[]): Gf2System | undefined {
  const variant = VARIANTS.find((v) => v.id === variantId);
  if (!variant || variant.cache?.order !== 'desc') return undefined;
  const shape = mappingShape(variant);
  if (shape.kind !== 's0') return undefined;
  // Once per observation list (searchV8SeedWithin asks for each shape of window; a residue's
  // ranges alone can cost milliseconds).
  let memo = startEquations.get(observed);
  if (memo?.variantId !== variantId) {
    memo = { variantId, eqs: observed.map((o) => equationsOf(o, shape)) };
    startEquations.set(observed, memo);
  }
  const eqs = memo.eqs;
  if (eqs.some((e) => e === undefined)) return undefined;
  const table = symbolicRows(Math.max(...steps) + 2, shape.model);
  const sys = new Gf2System();
  for (let k = 0; k < observed.length && sys.rank < UNKNOWNS && sys.consistent; k++) {
    const e = eqs[k]!;
    const at = s0Offset(steps[k]!, 0);
    for (let i = 0; i < e.length && sys.rank < UNKNOWNS && sys.consistent; i += ECOLS) {
      sys.add(table, at + e[i]!, e[i + 1]! < 0 ? -1 : at + e[i + 1]!, e[i + 2]! < 0 ? -1 : at + e[i + 2]!, e[i + 3]!);
    }
  }
  return sys;
}

/**
 * Every xorshift128+ state (and, for V8, cache position) of the variant `variantId` that explains
 * `observed` (full values, buckets or gaps, in call order): GF(2) elimination for the linear `s0`
 * mappings, the exact carry search of sum-chain.ts for the (s0 + s1) mappings. `complete` says
 * whether the candidates are provably all of them; never a state that fails an observation.
 */
export function recoverXorshift(observed: readonly Observed[], variantId: string, options: RecoverOptions = {}): XorshiftRecovery {
  // The top-bits solves of one recovery share their work arrays (fresh memory costs a page fault
  // per 4 KB: 20–100 ms a solve across V8's refills); dropped when it ends.
  try {
    return variantId === 'jsc-jit-sar' ? recoverSar(observed, options) : recover(observed, variantId, options);
  } finally {
    releaseTop();
  }
}

/**
 * Observations before the first one recoverSar solves for. The JIT thunk's step (arithmetic
 * shifts) forgets one direction: x and x ^ (K, 0), K = ~0 ^ ~0 << 23 ^ ~0 << 46 (bits 0–22 and
 * 46–63), step alike. After one call state1 is below 2^63, so of the state before the second
 * observation and its twin one is below 2^63 in both words — where the step is the bijection
 * the extended model (gf2.ts `sar-extended`) matches, for every step after.
 */
const SAR_CHECKED = 1;
const SAR_TWIN_HI = -0x4000; // K's high word: bits 46–63
const SAR_TWIN_LO = 0x7fffff; // K's low word: bits 0–22

/**
 * jsc-jit-sar (Bun 0.6 … 1.3.5): the observations from the second on solved under the extended
 * SAR model for a state below 2^63 in both words — the solutions outside that set dropped —
 * each solution and its twin stepped back (two predecessors each) and kept when the engine, run
 * from there, reproduces every observation. The two states before the first value always fit
 * alike (they differ by the twin direction), so the candidates come in such pairs; `complete`
 * is the inner search's.
 */
function recoverSar(observed: readonly Observed[], options: RecoverOptions): XorshiftRecovery {
  const variant = 'jsc-jit-sar';
  if (observed.length <= SAR_CHECKED) {
    // Nothing solved (the statistics of the values given, no candidates).
    const stats = recover(observed, variant, { ...options, maxWork: 0 });
    return { ...stats, candidates: [], complete: false, undetermined: 1, outOfBudget: false, needValues: (stats.needValues ?? 4) + SAR_CHECKED };
  }
  const inner = recover(observed.slice(SAR_CHECKED), variant, options);
  if (inner.equationsPerValue === 0 && !inner.impossible) {
    // Only unseen calls after the first: nothing solved, the statistics of the values given.
    const stats = recover(observed, variant, { ...options, maxWork: 0 });
    return { ...stats, candidates: [], complete: false, undetermined: 1, outOfBudget: false, needValues: (stats.needValues ?? 4) + SAR_CHECKED };
  }
  const needValues = inner.needValues === undefined ? {} : { needValues: inner.needValues + SAR_CHECKED };
  const maxCandidates = options.maxCandidates ?? DEFAULT_MAX_CANDIDATES;
  const candidates: XorshiftCandidate[] = [];
  let stopped = false;
  const hex = (st: Int32Array): string[] => [`0x${u64ToHex(st[0]!, st[1]!)}`, `0x${u64ToHex(st[2]!, st[3]!)}`];
  for (const c of inner.candidates) {
    const v = Int32Array.from(c.state.flatMap((w) => u64FromBigInt(BigInt(w))));
    if (v[0]! < 0 || v[2]! < 0) continue; // outside the set the extension matches the engine on: one it made up
    for (const twin of [false, true]) {
      const s1 = v.slice();
      if (twin) {
        s1[0]! ^= SAR_TWIN_HI;
        s1[1]! ^= SAR_TWIN_LO;
      }
      for (const b of [false, true]) {
        const s0 = s1.slice();
        if (!xorshift128SarStepBack(s0, b) || (s0[0]! | s0[1]! | s0[2]! | s0[3]!) === 0) continue; // (zero: no state)
        const probe = new JscJitXorShift128Plus([s0[0]!, s0[1]!], [s0[2]!, s0[3]!]);
        if (!observed.every((o) => matches(probe.random(), o))) continue;
        if (candidates.length === maxCandidates) stopped = true;
        else candidates.push({ state: hex(s0), consumed: 0 });
      }
    }
  }
  return { ...inner, ...needValues, candidates, complete: inner.complete && !stopped };
}

function recover(observed: readonly Observed[], variantId: string, options: RecoverOptions): XorshiftRecovery {
  const variant = VARIANTS.find((v) => v.id === variantId);
  if (!variant) throw new RangeError(`unknown xorshift128plus variant ${variantId}`);
  const maxCandidates = options.maxCandidates ?? DEFAULT_MAX_CANDIDATES;
  if (!Number.isInteger(maxCandidates) || maxCandidates < 1) throw new RangeError(`maxCandidates must be a positive integer, got ${maxCandidates}`);
  const maxWork = options.maxWork ?? Infinity;
  if (!(maxWork >= 0)) throw new RangeError(`maxWork must be a non-negative number, got ${maxWork}`);
  const shape = mappingShape(variant);
  const n = observed.length;
  const eqs = observed.map((o) => equationsOf(o, shape));
  const total = eqs.reduce((s, e) => s + (e ? e.length / ECOLS : 0), 0);
  // The sums: a full value shows every sum bit of its mapping, a bucket the leading ones its interval pins.
  const pins = shape.kind === 'sum' ? observed.map((o) => pinOf(o, shape)) : [];
  const pinned = pins.reduce((s, q) => s + (q ? q.p : 0), 0);
  const base = { variant: variant.id, equationsPerValue: shape.kind === 'sum' ? (n ? pinned / n : 0) : n ? total / n : 0 };
  if (eqs.some((e) => e === undefined)) return { ...base, candidates: [], complete: true, rank: 0, undetermined: 0, impossible: true, outOfBudget: false };
  const cache = variant.cache;
  const P = cache?.perRefill ?? 0;
  // Handed out in generation order, a refill boundary leaves no trace in the values: only
  // alignment 0 is tried (one of perRefill equivalent descriptions of V8's position).
  const desc = cache?.order === 'desc';
  const alignments = desc && !options.fromStart ? P : 1;
  // Equations from the first values only; the emulator's check covers the rest.
  let window = n;
  if (shape.kind === 's0') {
    for (let k = 0, sum = 0; k < n; k++) {
      sum += eqs[k]!.length / ECOLS;
      if (sum >= ENOUGH_EQUATIONS) {
        window = Math.min(n, k + 2 + 2 * P);
        break;
      }
    }
  }
  // Frame: the state P steps before observation 0's output (desc), or just before it.
  const placements = placementsOf(window, P, desc, (k) => (shape.kind === 's0' ? eqs[k]!.length === 0 : pins[k] === undefined));
  const table = symbolicRows(placements.reduce((t, p) => Math.max(t, p.t), 0) + 2, shape.model);
  const step = stepOf(shape.model);

  const candidates: XorshiftCandidate[] = [];
  let rank = 0;
  let undetermined = 0;
  let stopped = false;
  let spent = 0;
  let outOfBudget = false;

  /** Runs the emulator from frame state x under alignment c; keeps it if it reproduces every observation. False once maxCandidates is passed. */
  const verify = (x: Int32Array, c: number): boolean => {
    if (stopped) return false;
    // The all-zero state is xorshift128's fixed point, no engine's state — but jsc-jit-sar's step
    // reaches it (from (K, 0), K its forgotten direction), so recoverSar's frame may be it.
    const zero = (x[0]! | x[1]! | x[2]! | x[3]!) === 0;
    if (zero && shape.model !== 'sar-extended') return true;
    const s = x.slice();
    if (desc) for (let i = 0; i < c; i++) step(s); // → the state before that refill
    const probe = variant.cache
      ? new V8XorShift128Plus(variant.id, [s[0]!, s[1]!], [s[2]!, s[3]!])
      : variant.id === 'jsc-jit-sar'
        ? new JscJitXorShift128Plus([s[0]!, s[1]!], [s[2]!, s[3]!])
        : new XorShift128Plus(variant.id, [s[0]!, s[1]!], [s[2]!, s[3]!]);
    if (desc) for (let i = 0; i < c; i++) probe.random();
    const state = [...probe.getState()];
    for (let k = 0; k < n; k++) if (!matches(probe.random(), observed[k]!)) return true;
    try {
      if (!zero) create({ state, variant: variant.id }); // a NaN pattern V8 would have canonicalised is no state
    } catch {
      return true;
    }
    if (candidates.length === maxCandidates) {
      stopped = true;
      return false;
    }
    candidates.push({ state, consumed: c });
    return true;
  };

  const addPlacement = (sys: Gf2System, p: Placement): void => {
    const e = eqs[p.k]!;
    const at = s0Offset(p.t, 0);
    for (let i = 0; i < e.length && sys.rank < UNKNOWNS && sys.consistent; i += ECOLS) {
      sys.add(table, at + e[i]!, e[i + 1]! < 0 ? -1 : at + e[i + 1]!, e[i + 2]! < 0 ? -1 : at + e[i + 2]!, e[i + 3]!);
    }
  };

  /** Whether x satisfies the linear equations of alignment c, up to LINEAR_CHECKS of them (cheaper than the emulator). */
  const linearCheck = (x: Int32Array, c: number): boolean => {
    let checked = 0;
    for (const p of placements) {
      if (p.lo > c || c > p.hi) continue;
      const e = eqs[p.k]!;
      const at = s0Offset(p.t, 0);
      for (let i = 0; i < e.length; i += ECOLS) {
        let v = evalRow(table, at + e[i]!, x) ^ e[i + 3]!;
        if (e[i + 1]! >= 0) v ^= evalRow(table, at + e[i + 1]!, x);
        if (e[i + 2]! >= 0) v ^= evalRow(table, at + e[i + 2]!, x);
        if (v !== 0) return false;
        if (++checked === LINEAR_CHECKS) return true;
      }
    }
    return true;
  };

  if (shape.kind === 'sum') {
    const bits = shape.hi - shape.lo;
    // Known levels tried: the top `span` sum bits of every value of a run (a bucket pins its
    // interval's common prefix; one that pins fewer is split into the 2^(bits − span)-blocks its
    // interval meets, every combination searched). `bits` itself: a run of full values, every
    // sum bit (the carry into bit 0 is known for the low sums).
    const spans: number[] = [];
    for (let sp = MIN_PIN; sp <= Math.min(MAX_SPAN, bits); sp++) spans.push(sp);
    if (bits > MAX_SPAN) spans.push(bits);
    const carryKnown = (sp: number) => sp === bits && shape.lo === 0;
    const plans = new Map<number, ChainPlan | undefined>();
    const planFor = (len: number, sp: number): ChainPlan | undefined => {
      const key = len * 64 + sp;
      if (!plans.has(key)) plans.set(key, planChain(len, sp, carryKnown(sp)));
      return plans.get(key);
    };
    /** Blocks an observation's interval meets at each span (1 when it pins that many bits). */
    const blocks = pins.map((q) => (q ? Float64Array.from(spans, (sp) => (q.p >= sp ? 1 : blocksAt(q, bits, sp))) : undefined));
    /** The planned cost of searching run `len` values long at span index si with `ways` block combinations. */
    const costOf = (len: number, si: number, ways: number): number => {
      const span = spans[si]!;
      const plan = planFor(len, span);
      const rk = fullRankLevels(len, span, shape.hi, shape.model);
      if (!plan || rk === undefined) return Infinity;
      const need = rk.levels;
      // solveChain adds levels until rank 128 (4 values of `>> 11`: 31 for the planned 30): each
      // one past the plan doubles its upper half, 2^(len + levels − split) paths of planChain's
      // weight 4 (its cost model).
      const L = Math.max(need, plan.levels);
      const extra = need > plan.levels ? 4 * 2 ** (len + plan.levels - plan.split) * (2 ** (need - plan.levels) - 1) : 0;
      // Below rank 128 every joined pair's coset (2^deficit states) is checked: pairs with equal
      // syndromes (2^(cin + L − checks), checks = equations − rank, 32 compared) and the states
      // the planned levels leave (2^(128 − len·L)), planChain's weight 100 per check.
      const cin = carryKnown(span) ? 0 : len;
      const checks = Math.min(32, (len + 1) * L - (UNKNOWNS - rk.deficit));
      const kernel = rk.deficit > 0 ? 100 * (2 ** rk.deficit - 1) * (2 ** Math.max(0, cin + L - checks) + 2 ** Math.max(0, UNKNOWNS - len * L)) : 0;
      return ways * (plan.cost + extra + kernel + SOLVE_OVERHEAD) * lengthFactor(len);
    };
    /**
     * costOf for two runs of la and lb outputs whose first outputs are `gap` apart (solveChains:
     * 2 guessed bits per level, carries of both runs; each state checked by stepping from the frame).
     */
    const costOf2 = (la: number, lb: number, gap: number, si: number, ways: number): number => {
      const span = spans[si]!;
      const len = la + lb;
      const plan = planChains(la, lb, span, carryKnown(span));
      const rk = fullRankLevels2(la, lb, gap, span, shape.hi, shape.model);
      if (!plan || rk === undefined) return Infinity;
      const L = Math.max(rk.levels, plan.levels);
      const ca = carryKnown(span) ? 0 : la;
      const cb = carryKnown(span) ? 0 : lb;
      if (ca + L > 26 || cb + L > 26) return Infinity;
      // Both chains' paths (walked twice), the pairs with equal syndromes and, below rank 128,
      // each state of their cosets; each checked by stepping from the frame (weight 500).
      const checks = Math.min(32, (len + 2) * L - (UNKNOWNS - rk.deficit));
      const pairs = 2 ** Math.max(0, ca + cb + 2 * L - checks) + 2 ** Math.max(0, UNKNOWNS - len * L);
      const tables = 2 * L * 2 ** (Math.max(la, lb) + 1) * 4;
      return ways * (6 * 2 ** (ca + L) + 4 * 2 ** (cb + L) + 500 * 2 ** rk.deficit * pairs + tables + SOLVE_OVERHEAD) * lengthFactor(Math.max(la, lb) + 4);
    };
    // Planned cost of one block combination per (length, span), and its least over every length
    // from `len` up (for cutting a window's growth once nothing longer can be affordable).
    const unitCost = Array.from({ length: MAX_CHAIN + 1 }, (_, len) => Float64Array.from(spans, (_, si) => (len < 3 ? Infinity : costOf(len, si, 1))));
    const atLeast = unitCost.map((row) => row.slice());
    for (let len = MAX_CHAIN - 1; len >= 0; len--) for (let si = 0; si < spans.length; si++) atLeast[len]![si] = Math.min(atLeast[len]![si]!, atLeast[len + 1]![si]!);
    // Even the values that pin the most cannot make an affordable run: no window is tried at all.
    const fewest = Float64Array.from(spans, (_, si) => Math.min(Infinity, ...blocks.map((b) => (b ? b[si]! : Infinity))));
    // Full values only (no buckets, no gaps), and every alignment has a run of 3 or more
    // consecutive ones — or two runs of 2 the pair search takes (sum-pairs.ts: V8's backwards
    // cache splitting 4 values 2 + 2): runs of 3 are affordable (MAX_RUN3_COST), else the usual cap.
    const fullOnly = observed.every((o) => typeof o === 'number');
    const pairsShape = fullOnly && pairTracks(shape.lo, shape.hi, shape.lo === 0) !== undefined;
    /** The runs of consecutive outputs (placements sorted by t) of alignment c. */
    const runsAt = (c: number): Placement[][] => {
      const here = placements.filter((p) => p.lo <= c && c <= p.hi).sort((a, b) => a.t - b.t);
      const runs: Placement[][] = [];
      for (const p of here) {
        const last = runs[runs.length - 1];
        if (last && p.t === last[last.length - 1]!.t + 1) last.push(p);
        else runs.push([p]);
      }
      return runs;
    };
    let everyRun3 = fullOnly;
    for (let c = 0; c < alignments && everyRun3; c++) {
      const runs = runsAt(c);
      everyRun3 = runs.some((r) => r.length >= 3) || (pairsShape && runs.filter((r) => r.length >= 2).length >= 2);
    }
    const buckets = observed.some((o) => o !== null && typeof o !== 'number');
    const cap = everyRun3 || (fullOnly && options.runsOf3 === true) ? MAX_RUN3_COST : buckets ? MAX_BUCKET_COST : MAX_CHAIN_COST;
    let possible = false;
    for (let len = 3; len <= MAX_CHAIN; len++) for (let si = 0; si < spans.length; si++) if (unitCost[len]![si]! * fewest[si]! ** len <= cap) possible = true;
    let short = false;
    /** Charges a solve's planned cost to maxWork: false (the alignment left unsettled, outOfBudget) when it would pass it. */
    const charge = (cost: number): boolean => {
      if (spent + cost > maxWork) {
        undetermined++;
        outOfBudget = true;
        return false;
      }
      spent += cost;
      return true;
    };
    /** The states a solve emits; past 64 · maxCandidates `emit` asks it to stop and `over` says so. */
    const collector = () => {
      const found: Int32Array[] = [];
      const limit = 64 * maxCandidates;
      return { found, emit: (x: Int32Array): boolean => found.push(x) <= limit, over: (): boolean => found.length > limit };
    };
    const residues = observed.some(isResidue);
    const topScope = residues ? MAX_TOP_PLACEMENTS_RESIDUES : MAX_TOP_PLACEMENTS;
    // Top-bits solves past MAX_TOP_COST per position served, all alignments together: with
    // residues, or with plain buckets when the plans show they settle every alignment (spent on
    // an answer, not on a refusal; planned when first wanted).
    let extraTop: number | undefined = residues ? MAX_TOP_EXTRA : undefined;
    // Per alignment: the cheapest affordable run of consecutive observations, solved exactly
    // (memoised: alignments that place that run alike share the result).
    const solved: { run: Placement[]; states: Int32Array[] }[] = [];
    for (let c = 0; c < alignments && !stopped; c++) {
      // A run solved for an earlier alignment that places it alike serves this one too.
      let done = solved.find((r) => r.run.every((p) => p.lo <= c && c <= p.hi));
      if (!done) {
        const here = placements.filter((p) => p.lo <= c && c <= p.hi).sort((a, b) => a.t - b.t);
        // Every window of up to MAX_CHAIN consecutive outputs at every span: the cheapest plan
        // wins, and among those the window valid for the most alignments.
        let best: { run: Placement[]; runs?: Placement[][]; plan: ChainPlan; span: number; cost: number; width: number } | undefined;
        const ways = new Float64Array(spans.length);
        for (let i = 0; i < here.length && possible; ) {
          let j = i + 1;
          while (j < here.length && here[j]!.t === here[j - 1]!.t + 1) j++;
          for (let from = i; from + 3 <= j; from++) {
            ways.fill(1);
            for (let len = 1; len <= Math.min(MAX_CHAIN, j - from); len++) {
              const bl = blocks[here[from + len - 1]!.k]!;
              const limit = Math.min(cap, best ? best.cost : Infinity);
              let grow = false;
              for (let si = 0; si < spans.length; si++) {
                ways[si]! *= bl[si]!;
                if (ways[si]! * atLeast[len]![si]! <= limit) grow = true;
              }
              if (!grow) break; // no longer window from here can be cheaper
              if (len < 3) continue;
              for (let si = 0; si < spans.length; si++) {
                const cost = ways[si]! * unitCost[len]![si]!;
                if (cost > limit) continue;
                const run = here.slice(from, from + len);
                const width = Math.min(...run.map((p) => p.hi)) - Math.max(...run.map((p) => p.lo));
                if (!best || cost < best.cost || width > best.width) best = { run, plan: planFor(len, spans[si]!)!, span: spans[si]!, cost, width };
              }
            }
          }
          i = j;
        }
        // Two runs of consecutive outputs (V8's backwards cache: a window across a refill), their
        // equations joined in one search (solveChains): every pair of sub-runs, one from each of
        // two neighbouring runs, at every span, costed alike; chosen when cheaper than any one run.
        const runsHere: Placement[][] = [];
        for (const p of here) {
          const lastRun = runsHere[runsHere.length - 1];
          if (lastRun && p.t === lastRun[lastRun.length - 1]!.t + 1) lastRun.push(p);
          else runsHere.push([p]);
        }
        let best2: { runs: Placement[][]; plan: ChainPlan; span: number; cost: number } | undefined;
        // (Buckets only: full values keep their runs of 3 and the pair search, sum-pairs.ts.)
        for (let ri = 0; ri + 1 < runsHere.length && possible && buckets; ri++) {
          const A = runsHere[ri]!;
          const B = runsHere[ri + 1]!;
          for (let la = 1; la <= Math.min(A.length, MAX_CHAIN - 1); la++) {
            for (let lb = 1; lb <= Math.min(B.length, MAX_CHAIN - la); lb++) {
              if (la + lb < 4) continue;
              for (let si = 0; si < spans.length; si++) {
                const limit = Math.min(cap, best ? best.cost : Infinity, best2 ? best2.cost : Infinity);
                // The sub-runs of A (length la) and B (lb) with the fewest block combinations at this span.
                const pick = (R: Placement[], len: number, fromEnd: boolean): { sub: Placement[]; ways: number } => {
                  let bestSub: { sub: Placement[]; ways: number } | undefined;
                  for (let f = 0; f + len <= R.length; f++) {
                    const sub = R.slice(f, f + len);
                    const w = sub.reduce((m, p) => m * blocks[p.k]![si]!, 1);
                    if (!bestSub || w < bestSub.ways || (w === bestSub.ways && fromEnd)) bestSub = { sub, ways: w };
                  }
                  return bestSub!;
                };
                const a = pick(A, la, true);
                const b = pick(B, lb, false);
                if (a.ways * b.ways * unitCost[Math.min(la + lb, MAX_CHAIN)]![si]! > limit) continue; // two runs never cost less than one of the same length
                const cost = costOf2(la, lb, b.sub[0]!.t - a.sub[0]!.t, si, a.ways * b.ways);
                if (cost > limit) continue;
                best2 = { runs: [a.sub, b.sub], plan: planChains(la, lb, spans[si]!, carryKnown(spans[si]!))!, span: spans[si]!, cost };
              }
            }
          }
        }
        if (best2 && (!best || best2.cost < best.cost)) best = { run: best2.runs.flat(), runs: best2.runs, plan: best2.plan, span: best2.span, cost: best2.cost, width: 0 };
        // Coarse buckets (⌊x·64⌋, ⌊x·1000⌋): the top-bits search over time (sum-top.ts), when it
        // is cheaper than every run the level search could take.
        if (buckets && (!best || best.cost > TOP_MIN_COST)) {
          const at = topAt(here, c, pins, topScope);
          const topObs = at.topObs;
          // Among windows, the one least costly per alignment it serves (from this one on): its states are memoised for them.
          const reach = alignments > 1 ? at.reach : undefined;
          // A solve may cost up to MAX_TOP_COST_ONE when it serves enough alignments to stay within MAX_TOP_COST for each.
          let tp = planTop(topObs, shape, Math.min(MAX_TOP_COST_ONE, best ? best.cost : Infinity), reach, false, alignments === 1 ? Infinity : MAX_TOP_COST);
          // None serves enough positions for its cost (residues: the windows cut at a y digit
          // inside one refill are few): a costlier one while the extra budget lasts.
          if (!tp && alignments > 1) {
            extraTop ??= topCovers(placements, pins, alignments, shape, topScope) ? MAX_TOP_EXTRA : 0;
            if (extraTop >= TOP_MIN_COST) {
              tp = planTop(topObs, shape, Math.min(MAX_TOP_COST_ONE, extraTop, best ? best.cost : Infinity), reach, false);
              if (tp) extraTop -= tp.cost;
            }
          }
          if (tp) {
            if (!charge(tp.cost)) continue;
            const { found, emit, over } = collector();
            const r = solveTop(topObs, shape, tp, table, emit);
            if (r.solved && !over()) {
              done = { run: here.slice(tp.first, tp.end), states: found };
              solved.push(done);
              rank = UNKNOWNS;
              for (const x of done.states) if (!verify(x, c)) break;
              continue;
            }
            // Not settled (a cap passed, or the rank fell short): the level search's run, when
            // there is one, is tried next; else the alignment stays unsettled.
            if (!best || over()) {
              undetermined++;
              continue;
            }
          }
        }
        if (!best && pairsShape) {
          // No run of 3: two runs of 2 or more, searched as two pairs (their first two values each).
          const pairs = runsAt(c).filter((r) => r.length >= 2).slice(0, 2);
          if (pairs.length === 2) {
            if (!charge(PAIRS_COST)) continue;
            const chainOf = (r: Placement[]): SumChain => ({
              t0: r[0]!.t,
              sums: r.slice(0, 2).map((p): [number, number] => {
                const v = pins[p.k]!.lo * 2 ** shape.lo; // < 2^64, exact
                return [Math.floor(v / TWO32) | 0, v % TWO32 | 0];
              }),
              lo: shape.lo,
              hi: shape.hi,
              carryInKnown: shape.lo === 0,
              model: shape.model,
            });
            const { found, emit, over } = collector();
            const r = solvePairs(chainOf(pairs[0]!), chainOf(pairs[1]!), emit);
            if (!r.solved || over()) {
              undetermined++;
              continue;
            }
            done = { run: [...pairs[0]!.slice(0, 2), ...pairs[1]!.slice(0, 2)], states: found };
            solved.push(done);
            rank = UNKNOWNS;
            for (const x of done.states) if (!verify(x, c)) break;
            continue;
          }
        }
        if (!best) {
          undetermined++;
          short = true;
          continue;
        }
        if (!charge(best.cost)) continue;
        const { found, emit, over } = collector();
        // Every combination of the run's top-`span`-bit blocks (one each when every value pins them).
        const unit = 2 ** (bits - best.span);
        const first = best.run.map((p) => Math.floor(pins[p.k]!.lo / unit));
        const last = best.run.map((p) => Math.floor(pins[p.k]!.hi / unit));
        const at = first.slice();
        let settled = true;
        for (;;) {
          const sums = at.map((blk): [number, number] => {
            const v = blk * 2 ** (shape.hi - best.span); // < 2^64, exact
            return [Math.floor(v / TWO32) | 0, v % TWO32 | 0];
          });
          const runs = best.runs ?? [best.run];
          const chains: SumChain[] = [];
          for (let i = 0, o = 0; i < runs.length; o += runs[i]!.length, i++) {
            chains.push({ t0: runs[i]![0]!.t, sums: sums.slice(o, o + runs[i]!.length), lo: shape.hi - best.span, hi: shape.hi, carryInKnown: carryKnown(best.span), model: shape.model });
          }
          // A run of 3 full values: walked on tracks first (sum-tracks.ts, 7–11 times faster),
          // its states handed on only when that walk is complete; else met in the middle.
          let r: { readonly solved: boolean } | undefined;
          if (chains.length === 1 && runTracks(chains[0]!.sums.length, chains[0]!.lo, chains[0]!.hi, chains[0]!.carryInKnown)) {
            const viaTracks: Int32Array[] = [];
            const tr = solveTracks(chains[0]!, (x) => viaTracks.push(x) <= 64 * maxCandidates);
            if (tr.solved) r = viaTracks.every((x) => emit(x)) ? tr : { solved: false };
          }
          r ??= solveChains(chains, best.plan, emit);
          if (!r.solved || over()) {
            settled = false;
            break;
          }
          let u = 0;
          while (u < at.length && at[u] === last[u]) at[u] = first[u++]!;
          if (u === at.length) break;
          at[u]!++;
        }
        if (!settled) {
          undetermined++;
          continue;
        }
        done = { run: best.run, states: found };
        solved.push(done);
      }
      rank = UNKNOWNS;
      for (const x of done.states) if (!verify(x, c)) break;
    }
    // No affordable run for some alignment: about how many values of this precision would give
    // every alignment one. Each observation's typical blocks at each span come from its kind (a
    // full value: 1; a bucket of n: the geometric mean over 256 buckets spread over 0 … n − 1, so
    // the estimate does not hang on the luck of the values seen). A typical run if one is
    // affordable; else a lucky one, where all but the few values the cap leaves room to split
    // pin the span (fraction f of the buckets; a window is affordable with probability p, about
    // run / p values until one turns up); else none, or only after more than MAX_NEED values
    // (Infinity: refused — ⌊x·6⌋, ⌊x·10⌋: neither search affords any window of them).
    let needValues: number | undefined;
    if (short) {
      // (A residue ⌊x·n⌋ % m counts as a bucket of m: as many bits.)
      const kinds = observed.filter((o) => o !== null).map((o) => (typeof o === 'number' ? undefined : typicalBlocks(isResidue(o) ? o.mod : o.n, shape, spans)));
      const mean = (si: number, f: (b: { log: Float64Array; pinned: Float64Array }) => number, full: number) =>
        kinds.length ? kinds.reduce((s, b) => s + (b ? f(b) : full), 0) / kinds.length : full;
      let run = Infinity;
      for (let len = 3; len <= MAX_CHAIN && run === Infinity; len++) {
        for (let si = 0; si < spans.length; si++) {
          // (A run of 3 full values has its own cap, MAX_RUN3_COST: the track walk.)
          if (costOf(len, si, 2 ** (len * mean(si, (b) => b.log[si]!, 0))) <= (buckets ? MAX_BUCKET_COST : len === 3 ? MAX_RUN3_COST : MAX_CHAIN_COST)) run = len;
        }
      }
      if (run === Infinity) {
        for (let len = 3; len <= MAX_CHAIN; len++) {
          for (let si = 0; si < spans.length; si++) {
            const f = mean(si, (b) => b.pinned[si]!, 1);
            const unit = costOf(len, si, 1);
            const capHere = buckets ? MAX_BUCKET_COST : MAX_CHAIN_COST;
            if (!(f > 0) || unit > capHere) continue;
            // Up to `most` values of the run may meet two blocks (each doubles the cost): the
            // chance a window of len is affordable, binomial in the fraction that pin the span.
            const most = Math.min(len, Math.floor(Math.log2(capHere / unit)));
            let p = 0;
            for (let x = 0, c = 1; x <= most; c = (c * (len - x)) / (x + 1), x++) p += c * (1 - f) ** x * f ** (len - x);
            run = Math.min(run, Math.ceil(len / p));
          }
        }
      }
      if (run > MAX_NEED) run = Infinity;
      let topNeed = Infinity;
      // The top-bits search (sum-top.ts) for the buckets' most common size: the fewest values it
      // plans within its cap (across a refill: at every split).
      const sizes = observed.flatMap((o) => (isBucket(o) ? [o.n] : []));
      if (sizes.length) {
        const count = new Map<number, number>();
        for (const v of sizes) count.set(v, (count.get(v) ?? 0) + 1);
        const common = [...count].sort((a, b) => b[1] - a[1])[0]![0];
        topNeed = topRunNeeded(common, shape, desc && !options.fromStart ? P : 0);
        if (!(desc && !options.fromStart)) run = Math.min(run, topNeed);
        // Across V8's backwards cache: or a window of the start's count inside one refill at every
        // cache position (2L − 1 values hold one), each solve serving every position it fits.
        else topNeed = Math.min(topNeed, 2 * topRunNeeded(common, shape, 0) - 1);
      }
      // V8's backwards cache splits the window at an unknown refill: for full values a run on one
      // side for every split or two pairs (4 values split 2 + 2, sum-pairs.ts); for buckets both
      // sides searched together (solveChains: measured, one or two more than from the start).
      needValues = desc && !options.fromStart ? (buckets ? Math.min(run + 2, topNeed) : pairsShape && run <= 3 ? 4 : 2 * run - 1) : run;
    }
    return { ...base, candidates, complete: !stopped && undetermined === 0, rank, undetermined, impossible: false, outOfBudget, ...(needValues !== undefined ? { needValues } : {}) };
  }

  // Buckets whose interval is not one binary prefix (n not a power of two): the interval's
  // dyadic pieces below the shared prefix, branched over at a leaf below full rank (see settle).
  const pieces = shape.kind === 's0' ? observed.map((o) => (isBucket(o) ? piecesOf(o, shape) : undefined)) : [];
  const gains = pieces.map((e, k) => (e ? piecesGain(observed[k] as { n: number; value: number }, e, shape.bits, eqs[k]!.length / ECOLS) : 1));
  /**
   * Per observation: the top 32 bits of its output integer m lie in [lo32, hi32] (one value for a
   * full value), and the share of its prefix block that interval covers (the filter's selectivity).
   */
  const top32 =
    shape.kind === 's0'
      ? observed.map((o): [number, number, number] | undefined => {
          // (A residue filters nothing here: its equations, then the emulator's check.)
          if (o === null || isResidue(o)) return undefined;
          const [lo, hi] = typeof o === 'number' ? [o * 2 ** shape.bits, o * 2 ** shape.bits] : bucketRange(o, shape.bits);
          const unit = 2 ** (shape.bits - 32);
          const l = Math.floor(lo / unit);
          const h = Math.floor(hi / unit);
          return [l, h, (h - l + 1) / 2 ** (32 - prefixLength(l, h))];
        })
      : [];
  /** Per observation: its linear equations are all it says (a full value, or a bucket that is one binary prefix). */
  const exact = observed.map((o) => {
    if (o === null || typeof o === 'number' || shape.kind !== 's0') return true;
    if (isResidue(o)) return false;
    const [lo, hi] = bucketRange(o, shape.bits);
    // One binary prefix: a dyadic block.
    const size = hi - lo + 1;
    return 2 ** Math.round(Math.log2(size)) === size && lo % size === 0;
  });
  let work = 0;
  /** Some alignment was left unsettled because MAX_LEAF_WORK ran out (not for want of values alone). */
  let capped = false;

  /** The top 32 bits of state0 after each step 0 … T from frame state x (the output words). */
  const tops = (x: Int32Array, T: number): Int32Array => {
    const s = x.slice();
    const out = new Int32Array(T + 1);
    for (let t = 0; t <= T; t++) {
      out[t] = s[0]!;
      step(s);
    }
    return out;
  };

  /**
   * Every state of a leaf's affine space x0 ⊕ Σ vⱼ·dⱼ, in Gray-code order: the top 32 bits of the
   * most selective observations' outputs are kept per state (each direction's part XORed in)
   * and compared with their intervals, the survivors checked on the rest, then by the linear
   * check and the emulator.
   */
  const gray = (sys: Gf2System, c: number, filters: readonly Placement[]): void => {
    const free = sys.freeBits();
    const N = free.length;
    const x = sys.solution(0, free)!;
    const dirs = free.map((_, j) => sys.solution(2 ** j, free)!.map((w, i) => w ^ x[i]!));
    const T = filters.reduce((m, p) => Math.max(m, p.t), 0);
    const K = Math.min(filters.length, FAST_FILTERS);
    // The first K observations' top words, biased by 2^31 so that signed comparison orders them.
    const lo = new Int32Array(K);
    const hi = new Int32Array(K);
    const v = new Int32Array(K);
    const d = new Int32Array(N * K);
    const t0 = tops(x, T);
    for (let q = 0; q < K; q++) {
      const f = top32[filters[q]!.k]!;
      lo[q] = f[0] ^ BIAS;
      hi[q] = f[1] ^ BIAS;
      v[q] = t0[filters[q]!.t]! ^ BIAS;
    }
    for (let j = 0; j < N; j++) {
      const tj = tops(dirs[j]!, T);
      for (let q = 0; q < K; q++) d[j * K + q] = tj[filters[q]!.t]!;
    }
    // The rest, for the states that pass the first K: stepped from the state itself.
    const Trest = filters.slice(K).reduce((m, p) => Math.max(m, p.t), -1);
    const s = new Int32Array(4);
    const at = new Int32Array(Trest + 1);
    const rest = (y: Int32Array): boolean => {
      if (Trest < 0) return true;
      s.set(y);
      for (let t = 0; t <= Trest; t++) {
        at[t] = s[0]!;
        step(s);
      }
      for (let q = K; q < filters.length; q++) {
        const f = top32[filters[q]!.k]!;
        const u = at[filters[q]!.t]! >>> 0;
        if (u < f[0] || u > f[1]) return false;
      }
      return true;
    };
    const hits: number[] = [];
    grayScan(N, K, v, d, lo, hi, hits);
    for (const g of hits) {
      // x0 ⊕ the directions in the set g.
      const y = x.slice();
      for (let j = 0, b = g; b !== 0; j++, b = Math.floor(b / 2)) if (b % 2) for (let i = 0; i < 4; i++) y[i]! ^= dirs[j]![i]!;
      if (rest(y) && linearCheck(y, c) && !verify(y, c)) return;
    }
  };

  /**
   * A leaf below full rank (one alignment c): every state that fits. The observations whose
   * bucket is more than one binary prefix are branched over, piece by piece (disjoint dyadic
   * pieces of the bucket's interval below its shared prefix; each adds that piece's bits as
   * equations, an inconsistent branch is cut at once); once few states are left (nullity ≤
   * GRAY_DIRECT, or nothing left to branch on and nullity ≤ GRAY_MAX), each of the 2^nullity
   * states is tried (gray). Returns false when the alignment cannot be settled: more than
   * GRAY_MAX free bits with nothing left to branch on, or the work budget (MAX_LEAF_WORK, shared
   * by every alignment) spent.
   */
  const settle = (sys: Gf2System, c: number): boolean => {
    const here = placements.filter((p) => p.lo <= c && c <= p.hi && top32[p.k] !== undefined);
    // Most selective first (the smallest share of its prefix block).
    const filters = here.slice().sort((a, b) => top32[a.k]![2] - top32[b.k]![2]);
    // Branched over: the buckets whose pieces save the most per branch (log of the share of the
    // hull they cover over log of their number); those that save little are left to the scan.
    const worth = (k: number) => -Math.log2(gains[k]!) / Math.log2(pieces[k]!.length);
    const branch = filters.filter((p) => pieces[p.k] !== undefined && gains[p.k]! <= MAX_GAIN).sort((a, b) => worth(b.k) - worth(a.k));
    const plain = filters.filter((p) => !branch.includes(p));
    const allExact = window === n && here.every((p) => exact[p.k]);
    const state = { ok: true };
    const dfs = (i: number): void => {
      const nullity = UNKNOWNS - sys.rank;
      if (nullity === 0) {
        work += NODE_WORK;
        const x = sys.solution()!;
        if (linearCheck(x, c)) verify(x, c);
        return;
      }
      if (nullity <= GRAY_DIRECT || i === branch.length) {
        // Every observation is exactly its linear bits (full values, power-of-two buckets) and
        // all are in the equations: every state of the affine space fits, each costing an
        // emulator run. More than 2^EXACT_NULLITY, or than the list has room for: the alignment
        // is left open (not settled) without trying them.
        if (allExact && 2 ** nullity > Math.min(2 ** EXACT_NULLITY, maxCandidates - candidates.length)) {
          state.ok = false;
          return;
        }
        if (nullity > GRAY_MAX || work + LEAF_WORK + 2 ** nullity > MAX_LEAF_WORK) {
          state.ok = false;
          capped ||= nullity <= GRAY_MAX;
          return;
        }
        work += LEAF_WORK + 2 ** nullity;
        // The observations not branched on first: the pieces taken already hold for the others.
        gray(sys, c, [...branch.slice(i), ...plain, ...branch.slice(0, i)]);
        return;
      }
      const p = branch[i]!;
      const before = sys.rank;
      const at = s0Offset(p.t, 0);
      for (const e of pieces[p.k]!) {
        work += NODE_WORK;
        if (work > MAX_LEAF_WORK) {
          state.ok = false;
          capped = true;
          return;
        }
        for (let j = 0; j < e.length && sys.rank < UNKNOWNS && sys.consistent; j += ECOLS) sys.add(table, at + e[j]!, -1, -1, e[j + 3]!);
        if (sys.consistent) dfs(i + 1);
        sys.undo(before);
        if (!state.ok || stopped) return;
      }
    };
    dfs(0);
    return state.ok;
  };

  const sys = new Gf2System();
  /** Alignments lo … hi, sys holding the placements valid for all of them above; leaves sys as it found it. */
  const search = (lo: number, hi: number, pending: readonly Placement[]): void => {
    const before = sys.rank;
    const down: Placement[] = [];
    for (const p of pending) {
      if (p.lo <= lo && p.hi >= hi) {
        if (sys.rank < UNKNOWNS && sys.consistent) addPlacement(sys, p);
      } else if (p.hi >= lo && p.lo <= hi) down.push(p);
    }
    rank = Math.max(rank, sys.rank);
    if (!sys.consistent || stopped) {
      // Every alignment here contradicts itself.
    } else if (sys.rank === UNKNOWNS) {
      const x = sys.solution()!;
      for (let c = lo; c <= hi; c++) if (linearCheck(x, c) && !verify(x, c)) break;
    } else if (lo === hi) {
      // Below full rank: branch over the buckets' pieces, try every remaining state when few;
      // else this alignment stays open.
      if (!settle(sys, lo)) undetermined++;
    } else {
      const mid = (lo + hi) >> 1;
      const here = sys.rank;
      search(lo, mid, down);
      sys.undo(here);
      search(mid + 1, hi, down);
    }
    sys.undo(before);
  };
  search(0, alignments - 1, placements);
  return { ...base, candidates, complete: !stopped && undetermined === 0, rank, undetermined, impossible: false, outOfBudget, ...(capped ? { searchCapped: true } : {}) };
}
