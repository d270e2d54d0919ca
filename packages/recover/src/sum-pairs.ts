/**
 * Exact recovery of a xorshift128+ state from two PAIRS of consecutive `(s0 + s1)` outputs far
 * apart (issue 13: 4 values across one of V8's backwards-cache refills, split 2 + 2, are outputs
 * t, t + 1 and t + 2P − 2, t + 2P − 1 — no run of 3 for sum-chain.ts).
 *
 * Each pair (words w₀, w₁, w₂: state0 at its first output and the two after it; outputs w₀ + w₁
 * and w₁ + w₂) is searched level by level as in sum-chain.ts — guessing bit j of w₀ fixes bit j
 * of w₁ and w₂ through the known sum bits and the carries below — but only on a chosen set of
 * levels, processed as a few tracks in lockstep (each track a range of levels walked upwards
 * from a guessed carry-in, or the known carry 0 at bit 0). The levels are chosen so that a
 * pair's own equations become dependent early (bit j of w₂ is a form in bits j − 23, j − 6, j,
 * j + 17 of w₀ and j, j + 26 of w₁, so tracks j, j + 17, j + 26 close one parity check per step):
 * a pair keeps about 2^20 – 2^21 paths instead of 2^26 – 2^34 when walked from the lowest level.
 * One elimination of both pairs' equations gives each pair's own checks (enforced during its
 * walk), the cross checks (the equations of A and B that together are dependent; up to 32 with
 * independent parts on A's side: the join key) and the linear map to the state (rank 128). The
 * join takes three walks and little memory: A's keys marked in a bitmap that stays in the
 * second-level cache; B's paths whose key is marked kept; their keys marked in a second bitmap
 * (another hash); A walked again, keeping the paths it marks; equal keys pair. A joined pair
 * agrees on every check, so its equations' values fix the 128 state bits, and the state is kept
 * only if its four outputs show every known sum bit (a guessed carry-in may not be the
 * state's). Every state that fits both pairs is met by its own two paths (its own bits and
 * carries), so the list is exhaustive; a cap passed leaves it unsolved, never short.
 *
 * Cost (issue 13's 20 ms target): a walk visits only guesses that pass the step's checks (a
 * mask per step, carries, the step's check bits and the carry-in a chained track must meet:
 * the same pruning, tabulated), its tables interleaved (one cache line per step), its leaves
 * passed to the bitmaps in batches (the cache misses overlap); a joined pair sums 4 words of
 * parts per step and checks A's sums before the rest. What is left is the 2^21 / 2^20 leaves
 * per walk, three walks, and the 2^16 / 2^12 joined pairs: the floor of this schedule (`--only
 * pair-ranks`; a local search over schedules of 2–4 tracks by rank counts found none that walks
 * fewer nodes with a join this small). The walks run in WebAssembly where it is there
 * (wasm/pairs.wat: walkOne and its leaf batches, the bitmap and kept leaves in its memory; this
 * file's walkOne the reference and the fallback): about 60 ms for a 52-bit pair's three walks (250
 * in JavaScript), the whole solve about 0.14 s (0.3 s before).
 *
 * Schedules (tracks) per mapping, chosen by GF(2) rank counts of candidate schedules for V8's
 * cache distances (62-value cache: 122 steps between the pairs; 64: 126): the 52-bit low sum
 * [0, 10) [17, 26) [26, 36) — 2^21 paths per pair, 26 key bits, about 2^16 joined pairs;
 * `(s0 + s1) >> 11` [26, 42) [49, 64) — 2^20 paths, 28 key bits, about 2^12 joined. Other
 * shapes are not searched (no other mapping has a backwards cache).
 */
import { UNKNOWNS, s0Offset, stepOf as transition, symbolicRows } from './gf2.js';
import { bitAt, insertRow, solvedRows, type SumChain } from './sum-chain.js';
import { PAIRS_BITMAP_BITS, PAIRS_MAX_KEPT, type PairsKernel, pairsKernel } from './pairs-kernel.js';

/** Paths of pair A at most (counted by the first walk); past it the search refuses (the caller leaves the alignment unsettled). */
const MAX_PATHS = 2 ** 22;
/** Joined pairs of paths at most. */
const MAX_JOINED = 2 ** 20;
/** Independent multipliers (odd) of the two bitmaps' hashes: the second filter must not pass what the first let through. */
const HASH1 = 0x9e3779b1 | 0;
const HASH2 = 0xc2b2ae35 | 0;
/** Leaves kept by a filtered walk at most (12 bytes each). */
const MAX_KEPT = 2 ** 19;
/** Leaves passed to a bitmap at a time (walkOne). */
const LEAF_BATCH = 1024;
/** Bits of the join's bitmaps (2 MB each: the second-level cache). */
const BITMAP = 24;

/** The tracks ([first level, end level)) searched for a mapping whose sums are known on bits lo … hi − 1; undefined: not supported. */
export function pairTracks(lo: number, hi: number, carryInKnown: boolean): readonly (readonly [number, number])[] | undefined {
  if (lo === 0 && hi === 52 && carryInKnown) return [[0, 10], [17, 26], [26, 36]];
  if (lo === 11 && hi === 64 && !carryInKnown) return [[26, 42], [49, 64]];
  return undefined;
}

/** What `solvePairs` did: whether the list of fitting states is complete, and the search's counts. */
export interface PairsResult {
  /** False when the search could not be completed (rank below 128, or a cap passed): nothing is proven. */
  readonly solved: boolean;
  /** Partial solutions of the first pair after its walks. */
  readonly pathsA: number;
  /** Pairs of partial solutions matched on the equations the two pairs share. */
  readonly joined: number;
  /** Matches solved to a state that shows all four sums. */
  readonly matches: number;
}

interface Pos {
  readonly j: number;
  readonly track: number;
  /** Index of the track starting where this one ends, when this is its last level (its carry out must be that track's carry-in); −1 otherwise. */
  readonly into: number;
}

/**
 * Eliminates the equations (rows: 4 form words) in order, tracking which equations each row
 * combines (tw words); returns the pivot rows and the checks (combinations whose forms cancel),
 * each with the index of its last equation.
 */
export function eliminate(forms: Int32Array, order: readonly number[], tw: number): { pivRows: Int32Array; pivBit: Int16Array; rank: number; checks: { combo: Int32Array; last: number }[] } {
  const rw = 4 + tw;
  const pivRows = new Int32Array(UNKNOWNS * rw);
  const pivBit = new Int16Array(UNKNOWNS).fill(-1);
  const has = new Int16Array(UNKNOWNS).fill(-1);
  const checks: { combo: Int32Array; last: number }[] = [];
  let rank = 0;
  const row = new Int32Array(rw);
  for (const e of order) {
    row.fill(0);
    for (let w = 0; w < 4; w++) row[w] = forms[4 * e + w]!;
    row[4 + (e >>> 5)] = 1 << (e & 31);
    if (insertRow(row, rw, pivRows, pivBit, has, rank)) rank++;
    else checks.push({ combo: row.slice(4), last: e });
  }
  return { pivRows, pivBit, rank, checks };
}

/** The solved map of a rank-128 elimination: unknown b = XOR of the equations in row b (tw words). */
export function solvedMap(el: ReturnType<typeof eliminate>, tw: number): Int32Array {
  return solvedRows(el.pivRows, el.pivBit, el.rank, tw);
}

/**
 * Per equation, its part (4 words: state0 bits 0–31, 32–63, state1 bits 0–31, 32–63) of the
 * state t steps after the frame (t = 0: the frame): a state is the XOR of the parts of the
 * equations whose value is 1.
 */
export function stateColumns(sol: Int32Array, tw: number, neq: number, table: Int32Array, t: number): Int32Array {
  const col = new Int32Array(neq * 4);
  const rowBuf = new Int32Array(tw);
  for (let b = 0; b < UNKNOWNS; b++) {
    // Bit b of (state0, state1) at t: a form over the unknowns, so the XOR of their solutions.
    const off = s0Offset(t + (b >>> 6), b & 63);
    rowBuf.fill(0);
    for (let w = 0; w < 4; w++) {
      let m = table[off + w]!;
      while (m !== 0) {
        const src = (w * 32 + 31 - Math.clz32(m & -m)) * tw;
        m &= m - 1;
        for (let i = 0; i < tw; i++) rowBuf[i]! ^= sol[src + i]!;
      }
    }
    for (let e = 0; e < neq; e++) if ((rowBuf[e >>> 5]! >>> (e & 31)) & 1) col[4 * e + (b >>> 5)]! |= 1 << (b & 31);
  }
  return col;
}

/**
 * One pair's walk, a step (one level of every running track) at a time: entry
 * (step << 9) | (carries << 3) | guesses (guess of the i-th running track = bit i) gives the
 * carries after the step (2 bits per track), the step's part of the own-check and key values,
 * and the equation values (3 bits per running track, for the solve).
 */
interface Walk {
  readonly steps: number;
  /** Running tracks per step. */
  readonly width: Int8Array;
  readonly nextCar: Int8Array;
  readonly ownPart: Int32Array;
  readonly keyPart: Int32Array;
  readonly vals: Int16Array;
  /** Per entry: the XOR of its equations' columns of the frame, of A's first output and of B's (4 words per entry each); filled after the solve's map is known. */
  parts: Int32Array[];
  /** Own checks closing in the step (all their equations at or before it). */
  readonly closeMask: Int32Array;
  /** Per step: the track whose last level it holds, when a track starts where it ends (−1: none), and that track. */
  readonly endTrack: Int8Array;
  readonly intoTrack: Int8Array;
  /**
   * The guesses that pass a step's checks, as a bit mask (bit g: guess g passes) per (step,
   * carries, the step's own-check bits of the value so far, the carry-in of the track the step's
   * ending track runs into): index ((step << 6 | carries) << 4) | (own bits << 2) | carry-in.
   */
  readonly valid: Uint8Array;
  /** nextCar, ownPart and keyPart interleaved (4 words per entry: one cache line per step of the walk). */
  readonly tab: Int32Array;
  /** Per step: where its own checks sit in the check value (they are contiguous, at most 2). */
  readonly oShift: Int8Array;
  readonly oMask: Int8Array;
}

function walkTables(chain: SumChain, pos: readonly Pos[], stepOf: Int32Array, steps: number, eqBase: number, ownCol: Int32Array, keyCol: Int32Array, closeAt: Int32Array): Walk | undefined {
  const width = new Int8Array(steps);
  const closeMask = new Int32Array(steps);
  const endTrack = new Int8Array(steps).fill(-1);
  const intoTrack = new Int8Array(steps).fill(-1);
  const first = new Int32Array(steps + 1).fill(-1);
  pos.forEach((q, p) => {
    const s = stepOf[p]!;
    if (first[s] === -1) first[s] = p;
    width[s]!++;
    closeMask[s]! |= closeAt[p]!;
    if (q.into >= 0) {
      endTrack[s] = q.track;
      intoTrack[s] = q.into;
    }
  });
  const size = steps << 9;
  const nextCar = new Int8Array(size);
  const ownPart = new Int32Array(size);
  const keyPart = new Int32Array(size);
  const vals = new Int16Array(size);
  for (let s = 0; s < steps; s++) {
    const k = width[s]!;
    for (let car = 0; car < 64; car++) {
      for (let g = 0; g < 1 << k; g++) {
        let nc = car;
        let o = 0;
        let key = 0;
        let vv = 0;
        for (let i = 0; i < k; i++) {
          const p = first[s]! + i;
          const { j, track: t } = pos[p]!;
          const c = (car >>> (2 * t)) & 3;
          const c0 = c & 1;
          const c1 = c >>> 1;
          const w0 = (g >>> i) & 1;
          const w1 = bitAt(chain.sums[0]!, j) ^ w0 ^ c0;
          const w2 = bitAt(chain.sums[1]!, j) ^ w1 ^ c1;
          const n0 = (w0 & w1) | (c0 & (w0 ^ w1));
          const n1 = (w1 & w2) | (c1 & (w1 ^ w2));
          nc = (nc & ~(3 << (2 * t))) | ((n0 | (n1 << 1)) << (2 * t));
          const v = w0 | (w1 << 1) | (w2 << 2);
          vv |= v << (3 * i);
          for (let u = 0; u < 3; u++) {
            if ((v >>> u) & 1) {
              o ^= ownCol[eqBase + 3 * p + u]!;
              key ^= keyCol[eqBase + 3 * p + u]!;
            }
          }
        }
        const idx = (s << 9) | (car << 3) | g;
        nextCar[idx] = nc;
        ownPart[idx] = o;
        keyPart[idx] = key;
        vals[idx] = vv;
      }
    }
  }
  // Per step, the checks closing there are contiguous bits of the own-check value (they are
  // numbered in walk order); more than 2 in one step are not listed (the caller refuses).
  const oShift = new Int8Array(steps);
  const oMask = new Int8Array(steps);
  const valid = new Uint8Array(steps << 10);
  for (let s = 0; s < steps; s++) {
    const m = closeMask[s]!;
    const sh = m === 0 ? 0 : 31 - Math.clz32(m & -m);
    const cnt = m === 0 ? 0 : 32 - Math.clz32(m >>> sh);
    if (cnt > 2 || m >>> sh !== (1 << cnt) - 1) return undefined;
    oShift[s] = sh;
    oMask[s] = (1 << cnt) - 1;
    for (let car = 0; car < 64; car++) {
      for (let ob = 0; ob < 4; ob++) {
        for (let into = 0; into < 4; into++) {
          let bitsOk = 0;
          for (let g = 0; g < 1 << width[s]!; g++) {
            const idx = (s << 9) | (car << 3) | g;
            if ((((ob << sh) ^ ownPart[idx]!) & m) !== 0) continue;
            if (endTrack[s]! >= 0 && ((nextCar[idx]! >>> (2 * endTrack[s]!)) & 3) !== into) continue;
            bitsOk |= 1 << g;
          }
          valid[(((s << 6) | car) << 4) | (ob << 2) | into] = bitsOk;
        }
      }
    }
  }
  const tab = new Int32Array(4 * size);
  for (let i = 0; i < size; i++) {
    tab[4 * i] = nextCar[i]!;
    tab[4 * i + 1] = ownPart[i]!;
    tab[4 * i + 2] = keyPart[i]!;
  }
  return { steps, width, nextCar, ownPart, keyPart, vals, parts: [], closeMask, endTrack, intoTrack, valid, oShift, oMask, tab };
}

/**
 * One carry-in's paths of a pair's walk that pass its own checks and the carry of every track
 * that ends where another starts. Per leaf (key k): mode 0 marks hash(k) (multiplier `mult`) in
 * `bitmap`; mode 1 stores (k, id) in keys / ids when hash(k) is marked there. Returns the new count of stored leaves, or
 * −1 when `keys` is full. Leaves are gathered in `buf` (keys) / `bufIds` and passed to the
 * bitmap a batch at a time (`flushLeaves`): in a loop of independent accesses the processor
 * overlaps the cache misses of the 2 MB bitmap, which in the walk's own loop it does not. (A
 * small function with one rare call in its loop, so that V8 optimises it once and never
 * deoptimises it mid-walk.)
 */
function walkOne(w: Walk, c0: number, idBase: number, mode: number, mult: number, bitmap: Int32Array, bmShift: number, keys: Int32Array, ids: Float64Array, stored: number, st: Int32Array, bits: Float64Array, buf: Int32Array, bufIds: Float64Array): number {
  const S = w.steps;
  const width = w.width;
  const tab = w.tab;
  const valid = w.valid;
  const oShift = w.oShift;
  const oMask = w.oMask;
  const intoTrack = w.intoTrack;
  // Per depth: carries, own-check value, key, the guesses left to try (a mask: every one passes
  // the step's checks, walkTables); the path bits in `bits`.
  const into0 = intoTrack[0]! >= 0 ? (c0 >>> (2 * intoTrack[0]!)) & 3 : 0;
  const k0 = (c0 << 4) | into0;
  st[0] = c0;
  st[1] = 0;
  st[2] = 0;
  st[3] = valid[k0]!;
  bits[0] = 0;
  let d = 0;
  let n = stored;
  let nbuf = 0;
  while (d >= 0) {
    const o4 = d << 2;
    const left = st[o4 + 3]!;
    if (left === 0) {
      d--;
      continue;
    }
    st[o4 + 3] = left & (left - 1);
    const g = 31 - Math.clz32(left & -left);
    const idx = (d << 9) | (st[o4]! << 3) | g;
    const kk = st[o4 + 2]! ^ tab[4 * idx + 2]!;
    if (d === S - 1) {
      buf[nbuf] = kk;
      bufIds[nbuf++] = idBase + bits[d]! * (1 << width[d]!) + g;
      if (nbuf === buf.length) {
        n = flushLeaves(mode, mult, bitmap, bmShift, buf, bufIds, nbuf, keys, ids, n);
        if (n < 0) return -1;
        nbuf = 0;
      }
      continue;
    }
    const o = st[o4 + 1]! ^ tab[4 * idx + 1]!;
    const nc = tab[4 * idx]!;
    const dn = d + 1;
    const it = intoTrack[dn]!;
    const key = (((dn << 6) | nc) << 4) | (((o >>> oShift[dn]!) & oMask[dn]!) << 2) | (it >= 0 ? (c0 >>> (2 * it)) & 3 : 0);
    bits[dn] = bits[d]! * (1 << width[d]!) + g;
    const p4 = o4 + 4;
    st[p4] = nc;
    st[p4 + 1] = o;
    st[p4 + 2] = kk;
    st[p4 + 3] = valid[key]!;
    d = dn;
  }
  return nbuf > 0 ? flushLeaves(mode, mult, bitmap, bmShift, buf, bufIds, nbuf, keys, ids, n) : n;
}

/** A batch of a walk's leaves (walkOne): mode 0 marks each key's hash, mode 1 keeps those whose hash is marked; the new count, or −1 when `keys` is full. */
function flushLeaves(mode: number, mult: number, bitmap: Int32Array, bmShift: number, buf: Int32Array, bufIds: Float64Array, nbuf: number, keys: Int32Array, ids: Float64Array, n: number): number {
  if (mode === 0) {
    for (let i = 0; i < nbuf; i++) {
      const h = Math.imul(buf[i]!, mult) >>> bmShift;
      bitmap[h >>> 5]! |= 1 << (h & 31);
    }
    return n + nbuf;
  }
  for (let i = 0; i < nbuf; i++) {
    const k = buf[i]!;
    const h = Math.imul(k, mult) >>> bmShift;
    if (((bitmap[h >>> 5]! >>> (h & 31)) & 1) === 0) continue;
    if (n === keys.length) return -1;
    keys[n] = k;
    ids[n++] = bufIds[i]!;
  }
  return n;
}

/** Every carry-in of a walk (walkOne each): the stored (mode 0: marked) count, or −1 when `keys` filled up. */
function walkAll(w: Walk, cinTracks: readonly number[], span: number, mode: number, mult: number, bitmap: Int32Array, bmShift: number, keys: Int32Array, ids: Float64Array, kernel: PairsKernel | null): number {
  if (kernel) {
    // In WebAssembly (pairs.wat): `bitmap` is the kernel's; the kept leaves copied out after.
    let n = 0;
    for (let cin = 0; cin < 1 << (2 * cinTracks.length); cin++) {
      n = kernel.walkOne(w, carryIn(cinTracks, cin), cin * span, mode, mult, bmShift, n);
      if (n < 0) return -1;
    }
    if (mode === 1) {
      keys.set(kernel.keys.subarray(0, n));
      ids.set(kernel.ids.subarray(0, n));
    }
    return n;
  }
  const st = new Int32Array(4 * (w.steps + 1));
  const bits = new Float64Array(w.steps + 1);
  const buf = new Int32Array(LEAF_BATCH);
  const bufIds = new Float64Array(LEAF_BATCH);
  let n = 0;
  for (let cin = 0; cin < 1 << (2 * cinTracks.length); cin++) {
    n = walkOne(w, carryIn(cinTracks, cin), cin * span, mode, mult, bitmap, bmShift, keys, ids, n, st, bits, buf, bufIds);
    if (n < 0) return -1;
  }
  return n;
}

/** The carries (2 bits per track) of carry-in index `cin` (2 bits per guessed track). */
function carryIn(cinTracks: readonly number[], cin: number): number {
  let c0 = 0;
  for (let i = 0; i < cinTracks.length; i++) c0 |= ((cin >>> (2 * i)) & 3) << (2 * cinTracks[i]!);
  return c0;
}

/**
 * Every frame state (as [state0 hi, state0 lo, state1 hi, state1 lo]) whose outputs at the two
 * pairs `a` and `b` (2 sums each, the same known bits) show every known sum bit, each passed to
 * `emit` once (false from emit stops the search; solved stays true).
 */
export function solvePairs(a: SumChain, b: SumChain, emit: (x: Int32Array) => boolean): PairsResult {
  const fail = { solved: false, pathsA: 0, joined: 0, matches: 0 };
  if (a.sums.length !== 2 || b.sums.length !== 2 || a.lo !== b.lo || a.hi !== b.hi || a.carryInKnown !== b.carryInKnown || a.model !== b.model) return fail;
  const tracks = pairTracks(a.lo, a.hi, a.carryInKnown);
  if (!tracks || tracks.length > 3) return fail;
  // Positions in lockstep: step s takes level first + s of every track still running.
  const pos: Pos[] = [];
  const steps = Math.max(...tracks.map(([f, e]) => e - f));
  const stepOfList: number[] = [];
  for (let s = 0; s < steps; s++) {
    tracks.forEach(([f, e], t) => {
      const j = f + s;
      if (j >= e) return;
      pos.push({ j, track: t, into: j === e - 1 ? tracks.findIndex(([f2]) => f2 === e) : -1 });
      stepOfList.push(s);
    });
  }
  const stepOf = Int32Array.from(stepOfList);
  const cinTracks = tracks.map(([f], t) => (f === a.lo && a.carryInKnown ? -1 : t)).filter((t) => t >= 0);
  const np = pos.length;
  const neq = 6 * np;
  const tw = Math.ceil(neq / 32);
  const table = symbolicRows(Math.max(a.t0, b.t0) + 4, a.model);
  const forms = new Int32Array(neq * 4);
  [a, b].forEach((ch, x) => {
    pos.forEach((q, p) => {
      for (let u = 0; u < 3; u++) {
        const off = s0Offset(ch.t0 + u, q.j);
        for (let w = 0; w < 4; w++) forms[4 * (x * 3 * np + 3 * p + u) + w] = table[off + w]!;
      }
    });
  });
  const orderA = Array.from({ length: 3 * np }, (_, e) => e);
  const orderB = orderA.map((e) => 3 * np + e);
  // Own checks of each pair (in walk order: each closes at its last equation's position).
  const ownCol = new Int32Array(neq);
  const close = [new Int32Array(np), new Int32Array(np)];
  for (const [x, order] of [orderA, orderB].entries()) {
    const el = eliminate(forms, order, tw);
    el.checks.slice(0, 31).forEach((c, k) => {
      for (let e = 0; e < neq; e++) if ((c.combo[e >>> 5]! >>> (e & 31)) & 1) ownCol[e]! |= 1 << k;
      close[x]![Math.floor((c.last - x * 3 * np) / 3)]! |= 1 << k;
    });
  }
  // Cross checks: A's equations, then B's. Only checks whose parts on A's equations are
  // independent narrow the join (two with the same A part differ by a check of B alone, which
  // B's walk enforces): up to 32 of them are the join key.
  const joint = eliminate(forms, [...orderA, ...orderB], tw);
  if (joint.rank < UNKNOWNS) return fail;
  const keyCol = new Int32Array(neq);
  const aWords = Math.ceil((3 * np) / 32);
  const aMask = (i: number) => (i < aWords - 1 || (3 * np) % 32 === 0 ? -1 : (1 << ((3 * np) % 32)) - 1);
  const pivotOf = (r: Int32Array) => {
    const w = r.findIndex((x) => x !== 0);
    return w * 32 + 31 - Math.clz32(r[w]! & -r[w]!);
  };
  const basis: Int32Array[] = [];
  for (const c of joint.checks) {
    if (c.last < 3 * np || basis.length === 32) continue;
    const v = Int32Array.from({ length: aWords }, (_, i) => c.combo[i]! & aMask(i));
    // Rows by ascending pivot (lowest set bit): XORing one never sets a lower pivot again.
    for (const r of basis) {
      const pv = pivotOf(r);
      if ((v[pv >>> 5]! >>> (pv & 31)) & 1) for (let i = 0; i < aWords; i++) v[i]! ^= r[i]!;
    }
    if (v.every((x) => x === 0)) continue;
    const k = basis.length;
    basis.push(v);
    basis.sort((x, y) => pivotOf(x) - pivotOf(y));
    for (let e = 0; e < neq; e++) if ((c.combo[e >>> 5]! >>> (e & 31)) & 1) keyCol[e]! |= 1 << k;
  }
  const sol = solvedMap(joint, tw);
  const frameCol = stateColumns(sol, tw, neq, table, 0);
  const colA = stateColumns(sol, tw, neq, table, a.t0);
  const colB = stateColumns(sol, tw, neq, table, b.t0);
  const wa = walkTables(a, pos, stepOf, steps, 0, ownCol, keyCol, close[0]!);
  const wb = walkTables(b, pos, stepOf, steps, 3 * np, ownCol, keyCol, close[1]!);
  if (!wa || !wb) return fail;
  const totalBits = np;
  const span = 2 ** totalBits;

  // Per walk entry, the XOR of its equations' columns of the three states (frame, A's first
  // output, B's): a joined pair's solve is then one XOR per step.
  const firstPos = new Int32Array(steps).fill(-1);
  pos.forEach((_, p) => {
    if (firstPos[stepOf[p]!] === -1) firstPos[stepOf[p]!] = p;
  });
  for (const [w, eqBase] of [[wa, 0], [wb, 3 * np]] as const) {
    const parts = [frameCol, colA, colB].map((col) => {
      const part = new Int32Array(4 * (steps << 9));
      for (let s = 0; s < steps; s++) {
        for (let car = 0; car < 64; car++) {
          for (let g = 0; g < 1 << w.width[s]!; g++) {
            const idx = (s << 9) | (car << 3) | g;
            const vv = w.vals[idx]!;
            for (let i = 0; i < w.width[s]!; i++) {
              for (let u = 0; u < 3; u++) {
                if (!((vv >>> (3 * i + u)) & 1)) continue;
                const e = 4 * (eqBase + 3 * (firstPos[s]! + i) + u);
                for (let q = 0; q < 4; q++) part[4 * idx + q]! ^= col[e + q]!;
              }
            }
          }
        }
      }
      return part;
    });
    w.parts = parts;
  }

  // The join in three walks, in little memory: A's keys marked in a bitmap that stays in the
  // second-level cache (2 MB); B's leaves whose key is marked kept (about 1/8 of them, and every
  // true one), chained by key and marked in a second bitmap (another hash); A's leaves whose key
  // that marks kept (about 1/64); equal keys pair. (Storing A's 2^21 leaves instead of walking
  // it again was slower: the walk is cheaper than writing and reading 24 MB.)
  // The walks in WebAssembly (pairs.wat; its memory holds the bitmap) where it is there, else walkOne.
  const found = pairsKernel();
  const kernel = found !== null && found.fits(wa) && found.fits(wb) && BITMAP === PAIRS_BITMAP_BITS && MAX_KEPT === PAIRS_MAX_KEPT ? found : null;
  const bmShift = 32 - BITMAP;
  const bitmap = kernel ? kernel.bitmap.fill(0) : new Int32Array(1 << (BITMAP - 5));
  const none = new Int32Array(0);
  const pathsA = walkAll(wa, cinTracks, span, 0, HASH1, bitmap, bmShift, none, new Float64Array(0), kernel);
  if (pathsA > MAX_PATHS) return fail;
  const bKeys = new Int32Array(MAX_KEPT);
  const bIds = new Float64Array(MAX_KEPT);
  const nb = walkAll(wb, cinTracks, span, 1, HASH1, bitmap, bmShift, bKeys, bIds, kernel);
  if (nb < 0) return { ...fail, pathsA };
  bitmap.fill(0);
  // Chains of B's kept leaves by key (entries are index + 1: 0 ends a chain, and a new array is
  // already all 0).
  let hb = 4;
  while (1 << hb < nb) hb++;
  const head = new Int32Array(1 << hb);
  const next = new Int32Array(nb + 1);
  for (let i = 0; i < nb; i++) {
    const k = bKeys[i]!;
    const h = Math.imul(k, HASH2) >>> bmShift;
    bitmap[h >>> 5]! |= 1 << (h & 31);
    const slot = Math.imul(k, HASH1) >>> (32 - hb);
    next[i + 1] = head[slot]!;
    head[slot] = i + 1;
  }
  const aKeys = new Int32Array(MAX_KEPT);
  const aIds = new Float64Array(MAX_KEPT);
  const na = walkAll(wa, cinTracks, span, 1, HASH2, bitmap, bmShift, aKeys, aIds, kernel);
  if (na < 0) return { ...fail, pathsA };
  const accA = new Int32Array(12);
  const acc = new Int32Array(12);
  const st = new Int32Array(4);
  /** The XOR of part `which` (0: frame, 1: A's first output, 2: B's) of a path's steps, into out[at … at + 3]. */
  const pathPart = (w: Walk, id: number, which: number, out: Int32Array, at: number): void => {
    const cinIndex = Math.floor(id / span);
    const rest = id - cinIndex * span; // < 2^31: its bits by >>>
    let c = carryIn(cinTracks, cinIndex);
    let left = totalBits;
    let x0 = 0;
    let x1 = 0;
    let x2 = 0;
    let x3 = 0;
    const part = w.parts[which]!;
    for (let s = 0; s < w.steps; s++) {
      const k = w.width[s]!;
      left -= k;
      const g = (rest >>> left) & ((1 << k) - 1);
      const idx = (s << 9) | (c << 3) | g;
      const base = 4 * idx;
      x0 ^= part[base]!;
      x1 ^= part[base + 1]!;
      x2 ^= part[base + 2]!;
      x3 ^= part[base + 3]!;
      c = w.nextCar[idx]!;
    }
    out[at] = x0;
    out[at + 1] = x1;
    out[at + 2] = x2;
    out[at + 3] = x3;
  };
  const bitsMask = (from: number, to: number): number => (to <= from ? 0 : to - from >= 32 ? -1 : ((2 ** (to - from) - 1) << from) | 0);
  const maskLo = bitsMask(Math.min(a.lo, 32), Math.min(a.hi, 32));
  const maskHi = bitsMask(Math.max(a.lo, 32) - 32, Math.max(a.hi, 32) - 32);
  const step = transition(a.model);
  /** Whether st (at a pair's first output, as [s0 hi, s0 lo, s1 hi, s1 lo]) shows both its sums; steps st past them. */
  const showsPair = (ch: SumChain): boolean => {
    for (let u = 0; u < 2; u++) {
      const l = (st[1]! >>> 0) + (st[3]! >>> 0);
      const sumHi = (st[0]! + st[2]! + (l >= 2 ** 32 ? 1 : 0)) | 0;
      const z = ch.sums[u]!;
      if (((sumHi ^ z[0]) & maskHi) !== 0 || ((l ^ z[1]) & maskLo) !== 0) return false;
      step(st);
    }
    return true;
  };
  const seen = new Set<string>();
  let joined = 0;
  let matches = 0;
  for (let i = 0; i < na; i++) {
    const k = aKeys[i]!;
    // A's parts summed when first needed (part 1 for every joined pair, 2 and 0 for the few that show A's sums)
    let partsA = 0;
    for (let jb1 = head[Math.imul(k, HASH1) >>> (32 - hb)]!; jb1 > 0; jb1 = next[jb1]!) {
      const jb = jb1 - 1;
      if (bKeys[jb] !== k) continue;
      if (++joined > MAX_JOINED) return { solved: false, pathsA, joined, matches };
      if (partsA === 0) {
        pathPart(wa, aIds[i]!, 1, accA, 4);
        partsA = 1;
      }
      // The state at each pair's first output: both its sums must show (A's first: most joined
      // pairs fail there, before the rest is summed).
      pathPart(wb, bIds[jb]!, 1, acc, 4);
      st[0] = acc[5]! ^ accA[5]!;
      st[1] = acc[4]! ^ accA[4]!;
      st[2] = acc[7]! ^ accA[7]!;
      st[3] = acc[6]! ^ accA[6]!;
      if (!showsPair(a)) continue;
      if (partsA === 1) {
        pathPart(wa, aIds[i]!, 2, accA, 8);
        pathPart(wa, aIds[i]!, 0, accA, 0);
        partsA = 2;
      }
      pathPart(wb, bIds[jb]!, 2, acc, 8);
      st[0] = acc[9]! ^ accA[9]!;
      st[1] = acc[8]! ^ accA[8]!;
      st[2] = acc[11]! ^ accA[11]!;
      st[3] = acc[10]! ^ accA[10]!;
      if (!showsPair(b)) continue;
      pathPart(wb, bIds[jb]!, 0, acc, 0);
      for (let q = 0; q < 4; q++) acc[q]! ^= accA[q]!;
      const x = new Int32Array([acc[1]!, acc[0]!, acc[3]!, acc[2]!]);
      const sig = x.join(',');
      if (seen.has(sig)) continue;
      seen.add(sig);
      matches++;
      if (!emit(x)) return { solved: true, pathsA, joined, matches };
    }
  }
  return { solved: true, pathsA, joined, matches };
}
