/**
 * Exact recovery of a xorshift128+ state from coarse buckets of the `(s0 + s1)` mappings —
 * ⌊x·64⌋ (Betable-style IDs), ⌊x·1000⌋ — which sum-chain.ts's level search cannot afford: it
 * guesses the carry into the lowest known level of every value (2^n ways for a run of n), and a
 * bucket of 64 needs about 22 values.
 *
 * Here only the top s bits of each word are unknowns: X_t = bits hi − s … hi − 1 of w_t (state0
 * t steps after the frame; output t is w_t + w_{t+1}). A bucket pins its sum's top s bits to the
 * blocks fb … lb its interval meets, and those bits are X_t + X_{t+1} + c mod 2^s, c the carry
 * from the bits below (0 or 1): so X_{t+1} ∈ [fb − 1 − X_t, lb − X_t] mod 2^s, lb − fb + 2 values,
 * each listed once whichever carry gives it. A residue ⌊x·n⌋ % m (a UUID v4's y digit) allows
 * the union of its buckets' choices. The first word of a run of consecutive outputs takes any of
 * its 2^s values. Every X_t bit is a linear form in the 128 state bits, fixed before any
 * choice: one elimination gives rank 128, the parity checks every true assignment meets, and the
 * linear map from the equations' values to the state.
 *
 * Met in the middle over time (sum-chain.ts splits by level, so every half pays all carry-ins):
 * the words up to a split are half A, the rest half B; a run cut by the split has its word at the
 * cut free in B and its equations in both halves, so the elimination turns "the same word" into
 * checks; a split may also fall at a residue with its link dropped (the word after it free in B,
 * no word shared: the residue is then held by the state check alone). Each half's leaves must meet the checks inside that half and carry their parities of up
 * to 32 checks across the halves (the join key). Few leaves of either half have a partner, so each
 * half's leaves first meet a bitmap of the other's keys as they are walked (makeFilter): A walked
 * once into its bitmap, nothing stored; B's leaves it passes kept a batch at a time, sorted, and
 * put in a second bitmap; A walked again keeping the leaves that one passes, sorted and merged
 * with the batch — or, when A is small (2^19 leaves: keys and index in cache), A stored whole and
 * each of B's leaves its bitmap passes looked up in A's index, which lets B reach 2^25 leaves (a
 * window cut unevenly: two UUIDs, 15 hex digits on one side of a y digit and 21 on the other). A
 * joined pair fixes every equation's value, hence the state (the solved map); it is kept when its
 * outputs reproduce every bucket of the window, then handed to `emit` (the caller runs the
 * emulator on every observation). Every state that fits the window's buckets is met by its own
 * pair — its words' top bits are one of the listed choices (its carries are 0 or 1), its values
 * meet every check — and is solved back to itself, once: the list is exhaustive; a cap passed
 * leaves it unsolved, never short.
 *
 * Cost ≈ 2^a + 2^b leaves (a, b: log2 of each half's choices) + 2^(a + b − checks) joined pairs,
 * the states that fit the linear bits (the carries then sort them out: a false one passes each
 * bucket with probability about ½). For buckets of 64 (6 bits, 2 choices per value) at 23 values
 * (measured plans): 2^17 + 2^18 leaves and 2^13 joined pairs, 20–30 ms; the level search would
 * guess 2^23 carry-ins.
 */
import { Gf2System, type StepModel, UNKNOWNS, s0Offset, stepOf, symbolicRows } from './gf2.js';
import { kernelOf } from './sum-chain.js';
import { eliminate, solvedMap, stateColumns } from './sum-pairs.js';

/** One observed output: its position t (steps after the frame) and the range of its value integer m (the sum's bits lo … hi − 1). */
export interface TopObservation {
  readonly t: number;
  readonly lo: number;
  readonly hi: number;
  /**
   * A residue ⌊x·n⌋ % m (a UUID v4's y digit): m is in one of these intervals (lo, hi: their
   * hull). Its step's choices are the union of each interval's.
   */
  readonly ranges?: readonly (readonly [number, number])[];
}

/** Which sum bits a value shows: lo … hi − 1 (sum-53: 11 … 63; the low sums: 0 … 51 / 52), and the state transition (gf2.ts). */
export interface TopShape {
  readonly lo: number;
  readonly hi: number;
  readonly model: StepModel;
}

/** What solveTop will search: the window of observations, the span, where the halves meet, and the estimated cost. */
export interface TopPlan {
  /** The window: observations first … end − 1 of the sorted list planTop was given. */
  readonly first: number;
  readonly end: number;
  /** Top bits of each word searched. */
  readonly span: number;
  /** Index of the step (word) where half B starts. */
  readonly split: number;
  /** That step's link is dropped: B chooses its word freely (no word shared with A). */
  readonly unlinked: boolean;
  /**
   * The halves trade places (a split that shares no word: at a run's first word or unlinked):
   * A, the half stored, is the window's second part and B its first — the smaller part stored
   * or probed whichever side of the cut it lies (two runs either side of one of V8's refills).
   */
  readonly swapped: boolean;
  /** log2 of each half's leaves and of the joined pairs expected. */
  readonly logA: number;
  readonly logB: number;
  readonly logJoined: number;
  /** Estimated work units (sum-chain.ts's scale: about 2 ns each). */
  readonly cost: number;
}

/** What solveTop did: whether the list of fitting states is complete, and its counts. */
export interface TopResult {
  /** False when the search could not be completed (rank below 128, or a cap passed): nothing is proven. */
  readonly solved: boolean;
  readonly leavesA: number;
  readonly joined: number;
}

/** Spans searched (top bits per word). */
const MIN_SPAN = 3;
const MAX_SPAN = 12;
const TWO32 = 2 ** 32;
/**
 * Leaves of half A and of half B (walked in batches) at most, log2: the time they take, not
 * memory — a large A is walked, never stored (before the join's filters A was stored whole,
 * 8 bytes a leaf, and capped at 2^22.5: 47 MB).
 */
const LOG_MAX_A = 24;
const LOG_MAX_B = 25;
/**
 * A half A this small (keys and index in cache) is probed instead of merged: B's leaves, up to
 * LOG_MAX_B_PROBE, are looked up one by one in A's index, not sorted (see solveTop).
 */
const LOG_PROBE_A = 19;
/**
 * log2 of the parts a batch of B is split into before its lookups at most (2^19 / 2^4: 128 KB of
 * index a part), and of an index's entries a part may hold: a smaller index is probed unsplit.
 */
const PROBE_PARTS = 4;
const PROBE_PART_BITS = 15;
const LOG_MAX_B_PROBE = 25;
/**
 * Joined pairs a plan may expect at most, log2 (each solved and checked); a solve stops, unsolved,
 * past twice as many (the count about the expectation varies by a few per mille).
 */
const LOG_MAX_JOINED = 23;
/** Observations in one window at most. */
const MAX_WINDOW = 48;
/** Bits of the join key (checks across the halves compared in the hash join; the rest are met by the state check). */
const KEY_BITS = 32;
/**
 * Rank the words' top bits may fall short of 128 (the top bits of few words do not see every
 * state bit: 15 words' top 9 bits reach 126–127): each joined pair's 2^deficit states (its
 * solution ⊕ each combination of the kernel's vectors) are checked alike.
 */
const MAX_DEFICIT = 4;
/**
 * Cost model (work units of about 2 ns, as sum-chain.ts's): a leaf of a small A (walked, stored,
 * sorted: probed), a leaf of a large A per walk (walked, its key into a bitmap or tested against
 * one, nothing stored), a leaf of B (walked, tested against A's filter), a leaf of B the filter
 * passes (merge: stored, sorted, into B's filter; probe: split by part and looked up), a joined
 * pair solved and checked, the elimination and tables. Measured on this machine with the join's
 * filters (⌊x·16⌋ × 36 from the start: 2^22 + 2^22 leaves, 2^20 passes and joined pairs; per
 * phase, another job on the second core, about 1.4× the idle times): A 19–30 ns a leaf a walk,
 * B 18–28, a pass 50–90, a joined pair with its merge 150–240 ns. Before the filters (the whole
 * halves stored, sorted and merged): at 2^22 leaves a half 60–75 ns a leaf (A 24 units, B 30).
 */
const LEAF_A_WEIGHT = 24;
const LEAF_A_WALK_WEIGHT = 10;
const LEAF_B_WEIGHT = 10;
const PASS_WEIGHT = 25;
const PASS_PROBE_WEIGHT = 12;
const JOIN_WEIGHT = 80;
/**
 * A joined pair at rank 128 (no kernel to combine; the join's pre-filter reads it): 65–75 ns
 * measured idle at 2^23 pairs (with its share of the merge about 100 ns since the filters, above;
 * weight 50 put ⌊x·16⌋ × 35's plan, 2^23 pairs, past the cap: kept at 36) (⌊x·16⌋ × 35: 2^22 + 2^21 leaves and 2^23 pairs, 0.96–1.03 s;
 * × 36: 2^22 + 2^22 and 2^20, 0.56–0.64 s; 111 ns a pair before the pre-filter).
 */
const JOIN_WEIGHT_FULL_RANK = 36;
const SETUP_WEIGHT = 2 ** 19;
/** No plan costs less (a caller with a cheaper one need not ask). */
export const TOP_MIN_COST = SETUP_WEIGHT;
/** log2 of the A leaves that may share one key (the runs of equal keys the merge pairs). */
const MAX_SHARED_KEY = 8;
/** A's leaves sorted at a time (a chunk), and B's sorted and merged at a time (a batch). */
const BATCH = 1 << 21;
/** Bits of the sort's digit. */
const SORT_DIGIT = 11;
/** The scratch slots of the join. */
const SLOT_KEY_A = 0;
const SLOT_ID_A = 1;
const SLOT_KEY_B = 2;
const SLOT_ID_B = 3;
const SLOT_TMP_KEY = 4;
const SLOT_TMP_ID = 5;
const SLOT_COUNTS = 6;
const SLOT_PAIR_A = 7;
const SLOT_PAIR_B = 8;
const SLOT_FILTER_A = 9;
const SLOT_FILTER_B = 10;
/**
 * The filters of one half's keys the other half's leaves meet as they are walked (makeFilter): at
 * most 2^25 bits (4 MB), at least 2^FILTER_SPARSE bits a key when hashed (a false pass about 1 in 16).
 */
const FILTER_MAX_BITS = 25;
const FILTER_SPARSE = 4;
const FILTER_HASH = 0x9e3779b1 | 0;
/** A's leaves walked into its filter at a time (the buffer stays in the first-level cache). */
const FILTER_BUFFER = 1 << 12;
/** Pairs with equal keys gathered by a merge before they are settled. */
const MATCHES = 1 << 12;
/** Bits of the word before plus bits of the path id a group table covers (2^12 records of 5 words). */
const GROUP_BITS = 12;
/** A group of one step may need more (its choices alone); past 2^16 records (1.3 MB) the half goes without tables. */
const MAX_GROUP_BITS = 16;
/** Work arrays longer than this are dropped when a recovery ends (releaseTop: a rare large search keeps no memory). */
const KEEP_LENGTH = 1 << 20;

/** Work arrays shared by every solve (solveTop is not re-entered): slot → the largest asked for yet. */
const buffers: Int32Array[] = [];
function scratch(slot: number, length: number): Int32Array {
  if (!buffers[slot] || buffers[slot].length < length) buffers[slot] = new Int32Array(Math.max(length, 16));
  return buffers[slot];
}
/** Drops the work arrays longer than KEEP_LENGTH (the caller's recovery is over: its solves reuse them until then). */
export function releaseTop(): void {
  buffers.forEach((b, slot) => {
    if (b.length > KEEP_LENGTH) delete buffers[slot];
  });
}

/** A group of consecutive steps of a bit-field half: its bits of the path id and its table (see solveTop). */
interface Group {
  readonly shift: number;
  readonly bits: number;
  /** Its first step is a free word (the table has one row, not one per value of the word before). */
  readonly free: boolean;
  /** Per (word before, bits): the group's last word, then its first-run state parts (4 words). */
  readonly table: Int32Array;
}

interface Step {
  /** The word this step chooses: w_word's top bits. */
  readonly word: number;
  /** −1: the first word of a run (any value); else the observation (window index) whose sum links it to the word before. */
  readonly obs: number;
  /** Choices: any value (free) or fb − 1 − X_prev + offs[i], i < size (offs: 0 … size − 1 for an interval). */
  readonly size: number;
  readonly fb: number;
  readonly offs: Int32Array;
}

/** The top-s-bit blocks of an interval: first and last (value integers of `bits` bits). */
function blocks(lo: number, hi: number, bits: number, s: number): [number, number] {
  const unit = 2 ** (bits - s);
  return [Math.floor(lo / unit), Math.floor(hi / unit)];
}

/**
 * The choices of the word after an observation's at span s: X_{t+1} = fb − 1 − X_t + off mod 2^s
 * for each off listed (increasing). An interval's blocks fb … lb give off 0 … lb − fb + 1 (the
 * carry from below adds 0 or 1); a residue's intervals give the union of theirs. All 2^s values
 * at most.
 */
function choicesOf(o: TopObservation, bits: number, s: number): { fb: number; offs: Int32Array } {
  const [fb, lb] = blocks(o.lo, o.hi, bits, s);
  const all = 2 ** s;
  if (!o.ranges) return { fb, offs: identity(Math.min(all, lb - fb + 2)) };
  const seen = new Uint8Array(all);
  let count = 0;
  for (const [lo, hi] of o.ranges) {
    const [f, l] = blocks(lo, hi, bits, s);
    for (let off = f - fb; off <= l - fb + 1 && count < all; off++) {
      if (seen[off & (all - 1)]) continue;
      seen[off & (all - 1)] = 1;
      count++;
    }
  }
  if (count === all) return { fb, offs: identity(all) };
  const offs = new Int32Array(count);
  for (let off = 0, i = 0; off < all; off++) if (seen[off]) offs[i++] = off;
  return { fb, offs };
}

/** How many choices choicesOf lists (without listing them for a plain interval; a residue's memoised per span). */
const counted = new WeakMap<TopObservation, number[]>();
function choiceCount(o: TopObservation, bits: number, s: number): number {
  if (o.ranges) {
    let m = counted.get(o);
    if (!m) counted.set(o, (m = []));
    return (m[s] ??= choicesOf(o, bits, s).offs.length);
  }
  const [fb, lb] = blocks(o.lo, o.hi, bits, s);
  return Math.min(2 ** s, lb - fb + 2);
}

const identities: Int32Array[] = [];
/** 0 … size − 1 (shared: never written). */
function identity(size: number): Int32Array {
  return (identities[size] ??= Int32Array.from({ length: size }, (_, i) => i));
}

/** The steps of a window (observations sorted by t): a free step at each run's first word, one per observation. */
function stepsOf(obs: readonly TopObservation[], first: number, end: number, bits: number, s: number): Step[] {
  const steps: Step[] = [];
  for (let k = first; k < end; k++) {
    const o = obs[k]!;
    if (k === first || o.t !== obs[k - 1]!.t + 1) steps.push({ word: o.t, obs: -1, size: 2 ** s, fb: 0, offs: identity(2 ** s) });
    const { fb, offs } = choicesOf(o, bits, s);
    steps.push({ word: o.t + 1, obs: k - first, size: offs.length, fb, offs });
  }
  return steps;
}

/** The leading bits two `bits`-bit integers lo ≤ hi share (what a bucket's interval pins). */
export function sharedPrefix(lo: number, hi: number, bits: number): number {
  let p = 0;
  while (p < bits && Math.floor(lo / 2 ** (bits - p - 1)) === Math.floor(hi / 2 ** (bits - p - 1))) p++;
  return p;
}

/**
 * The GF(2) rank of bits hi − s … hi − 1 of every word of the
 * window first … end − 1: the same wherever the window sits (the step is linear and invertible),
 * so it is memoised by the words' offsets from the first.
 */
const rankMemo = new Map<string, number>();
function wordsRank(obs: readonly TopObservation[], first: number, end: number, s: number, hi: number, model: StepModel): number {
  const words: number[] = [];
  for (let k = first; k < end; k++) {
    if (k === first || obs[k]!.t !== obs[k - 1]!.t + 1) words.push(obs[k]!.t);
    words.push(obs[k]!.t + 1);
  }
  const t0 = words[0]!;
  const key = `${model}/${s}/${hi}/${words.map((w) => w - t0).join(',')}`;
  const memo = rankMemo.get(key);
  if (memo !== undefined) return memo;
  const table = symbolicRows(words[words.length - 1]! - t0 + 2, model);
  const sys = new Gf2System();
  for (const w of words) for (let i = 0; i < s && sys.rank < UNKNOWNS; i++) sys.add(table, s0Offset(1 + w - t0, hi - s + i), -1, -1, 0);
  rankMemo.set(key, sys.rank);
  return sys.rank;
}

/**
 * The cheapest window, span and split for the sorted observations `obs` (distinct t) of a sum
 * mapping showing sum bits shape.lo … shape.hi − 1, or undefined when none fits the caps and `cap`
 * work units. With `reach` (per observation, the range of cache alignments its position holds
 * for), the plan least costly per alignment its window serves (a solved window's states serve
 * every alignment that places all of its observations alike), and with `perServe` no plan
 * costlier than that per alignment it serves. With `earliest`, the affordable plan whose window
 * ends first (the cheapest of those): how many values from the first one it takes.
 */
export function planTop(obs: readonly TopObservation[], shape: TopShape, cap: number, reach?: readonly (readonly [number, number])[], earliest = false, perServe = Infinity): TopPlan | undefined {
  const bits = shape.hi - shape.lo;
  let best: TopPlan | undefined;
  let bestScore = Infinity;
  const n = obs.length;
  if (n === 0) return undefined;
  // Spans around the buckets' typical pin (its common leading bits).
  const pins = obs.map((o) => sharedPrefix(o.lo, o.hi, bits));
  const typical = [...pins].sort((a, b) => a - b)[Math.floor(n / 2)]!;
  const logs = new Float64Array(2 * MAX_WINDOW + 2);
  const free = new Uint8Array(2 * MAX_WINDOW + 2);
  const residue = new Uint8Array(2 * MAX_WINDOW + 2);
  const scoreOf = (cost: number, end: number, serves: number) => (earliest ? end + cost / (cap + 1) : cost / serves);
  for (let s = Math.max(MIN_SPAN, typical - 1); s <= Math.min(MAX_SPAN, typical + 4, bits); s++) {
    for (let i = 0; i < n; i++) {
      let S = 0;
      let B = 0;
      let from = -Infinity;
      let to = Infinity;
      for (let j = i; j < Math.min(n, i + MAX_WINDOW); j++) {
        const o = obs[j]!;
        if (reach) {
          from = Math.max(from, reach[j]![0]);
          to = Math.min(to, reach[j]![1]);
        }
        // The alignments the window serves (1 without reach).
        const serves = reach ? Math.max(1, to - from + 1) : 1;
        if (j === i || o.t !== obs[j - 1]!.t + 1) {
          free[S] = 1;
          logs[S++] = s;
          B += s;
        }
        free[S] = 0;
        residue[S] = o.ranges ? 1 : 0;
        logs[S] = Math.log2(choiceCount(o, bits, s));
        B += logs[S++]!;
        if (s * S < UNKNOWNS - MAX_DEFICIT) continue;
        let deficit = -1;
        let K = s * S - UNKNOWNS;
        // The split nearest balance, and its neighbours.
        let acc = 0;
        let mid = 1;
        while (mid < S - 1 && acc + logs[mid - 1]! < B / 2) acc += logs[mid++ - 1]!;
        let prefix = 0;
        splits: for (let q = 1; q < S; q++) {
          prefix += logs[q - 1]!;
          // Near balance, or at a run's first word or a residue (no word shared: the halves pay one free word each).
          if ((q < mid - 3 || q > mid + 3) && free[q] === 0 && residue[q] === 0) continue;
          // Also the split that drops the link (its word free in B; the state check holds the bucket
          // or residue): fewer leaves by the link's choices, more joined pairs by s less them —
          // the cheaper plan when the leaves bind (buckets of 100 at 6 bits: a joined set of 2^14).
          // Where no word is shared, either part may be half A (the swapped plan: see TopPlan).
          for (let way = 0; way < (free[q] ? 2 : 4); way++) {
            const unlink = free[q] ? 0 : way >> 1;
            const swap = way & 1;
            const inside = free[q] === 0 && unlink === 0;
            if (inside && swap) continue;
            const second = B - prefix + (inside ? s : 0) + (unlink ? s - logs[q]! : 0);
            const la = swap ? second : prefix;
            const lb = swap ? prefix : second;
            const checks = s * S - UNKNOWNS + (inside ? s : 0);
            const probe = la <= LOG_PROBE_A + 1e-9;
            if (la > LOG_MAX_A || lb > (probe ? LOG_MAX_B_PROBE : LOG_MAX_B)) continue;
            // B's leaves A's filter passes (its false passes and the true key matches); a large A is
            // walked once into its filter and once more per batch of them (solveTop).
            const keyLog = Math.min(checks + Math.max(0, deficit), KEY_BITS);
            const filterLog = keyLog <= FILTER_MAX_BITS ? keyLog : Math.min(FILTER_MAX_BITS, Math.ceil(la) + FILTER_SPARSE);
            const passB = 2 ** (lb + Math.min(0, la - filterLog));
            const leaves = probe
              ? LEAF_A_WEIGHT * 2 ** la + LEAF_B_WEIGHT * 2 ** lb + PASS_PROBE_WEIGHT * passB
              : LEAF_A_WALK_WEIGHT * (1 + Math.max(1, Math.ceil(passB / BATCH))) * 2 ** la + LEAF_B_WEIGHT * 2 ** lb + PASS_WEIGHT * passB;
            const costOf = (lj: number, joinWeight: number) => leaves + joinWeight * 2 ** lj + SETUP_WEIGHT + 16 * S * 2 ** s;
            // The cost at full rank is a floor: the words' rank is computed only for a plan that could win.
            const floor = costOf(Math.max(0, la + lb - Math.min(checks + Math.max(0, deficit), KEY_BITS)), JOIN_WEIGHT_FULL_RANK);
            if (floor > cap || floor / serves > perServe || scoreOf(floor, j + 1, serves) >= bestScore) continue;
            if (deficit < 0) {
              deficit = UNKNOWNS - wordsRank(obs, i, j + 1, s, shape.hi, shape.model);
              K = s * S - (UNKNOWNS - deficit);
              if (deficit > MAX_DEFICIT) break splits;
            }
            const ck = K + (inside ? s : 0);
            // Joined pairs: the linear solutions the key lets through, each a coset of 2^deficit states.
            const lj = Math.max(0, la + lb - Math.min(ck, KEY_BITS)) + deficit;
            if (lj > LOG_MAX_JOINED) continue;
            const cost = costOf(lj, deficit === 0 ? JOIN_WEIGHT_FULL_RANK : JOIN_WEIGHT);
            if (cost > cap || cost / serves > perServe || scoreOf(cost, j + 1, serves) >= bestScore) continue;
            best = { first: i, end: j + 1, span: s, split: q, unlinked: unlink === 1, swapped: swap === 1, logA: la, logB: lb, logJoined: lj, cost };
            bestScore = scoreOf(cost, j + 1, serves);
          }
        }
        // Longer windows only add leaves once the joined pairs are few.
        if (deficit <= MAX_DEFICIT && B - K < 4 && K >= KEY_BITS) break;
      }
    }
  }
  return best;
}

/** The value integer m (sum bits lo … hi − 1) of the output of a state [s0hi, s0lo, s1hi, s1lo]: hiMask keeps the sum's high-word bits below hi, scale is 2^(32 − lo). */
function valueOf(st: Int32Array, lo: number, hiMask: number, scale: number): number {
  const l = (st[1]! >>> 0) + (st[3]! >>> 0);
  const sumHi = (st[0]! + st[2]! + (l >= 4294967296 ? 1 : 0)) & hiMask;
  return (sumHi >>> 0) * scale + ((l >>> 0) >>> lo);
}

/**
 * A half's last steps at … end − 1 (its tail), walked once for every value of the base of step
 * at's choices: per row (that base; one row when step at is a free word) the `count` paths'
 * key and own-check parts and their part of the path id. The walk stops at depth at and copies a
 * row: a leaf costs a few loads and stores, not a descent.
 */
interface Tail {
  readonly at: number;
  readonly count: number;
  readonly rowMask: number;
  readonly keys: Int32Array;
  readonly owns: Int32Array;
  readonly ids: Int32Array;
}

/** Paths of a tail at most, and its records (rows × paths; 3 words each). */
const TAIL_PATHS = 1 << 10;
const TAIL_RECORDS = 1 << 16;

/**
 * A half's depth-first walk, resumable: its table (per step and value of its word, the key and
 * own-check parts: record (d · 2^s + X) · 2), its stack (per depth: choice, base of the choices,
 * key / own-check value so far, path id and radix), its tail, the depth d (below start: done)
 * and, at the tail, the next path li.
 */
interface HalfWalk {
  readonly kt: Int32Array;
  readonly mask: number;
  readonly sizes: Int32Array;
  /** Per step, the radix its choice takes in a path id: its size, or the power of two above it (the id's digits are then bit fields). */
  readonly widths: Int32Array;
  readonly fbs: Int32Array;
  readonly frees: Uint8Array;
  /** Every step's choice offsets (Step.offs), step d's from cs[d]. */
  readonly co: Int32Array;
  readonly cs: Int32Array;
  readonly ch: Int32Array;
  readonly base: Int32Array;
  readonly keyAt: Int32Array;
  readonly ownAt: Int32Array;
  readonly idAt: Float64Array;
  readonly radixAt: Float64Array;
  start: number;
  end: number;
  tail: Tail;
  d: number;
  li: number;
}

/** The tail of steps start … end − 1 (start's own step always walked): as many last steps as TAIL_PATHS and TAIL_RECORDS allow. */
function tailOf(w: Pick<HalfWalk, 'kt' | 'mask' | 'sizes' | 'widths' | 'fbs' | 'frees' | 'co' | 'cs'>, start: number, end: number): Tail {
  const { kt, mask, sizes, widths, fbs, frees, co, cs } = w;
  const row = 2 * (mask + 1);
  const rowsAt = (d: number) => (frees[d] ? 1 : mask + 1);
  let at = end;
  let count = 1;
  while (at - 1 > start && count * sizes[at - 1]! <= TAIL_PATHS && rowsAt(at - 1) * count * sizes[at - 1]! <= TAIL_RECORDS) count *= sizes[--at]!;
  const rows = at === end ? 1 : rowsAt(at);
  // Radix of step at in a path id (the product of the widths before it in the half).
  let radix0 = 1;
  for (let d = start; d < at; d++) radix0 *= widths[d]!;
  const keys = new Int32Array(rows * count);
  const owns = new Int32Array(rows * count);
  const ids = new Int32Array(rows * count);
  let q = 0;
  const fill = (d: number, b: number, key: number, own: number, id: number, radix: number): void => {
    if (d === end) {
      keys[q] = key;
      owns[q] = own;
      ids[q++] = id;
      return;
    }
    for (let i = 0; i < sizes[d]!; i++) {
      const x = (b + co[cs[d]! + i]!) & mask;
      const r = d * row + 2 * x;
      fill(d + 1, d + 1 < end && !frees[d + 1] ? fbs[d + 1]! - 1 - x : 0, key ^ kt[r]!, own ^ kt[r + 1]!, id + i * radix, radix * widths[d]!);
    }
  };
  for (let b = 0; b < rows; b++) fill(at, b, 0, 0, 0, radix0);
  return { at, count, rowMask: rows - 1, keys, owns, ids };
}

function walkStack(depth: number): Pick<HalfWalk, 'ch' | 'base' | 'keyAt' | 'ownAt' | 'idAt' | 'radixAt'> {
  depth++;
  return {
    ch: new Int32Array(depth + 1),
    base: new Int32Array(depth + 1),
    keyAt: new Int32Array(depth + 1),
    ownAt: new Int32Array(depth + 1),
    idAt: new Float64Array(depth + 1),
    radixAt: new Float64Array(depth + 1),
  };
}

/** Sets the walk at the root of steps start … end − 1 (end − start ≥ 1; the first step is free). */
function beginWalk(w: HalfWalk, start: number, end: number): void {
  w.start = start;
  w.end = end;
  w.tail = tailOf(w, start, end);
  w.d = start;
  w.li = 0;
  w.ch[start] = -1;
  w.base[start] = 0;
  w.keyAt[start] = 0;
  w.ownAt[start] = 0;
  w.idAt[start] = 0;
  w.radixAt[start] = 1;
}

/**
 * A bitmap of the keys half A holds (bit h(key) set for each; h: the key itself when the keys
 * have few bits, else a multiplicative hash's top bits): B's leaves whose bit is clear have no
 * partner in A and are dropped as they are walked, before they are stored, sorted or looked up.
 * No key A holds is missed, so the join is as exhaustive as without it.
 */
interface KeyFilter {
  readonly bits: Int32Array;
  readonly keyMask: number;
  readonly mult: number;
  readonly shift: number;
}

/** An empty filter for about 2^logN keys of keyBits bits in scratch slot `slot`: exact (the key indexes the bitmap) when keyBits ≤ FILTER_MAX_BITS, else hashed into 2^log bits, log the smallest with ≥ 2^FILTER_SPARSE bits a key. */
function makeFilter(slot: number, keyBits: number, logN: number): KeyFilter {
  const exact = keyBits <= FILTER_MAX_BITS;
  const log = exact ? keyBits : Math.min(FILTER_MAX_BITS, Math.max(10, Math.ceil(logN) + FILTER_SPARSE));
  const words = Math.max(1, 2 ** (log - 5));
  const bits = scratch(slot, words);
  bits.fill(0, 0, words);
  return { bits, keyMask: exact ? (keyBits >= 32 ? -1 : 2 ** keyBits - 1) : -1, mult: exact ? 1 : FILTER_HASH, shift: exact ? 0 : 32 - log };
}

/** Sets the filter's bits of keys[0 … n − 1]. */
function addKeys(f: KeyFilter, keys: Int32Array, n: number): void {
  const { bits, keyMask, mult, shift } = f;
  for (let q = 0; q < n; q++) {
    const h = Math.imul(keys[q]! & keyMask, mult) >>> shift;
    bits[h >>> 5]! |= 1 << (h & 31);
  }
}

/**
 * Walks on until the leaves meeting the half's own checks fill keys / ids (key and path id, from
 * index n up to cap) or the walk is done; returns the new count. No call in the loop: V8
 * optimises it once.
 */
function walkBatch(w: HalfWalk, keys: Int32Array, ids: Int32Array, n: number, cap: number, f?: KeyFilter): number {
  const { kt, mask, sizes, widths, fbs, frees, co, cs, ch, base, keyAt, ownAt, idAt, radixAt } = w;
  const { at, count, rowMask, keys: tkeys, owns: towns, ids: tids } = w.tail;
  const row = 2 * (mask + 1);
  const start = w.start;
  const bm = f?.bits;
  const fMask = f?.keyMask ?? 0;
  const fMult = f?.mult ?? 0;
  const fShift = f?.shift ?? 0;
  let d = w.d;
  while (d >= start) {
    if (d === at) {
      // The tail: every path of its row is a leaf.
      const k0 = keyAt[d]!;
      const o0 = ownAt[d]!;
      const id0 = idAt[d]!;
      const r0 = (base[d]! & rowMask) * count;
      let j = w.li;
      if (bm) {
        // Only the leaves meeting the own checks whose key the other half may hold (the filter's
        // bit set) are kept: each written, and n advanced by whether it is kept (no branch to
        // mispredict on a filter that passes one leaf in ten).
        for (; j < count && n < cap; j++) {
          const key = k0 ^ tkeys[r0 + j]!;
          const h = Math.imul(key & fMask, fMult) >>> fShift;
          keys[n] = key;
          ids[n] = id0 + tids[r0 + j]!;
          n += (bm[h >>> 5]! >>> (h & 31)) & ((o0 ^ towns[r0 + j]!) === 0 ? 1 : 0);
        }
      } else {
        for (; j < count && n < cap; j++) {
          if ((o0 ^ towns[r0 + j]!) !== 0) continue;
          keys[n] = k0 ^ tkeys[r0 + j]!;
          ids[n++] = id0 + tids[r0 + j]!;
        }
      }
      if (j < count) {
        w.li = j;
        break;
      }
      w.li = 0;
      d--;
      continue;
    }
    const i = ++ch[d]!;
    if (i === sizes[d]) {
      d--;
      continue;
    }
    const x = (base[d]! + co[cs[d]! + i]!) & mask;
    const r = d * row + 2 * x;
    keyAt[d + 1] = keyAt[d]! ^ kt[r]!;
    ownAt[d + 1] = ownAt[d]! ^ kt[r + 1]!;
    idAt[d + 1] = idAt[d]! + i * radixAt[d]!;
    radixAt[d + 1] = radixAt[d]! * widths[d]!;
    d++;
    ch[d] = -1;
    base[d] = frees[d] ? 0 : fbs[d]! - 1 - x;
  }
  w.d = d;
  return n;
}

/**
 * Merges B's sorted keys kb[0 … nb − 1] with A's sorted ones ka[cursor[0] … end − 1] (sorted by
 * their bits under `low`): writes the positions of the pairs with equal keys to outA / outB, at
 * most cap of them, and returns their count; cursor (A's position, B's, and the position inside
 * B's run of A leaves, −1 before it) lets the next call go on. No call in the loop.
 */
function mergeKeys(ka: Int32Array, end: number, kb: Int32Array, nb: number, low: number, cursor: Int32Array, outA: Int32Array, outB: Int32Array, cap: number): number {
  let i = cursor[0]!;
  let j = cursor[1]!;
  let q = cursor[2]!;
  let n = 0;
  for (; j < nb; j++) {
    const key = kb[j]!;
    const k = key & low;
    if (q < 0) {
      while (i < end && (ka[i]! & low) < k) i++;
      q = i;
    }
    for (; q < end && (ka[q]! & low) === k; q++) {
      if (ka[q] !== key) continue;
      if (n === cap) {
        cursor[0] = i;
        cursor[1] = j;
        cursor[2] = q;
        return n;
      }
      outA[n] = q;
      outB[n++] = j;
    }
    q = -1;
  }
  cursor[0] = i;
  cursor[1] = j;
  cursor[2] = -1;
  return n;
}

/**
 * Looks B's keys kb[cursor[1] … nb − 1] up in A's (ka, sorted by their bits under `low`; index:
 * per value v of those bits, the first position of A with it, index[v + 1] past the last): writes
 * the positions of the pairs with equal keys to outA / outB, at most cap of them, and returns their
 * count; cursor (B's position, and the position inside A's run, −1 before it) lets the next call
 * go on. No call in the loop.
 */
function probeKeys(ka: Int32Array, index: Int32Array, low: number, kb: Int32Array, nb: number, cursor: Int32Array, outA: Int32Array, outB: Int32Array, cap: number): number {
  let j = cursor[1]!;
  let q = cursor[2]!;
  let n = 0;
  for (; j < nb; j++) {
    const key = kb[j]!;
    const v = key & low;
    if (q < 0) q = index[v]!;
    const end = index[v + 1]!;
    for (; q < end; q++) {
      if (ka[q] !== key) continue;
      if (n === cap) {
        cursor[1] = j;
        cursor[2] = q;
        return n;
      }
      outA[n] = q;
      outB[n++] = j;
    }
    q = -1;
  }
  cursor[1] = j;
  cursor[2] = -1;
  return n;
}

/**
 * Sorts n keys by their low `bits` bits (unsigned; the bits above are not looked at) with their
 * ids: least significant digit first, SORT_DIGIT bits a pass (the last pass only the bits left),
 * between (keys, ids) and (tk, ti); returns the pair that holds the result.
 */
function sortByKey(keys: Int32Array, ids: Int32Array, tk: Int32Array, ti: Int32Array, n: number, bits: number): [Int32Array, Int32Array] {
  const counts = scratch(SLOT_COUNTS, 1 << SORT_DIGIT);
  let k = keys;
  let i = ids;
  let k2 = tk;
  let i2 = ti;
  for (let shift = 0; shift < bits; shift += SORT_DIGIT) {
    counts.fill(0, 0, 1 << SORT_DIGIT);
    const dm = (1 << Math.min(SORT_DIGIT, bits - shift)) - 1;
    for (let q = 0; q < n; q++) counts[(k[q]! >>> shift) & dm]!++;
    let sum = 0;
    for (let c = 0; c <= dm; c++) {
      const x = counts[c]!;
      counts[c] = sum;
      sum += x;
    }
    for (let q = 0; q < n; q++) {
      const to = counts[(k[q]! >>> shift) & dm]!++;
      k2[to] = k[q]!;
      i2[to] = i[q]!;
    }
    [k, k2] = [k2, k];
    [i, i2] = [i2, i];
  }
  return [k, i];
}

/** sortByKey, its result left in keys / ids (copied back when the passes ended in the temporaries). */
function sortInPlace(keys: Int32Array, ids: Int32Array, tk: Int32Array, ti: Int32Array, n: number, bits: number): void {
  const [sk, si] = sortByKey(keys, ids, tk, ti, n, bits);
  if (sk === keys) return;
  keys.set(sk.subarray(0, n));
  ids.set(si.subarray(0, n));
}

/** Both halves' group tables in flat arrays (A's groups first): what the join's pre-filter reads. */
interface FlatGroups {
  readonly count: number;
  readonly countA: number;
  readonly off: Int32Array;
  readonly shift: Int32Array;
  readonly bits: Int32Array;
  readonly mask: Int32Array;
  readonly free: Uint8Array;
  readonly table: Int32Array;
}
function flatGroups(a: readonly Group[], b: readonly Group[]): FlatGroups {
  const gs = [...a, ...b];
  const off = new Int32Array(gs.length);
  let size = 0;
  gs.forEach((g, k) => {
    off[k] = size;
    size += g.table.length;
  });
  const table = new Int32Array(size);
  gs.forEach((g, k) => table.set(g.table, off[k]!));
  return {
    count: gs.length,
    countA: a.length,
    off,
    shift: Int32Array.from(gs, (g) => g.shift),
    bits: Int32Array.from(gs, (g) => g.bits),
    mask: Int32Array.from(gs, (g) => 2 ** g.bits - 1),
    free: Uint8Array.from(gs, (g) => (g.free ? 1 : 0)),
    table,
  };
}

/**
 * Every state that fits the window `plan` chose from the sorted observations `obs` (table: the
 * symbolic rows up to the window's last word), each handed to `emit` as the frame state
 * [s0hi, s0lo, s1hi, s1lo]; `emit` returns false to stop (the result is then not solved).
 */
export function solveTop(obs: readonly TopObservation[], shape: TopShape, plan: TopPlan, table: Int32Array, emit: (x: Int32Array) => boolean): TopResult {
  const fail = { solved: false, leavesA: 0, joined: 0 };
  const hiMask = shape.hi >= 64 ? -1 : (1 << (shape.hi - 32)) - 1;
  const bits = shape.hi - shape.lo;
  const s = plan.span;
  const mask = 2 ** s - 1;
  const win = obs.slice(plan.first, plan.end);
  const steps = stepsOf(obs, plan.first, plan.end, bits, s);
  const cut = steps[plan.split]!;
  const freeWord = (word: number): Step => ({ word, obs: -1, size: 2 ** s, fb: 0, offs: identity(2 ** s) });
  const before = steps.slice(0, plan.split);
  const after = plan.unlinked ? [freeWord(cut.word), ...steps.slice(plan.split + 1)] : [...(cut.obs >= 0 ? [freeWord(cut.word - 1)] : []), ...steps.slice(plan.split)];
  // Each half begins with a free word, so either part may be A when they share none.
  const [stepsA, stepsB] = plan.swapped ? [after, before] : [before, after];
  const all = [...stepsA, ...stepsB];
  const eqA = s * stepsA.length;
  const neq = s * all.length;
  const tw = Math.ceil(neq / 32);
  // Equation s·d + i: bit hi − s + i of the word step d chooses.
  const forms = new Int32Array(4 * neq);
  all.forEach((st, d) => {
    for (let i = 0; i < s; i++) {
      const off = s0Offset(st.word, shape.hi - s + i);
      for (let w = 0; w < 4; w++) forms[4 * (s * d + i) + w] = table[off + w]!;
    }
  });
  const el = eliminate(forms, Array.from({ length: neq }, (_, e) => e), tw);
  if (el.rank < UNKNOWNS - MAX_DEFICIT) return fail;
  // Checks: within A (A's leaves must meet them), within B, across (the key).
  const keyCol = new Int32Array(neq);
  const ownCol = new Int32Array(neq);
  let nKey = 0;
  let nOwnA = 0;
  let nOwnB = 0;
  for (const c of el.checks) {
    let inA = false;
    let inB = false;
    for (let e = 0; e < neq; e++) {
      if (((c.combo[e >>> 5]! >>> (e & 31)) & 1) === 0) continue;
      if (e < eqA) inA = true;
      else inB = true;
    }
    const col = inA && inB ? keyCol : ownCol;
    const k = inA && inB ? nKey++ : inA ? nOwnA++ : nOwnB++;
    if (k >= 32) continue;
    for (let e = 0; e < neq; e++) if ((c.combo[e >>> 5]! >>> (e & 31)) & 1) col[e]! |= 1 << k;
  }
  const sol = solvedMap(el, tw);
  const frameCol = stateColumns(sol, tw, neq, table, 0);
  // Each run's first state (w_t, w_{t+1}), for the check of its buckets.
  const runs: { at: number; from: number; to: number; col: Int32Array }[] = [];
  for (let k = 0; k < win.length; k++) {
    if (k === 0 || win[k]!.t !== win[k - 1]!.t + 1) runs.push({ at: win[k]!.t, from: k, to: k + 1, col: stateColumns(sol, tw, neq, table, win[k]!.t) });
    else runs[runs.length - 1]!.to = k + 1;
  }
  // Below rank 128: per kernel vector, its part of the frame and of each run's first state (the layout of a record's state parts).
  const deficit = UNKNOWNS - el.rank;
  const kern = new Int32Array(deficit * 4 * (1 + runs.length));
  if (deficit > 0) {
    runs.forEach((run, r) => {
      const k = kernelOf(el, table, run.at, 4 + tw);
      for (let v = 0; v < deficit; v++) {
        for (let w = 0; w < 4; w++) {
          if (r === 0) kern[v * 4 * (1 + runs.length) + w] = k[8 * v + w]!;
          kern[v * 4 * (1 + runs.length) + 4 * (r + 1) + w] = k[8 * v + 4 + w]!;
        }
      }
    });
  }
  // Per step and value X of its word (one flat table, record d·2^s + X): key part, own-check
  // part, then the state parts (the frame, each run's first state).
  const parts = 1 + runs.length;
  const rec = 2 + 4 * parts;
  const size1 = (mask + 1) * rec;
  const tab = new Int32Array(all.length * size1);
  for (let d = 0; d < all.length; d++) {
    const o = d * size1;
    for (let x = 1; x <= mask; x++) {
      const low = x & -x;
      const prev = x ^ low;
      const e = s * d + 31 - Math.clz32(low);
      for (let r = 0; r < rec; r++) {
        let v: number;
        if (r === 0) v = keyCol[e]!;
        else if (r === 1) v = ownCol[e]!;
        else {
          const p = (r - 2) >>> 2;
          v = (p === 0 ? frameCol : runs[p - 1]!.col)[4 * e + ((r - 2) & 3)]!;
        }
        tab[o + x * rec + r] = tab[o + prev * rec + r]! ^ v;
      }
    }
  }
  const endA = stepsA.length;
  const depth = all.length;
  const sizes = Int32Array.from(all, (x) => x.size);
  const fbs = Int32Array.from(all, (x) => x.fb);
  const frees = Uint8Array.from(all, (x) => (x.obs < 0 ? 1 : 0));
  const cs = new Int32Array(depth + 1);
  for (let d = 0; d < depth; d++) cs[d + 1] = cs[d]! + sizes[d]!;
  const co = new Int32Array(cs[depth]!);
  all.forEach((st, d) => co.set(st.offs, cs[d]!));
  // Path ids: a half's choices as bit fields when they fit 31 bits (a shift and a mask to read a
  // digit back), else mixed radix (a division a digit).
  const widths = Int32Array.from(sizes);
  const offs = new Int32Array(depth);
  const fields = [false, false];
  for (const [h, d0, d1] of [[0, 0, endA], [1, endA, depth]] as const) {
    let used = 0;
    for (let d = d0; d < d1; d++) used += Math.ceil(Math.log2(sizes[d]!));
    if (used > 31) continue;
    fields[h] = true;
    for (let d = d0, off = 0; d < d1; d++) {
      widths[d] = 2 ** Math.ceil(Math.log2(sizes[d]!));
      offs[d] = off;
      off += Math.log2(widths[d]!);
    }
  }

  // A path id: the choice index at each step of its half, first step least significant (bit
  // fields or mixed radix, above).
  let sizeA = 1;
  for (let d = 0; d < endA; d++) sizeA *= sizes[d]!;
  // Few checks across the halves: many A leaves would share a key (long probes, many pairs).
  const logA = Math.log2(sizeA);
  let logB = 0;
  for (let d = endA; d < depth; d++) logB += Math.log2(sizes[d]!);
  const keyBits = Math.min(nKey, KEY_BITS);
  // Path ids are int32 (the planner's caps keep the mixed-radix ones below 2^23).
  if (logA > 30 || logB > 30) return fail;
  if (logA - keyBits > MAX_SHARED_KEY || logA + logB - keyBits > LOG_MAX_JOINED) return fail;
  // The join sorts instead of hashing (a sort streams through memory; a hash table of A's leaves
  // cost one cache miss per leaf: tens of ns at 2^17 leaves, ~100 at 2^22), and only the leaves
  // the other half's filter passes (below).
  let sizeB = 1;
  for (let d = endA; d < depth; d++) sizeB *= sizes[d]!;
  const batch = Math.min(sizeB, BATCH);
  const chunk = Math.min(sizeA, BATCH);
  // A small A stored whole (probed); a large one a chunk of the leaves B's filter passes at a time;
  // B a batch; the sorts' temporaries one chunk or batch.
  const probing = logA <= LOG_PROBE_A + 1e-9;
  const keyA = scratch(SLOT_KEY_A, probing ? sizeA : Math.max(chunk, FILTER_BUFFER));
  const idA = scratch(SLOT_ID_A, probing ? sizeA : Math.max(chunk, FILTER_BUFFER));
  const keyB = scratch(SLOT_KEY_B, batch);
  const idB = scratch(SLOT_ID_B, batch);
  // (A small A is sorted whole: its temporaries as long as it — an array too short would drop the writes past its end silently.)
  const tk = scratch(SLOT_TMP_KEY, Math.max(probing ? sizeA : chunk, batch));
  const ti = scratch(SLOT_TMP_ID, Math.max(probing ? sizeA : chunk, batch));
  // The sorts order by the key's low bits only (two passes at most); the merge compares whole keys within a run of equal low bits.
  const sortBits = Math.min(keyBits, 22);
  const low = 2 ** sortBits - 1;
  // A small A is sorted by the key's low probeBits bits (about one leaf per value) and probed.
  const probeBits = Math.max(1, Math.min(keyBits, Math.ceil(logA)));
  const cursor = new Int32Array(3);
  const pairA = scratch(SLOT_PAIR_A, MATCHES);
  const pairB = scratch(SLOT_PAIR_B, MATCHES);
  const acc = new Int32Array(4 * parts);
  const first = new Int32Array(4);
  const st = new Int32Array(4);
  let joined = 0;
  let stopped = false;
  const maxJoined = 2 ** (LOG_MAX_JOINED + 1);
  /** Whether the run's buckets hold for the first state in acc at offset o ([lo, hi] words). */
  const scale = 2 ** (32 - shape.lo);
  const winLo = Float64Array.from(win, (o) => o.lo);
  const winHi = Float64Array.from(win, (o) => o.hi);
  const residues = Uint8Array.from(win, (o) => (o.ranges ? 1 : 0));
  const step = stepOf(shape.model);
  const runFits = (run: (typeof runs)[number], o: number): boolean => {
    st[0] = acc[o + 1]!;
    st[1] = acc[o]!;
    st[2] = acc[o + 3]!;
    st[3] = acc[o + 2]!;
    for (let k = run.from; k < run.to; k++) {
      const m = valueOf(st, shape.lo, hiMask, scale);
      if (m < winLo[k]! || m > winHi[k]!) return false;
      if (residues[k] && !win[k]!.ranges!.some(([lo, hi]) => m >= lo && m <= hi)) return false;
      if (k + 1 < run.to) step(st);
    }
    return true;
  };
  /** XORs into acc the parts (words `from` … `from + count − 1` of each record) of the path with id `id` over steps d0 … d1 − 1. */
  const pathParts = (id: number, d0: number, d1: number, from: number, count: number): void => {
    let prev = 0;
    const field = fields[d0 === 0 ? 0 : 1]!;
    for (let d = d0; d < d1; d++) {
      let i: number;
      if (field) i = (id >>> offs[d]!) & (widths[d]! - 1);
      else {
        // Integer digits (mixed-radix ids are below 2^23).
        const rest = (id / sizes[d]!) | 0;
        i = id - rest * sizes[d]!;
        id = rest;
      }
      const x = frees[d] ? i : (fbs[d]! - 1 - prev + co[cs[d]! + i]!) & mask;
      prev = x;
      const q0 = d * size1 + x * rec + 2 + from;
      for (let q = 0; q < count; q++) acc[from + q]! ^= tab[q0 + q]!;
    }
  };
  // Group tables (bit-field halves): a joined pair's first-run state is read a group of steps at
  // a time, not a step at a time — per group, for each value of the word before it and each
  // value of its bits of the path id, the group's last word and the XOR of its steps' parts.
  const groups: Group[][] = [[], []];
  // A half whose table would be large (a step of many choices at a wide span: a coin flip among
  // buckets of 1000) reads its parts a step at a time instead.
  const grouped = [fields[0]!, fields[1]!];
  for (const [h, d0, d1] of [[0, 0, endA], [1, endA, depth]] as const) {
    if (!fields[h]) continue;
    for (let d = d0; d < d1; ) {
      const free = frees[d] === 1;
      const limit = free ? GROUP_BITS : Math.max(1, GROUP_BITS - s);
      let bits = Math.log2(widths[d]!);
      let e = d + 1;
      while (e < d1 && bits + Math.log2(widths[e]!) <= limit) bits += Math.log2(widths[e++]!);
      const rows = free ? 1 : mask + 1;
      if (rows * 2 ** bits > 2 ** MAX_GROUP_BITS) {
        grouped[h] = false;
        groups[h] = [];
        break;
      }
      const gt = new Int32Array(rows * 2 ** bits * 5);
      for (let xp = 0; xp < rows; xp++) {
        for (let g = 0; g < 2 ** bits; g++) {
          const o = (xp * 2 ** bits + g) * 5;
          let prev = xp;
          for (let q = d; q < e; q++) {
            const i = (g >>> (offs[q]! - offs[d]!)) & (widths[q]! - 1);
            const x = frees[q] ? i : (fbs[q]! - 1 - prev + co[cs[q]! + i]!) & mask;
            prev = x;
            const r = q * size1 + x * rec + 6;
            for (let w = 0; w < 4; w++) gt[o + 1 + w]! ^= tab[r + w]!;
          }
          gt[o] = prev;
        }
      }
      groups[h]!.push({ shift: offs[d]!, bits, free, table: gt });
      d = e;
    }
  }
  /** Adds to acc[4 … 7] the first-run state parts of the path with id `id` of a bit-field half, by its group tables. */
  const groupParts = (id: number, gs: readonly Group[]): void => {
    let prev = 0;
    let a0 = 0;
    let a1 = 0;
    let a2 = 0;
    let a3 = 0;
    for (let k = 0; k < gs.length; k++) {
      const g = gs[k]!;
      const o = (((g.free ? 0 : prev) << g.bits) + ((id >>> g.shift) & ((1 << g.bits) - 1))) * 5;
      const t = g.table;
      prev = t[o]!;
      a0 ^= t[o + 1]!;
      a1 ^= t[o + 2]!;
      a2 ^= t[o + 3]!;
      a3 ^= t[o + 4]!;
    }
    acc[4]! ^= a0;
    acc[5]! ^= a1;
    acc[6]! ^= a2;
    acc[7]! ^= a3;
  };
  // The pre-filter (rank 128, both halves grouped): a joined pair's first-run state read from
  // the group tables into locals and its first run's buckets checked inline (their hulls), the
  // step unrolled — a false pair fails within two values or so; the rest go through settle.
  // Measured (⌊x·16⌋ × 35, 2^23 pairs): 111 → 65–75 ns a pair (JOIN_WEIGHT_FULL_RANK).
  const flat = deficit === 0 && grouped[0] && grouped[1] ? flatGroups(groups[0]!, groups[1]!) : undefined;
  const run0 = runs[0]!;
  const sar = shape.model === 'sar-extended';
  const sign = sar ? -0x80000000 : 0;
  const fill17 = sar ? -(2 ** 15) : 0; // the top 17 bits
  const fill26 = sar ? -(2 ** 6) : 0; // the top 26 bits
  const quick = (a: number, b: number): boolean => {
    const f = flat!;
    let a0 = 0;
    let a1 = 0;
    let a2 = 0;
    let a3 = 0;
    let prev = 0;
    for (let k = 0; k < f.count; k++) {
      const id = k < f.countA ? a : b;
      const o = f.off[k]! + (((f.free[k]! ? 0 : prev) << f.bits[k]!) + ((id >>> f.shift[k]!) & f.mask[k]!)) * 5;
      prev = f.table[o]!;
      a0 ^= f.table[o + 1]!;
      a1 ^= f.table[o + 2]!;
      a2 ^= f.table[o + 3]!;
      a3 ^= f.table[o + 4]!;
    }
    // As runFits reads acc: state0 = (a1, a0), state1 = (a3, a2), high word first.
    let xh = a1;
    let xl = a0;
    let yh = a3;
    let yl = a2;
    for (let k = run0.from; ; ) {
      const l = (xl >>> 0) + (yl >>> 0);
      const m = (((xh + yh + (l >= TWO32 ? 1 : 0)) & hiMask) >>> 0) * scale + ((l >>> 0) >>> shape.lo);
      if (m < winLo[k]! || m > winHi[k]!) return false;
      if (++k === run0.to) return true;
      // The step: state0 ← state1; state1 ← x ^ x << 23 ^ (…) >> 17 ^ y ^ y >> 26. The
      // extended SAR step (gf2.ts; masks 0 in the logical one): both bit 63s held out, the
      // shifts' high words filled with the sign, x's bit 63 put back in the result's, y's XORed
      // into its bit 0.
      const x63 = xh & sign;
      const y63 = yh & sign;
      xh ^= x63;
      const yc = yh ^ y63;
      let th = (xh << 23) | (xl >>> 9);
      xl ^= xl << 23;
      xh ^= th;
      th = (xh >>> 17) | ((xh >> 31) & fill17);
      xl ^= (xl >>> 17) | (xh << 15);
      xh ^= th;
      const nh = xh ^ yc ^ ((yc >>> 26) | ((yc >> 31) & fill26)) ^ x63;
      const nl = xl ^ yl ^ ((yl >>> 26) | (yc << 6)) ^ (y63 >>> 31);
      xh = yh;
      xl = yl;
      yh = nh;
      yl = nl;
    }
  };
  const combos = 1 << deficit;
  const kw = 4 * parts;
  /**
   * A's leaf (path a) joined with B's (path b): each state of its coset (the solution ⊕ a
   * combination of the kernel's vectors; one state at rank 128) whose first run fits is solved
   * whole, its other runs checked, its frame emitted. False when emit stopped.
   */
  const settle = (a: number, b: number): boolean => {
    acc.fill(0, 4, 8);
    if (grouped[0]) groupParts(a, groups[0]!);
    else pathParts(a, 0, endA, 4, 4);
    if (grouped[1]) groupParts(b, groups[1]!);
    else pathParts(b, endA, depth, 4, 4);
    for (let w = 0; w < 4; w++) first[w] = acc[4 + w]!;
    for (let v = 0; v < combos; v++) {
      for (let w = 0; w < 4; w++) {
        let x = first[w]!;
        for (let q = 0; q < deficit; q++) if ((v >>> q) & 1) x ^= kern[q * kw + 4 + w]!;
        acc[4 + w] = x;
      }
      if (!runFits(runs[0]!, 4)) continue;
      acc.fill(0);
      for (let q = 0; q < deficit; q++) if ((v >>> q) & 1) for (let r = 0; r < kw; r++) acc[r]! ^= kern[q * kw + r]!;
      pathParts(a, 0, endA, 0, kw);
      pathParts(b, endA, depth, 0, kw);
      let fits = true;
      for (let q = 1; q < runs.length && fits; q++) fits = runFits(runs[q]!, 4 * (q + 1));
      if (!fits) continue;
      if (!emit(new Int32Array([acc[1]!, acc[0]!, acc[3]!, acc[2]!]))) {
        stopped = true;
        return false;
      }
    }
    return true;
  };
  // The walk's compact table: each record's key and own-check parts (the state parts are read only for joined pairs).
  const kt = new Int32Array(all.length * 2 * (mask + 1));
  for (let q = 0; q < all.length * (mask + 1); q++) {
    kt[2 * q] = tab[q * rec]!;
    kt[2 * q + 1] = tab[q * rec + 1]!;
  }
  const wk: HalfWalk = { kt, mask, sizes, widths, fbs, frees, co, cs, ...walkStack(depth), start: 0, end: endA, tail: { at: 0, count: 0, rowMask: 0, keys: kt, owns: kt, ids: kt }, d: 0, li: 0 };
  const settleAll = (m: number, ib: Int32Array): void => {
    if (joined + m > maxJoined) stopped = true;
    for (let q = 0; q < m && !stopped; q++) {
      joined++;
      const a = idA[pairA[q]!]!;
      const b = ib[pairB[q]!]!;
      if (!flat || quick(a, b)) settle(a, b);
    }
  };
  let nA = 0;
  if (probing) {
    // A small A, stored whole, sorted by the key's low probeBits bits, and its index: per value
    // of those bits the first of its leaves with that value (each value's leaves contiguous).
    beginWalk(wk, 0, endA);
    nA = walkBatch(wk, keyA, idA, 0, sizeA);
    sortInPlace(keyA, idA, tk, ti, nA, probeBits);
    const probeLow = 2 ** probeBits - 1;
    const index = new Int32Array(probeLow + 2);
    for (let q = 0; q < nA; q++) index[(keyA[q]! & probeLow) + 1]!++;
    for (let v = 0; v <= probeLow; v++) index[v + 1]! += index[v]!;
    const filter = makeFilter(SLOT_FILTER_A, keyBits, Math.log2(Math.max(1, nA)));
    addKeys(filter, keyA, nA);
    beginWalk(wk, endA, depth);
    while (wk.d >= wk.start && !stopped) {
      // B's leaves A's filter passes, each looked up in A's index (no sort, no merge), the pairs
      // settled a buffer at a time; a batch probing a large index is first split by the index's
      // top bits (one counting pass), so each part's lookups stay in a slice of it that fits the cache.
      const nb = walkBatch(wk, keyB, idB, 0, batch, filter);
      if (nb === 0) break;
      const parts = Math.min(PROBE_PARTS, Math.max(0, probeBits - PROBE_PART_BITS));
      let kb = keyB;
      let ib = idB;
      if (parts > 0) {
        const shift = probeBits - parts;
        const counts = scratch(SLOT_COUNTS, 1 << SORT_DIGIT);
        counts.fill(0, 0, (1 << parts) + 1);
        for (let q = 0; q < nb; q++) counts[((keyB[q]! & probeLow) >>> shift) + 1]!++;
        for (let c = 1; c <= 1 << parts; c++) counts[c]! += counts[c - 1]!;
        for (let q = 0; q < nb; q++) {
          const to = counts[(keyB[q]! & probeLow) >>> shift]!++;
          tk[to] = keyB[q]!;
          ti[to] = idB[q]!;
        }
        kb = tk;
        ib = ti;
      }
      cursor[1] = 0;
      cursor[2] = -1;
      while (cursor[1]! < nb && !stopped) settleAll(probeKeys(keyA, index, probeLow, kb, nb, cursor, pairA, pairB, MATCHES), ib);
    }
    return { solved: !stopped, leavesA: nA, joined };
  }
  // A large A is never stored whole (2^22 leaves: 32 MB, its sort a cache miss per leaf, fresh
  // memory a page fault per 4 KB). Three walks instead: A's keys into a filter (a small buffer
  // at a time, nothing kept); B's leaves that filter passes kept, a batch at a time, sorted, and
  // their keys into a second filter; A walked again keeping the leaves that one passes (a chunk
  // at a time, sorted and merged with the batch). Few of either half survive: the join sorts
  // and merges those only.
  const filterA = makeFilter(SLOT_FILTER_A, keyBits, logA - Math.min(nOwnA, 32));
  beginWalk(wk, 0, endA);
  for (;;) {
    const n = walkBatch(wk, keyA, idA, 0, FILTER_BUFFER);
    if (n === 0) break;
    addKeys(filterA, keyA, n);
    nA += n;
  }
  const wkA: HalfWalk = { ...wk, ...walkStack(depth) };
  beginWalk(wk, endA, depth);
  while (wk.d >= wk.start && !stopped) {
    const nb = walkBatch(wk, keyB, idB, 0, batch, filterA);
    if (nb === 0) break;
    sortInPlace(keyB, idB, tk, ti, nb, sortBits);
    const filterB = makeFilter(SLOT_FILTER_B, keyBits, Math.log2(nb));
    addKeys(filterB, keyB, nb);
    beginWalk(wkA, 0, endA);
    while (wkA.d >= wkA.start && !stopped) {
      const na = walkBatch(wkA, keyA, idA, 0, chunk, filterB);
      if (na === 0) break;
      sortInPlace(keyA, idA, tk, ti, na, sortBits);
      // Merge the chunk with the batch (the pairs with equal keys, a buffer at a time), and settle each pair.
      cursor[0] = 0;
      cursor[1] = 0;
      cursor[2] = -1;
      while (cursor[1]! < nb && !stopped) settleAll(mergeKeys(keyA, na, keyB, nb, low, cursor, pairA, pairB, MATCHES), idB);
    }
  }
  return { solved: !stopped, leavesA: nA, joined };
}
