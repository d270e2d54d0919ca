/**
 * JavaScriptCore's realm seed from its first Math.random() value.
 *
 * Each JSGlobalObject seeds its WeakRandom from one 32-bit number (WeakRandom::setSeed: state0 =
 * state1 = seed, 0 → 1, then one advance), and every step of xorshift128 — the C++ one and the
 * JIT thunk's arithmetic one (jsc-jit-sar) alike — is linear over GF(2). So the state the first
 * call sums is a linear function of the seed's 32 bits: bit j of each word is the parity of the
 * seed bits in a mask (the columns below, read off the emulator's own seeding for each seed
 * bit). The first value shows the low 53 bits of that sum; level by level from bit 0,
 *
 *   sum bit j = a_j ⊕ b_j ⊕ c_j     (one linear equation, c_j a linear form),
 *   c_{j+1}   = c_j when a_j ⊕ b_j = 1, else a_j,
 *
 * so the search branches only where a_j ⊕ b_j is not yet fixed by the equations so far (each
 * branch adds that equation): a few thousand nodes before the 32 unknowns are pinned. Every seed
 * follows exactly one path, so the seeds found are all of them; each is checked by the emulator.
 * Measured on unseeded real engines (Debian's jsc, WebKitGTK 2.50.6; Bun 1.2.0): the first value
 * gives the seed, and every later value follows.
 */
import { create } from '@emu/xorshift128plus';
import { Gf2System32, add64Hi, add64Lo, getStateI64, putStateI64, u64FromBigInt, xorshift128SarStep, xorshift128Step } from '@emu/core';
import { parity } from './gf2.js';
import { type Observed, matches } from './observe.js';
import { type JscKernel, jscKernel } from './jsc-kernel.js';

/** The variants JavaScriptCore seeds this way (the C++ step, and the JIT thunk's arithmetic one). */
export type JscSeedVariant = 'jsc' | 'jsc-jit-sar';

/** A leaf with more unknowns than this left free is not enumerated (never seen: 53 levels pin 32 bits). */
const FREE_MAX = 16;
/** The sum bits a value shows (JSC's mapping: the low 53 bits of state0 + state1). */
const LEVELS = 53;

/** What searchJscSeed found: every seed whose first value is the one given (when complete), and the nodes visited. */
export interface JscSeedSearch {
  readonly seeds: readonly number[];
  /** False when a leaf left more than FREE_MAX unknowns free (then `seeds` may miss some). */
  readonly complete: boolean;
  readonly nodes: number;
}


/**
 * Every 32-bit seed (1 … 2^32 − 1; 0 seeds as 1) from which `variant` gives `first` as its
 * first value: a carry search over the sum's 53 bits with a GF(2) system of the seed's 32 bits.
 */
export function searchJscSeed(first: number, variant: JscSeedVariant): JscSeedSearch {
  const m = first * 2 ** LEVELS;
  // Not a value of this mapping (a multiple of 2^-53 in [0, 1)): no seed.
  if (!(first >= 0 && first < 1) || !Number.isInteger(m)) return { seeds: [], complete: true, nodes: 0 };
  const hi = Math.floor(m / 2 ** 32);
  const lo = m % 2 ** 32;
  const bit = (j: number): number => (j < 32 ? (lo / 2 ** j) & 1 : (hi / 2 ** (j - 32)) & 1);
  const { a, b } = callColumns(variant, 0);
  const sys = new Gf2System32();
  const seeds = new Set<number>();
  let complete = true;
  let nodes = 0;
  /** Every seed the system allows (its free bits enumerated), kept when the emulator gives `first`. */
  const gives = jscSeedFits(variant, [first]);
  const leaf = (): void => {
    const free = sys.free();
    if (free.length > FREE_MAX) {
      complete = false;
      return;
    }
    sys.eachSolution(free, (s) => {
      if (s !== 0 && gives(s)) seeds.add(s);
    });
  };
  /** Level j with the carry into it the form (cm, cc). */
  const walk = (j: number, cm: number, cc: number): void => {
    nodes++;
    if (j === LEVELS || sys.rank === 32) return leaf();
    const at = sys.mark();
    if (sys.add(a[j]! ^ b[j]! ^ cm, bit(j) ^ cc)) {
      const t = sys.valueOf(a[j]! ^ b[j]!, 0);
      for (const x of t < 0 ? [0, 1] : [t]) {
        const here = sys.mark();
        if (t >= 0 || sys.add(a[j]! ^ b[j]!, x)) {
          if (x === 1) walk(j + 1, cm, cc);
          else walk(j + 1, a[j]!, 0);
        }
        sys.undo(here);
      }
    }
    sys.undo(at);
  };
  walk(0, 0, 0);
  return { seeds: [...seeds].sort((x, y) => x - y), complete, nodes };
}

/** Observations the bucket search reads at most (the first ones of the realm). */
const TOP_OBSERVATIONS = 48;
/** Leading sum bits a bucket's constraint uses at most. */
const TOP_MAX_SPAN = 8;
/** Nodes the bucket search visits at most before it gives up (incomplete, never a guess). */
const TOP_MAX_NODES = 2 ** 21;

/** Observations with at most this many intervals are checked on each leaf's seeds before the rest (a residue's hundreds of thousands are left to `fits`). */
const PREFILTER_RANGES = 64;
/** Seeds the bucket search's leaves try at most, in all (each checked on the observations: about 1 s); past it, incomplete. */
const TOP_MAX_TRIED = 2 ** 24;

/** One observation's constraint: the top `p` bits of the 53-bit sum lie in `prefixes`. */
interface TopConstraint {
  readonly k: number;
  readonly p: number;
  readonly prefixes: readonly number[];
  /** The same prefixes, for the checks. */
  readonly allowed: ReadonlySet<number>;
  /** Branched on by the search (else only checked at its leaves: too many prefixes to walk, e.g. a fine bucket's residue). */
  readonly branch: boolean;
}

/** Prefixes a constraint may have and still be branched on (a residue of a fine bucket allows hundreds of thousands). */
const TOP_MAX_PREFIXES = 4096;

const columnsMemo = new Map<string, { a: Int32Array; b: Int32Array }>();

/** For call k (0-based): bit j of state0 / state1 after k + 1 calls, as seed-bit masks (64 each). */
function callColumns(variant: JscSeedVariant, k: number): { a: Int32Array; b: Int32Array } {
  const key = `${variant}/${k}`;
  let c = columnsMemo.get(key);
  if (!c) {
    c = { a: new Int32Array(64), b: new Int32Array(64) };
    for (let s = 0; s < 32; s++) {
      const e = create({ seed: 2 ** s, variant });
      for (let i = 0; i <= k; i++) e.random();
      const [s0, s1] = e.getState().map((w) => BigInt(w));
      for (let j = 0; j < 64; j++) {
        if ((s0! >> BigInt(j)) & 1n) c.a[j]! |= 1 << s;
        if ((s1! >> BigInt(j)) & 1n) c.b[j]! |= 1 << s;
      }
    }
    columnsMemo.set(key, c);
  }
  return c;
}

/**
 * Every 32-bit seed from which `variant` gives observations consistent with `ranges` (per call
 * from the realm's first: the 53-bit sum integer's interval(s), or undefined for a call not
 * seen): the top p bits of each sum are (a + b + c) mod 2^p of the words' top p bits (linear in
 * the seed) and the carry c ∈ {0, 1} from below, so each constraint allows 2 · 2^p · |prefixes|
 * settings of 2p linear forms. A depth-first search over the most selective constraints first,
 * with incremental elimination, until the 32 unknowns are pinned; then the rest are checks, and
 * the emulator has the last word (`fits`). Exhaustive unless it passes TOP_MAX_NODES.
 */
export function searchJscSeedTop(ranges: readonly (readonly (readonly [number, number])[] | undefined)[], variant: JscSeedVariant, fits: (seed: number) => boolean): JscSeedSearch {
  const cons: TopConstraint[] = [];
  for (let k = 0; k < Math.min(ranges.length, TOP_OBSERVATIONS); k++) {
    const r = ranges[k];
    if (!r || r.length === 0) continue;
    // The widest interval decides the span: about two prefixes per interval at most. (A loop:
    // a residue's ranges can number 250,000, too many to spread into Math.max.)
    let width = 1;
    for (const [lo, hi] of r) width = Math.max(width, hi - lo + 1);
    const p = Math.max(1, Math.min(TOP_MAX_SPAN, LEVELS - Math.ceil(Math.log2(width))));
    const set = new Set<number>();
    for (const [lo, hi] of r) for (let v = Math.floor(lo / 2 ** (LEVELS - p)); v <= Math.floor(hi / 2 ** (LEVELS - p)); v++) set.add(v);
    cons.push({ k, p, prefixes: [...set], allowed: set, branch: set.size <= TOP_MAX_PREFIXES });
  }
  // A constraint whose settings outnumber what its forms can say pins nothing (p = 1: coin flips,
  // thirds — 2p equations, 2^2p settings): if none pins anything the walk would only enumerate
  // the seeds up to its cap (seconds), so it is not started.
  const pins = (c: TopConstraint) => 2 * c.p - Math.log2(2 ** c.p * Math.min(2 ** c.p, 2 * c.prefixes.length));
  if (!cons.some((c) => c.branch && pins(c) > 0)) return { seeds: [], complete: false, nodes: 0 };
  // Most rank for the fewest settings first; the constraints only checked last.
  const order = (c: TopConstraint) => (c.branch ? 0 : 1e6) + Math.log2(2 * c.prefixes.length) / c.p + c.k * 1e-9;
  cons.sort((x, y) => order(x) - order(y));
  const branched = cons.filter((c) => c.branch).length;
  const forms = cons.map((c) => {
    const { a, b } = callColumns(variant, c.k);
    // Bit i (0 = lowest of the p) of the top p bits of each word's low 53: bit 53 − p + i.
    return { a: Array.from({ length: c.p }, (_, i) => a[LEVELS - c.p + i]!), b: Array.from({ length: c.p }, (_, i) => b[LEVELS - c.p + i]!) };
  });
  const sys = new Gf2System32();
  /** Whether the constraints from `i` on hold for a known seed (the forms' parities). */
  const checks = (seed: number, i: number): boolean => {
    for (; i < cons.length; i++) {
      const c = cons[i]!;
      const f = forms[i]!;
      let va = 0;
      let vb = 0;
      for (let t = 0; t < c.p; t++) {
        va |= parity(f.a[t]! & seed) << t;
        vb |= parity(f.b[t]! & seed) << t;
      }
      const m = 2 ** c.p;
      const s0 = (va + vb) % m;
      if (!c.allowed.has(s0) && !c.allowed.has((s0 + 1) % m)) return false;
    }
    return true;
  };
  const seeds = new Set<number>();
  let complete = true;
  let nodes = 0;
  let tried = 0;
  // A leaf's seeds are an affine space, and so are their start states (linear in the seed): both
  // are walked in Gray-code order, each state run against the observed sums (the calls with at
  // most PREFILTER_RANGES intervals, up to the last of them) before the checks and `fits`.
  const cols = startColumns(variant);
  const step = stepOf(variant);
  const seen = ranges.map((r) => (r && r.length > 0 && r.length <= PREFILTER_RANGES ? r : undefined));
  let last = seen.length - 1;
  while (last >= 0 && !seen[last]) last--;
  const run = new Int32Array(4);
  const inRanges = (state: Int32Array): boolean => {
    run.set(state);
    for (let k = 0; k <= last; k++) {
      step(run);
      const r = seen[k];
      if (!r) continue;
      const v = low53(run[0]!, run[1]!, run[2]!, run[3]!);
      let hit = false;
      for (let j = 0; j < r.length && !hit; j++) hit = v >= r[j]![0] && v <= r[j]![1];
      if (!hit) return false;
    }
    return true;
  };
  const stateOf = (seed: number): Int32Array => stateOfSeed(cols, seed, new Int32Array(4));
  const leaf = (i: number): void => {
    const free = sys.free();
    if (free.length > FREE_MAX || (tried += 2 ** free.length) > TOP_MAX_TRIED) {
      complete = false;
      return;
    }
    const x0 = sys.solve(free, 0);
    const basis = free.map((_, j) => sys.solve(free, 2 ** j) ^ x0);
    const basisStates = basis.map(stateOf);
    const st = stateOf(x0);
    let seed = x0;
    for (let g = 0; g < 2 ** free.length; g++) {
      if (g > 0) {
        const j = 31 - Math.clz32(g & -g);
        seed = (seed ^ basis[j]!) >>> 0;
        const d = basisStates[j]!;
        for (let w = 0; w < 4; w++) st[w]! ^= d[w]!;
      }
      if (seed !== 0 && inRanges(st) && checks(seed, i) && fits(seed)) seeds.add(seed);
    }
  };
  const walk = (i: number): void => {
    if (!complete) return;
    if (++nodes > TOP_MAX_NODES) {
      complete = false;
      return;
    }
    if (sys.rank === 32 || i === branched) return leaf(i);
    const c = cons[i]!;
    const f = forms[i]!;
    const m = 2 ** c.p;
    const at = sys.mark();
    const bs = new Set<number>();
    for (let a = 0; a < m; a++) {
      // The b that some prefix and carry allow with this a (each pair once).
      bs.clear();
      for (const v of c.prefixes) for (let carry = 0; carry < 2; carry++) bs.add((v - a - carry + 2 * m) % m);
      for (const b of bs) {
        let ok = true;
        for (let t = 0; t < c.p && ok; t++) ok = sys.add(f.a[t]!, (a >>> t) & 1) && sys.add(f.b[t]!, (b >>> t) & 1);
        if (ok) walk(i + 1);
        sys.undo(at);
        if (!complete) return;
      }
    }
  };
  walk(0);
  return { seeds: [...seeds].sort((x, y) => x - y), complete, nodes };
}

const startMemo = new Map<JscSeedVariant, Int32Array[]>();

/** The state each seed bit's realm starts from (seed 2^s, after setSeed's advance): the state is linear in the seed. */
function startColumns(variant: JscSeedVariant): Int32Array[] {
  let c = startMemo.get(variant);
  if (!c) {
    c = Array.from({ length: 32 }, (_, s) => Int32Array.from(create({ seed: 2 ** s, variant }).getState().flatMap((w) => u64FromBigInt(BigInt(w)))));
    startMemo.set(variant, c);
  }
  return c;
}

/** The step of the variant: the C++ one (logical shifts) or the JIT thunk's (arithmetic). */
function stepOf(variant: JscSeedVariant): (s: Int32Array) => void {
  return variant === 'jsc-jit-sar' ? xorshift128SarStep : xorshift128Step;
}

/** The state a seed gives where `cols` holds each seed bit's state: the XOR of its set bits' columns, into `out`. */
function stateOfSeed(cols: readonly Int32Array[], seed: number, out: Int32Array): Int32Array {
  out.fill(0);
  for (let b = seed | 0; b !== 0; b &= b - 1) {
    const c = cols[31 - Math.clz32(b & -b)]!;
    for (let w = 0; w < 4; w++) out[w]! ^= c[w]!;
  }
  return out;
}

/**
 * A check of observations (full values, buckets, residues; null for a call not seen) against the
 * stream a 32-bit seed gives from its realm's first call (seed 0 seeds as 1, as WeakRandom does):
 * the seed's start state from the columns, int32 steps, stopping at the first miss — no emulator
 * per seed, for the seed walks' leaves (10^5 – 10^6 of them on coarse buckets).
 */
export function jscSeedFits(variant: JscSeedVariant, observed: readonly Observed[]): (seed: number) => boolean {
  const cols = startColumns(variant);
  const step = stepOf(variant);
  const s = new Int32Array(4);
  return (seed) => {
    stateOfSeed(cols, seed | 0 || 1, s);
    for (const o of observed) {
      step(s);
      if (!matches(low53(s[0]!, s[1]!, s[2]!, s[3]!) * 2 ** -LEVELS, o)) return false;
    }
    return true;
  };
}

/** Call indices searchJscSeedWithin tries by default: a realm's first 1,024 calls. */
export const JSC_SEED_MAX_CALLS = 1024;
/** Low bits of each word the pair search starts from (3 words: rank 32 needs 3L ≥ 32). */
const PAIR_LOW_MIN = 12;
/** ... and at most (a call index whose low bits stay short of rank 32 is searched no further: incomplete). */
const PAIR_LOW_MAX = 20;
/** Check bits up to which the pair search sorts W1's low halves by their checks (2^BUCKET_BITS buckets); past it every tuple is tried. */
const BUCKET_BITS = 10;
let buckets = true;

/** Turns the pair search's buckets off (false: every tuple of W1's low bits is tried, as past BUCKET_BITS) or back on. For the tests of the two loops. */
export function useJscBuckets(enabled: boolean): void {
  buckets = enabled;
}

/** What searchJscSeedWithin found: for each fitting seed, the call index of the first observation. */
export interface JscSeedWithin {
  readonly seeds: readonly number[];
  /** The realm's call index (0: its first call) of the first observation, for each seed. */
  readonly calls: readonly number[];
  /** How many call indices were tried (0 … tried − 1). */
  readonly tried: number;
  /** False when some call index could not be searched in full (then a seed there may be missed). */
  readonly complete: boolean;
  /** Seeds that met the parity checks and the next 10 bits of both sums, over every call index tried (each then checked on the 53-bit sums). */
  readonly candidates: number;
}

/**
 * Observations that begin at an unknown call k < `maxCalls` of a JavaScriptCore realm: every
 * 32-bit seed and k whose stream has the first two consecutive full values of `observed` at the
 * calls where they sit (the caller checks the rest with the emulator). Undefined when there is no
 * such pair.
 *
 * The state after each call is linear in the seed. For the pair at calls c and c + 1 the three
 * words summed are W0 = state0 and W1 = state1 after call c and W2 = state1 after call c + 1; the
 * low L bits of each value fix W0 + W1 and W1 + W2 modulo 2^L (no carry comes from below bit 0).
 * With the 3L low bits of the words of rank 32 in the seed, each choice of W1's low L bits fixes
 * W0's and W2's, so a tuple; the 3L − 32 parity checks of the seed's image (table lookups)
 * keep about 2^(32 − 2L) of the 2^L tuples, each naming its seed (the XOR of its bits' shares);
 * the next 10 bits of both sums (nibble tables of the seed) leave almost none, then the 53-bit sums
 * are compared. The shares come from tables of each word's two halves of low bits (6 tables of
 * 2^⌈L/2⌉, not 3 of 2^L: filling those cost more than the loop), the seed masks from a 32 × 32
 * bit transpose. The tuples are not all tried: W1's low halves are sorted by their part of the
 * checks, and for each high half only those that meet the high halves' part are visited (about
 * 2^(2L − 32) + 3 · 2^(L − h) steps, not 2^L); the elimination runs in WebAssembly (jsc.wat).
 * Each call index runs whole in WebAssembly where it is there (jsc.wat's jscCall: columns, rows,
 * elimination, tables, bucketed loop; its candidates checked here): about 10 µs a call index
 * (1,024 in about 10 ms; 18 ms with only the elimination there, 50–60 ms trying every tuple with
 * the JavaScript elimination, 60–90 before the half tables), in place of a 32-unknown carry
 * search each (10–15 ms).
 */
export function searchJscSeedWithin(observed: readonly Observed[], variant: JscSeedVariant, maxCalls = JSC_SEED_MAX_CALLS): JscSeedWithin | undefined {
  let at = 0;
  while (at + 1 < observed.length && !(typeof observed[at] === 'number' && typeof observed[at + 1] === 'number')) at++;
  if (at + 1 >= observed.length) return undefined;
  const v = [(observed[at] as number) * 2 ** LEVELS, (observed[at + 1] as number) * 2 ** LEVELS];
  // Not two values of this mapping (multiples of 2^-53 in [0, 1)): no seed.
  if (!v.every((m) => Number.isInteger(m) && m >= 0 && m < 2 ** LEVELS)) return { seeds: [], calls: [], tried: maxCalls, complete: true, candidates: 0 };
  const step = stepOf(variant);
  // Each seed bit's state after calls 0 … at (the first value of the pair): state and seed are linear.
  const cols = startColumns(variant).map((c0) => {
    const c = Int32Array.from(c0);
    for (let i = 0; i <= at; i++) step(c);
    return c;
  });
  const next = cols.map((c) => Int32Array.from(c));
  for (const c of next) step(c);
  const seeds: number[] = [];
  const calls: number[] = [];
  // The elimination and the bucketed loop in WebAssembly (jsc.wat) when it is there and free, its
  // rows, shares and tables in its memory.
  const found = jscKernel();
  const kernel = found && !found.busy ? found : null;
  if (kernel) kernel.busy = true;
  const scratch = new PairScratch(PAIR_LOW_MAX, kernel);
  const v0Lo = v[0]! % 2 ** 32 | 0;
  const v1Lo = v[1]! % 2 ** 32 | 0;
  try {
    if (kernel && buckets) {
      // Each call index whole in WebAssembly (jsc.wat's jscCall: the columns stepped, the rows,
      // the elimination, the bucketed loop), its candidates checked here; where it cannot finish a
      // call index, this file's search takes it from the kernel's columns.
      for (let s = 0; s < 32; s++) {
        putStateI64(kernel.cols, 4 * s, cols[s]!);
        putStateI64(kernel.next, 4 * s, next[s]!);
      }
      const sar = variant === 'jsc-jit-sar';
      const fromKernel = (): void => {
        for (let s = 0; s < 32; s++) {
          getStateI64(kernel.cols, 4 * s, cols[s]!);
          getStateI64(kernel.next, 4 * s, next[s]!);
        }
      };
      for (let k = 0; k < maxCalls; k++) {
        const n = kernel.call(k > 0, sar, v0Lo, v1Lo);
        const onSeed = (seed: number): void => {
          seeds.push(seed);
          calls.push(k);
        };
        if (n >= 0) {
          scratch.candidates += n;
          if (n > 0) {
            fromKernel();
            scratch.check(cols, next, kernel.cand, n, v[0]!, v[1]!, onSeed);
          }
          continue;
        }
        fromKernel();
        if (!scratch.search(cols, next, v[0]!, v[1]!, onSeed)) return { seeds, calls, tried: k, complete: false, candidates: scratch.candidates };
      }
      return { seeds, calls, tried: maxCalls, complete: true, candidates: scratch.candidates };
    }
    for (let k = 0; k < maxCalls; k++) {
      if (k > 0) {
        for (let s = 0; s < 32; s++) {
          cols[s]!.set(next[s]!);
          step(next[s]!);
        }
      }
      if (!scratch.search(cols, next, v[0]!, v[1]!, (seed) => {
        seeds.push(seed);
        calls.push(k);
      })) return { seeds, calls, tried: k, complete: false, candidates: scratch.candidates };
    }
  } finally {
    if (kernel) kernel.busy = false;
  }
  return { seeds, calls, tried: maxCalls, complete: true, candidates: scratch.candidates };
}

/** The pair search's tables, allocated once per searchJscSeedWithin. */
class PairScratch {
  private readonly rows: Int32Array;
  private readonly tagLo: Int32Array;
  private readonly tagHi: Int32Array;
  private readonly seedOf: Int32Array;
  private readonly checkOf: Int32Array;
  /** Per word (W0, W1, W2) and half of its low bits (the lower ⌈L / 2⌉, the rest): the checks' and the seed's share of each value of that half. */
  private readonly checkT: Int32Array[];
  private readonly seedT: Int32Array[];
  private readonly packedCol = new Int32Array(32);
  /** 32 words, one per seed bit, transposed in place into one seed mask per bit. */
  private readonly bitsOf = new Int32Array(32);
  private readonly cand: Int32Array;
  private readonly at = new Int32Array(4);
  private readonly after = new Int32Array(4);
  /** Per seed nibble k (8 of them) and value: the packed columns' XOR. */
  private readonly nibbles = new Int32Array(128);
  /** The bucketed loop's tables: per x (x1's low half) its checks' and seed's part, the buckets' starts, the x sorted by check. */
  private readonly dOf: Int32Array;
  private readonly sdOf: Int32Array;
  private readonly bucketAt = new Int32Array(2 ** BUCKET_BITS + 1);
  private readonly byCheck: Int32Array;

  /** Seeds enumerate listed so far (searchJscSeedWithin's `candidates`). */
  candidates = 0;

  /** With `kernel`, the elimination's rows and shares are its memory's and it eliminates. */
  constructor(maxLow: number, private readonly kernel: JscKernel | null) {
    this.rows = kernel ? kernel.rows : new Int32Array(3 * maxLow);
    this.tagLo = new Int32Array(3 * maxLow);
    this.tagHi = new Int32Array(3 * maxLow);
    this.seedOf = kernel ? kernel.seedOf : new Int32Array(3 * maxLow);
    this.checkOf = kernel ? kernel.checkOf : new Int32Array(3 * maxLow);
    const half = 2 ** Math.ceil(maxLow / 2);
    this.checkT = [0, 1, 2, 3, 4, 5].map(() => new Int32Array(half));
    this.seedT = [0, 1, 2, 3, 4, 5].map(() => new Int32Array(half));
    this.cand = new Int32Array(2 ** maxLow);
    this.dOf = new Int32Array(half);
    this.sdOf = new Int32Array(half);
    this.byCheck = new Int32Array(half);
  }

  /** Every seed whose words `cols` (after call c) and `next` (after c + 1) sum to v0 and v1; false if no L ≤ PAIR_LOW_MAX gives rank 32. */
  search(cols: readonly Int32Array[], next: readonly Int32Array[], v0: number, v1: number, found: (seed: number) => void): boolean {
    for (let low = PAIR_LOW_MIN; low <= PAIR_LOW_MAX; low++) {
      if (this.eliminate(cols, next, low)) {
        const n = this.enumerate(cols, next, low, v0 % 2 ** 32 | 0, v1 % 2 ** 32 | 0);
        this.candidates += n;
        this.check(cols, next, this.cand, n, v0, v1, found);
        return true;
      }
    }
    return false;
  }

  /** The first n seeds of `cand` whose two values are v0 and v1 (the 53-bit sums), to `found`. */
  check(cols: readonly Int32Array[], next: readonly Int32Array[], cand: Int32Array, n: number, v0: number, v1: number, found: (seed: number) => void): void {
    const { at, after } = this;
    for (let i = 0; i < n; i++) {
      const seed = cand[i]! >>> 0;
      if (seed === 0) continue;
      // value c = state0 + state1 after call c; value c + 1 = state1 after c + state1 after c + 1
      stateOfSeed(cols, seed, at);
      stateOfSeed(next, seed, after);
      if (low53(at[0]!, at[1]!, at[2]!, at[3]!) === v0 && low53(at[2]!, at[3]!, after[2]!, after[3]!) === v1) found(seed);
    }
  }

  /** Rows: bit j < low of W0, W1, W2 as seed masks; reduced, with the rows each result combines. False below rank 32. */
  private eliminate(cols: readonly Int32Array[], next: readonly Int32Array[], low: number): boolean {
    const n = 3 * low;
    const { rows, tagLo, tagHi, bitsOf } = this;
    for (let w = 0; w < 3; w++) {
      // W0 = state0 after c (word index 1: its low half), W1 = state1 after c (3), W2 = state1 after
      // c + 1: bit j of the word as a seed mask is row j of the transposed seed columns.
      const src = w === 2 ? next : cols;
      const idx = w === 0 ? 1 : 3;
      for (let s = 0; s < 32; s++) bitsOf[s] = src[s]![idx]!;
      transpose32(bitsOf);
      for (let j = 0; j < low; j++) {
        const r = w * low + j;
        rows[r] = bitsOf[j]!;
        tagLo[r] = r < 32 ? 1 << r : 0;
        tagHi[r] = r < 32 ? 0 : 1 << (r - 32);
      }
    }
    // In WebAssembly (jsc.wat's jscEliminate) where the kernel is there: the same elimination.
    if (this.kernel) return this.kernel.eliminate(n);
    // Gauss–Jordan: pivot p goes to row p; rows 32 … n − 1 end as 0 (their tags: the checks).
    for (let p = 0; p < 32; p++) {
      let r = p;
      while (r < n && ((rows[r]! >>> p) & 1) === 0) r++;
      if (r === n) return false;
      if (r !== p) {
        swap(rows, r, p);
        swap(tagLo, r, p);
        swap(tagHi, r, p);
      }
      for (let q = 0; q < n; q++) {
        if (q !== p && ((rows[q]! >>> p) & 1) === 1) {
          rows[q]! ^= rows[p]!;
          tagLo[q]! ^= tagLo[p]!;
          tagHi[q]! ^= tagHi[p]!;
        }
      }
    }
    // Each observed row's share of the seed (pivot rows' tags) and of the checks (the rest).
    const { seedOf, checkOf } = this;
    seedOf.fill(0, 0, n);
    checkOf.fill(0, 0, n);
    for (let q = 0; q < n; q++) {
      const into = q < 32 ? seedOf : checkOf;
      const bit = 1 << (q < 32 ? q : q - 32);
      // the rows r in q's tags, a set bit at a time
      for (let t = tagLo[q]!; t !== 0; t &= t - 1) into[31 - Math.clz32(t & -t)]! |= bit;
      for (let t = tagHi[q]!; t !== 0; t &= t - 1) into[63 - Math.clz32(t & -t)]! |= bit;
    }
    return true;
  }

  /** The seeds that fit the low 10 + `low` bits of both values, into `cand`: how many. */
  private enumerate(cols: readonly Int32Array[], next: readonly Int32Array[], low: number, v0Lo: number, v1Lo: number): number {
    const { cand } = this;
    let n = 0;
    const size = 2 ** low;
    const mask = size - 1;
    const { seedOf, checkOf } = this;
    // Each word's low bits in two halves (h and low − h bits): per half a table of the checks'
    // and the seed's share of each of its values (doubling: the entries with top bit j are those
    // below 2^j with bit j's share added) — 6 tables of at most 2^⌈low / 2⌉, where one table a word
    // of 2^low entries cost more to fill than the loop below costs to run.
    const h = Math.ceil(low / 2);
    for (let t = 0; t < 6; t++) {
      const w = t >> 1;
      const from = (t & 1) === 0 ? 0 : h;
      const bits = (t & 1) === 0 ? h : low - h;
      const ct = this.checkT[t]!;
      const st = this.seedT[t]!;
      ct[0] = 0;
      st[0] = 0;
      for (let j = 0, half = 1; j < bits; j++, half *= 2) {
        const c = checkOf[w * low + from + j]!;
        const e = seedOf[w * low + from + j]!;
        for (let x = 0; x < half; x++) {
          ct[half + x] = ct[x]! ^ c;
          st[half + x] = st[x]! ^ e;
        }
      }
    }
    // Bits low … low + 9 of W0, W1, W2 packed in one int per seed nibble value: the next check.
    const packedCol = this.packedCol;
    for (let s = 0; s < 32; s++) {
      const c = cols[s]!;
      packedCol[s] = ((c[1]! >>> low) & 1023) | (((c[3]! >>> low) & 1023) << 10) | (((next[s]![3]! >>> low) & 1023) << 20);
    }
    const nib = this.nibbles;
    for (let k = 0; k < 8; k++) {
      nib[16 * k] = 0;
      for (let x = 1; x < 16; x++) nib[16 * k + x] = nib[16 * k + (x & (x - 1))]! ^ packedCol[4 * k + 31 - Math.clz32(x & -x)]!;
    }
    const [c0, c0h, c1, c1h, c2, c2h] = this.checkT as [Int32Array, Int32Array, Int32Array, Int32Array, Int32Array, Int32Array];
    const [s0, s0h, s1, s1h, s2, s2h] = this.seedT as [Int32Array, Int32Array, Int32Array, Int32Array, Int32Array, Int32Array];
    const hm = 2 ** h - 1;
    // The values' low 32 bits hold every bit read here (low + 10 ≤ 30).
    const a = v0Lo & mask;
    const b = v1Lo & mask;
    const aNext = (v0Lo >>> low) & 1023;
    const bNext = (v1Lo >>> low) & 1023;
    // A tuple (x0, x1, x2) whose checks hold, with its seed, is written to cand and counted when
    // the next 10 bits of both sums fit (the carries out of the low bits included): `fitsNext`.
    const checkBits = 3 * low - 32;
    if (checkBits > BUCKET_BITS || !buckets) {
      // Every x1 (W1's low bits) tried: x0 = a − x1, x2 = b − x1 and the six halves' shares.
      for (let x1 = 0; x1 < size; x1++) {
        const x0 = (a - x1) & mask;
        const x2 = (b - x1) & mask;
        if ((c0[x0 & hm]! ^ c0h[x0 >>> h]! ^ c1[x1 & hm]! ^ c1h[x1 >>> h]! ^ c2[x2 & hm]! ^ c2h[x2 >>> h]!) !== 0) continue;
        const seed = s0[x0 & hm]! ^ s0h[x0 >>> h]! ^ s1[x1 & hm]! ^ s1h[x1 >>> h]! ^ s2[x2 & hm]! ^ s2h[x2 >>> h]!;
        cand[n] = seed;
        n += fitsNext(nib, seed, x0, x1, x2, low, aNext, bNext);
      }
      return n;
    }
    return this.bucketed(low, h, a, b, aNext, bNext);
  }

  /**
   * The tuples whose checks hold, found through W1's low halves sorted by their checks (see
   * below), into `cand`: how many fit the next bits. A method of its own, so that it is compiled
   * for its own loop (inside enumerate it was deoptimised and recompiled for the first searches).
   */
  private bucketed(low: number, h: number, a: number, b: number, aNext: number, bNext: number): number {
    const { cand } = this;
    const nib = this.nibbles;
    const [c0, c0h, c1, c1h, c2, c2h] = this.checkT as [Int32Array, Int32Array, Int32Array, Int32Array, Int32Array, Int32Array];
    const [s0, s0h, s1, s1h, s2, s2h] = this.seedT as [Int32Array, Int32Array, Int32Array, Int32Array, Int32Array, Int32Array];
    const hm = 2 ** h - 1;
    const checkBits = 3 * low - 32;
    let n = 0;
    // The checks split by x1's halves: x0's and x2's low halves (aLo − x, bLo − x) depend on x1's
    // low half x alone, their high halves on x1's high half and on whether x borrowed (x > aLo,
    // x > bLo). So the low halves' part D[x] is tabulated once, the x sorted by it, and for each
    // high half and each of the three ranges of x that borrow alike only the x whose D equals
    // the high halves' part are visited: about 2^(2L − 32) + 3 · 2^(L − h) steps, not 2^L.
    const lowN = 2 ** h;
    const hh = low - h;
    const hhm = 2 ** hh - 1;
    const aLo = a & hm;
    const bLo = b & hm;
    const aHi = a >>> h;
    const bHi = b >>> h;
    const { dOf, sdOf, bucketAt, byCheck } = this;
    const nBuckets = 2 ** checkBits;
    bucketAt.fill(0, 0, nBuckets + 1);
    for (let x = 0; x < lowN; x++) {
      const x0 = (aLo - x) & hm;
      const x2 = (bLo - x) & hm;
      dOf[x] = c0[x0]! ^ c1[x]! ^ c2[x2]!;
      sdOf[x] = s0[x0]! ^ s1[x]! ^ s2[x2]!;
      bucketAt[dOf[x]! + 1]!++;
    }
    for (let e = 0; e < nBuckets; e++) bucketAt[e + 1]! += bucketAt[e]!;
    // x ascending within each bucket (a counting sort): the tuples come in x1's order, as above.
    for (let x = 0; x < lowN; x++) byCheck[bucketAt[dOf[x]!]!++] = x;
    for (let e = nBuckets; e > 0; e--) bucketAt[e] = bucketAt[e - 1]!;
    bucketAt[0] = 0;
    const m1 = Math.min(aLo, bLo);
    const m2 = Math.max(aLo, bLo);
    for (let xh = 0; xh < 2 ** hh; xh++) {
      for (let r = 0; r < 3; r++) {
        // x in [from, to]: r = 0 borrows in neither, 1 in the smaller of aLo, bLo's, 2 in both
        const from = r === 0 ? 0 : r === 1 ? m1 + 1 : m2 + 1;
        const to = r === 0 ? m1 : r === 1 ? m2 : lowN - 1;
        if (from > to) continue;
        const br0 = r === 2 || (r === 1 && aLo < bLo) ? 1 : 0;
        const br2 = r === 2 || (r === 1 && bLo < aLo) ? 1 : 0;
        const x0h = (aHi - xh - br0) & hhm;
        const x2h = (bHi - xh - br2) & hhm;
        const e = c0h[x0h]! ^ c1h[xh]! ^ c2h[x2h]!;
        const sh = s0h[x0h]! ^ s1h[xh]! ^ s2h[x2h]!;
        for (let i = bucketAt[e]!; i < bucketAt[e + 1]!; i++) {
          const x = byCheck[i]!;
          if (x < from) continue;
          if (x > to) break;
          const seed = sdOf[x]! ^ sh;
          cand[n] = seed;
          n += fitsNext(nib, seed, (x0h << h) | ((aLo - x) & hm), (xh << h) | x, (x2h << h) | ((bLo - x) & hm), low, aNext, bNext);
        }
      }
    }
    return n;
  }
}

/**
 * 1 when the next 10 bits of both sums fit for `seed` (its words' bits low … low + 9 from the
 * nibble tables, plus the carries out of the low bits x0 + x1 and x1 + x2), else 0 — a number, so
 * the caller counts without a branch on this path it almost never takes.
 */
function fitsNext(nib: Int32Array, seed: number, x0: number, x1: number, x2: number, low: number, aNext: number, bNext: number): number {
  const q = nib[seed & 15]! ^ nib[16 + ((seed >>> 4) & 15)]! ^ nib[32 + ((seed >>> 8) & 15)]! ^ nib[48 + ((seed >>> 12) & 15)]! ^
    nib[64 + ((seed >>> 16) & 15)]! ^ nib[80 + ((seed >>> 20) & 15)]! ^ nib[96 + ((seed >>> 24) & 15)]! ^ nib[112 + (seed >>> 28)]!;
  const w1 = (q >>> 10) & 1023;
  return (((q & 1023) + w1 + ((x0 + x1) >>> low)) & 1023) === aNext && ((w1 + (q >>> 20) + ((x1 + x2) >>> low)) & 1023) === bNext ? 1 : 0;
}

/**
 * The 32 × 32 bit matrix m (rows m[s], bit j of a row its column j) transposed in place: after it
 * bit s of m[j] is what bit j of m[s] was (Hacker's Delight's transpose32, blocks of 16, 8, … 1).
 */
function transpose32(m: Int32Array): void {
  for (let j = 16, mask = 0x0000ffff; j !== 0; j >>>= 1, mask ^= mask << j) {
    for (let k = 0; k < 32; k = (k + j + 1) & ~j) {
      const t = ((m[k]! >>> j) ^ m[k + j]!) & mask;
      m[k]! ^= t << j;
      m[k + j]! ^= t;
    }
  }
}

function swap(a: Int32Array, i: number, j: number): void {
  const t = a[i]!;
  a[i] = a[j]!;
  a[j] = t;
}

/** The low 53 bits of two words' sum (JSC's mapping before the scaling), as an integer. */
function low53(ah: number, al: number, bh: number, bl: number): number {
  return (add64Hi(ah, al, bh, bl) & 0x1fffff) * 2 ** 32 + (add64Lo(ah, al, bh, bl) >>> 0);
}
