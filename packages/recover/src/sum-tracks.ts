/**
 * Exact recovery of a xorshift128+ state from a run of 3 consecutive `(s0 + s1)` outputs known
 * on every bit of their mapping (full values) — one walk over chosen levels, pruned as it goes,
 * instead of sum-chain.ts's two halves of contiguous levels met in the middle.
 *
 * Words w₀ … w₃ (state0 at the run's first output and the three after it; output u is
 * w_u + w_{u+1}). As in sum-chain.ts, guessing bit j of w₀ fixes bit j of every other word
 * through the known sum bits and the carries into level j. Here the levels are walked as a few
 * tracks in lockstep (as sum-pairs.ts walks each of two pairs far apart): each track a
 * range of levels walked upwards from a guessed carry-in (3 bits, one per sum), or from the known
 * carry 0 at bit 0 of the low sums; a track that ends where another starts must carry out that
 * track's guessed carry-in. The tracks are placed so that the xorshift step's own relations
 * (bit j of w_{u+2} is a form in bits j − 23, j − 6, j, j + 17 of w_u and j, j + 26 of w_{u+1})
 * close early: one elimination of the equations in walk order gives, per step, the parity checks
 * whose equations are all walked by then, and the walk keeps only the paths that meet them. Its
 * last paths are each solved (rank 128: the solved map from the equations' values) and checked on
 * every known sum bit before the state is emitted. The schedule is the one GF(2) rank counts
 * chose (`recover-bench.mjs --only pair-ranks`, the run3-tracks rows: 2^19.6 nodes expected for
 * `(s0 + s1) >> 11`, 2^18.5 for the 52-bit low sum); on random runs the first steps keep the
 * expected 2^10–2^15 paths and the later ones more (some checks tie carries rather than
 * guesses, and cut fewer than half). Consecutive steps are walked as one where a row stays
 * small (makeLayout), and the search runs in WebAssembly (wasm/walk.wat; this file's loop where
 * WebAssembly is missing): on 30 random runs 2^16–2^23 entries tried (median 2^19.1) for `>> 11`,
 * 2^15–2^19 for the low sums, 5.9 / 1.4 ms median (the JavaScript loop 17 / 3.2 ms; rows built
 * when first reached) — where the halves met in the middle walk 2^22 paths each, twice, and join
 * about 150,000 pairs (200 / 45 ms).
 *
 * Every state whose outputs show the run's known sum bits is met by its own path (its bits of
 * w₀ are the guesses, its carries into each track's first level the carry-ins): its equation
 * values meet every check, and its carries chain. No other path solves to it (the bits of a
 * state and the known sums fix the carries), so each is emitted once. A walk past MAX_NODES
 * stops unsolved (the caller then searches the run as sum-chain.ts does).
 *
 * The same walk lists the states of a PAIR of sums (listPairStates: node 26 / Chromium from 2
 * values through their seed, v8-seed.ts; 3 values a refill splits, sum-split.ts): its equations
 * stop short of rank 128, and each leaf's coset (the kernel) is checked on the bits below the
 * walked levels.
 */
import { type StepModel, UNKNOWNS, s0Offset, stepOf, symbolicRows } from './gf2.js';
import { bitAt, kernelOf, type SumChain } from './sum-chain.js';
import { eliminate, solvedMap, stateColumns } from './sum-pairs.js';
import { WALK_LEAF_EXTRA, WALK_MAX_CINS, WALK_MAX_STEPS, WalkCode, WalkMem, walkKernel } from './walk-kernel.js';

/**
 * Nodes (entries tried) a walk may visit before it stops unsolved (about 0.1 s in WebAssembly,
 * 0.4 s in JavaScript). A run of 3 usually takes 2^16–2^23; a few in a hundred take more (runs
 * where many paths meet every check and fail only on the carries below the tracks), and met in
 * the middle they cost 0.4–1.2 s too.
 */
const MAX_NODES = 2 ** 24;
/** Checks the walk enforces (two 32-bit words; the rest are met by the final check on every sum bit). */
const MAX_CHECKS = 64;

/**
 * The tracks ([first level, end level)) a run of n sums known on bits lo … hi − 1 is walked on;
 * undefined: none (the run is searched as sum-chain.ts does). Chosen by GF(2) rank counts: the
 * paths alive per step (`recover-bench.mjs --only pair-ranks`).
 */
export function runTracks(n: number, lo: number, hi: number, carryInKnown: boolean): readonly (readonly [number, number])[] | undefined {
  if (n !== 3) return undefined;
  if (lo === 0 && hi >= 46 && carryInKnown) return [[0, 17], [17, 26], [26, 46]];
  if (lo === 11 && hi === 64 && !carryInKnown) return [[16, 36], [39, 56], [56, 64]];
  return undefined;
}

/**
 * The tracks a PAIR of consecutive `(s0 + s1) >> 11` sums is walked on to list every state that
 * shows them (listPairStates). Two sums leave 2^22 states; the walk's equations reach rank 117,
 * and the 11 bits no walked level sees (state1's low bits at the pair, and what they fix) are the
 * leaves' kernel. The best by GF(2) rank counts of about 10^5 random schedules of 2–7 chained
 * tracks over levels 11 … 63 (its counts: `recover-bench.mjs --only pair-ranks`, the
 * pair-list-tracks row): 2^13 leaves, 2^26.9 nodes counted (every guess of every live parent),
 * 2^24.7 tried once a row's guesses are grouped by their checks. The paths alive stay at 2^21 for
 * 12 of its 21 steps; none of the schedules tried kept fewer. Walked with consecutive steps taken
 * as one (makeLayout): 11 steps of 4–6 guesses, 2^23.3 entries tried, 85–100 ms median in WebAssembly (279 ms in
 * JavaScript; 0.67 s one step at a time, 2026-12-06).
 */
export const PAIR_LIST_TRACKS: readonly (readonly [number, number])[] = [
  [11, 32],
  [32, 35],
  [35, 55],
  [55, 64],
];
/** A `((s0 + s1) >> 11) / 2^53` value's 53 bits as its sum's bits 11 … 63: [high 32 bits, low 32 bits] (the bits below 11 zero). */
export function sum11Words(v: number): [number, number] {
  const m = v * 2 ** 53;
  return [Math.floor(m / 2 ** 21) | 0, ((m % 2 ** 21) * 2 ** 11) | 0];
}

/** Nodes (entries tried) a pair's listing may visit before it stops unlisted (2^23.3 expected; 2^27: about 1.5 s in WebAssembly). */
const MAX_PAIR_NODES = 2 ** 27;
/** Checks closing at one step that a walk groups its guesses by (2^SIG_BITS groups a row). */
const SIG_BITS = 7;
/** Guesses one step takes at most (2^MAX_STEP_WIDTH entries a row: its groups' bounds fit a byte). */
const MAX_STEP_WIDTH = 7;
/** Entries a step's rows may hold in all (its carry keys × its guesses: 256 KiB). */
const MAX_STEP_ENTRIES = 2 ** 14;
/** Kernel dimensions a layout may leave (each leaf's 2^k states checked one by one). */
const MAX_LEAF_KERNEL = 12;

/** What solveTracks did: whether every fitting state was emitted, the nodes (entries) it tried and the leaves it reached. */
export interface TracksResult {
  readonly solved: boolean;
  readonly nodes: number;
  readonly leaves: number;
}

/**
 * What a walk needs that does not depend on the sums, only on the run's position t₀ and its
 * shape: the positions (level and track of each, per step in lockstep), the chained tracks, the
 * checks as bits of the own-check value (per equation and per step where they close) and the
 * solved map's columns of the frame state and of the run's first state.
 */
interface Layout {
  readonly tracks: readonly (readonly [number, number])[];
  readonly steps: number;
  readonly posJ: Int32Array;
  readonly posT: Int32Array;
  readonly first: Int32Array;
  readonly width: Int8Array;
  /** Per step: the track whose last level it holds when another track starts where it ends, and that track (−1: none). */
  readonly endTrack: Int8Array;
  readonly intoTrack: Int8Array;
  readonly guessed: readonly boolean[];
  readonly ownLo: Int32Array;
  readonly ownHi: Int32Array;
  readonly closeLo: Int32Array;
  readonly closeHi: Int32Array;
  /** Per position p and its W equation values v (index p · 2^W + v): their part of the solved first state, then of the frame state (8 words: stateColumns's layout). */
  readonly posCols: Int32Array;
  /** Below rank 128: per free bit its frame part and first-state part (kernelOf: 8 words each); empty at rank 128. */
  readonly kernel: Int32Array;
  /** Per free bit, its bits below lo of w₀, w₁ and w₂ (3 words), when `lowOnly`. */
  readonly kernelLow: Int32Array;
  /** A pair whose tracks chain over every level lo … hi − 1 from a guessed carry-in: the kernel is checked on the bits below lo alone. */
  readonly lowOnly: boolean;
  /**
   * Every check of the equations is walked (at most MAX_CHECKS): a leaf's equation values are
   * then consistent, so its solved state shows every walked bit as the path has it (ownPath holds
   * without being run).
   */
  readonly allChecked: boolean;
}

/** Layouts kept (a recovery's runs sit at a few positions: one per cache alignment at most). */
const MAX_LAYOUTS = 256;
const layouts = new Map<string, Layout | undefined>();

function layoutOf(n: number, t0: number, lo: number, hi: number, carryInKnown: boolean, model: StepModel, tracks: readonly (readonly [number, number])[] | undefined): Layout | undefined {
  const key = `${n}/${t0}/${lo}/${hi}/${carryInKnown}/${model}/${JSON.stringify(tracks)}`;
  if (layouts.has(key)) return layouts.get(key);
  const made = tracks ? makeLayout(n, t0, lo, hi, carryInKnown, model, tracks) : undefined;
  if (layouts.size === MAX_LAYOUTS) layouts.clear();
  layouts.set(key, made);
  return made;
}

function makeLayout(n: number, t0: number, lo: number, hi: number, carryInKnown: boolean, model: StepModel, tracks: readonly (readonly [number, number])[]): Layout | undefined {
  if (tracks.some(([f, e]) => f < lo || e > hi)) return undefined;
  const T = tracks.length;
  const W = n + 1;
  // Positions in lockstep: lockstep step l takes level f + l of every track still running.
  const lsSteps = Math.max(...tracks.map(([f, e]) => e - f));
  const posJ: number[] = [];
  const posT: number[] = [];
  const lsFirst = new Int32Array(lsSteps + 1);
  const lsEnd = new Int8Array(lsSteps).fill(-1);
  const lsInto = new Int8Array(lsSteps).fill(-1);
  for (let l = 0; l < lsSteps; l++) {
    lsFirst[l] = posJ.length;
    for (let t = 0; t < T; t++) {
      const [f, e] = tracks[t]!;
      if (f + l >= e) continue;
      posJ.push(f + l);
      posT.push(t);
      const into = tracks.findIndex(([f2]) => f2 === e);
      if (f + l === e - 1 && into >= 0) {
        if (lsEnd[l]! >= 0) return undefined;
        lsEnd[l] = t;
        lsInto[l] = into;
      }
    }
  }
  lsFirst[lsSteps] = posJ.length;
  // A row's groups' bounds are bytes: 2^MAX_STEP_WIDTH entries a row at most.
  if (tracks.length > MAX_STEP_WIDTH) return undefined;
  // Equation W·p + u: bit posJ[p] of w_u.
  const np = posJ.length;
  const neq = W * np;
  const tw = Math.ceil(neq / 32);
  const table = symbolicRows(t0 + n + 2, model);
  const forms = new Int32Array(4 * neq);
  for (let p = 0; p < np; p++) {
    for (let u = 0; u < W; u++) {
      const off = s0Offset(t0 + u, posJ[p]!);
      for (let w = 0; w < 4; w++) forms[4 * (W * p + u) + w] = table[off + w]!;
    }
  }
  const el = eliminate(forms, Array.from({ length: neq }, (_, e) => e), tw);
  if (el.rank < UNKNOWNS - MAX_LEAF_KERNEL) return undefined;
  const checks = el.checks.slice(0, MAX_CHECKS);
  // The walk's steps: runs of consecutive lockstep steps taken as one (a row's entry then guesses
  // every level of the run: its carries chain through them), so that a path's intermediate nodes
  // are not visited one by one — where the paths stay many (a pair's 2^21 for 9 steps of 4 guesses
  // and 2 checks, about one child each) that is most of the walk. A run grows while its guesses
  // stay within MAX_STEP_WIDTH, its checks within SIG_BITS (they group the entries), its rows'
  // entries within MAX_STEP_ENTRIES (its carry keys × its guesses) and it ends at most one track.
  const lsChecks = new Int32Array(lsSteps);
  const lsOfPos = new Int32Array(np);
  for (let l = 0; l < lsSteps; l++) for (let p = lsFirst[l]!; p < lsFirst[l + 1]!; p++) lsOfPos[p] = l;
  for (const c of checks) lsChecks[lsOfPos[Math.floor(c.last / W)]!]!++;
  /** Carry bits a row key of a step starting at lockstep step l holds at most: the running tracks' and one ended before. */
  const keyBits = (l: number): number => n * (lsFirst[l + 1]! - lsFirst[l]! + (l > 0 ? 1 : 0));
  const starts: number[] = [];
  for (let l = 0, w = 0, c = 0, ended = false; l < lsSteps; l++) {
    const lw = lsFirst[l + 1]! - lsFirst[l]!;
    const joins = starts.length > 0 && w + lw <= MAX_STEP_WIDTH && c + lsChecks[l]! <= SIG_BITS && !(ended && lsEnd[l]! >= 0) && W * (w + lw) <= 32 &&
      2 ** (keyBits(starts[starts.length - 1]!) + w + lw) <= MAX_STEP_ENTRIES;
    if (!joins) {
      starts.push(l);
      w = 0;
      c = 0;
      ended = false;
    }
    w += lw;
    c += lsChecks[l]!;
    ended ||= lsEnd[l]! >= 0;
  }
  const steps = starts.length;
  const first = new Int32Array(steps + 1);
  const width = new Int8Array(steps);
  const endTrack = new Int8Array(steps).fill(-1);
  const intoTrack = new Int8Array(steps).fill(-1);
  for (let s = 0; s < steps; s++) {
    const a = starts[s]!;
    const b = s + 1 < steps ? starts[s + 1]! : lsSteps;
    first[s] = lsFirst[a]!;
    width[s] = lsFirst[b]! - lsFirst[a]!;
    for (let l = a; l < b; l++) {
      if (lsEnd[l]! < 0) continue;
      endTrack[s] = lsEnd[l]!;
      intoTrack[s] = lsInto[l]!;
    }
  }
  first[steps] = np;
  // The checks in walk order (the elimination met their last equations in order): check c is bit
  // c of the own-check value, enforced at the step of its last equation.
  const ownLo = new Int32Array(neq);
  const ownHi = new Int32Array(neq);
  const closeLo = new Int32Array(steps);
  const closeHi = new Int32Array(steps);
  const stepOfPos = new Int32Array(np);
  for (let s = 0; s < steps; s++) for (let p = first[s]!; p < first[s + 1]!; p++) stepOfPos[p] = s;
  checks.forEach((c, k) => {
    const s = stepOfPos[Math.floor(c.last / W)]!;
    const [col, close] = k < 32 ? [ownLo, closeLo] : [ownHi, closeHi];
    close[s]! |= 1 << (k & 31);
    for (let e = 0; e < neq; e++) if ((c.combo[e >>> 5]! >>> (e & 31)) & 1) col[e]! |= 1 << (k & 31);
  });
  const sol = solvedMap(el, tw);
  const kernel = el.rank < UNKNOWNS ? kernelOf(el, table, t0, 4 + tw) : new Int32Array(0);
  // A pair walked on every level lo … hi − 1 (tracks chained from lo, its carry-in guessed): each
  // kernel vector's bits below lo of w₀, w₁, w₂ (the step is linear: w₂'s from w₀'s and w₁'s).
  const chained = [...tracks].sort((p, q) => p[0] - q[0]).every(([f, e], i, all) => (i === 0 ? f === lo : f === all[i - 1]![1]) && (i < all.length - 1 || e === hi));
  const lowOnly = n === 2 && !carryInKnown && lo < 32 && chained && kernel.length > 0;
  const kernelLow = new Int32Array(3 * (kernel.length / 8));
  const stepNow = stepOf(model);
  for (let i = 0; i < kernel.length / 8; i++) {
    const v = new Int32Array([kernel[8 * i + 5]!, kernel[8 * i + 4]!, kernel[8 * i + 7]!, kernel[8 * i + 6]!]);
    const low = (1 << lo) - 1;
    kernelLow[3 * i] = v[1]! & low;
    kernelLow[3 * i + 1] = v[3]! & low;
    stepNow(v);
    stepNow(v);
    kernelLow[3 * i + 2] = v[1]! & low;
  }
  return {
    tracks,
    steps,
    posJ: Int32Array.from(posJ),
    posT: Int32Array.from(posT),
    first,
    width,
    endTrack,
    intoTrack,
    guessed: tracks.map(([f]) => !(f === lo && carryInKnown)),
    ownLo,
    ownHi,
    closeLo,
    closeHi,
    posCols: positionColumns(stateColumns(sol, tw, neq, table, t0), stateColumns(sol, tw, neq, table, 0), np, W),
    kernel,
    kernelLow,
    lowOnly,
    allChecked: el.checks.length <= MAX_CHECKS,
  };
}

/** Per position and its equations' values, the XOR of their solved columns (first state, frame state): a leaf's state is then one lookup per position. */
function positionColumns(firstCol: Int32Array, frameCol: Int32Array, np: number, W: number): Int32Array {
  const out = new Int32Array(8 * (np << W));
  for (let p = 0; p < np; p++) {
    for (let v = 1; v < 1 << W; v++) {
      // v's columns: those of v without its lowest bit, and that bit's
      const o = 8 * ((p << W) | v);
      const prev = 8 * ((p << W) | (v & (v - 1)));
      const e = 4 * (W * p + (31 - Math.clz32(v & -v)));
      for (let w = 0; w < 4; w++) {
        out[o + w] = out[prev + w]! ^ firstCol[e + w]!;
        out[o + 4 + w] = out[prev + 4 + w]! ^ frameCol[e + w]!;
      }
    }
  }
  return out;
}

/**
 * Every frame state (as [state0 hi, state0 lo, state1 hi, state1 lo]) whose outputs at the run
 * `chain` (3 sums, every bit lo … hi − 1 known) show those bits, each passed to `emit` once
 * (false from emit stops the walk: the result is then not solved).
 */
export function solveTracks(chain: SumChain, emit: (x: Int32Array) => boolean): TracksResult {
  return walkTracks(chain, runTracks(chain.sums.length, chain.lo, chain.hi, chain.carryInKnown), MAX_NODES, emit);
}

/**
 * Every frame state (as solveTracks gives them) whose outputs at `pair` (2 consecutive sums of
 * `(s0 + s1) >> 11`, bits 11 … 63 known) show those bits — about 2^22 of them, each passed to
 * `emit` once, in one reused array (copy it to keep it; false from emit stops the walk).
 * Exhaustive as solveTracks is: a state is reached by its own path (its bits, its carries) and
 * the one combination of the leaf's kernel that is its bits below 11, kept when the carries out of
 * those bits are the ones the path guessed into level 11. Not solved (nothing proven) for other
 * shapes or past MAX_PAIR_NODES.
 */
export function listPairStates(pair: SumChain, emit: (x: Int32Array) => boolean): TracksResult {
  if (!isListablePair(pair)) return { solved: false, nodes: 0, leaves: 0 };
  return walkTracks(pair, PAIR_LIST_TRACKS, MAX_PAIR_NODES, emit);
}

/**
 * The same states as listPairStates, a leaf at a time: each leaf's coset — `base` ⊕ span of the
 * `dim` vectors of `basis` (frame states as listPairStates gives them; the basis the same for
 * every leaf) — holds every state of the leaf's path, and every state that shows the pair is in
 * exactly one leaf's coset. A coset also holds states that do not show the pair (about 3 in 4:
 * the carries out of the bits below 11 are not checked here), so a caller checks what it keeps —
 * in exchange it may test a whole coset at once (v8-seed.ts: the seed check in core's
 * WebAssembly scan, without a JavaScript call per state). False from emit stops the walk.
 */
export function listPairCosets(pair: SumChain, emit: (base: Int32Array, basis: Int32Array, dim: number) => boolean): TracksResult {
  if (!isListablePair(pair)) return { solved: false, nodes: 0, leaves: 0 };
  return walkTracks(pair, PAIR_LIST_TRACKS, MAX_PAIR_NODES, () => true, emit);
}

function isListablePair(pair: SumChain): boolean {
  return pair.sums.length === 2 && pair.lo === 11 && pair.hi === 64 && !pair.carryInKnown;
}

/**
 * The walk: every state showing `chain` to `emit` — or, below rank 128 with `emitCoset`, each
 * leaf's coset whole (listPairCosets).
 */
function walkTracks(chain: SumChain, schedule: readonly (readonly [number, number])[] | undefined, maxNodes: number, emit: (x: Int32Array) => boolean, emitCoset?: (base: Int32Array, basis: Int32Array, dim: number) => boolean): TracksResult {
  const n = chain.sums.length;
  const lay = layoutOf(n, chain.t0, chain.lo, chain.hi, chain.carryInKnown, chain.model, schedule);
  const step = stepOf(chain.model);
  if (!lay) return { solved: false, nodes: 0, leaves: 0 };
  const { tracks, steps, posJ, posT, first, width, endTrack, intoTrack, guessed, ownLo, ownHi, closeLo, closeHi, posCols, kernel, kernelLow, lowOnly, allChecked } = lay;
  // The carry-ins (n bits) of the track that starts at lo, for the leaves' kernel check.
  const loTrack = tracks.findIndex(([f]) => f === chain.lo);
  let carryIn = 0;
  const kd = kernel.length / 8;
  const T = tracks.length;
  const W = n + 1;
  const cm = (1 << n) - 1;
  const wm = (1 << W) - 1;
  // Per step, carries (n bits per track) and guesses (bit i: the i-th running track's bit of w₀):
  // the carries after the step, its part of the own-check value and its equations' values — a
  // row of 2^width entries (4 words each) per (step, carries), built when the walk first reaches it.
  const CB = n * T;
  const guessedBits = guessed.filter(Boolean).length * n;
  // A parent tries only the guesses whose part of the step's closing checks equals its own (the
  // others fail them): per row its guesses sorted by that part (the bits of the checks closing
  // at the step, at most SIG_BITS of them; a step closing more lists every guess as one group).
  // The checks closing at a step are contiguous bits of the own-check value (the elimination
  // met their last equations in walk order): step s's are bits sigAt[s] … sigAt[s] + sigN[s] − 1
  // (0–63: own-check low, then high word), taken as the group index when at most SIG_BITS.
  const sigAt = new Int32Array(steps);
  const sigN = new Int32Array(steps);
  for (let s = 0; s < steps; s++) {
    const bits: number[] = [];
    for (let k = 0; k < 32; k++) if ((closeLo[s]! >>> k) & 1) bits.push(k);
    for (let k = 0; k < 32; k++) if ((closeHi[s]! >>> k) & 1) bits.push(32 + k);
    if (bits.some((b, i) => b !== bits[0]! + i)) throw new Error(`sum-tracks: the checks closing at step ${s} are not contiguous`);
    sigAt[s] = bits[0] ?? 0;
    sigN[s] = bits.length <= SIG_BITS ? bits.length : 0;
  }
  // The carries an entry of step s keeps: those of the tracks running at s + 1, and of the track
  // ending at s (its carry-out is checked there). A finished track's carries are read by no later
  // row, so rows differing only in them would be copies: a pair's walk keys 1,584 rows, not 5,376.
  const keep = new Int32Array(steps);
  const running = (s: number): number => {
    let m = 0;
    for (let p = first[s]!; p < first[s + 1]!; p++) m |= cm << (n * posT[p]!);
    return m;
  };
  for (let s = 0; s < steps; s++) keep[s] = (s + 1 < steps ? running(s + 1) : 0) | (endTrack[s]! >= 0 ? cm << (n * endTrack[s]!) : 0);
  // Rows laid out one after another as built (rowOf: a key's row's int offset in tab, −1 while
  // not built): a head of head[s] words holding the groups' bounds as bytes (the entry each group
  // starts at; the last bound the row's end; 16-byte aligned), then the entries. The table holds
  // every key a step can reach (step 0: every carry-in; later ones: the carries the previous step
  // keeps).
  const head = new Int32Array(steps);
  for (let s = 0; s < steps; s++) head[s] = ((1 << sigN[s]!) + 16) >> 4 << 2;
  let tabInts = 0;
  for (let s = 0; s < steps; s++) {
    let bits = s === 0 ? CB : 0;
    for (let m = s === 0 ? 0 : keep[s - 1]!; m !== 0; m &= m - 1) bits++;
    tabInts += 2 ** bits * (head[s]! + (4 << width[s]!));
  }
  // The search in WebAssembly (walk.wat) when it is there and free (a walk started from another's
  // emit runs here), its tables in the module's memory; else the JavaScript loop below.
  const wk = walkKernel();
  const kernelWalk = wk !== null && !wk.busy && steps <= WALK_MAX_STEPS && 1 << guessedBits <= WALK_MAX_CINS;
  const views = kernelWalk ? wk.prepare(steps << CB, tabInts, steps) : undefined;
  const rowOf = views ? views.rowOf : new Int32Array(steps << CB).fill(-1);
  const tab = views ? views.tab : new Int32Array(tabInts);
  const tab8 = new Uint8Array(tab.buffer, tab.byteOffset, tab.byteLength);
  let tabUsed = 0;
  /** A parent's part (own-check words lo, hi) of step s's closing checks, as its group index. */
  const sigOf = (s: number, lo: number, hi: number): number => {
    const k = sigAt[s]!;
    const mask = (1 << sigN[s]!) - 1;
    return (k >= 32 ? hi >>> (k - 32) : k + sigN[s]! > 32 ? (lo >>> k) | (hi << (32 - k)) : lo >>> k) & mask;
  };
  // A row's entries before they are sorted into tab, and their groups.
  const G = 1 << Math.max(...width);
  const rowTmp = new Int32Array(4 * G);
  const sigs = new Int32Array(G);
  const fill = new Int32Array((1 << SIG_BITS) + 1);
  /** Builds row (s, car) (its entries in tab, grouped by their part of the step's closing checks, the groups' bounds in its head); its offset. */
  const buildRow = (s: number, car: number): number => {
    const row = tabUsed;
    tabUsed += head[s]! + (4 << width[s]!);
    rowOf[(s << CB) | car] = row;
    for (let g = 0; g < 1 << width[s]!; g++) {
      let nc = car;
      let oLo = 0;
      let oHi = 0;
      let vv = 0;
      for (let i = 0; i < width[s]!; i++) {
        const p = first[s]! + i;
        const j = posJ[p]!;
        const t = posT[p]!;
        // (nc: a step may take a track's levels one after another, each from the carries before it)
        const c = (nc >>> (n * t)) & cm;
        let w = (g >>> i) & 1;
        let v = w;
        let next = 0;
        for (let u = 0; u < n; u++) {
          const cu = (c >>> u) & 1;
          const w1 = bitAt(chain.sums[u]!, j) ^ w ^ cu;
          next |= ((w & w1) | (cu & (w ^ w1))) << u;
          v |= w1 << (u + 1);
          w = w1;
        }
        nc = (nc & ~(cm << (n * t))) | (next << (n * t));
        vv |= v << (W * i);
        for (let u = 0; u < W; u++) {
          if ((v >>> u) & 1) {
            oLo ^= ownLo[W * p + u]!;
            oHi ^= ownHi[W * p + u]!;
          }
        }
      }
      rowTmp[4 * g] = nc & keep[s]!;
      rowTmp[4 * g + 1] = oLo;
      rowTmp[4 * g + 2] = oHi;
      rowTmp[4 * g + 3] = vv;
    }
    // The entries grouped by their part of the checks closing here (a counting sort), so that a
    // parent reads its group straight through.
    const groups = 1 << sigN[s]!;
    fill.fill(0, 0, groups + 1);
    for (let g = 0; g < 1 << width[s]!; g++) {
      sigs[g] = sigOf(s, rowTmp[4 * g + 1]!, rowTmp[4 * g + 2]!);
      fill[sigs[g]! + 1]!++;
    }
    for (let k = 0; k < groups; k++) fill[k + 1]! += fill[k]!;
    for (let k = 0; k <= groups; k++) tab8[4 * row + k] = fill[k]!;
    for (let g = 0; g < 1 << width[s]!; g++) tab.set(rowTmp.subarray(4 * g, 4 * g + 4), row + head[s]! + 4 * fill[sigs[g]!]!++);
    return row;
  };
  const maskOf = (from: number, to: number): number => (to <= from ? 0 : to - from >= 32 ? -1 : ((2 ** (to - from) - 1) << from) | 0);
  const maskLo = maskOf(Math.min(chain.lo, 32), Math.min(chain.hi, 32));
  const maskHi = maskOf(Math.max(chain.lo, 32) - 32, Math.max(chain.hi, 32) - 32);
  const st = new Int32Array(4);
  const fr = new Int32Array(4);
  // The run's words w₀ … w_n at a leaf, [high, low] each.
  const words = new Int32Array(2 * W);
  // The walk's stack: per depth the own-check value (two words), the parent's group of the row's
  // entries (tab indexes: the next to try, its end) and the entry taken.
  const loAt = new Int32Array(steps + 1);
  const hiAt = new Int32Array(steps + 1);
  const nextG = new Int32Array(steps + 1);
  const endG = new Int32Array(steps + 1);
  /** Depth d at the row at `row` under a parent whose own-check words are lo, hi: the group of guesses that meet the step's checks. */
  const enter = (d: number, row: number, lo: number, hi: number): void => {
    loAt[d] = lo;
    hiAt[d] = hi;
    const b = 4 * row + sigOf(d, lo, hi);
    nextG[d] = row + head[d]! + 4 * tab8[b]!;
    endG[d] = row + head[d]! + 4 * tab8[b + 1]!;
  };

  const taken = new Int32Array(steps);
  // Nodes (entries tried: a guess in its parent's group) and leaves reached.
  let nodes = 0;
  let leaves = 0;
  const x = new Int32Array(4);
  // Below rank 128 each state is passed in this one array (listPairStates: copy it to keep it).
  const out = new Int32Array(4);
  // The kernel's frame parts as emit takes states (listPairCosets: each leaf's coset basis).
  const cosetBasis = new Int32Array(4 * kd);
  for (let i = 0; i < kd; i++) {
    cosetBasis[4 * i] = kernel[8 * i + 1]!;
    cosetBasis[4 * i + 1] = kernel[8 * i]!;
    cosetBasis[4 * i + 2] = kernel[8 * i + 3]!;
    cosetBasis[4 * i + 3] = kernel[8 * i + 2]!;
  }
  /** Whether the state x (first-state words, [high, low] each) shows every known sum bit; leaves the run's words in `words`. */
  const showsSums = (): boolean => {
    for (let u = 0; u < n; u++) {
      const l = (x[1]! >>> 0) + (x[3]! >>> 0);
      const sumHi = (x[0]! + x[2]! + (l >= 2 ** 32 ? 1 : 0)) | 0;
      const z = chain.sums[u]!;
      if (((sumHi ^ z[0]) & maskHi) !== 0 || ((l ^ z[1]) & maskLo) !== 0) return false;
      words[2 * u] = x[0]!;
      words[2 * u + 1] = x[1]!;
      step(x);
    }
    words[2 * n] = x[0]!;
    words[2 * n + 1] = x[1]!;
    return true;
  };
  /** Whether every walked bit of every word in `words` is the path's (checks past MAX_CHECKS are not walked: another path could solve to the same state through the same pivots). */
  const ownPath = (): boolean => {
    for (let s = 0; s < steps; s++) {
      const v = tab[taken[s]! + 3]!;
      for (let i = 0; i < width[s]!; i++) {
        const j = posJ[first[s]! + i]!;
        for (let u = 0; u < W; u++) {
          const bit = j >= 32 ? (words[2 * u]! >>> (j - 32)) & 1 : (words[2 * u + 1]! >>> j) & 1;
          if (bit !== ((v >>> (W * i + u)) & 1)) return false;
        }
      }
    }
    return true;
  };
  // As stateColumns lays a state out: state0 bits 0–31, 32–63, state1 bits 0–31, 32–63; the
  // steps and emit take [state0 hi, state0 lo, state1 hi, state1 lo].
  /** x ← the first state st, as the steps take it. */
  const loadFirst = (): void => {
    x[0] = st[1]!;
    x[1] = st[0]!;
    x[2] = st[3]!;
    x[3] = st[2]!;
  };
  /** `out` ← the frame state fr, as emit takes states (below rank 128). */
  const frameOut = (): Int32Array => {
    out[0] = fr[1]!;
    out[1] = fr[0]!;
    out[2] = fr[3]!;
    out[3] = fr[2]!;
    return out;
  };
  /** The frame state fr passed to emit; emit's answer. */
  const emitFrame = (): boolean => emit(frameOut());
  /** The leaf whose entries are `taken`: its state(s), checked on every known sum bit; false when emit stopped. */
  const settle = (): boolean => {
    // A coset whole whose path is consistent (allChecked): its frame state alone is needed.
    const frameOnly = emitCoset !== undefined && allChecked && kd > 0;
    // (the 8 words summed in locals: typed-array stores per position cost twice as much)
    let s0 = 0, s1 = 0, s2 = 0, s3 = 0, f0 = 0, f1 = 0, f2 = 0, f3 = 0;
    for (let s = 0; s < steps; s++) {
      const v = tab[taken[s]! + 3]!;
      const p0 = first[s]!;
      for (let i = 0; i < width[s]!; i++) {
        const o = 8 * (((p0 + i) << W) | ((v >>> (W * i)) & wm));
        f0 ^= posCols[o + 4]!;
        f1 ^= posCols[o + 5]!;
        f2 ^= posCols[o + 6]!;
        f3 ^= posCols[o + 7]!;
        if (frameOnly) continue;
        s0 ^= posCols[o]!;
        s1 ^= posCols[o + 1]!;
        s2 ^= posCols[o + 2]!;
        s3 ^= posCols[o + 3]!;
      }
    }
    fr[0] = f0;
    fr[1] = f1;
    fr[2] = f2;
    fr[3] = f3;
    if (frameOnly) return emitCoset(frameOut(), cosetBasis, kd);
    st[0] = s0;
    st[1] = s1;
    st[2] = s2;
    st[3] = s3;
    if (kd === 0) {
      loadFirst();
      if (!showsSums() || !ownPath()) return true;
      return emit(new Int32Array([fr[1]!, fr[0]!, fr[3]!, fr[2]!]));
    }
    // Below rank 128 the kernel leaves every walked bit as it is: the path is checked once (on
    // the leaf's own solution's words), then each of the 2^kd states of its coset on the sums.
    loadFirst();
    for (let u = 0; u <= n; u++) {
      words[2 * u] = x[0]!;
      words[2 * u + 1] = x[1]!;
      step(x);
    }
    if (!ownPath()) return true;
    if (emitCoset) return emitCoset(frameOut(), cosetBasis, kd);
    if (lowOnly) {
      // Every level lo … hi − 1 walked on chained tracks: the kernel moves only the words' bits
      // below lo, and a state shows its sums when the carries out of those bits are the first
      // track's guessed carry-ins (n = 2: w₀ + w₁ and w₁ + w₂).
      const low = (1 << chain.lo) - 1;
      let a = words[1]! & low;
      let b = words[3]! & low;
      let c = words[5]! & low;
      const want0 = carryIn & 1;
      const want1 = (carryIn >>> 1) & 1;
      for (let g = 1; ; g++) {
        if ((a + b) >>> chain.lo === want0 && (b + c) >>> chain.lo === want1 && !emitFrame()) return false;
        if (g === 1 << kd) return true;
        const i = 31 - Math.clz32(g & -g);
        const o = 8 * i;
        for (let w = 0; w < 4; w++) fr[w]! ^= kernel[o + w]!;
        a ^= kernelLow[3 * i]!;
        b ^= kernelLow[3 * i + 1]!;
        c ^= kernelLow[3 * i + 2]!;
      }
    }
    for (let g = 1; ; g++) {
      loadFirst();
      if (showsSums() && !emitFrame()) return false;
      if (g === 1 << kd) return true;
      const o = 8 * (31 - Math.clz32(g & -g));
      for (let w = 0; w < 4; w++) {
        fr[w]! ^= kernel[o + w]!;
        st[w]! ^= kernel[o + 4 + w]!;
      }
    }
  };
  /** The carries into each track's first level for carry-in guess `cin`: its n bits for each guessed track, else 0. */
  const carriesOf = (cin: number): number => {
    let c0 = 0;
    for (let t = 0, b = 0; t < T; t++) {
      if (!guessed[t]) continue;
      c0 |= ((cin >>> b) & cm) << (n * t);
      b += n;
    }
    return c0;
  };
  if (views && wk) {
    // The kernel walks; each return hands over the leaves it reached (settled here, as below) and
    // at most one row to build.
    const k = views.i32;
    k[WalkMem.STEPS >> 2] = steps;
    k[WalkMem.CB >> 2] = CB;
    k[WalkMem.N >> 2] = n;
    k[WalkMem.CINS >> 2] = 1 << guessedBits;
    k[WalkMem.D >> 2] = -1;
    k[WalkMem.CIN >> 2] = -1;
    k[WalkMem.MAX_NODES >> 2] = maxNodes % 2 ** 32 | 0;
    k[(WalkMem.MAX_NODES >> 2) + 1] = Math.floor(maxNodes / 2 ** 32);
    for (let s = 0; s < steps; s++) {
      k[(WalkMem.CLOSE >> 2) + 2 * s] = closeLo[s]!;
      k[(WalkMem.CLOSE >> 2) + 2 * s + 1] = closeHi[s]!;
      k[(WalkMem.END_T >> 2) + s] = endTrack[s]!;
      k[(WalkMem.INTO_T >> 2) + s] = intoTrack[s]!;
      k[(WalkMem.SIG_AT >> 2) + s] = sigAt[s]!;
      k[(WalkMem.SIG_N >> 2) + s] = sigN[s]!;
      k[(WalkMem.HEAD >> 2) + s] = 4 * head[s]!;
    }
    for (let cin = 0; cin < 1 << guessedBits; cin++) k[(WalkMem.C0S >> 2) + cin] = carriesOf(cin);
    const nodesNow = (): number => (k[WalkMem.NODES >> 2]! >>> 0) + k[(WalkMem.NODES >> 2) + 1]! * 2 ** 32;
    wk.busy = true;
    try {
      for (;;) {
        const code = wk.walk();
        const got = k[WalkMem.NLEAVES >> 2]!;
        k[WalkMem.NLEAVES >> 2] = 0;
        for (let l = 0; l < got; l++) {
          const rec = views.leavesAt + l * (steps + WALK_LEAF_EXTRA);
          for (let s = 0; s < steps; s++) taken[s] = (k[rec + s]! >> 2) - views.tabAt;
          carryIn = loTrack >= 0 ? (k[rec + steps]! >>> (n * loTrack)) & cm : 0;
          leaves++;
          // Stopped by emit: the nodes counted when the kernel reached this leaf (it went on past it).
          if (!settle()) return { solved: false, nodes: (k[rec + steps + 1]! >>> 0) + k[rec + steps + 2]! * 2 ** 32, leaves };
        }
        if (code === WalkCode.DONE) return { solved: true, nodes: nodesNow(), leaves };
        if (code === WalkCode.CAP) return { solved: false, nodes: nodesNow(), leaves };
        if (code === WalkCode.ROW) buildRow(k[WalkMem.D >> 2]!, k[WalkMem.PEND_CAR >> 2]!);
      }
    } finally {
      wk.busy = false;
    }
  }
  for (let cin = 0; cin < 1 << guessedBits; cin++) {
    const c0 = carriesOf(cin);
    carryIn = loTrack >= 0 ? (c0 >>> (n * loTrack)) & cm : 0;
    const r0 = rowOf[c0]!;
    enter(0, r0 >= 0 ? r0 : buildRow(0, c0), 0, 0);
    let d = 0;
    while (d >= 0) {
      const at = nextG[d]!;
      if (at === endG[d]!) {
        d--;
        continue;
      }
      nextG[d] = at + 4;
      nodes++;
      const idx = at;
      const oLo = loAt[d]! ^ tab[idx + 1]!;
      const oHi = hiAt[d]! ^ tab[idx + 2]!;
      if (((oLo & closeLo[d]!) | (oHi & closeHi[d]!)) !== 0) continue;
      const et = endTrack[d]!;
      if (et >= 0 && ((tab[idx]! >>> (n * et)) & cm) !== ((c0 >>> (n * intoTrack[d]!)) & cm)) continue;
      taken[d] = idx;
      if (d === steps - 1) {
        leaves++;
        if (!settle()) return { solved: false, nodes, leaves };
        continue;
      }
      if (nodes > maxNodes) return { solved: false, nodes, leaves };
      d++;
      const car = tab[idx]!;
      const r = rowOf[(d << CB) | car]!;
      enter(d, r >= 0 ? r : buildRow(d, car), oLo, oHi);
    }
  }
  return { solved: true, nodes, leaves };
}
