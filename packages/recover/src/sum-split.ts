/**
 * Three consecutive full values of node 26 (V8 14.4+, `(s0 + s1) >> 11`, 64 values per refill
 * handed out from the end) that a refill splits: the two cache alignments the run-of-3 search
 * cannot take (no run of 3 there; issue 13's "straddle", 2 positions in 64).
 *
 * Calls 64r + i of a context are outputs t = 64r + 64 − i (t steps after the state the context was
 * seeded with; output t = x_t + x_{t+1} of the words x). Split after the second value (calls
 * 64r + 62, 63 | 64r + 64): a generation-order pair (outputs T = 64r + 1, T + 1: values 2, 1) and
 * a single value 127 outputs later (T + 127: value 3). Split after the first (64r + 63 | 64r + 64,
 * 65): the pair T = 64r + 127, T + 1 (values 3, 2) and the single 126 outputs earlier (value 1).
 *
 * Each pair's 2^22 states (sum-tracks.ts listPairCosets: exhaustive, a leaf's coset of 2^11 at a
 * time, 2^24 states in all) are jumped to the single value's output by a linear map (the step's
 * power, applied a byte at a time from tables: the coset's base per leaf, its basis once) and
 * kept when its 53 bits match — a state passes by chance with probability 2^-53, so 2^-29 per
 * alignment; every survivor is then run through the emulator against the three values. With
 * the 62 other alignments searched as runs of 3, the list over all 64 is complete. About 0.1 s
 * per alignment (the walk about 80 ms, the compare of the cosets' 2^24 states about 20 ms, both in
 * WebAssembly; 0.75 s before them).
 */
import { type XorShift128PlusState, create as createXorshift, VARIANTS } from '@emu/xorshift128plus';
import { u64ToHex, xorshift128Step, xorshift128StepBack } from '@emu/core';
import { type Observed, matches } from './observe.js';
import { listPairCosets, sum11Words } from './sum-tracks.js';
import { walkKernel } from './walk-kernel.js';

/** What searchSumSplit found: every state (before the first value) on the two split alignments that fits the three values, complete when both listings were. */
export interface SumSplitSearch {
  readonly states: XorShift128PlusState[];
  /** Values of the first value's refill already handed out before it (62 or 63), per state. */
  readonly consumed: number[];
  readonly complete: boolean;
  /** The first alignment gave a state `enough` accepted, and the second was not listed (then `complete` is false). */
  readonly stopped: boolean;
}

/**
 * Tables of the step's k-th power (k < 0: backwards) on the 128-bit state ([s0 hi, s0 lo, s1 hi,
 * s1 lo]): per byte of the input, per value, the 4 output words — 16 lookups a state, for each
 * of a listing's 2^13 coset bases and its basis once (core's xorshift128Jump steps one state k
 * times below 256 steps).
 */
function byteTables(k: number): Int32Array {
  const col = new Int32Array(128 * 4);
  const v = new Int32Array(4);
  for (let b = 0; b < 128; b++) {
    v.fill(0);
    v[b >>> 5] = 1 << (b & 31);
    for (let i = 0; i < Math.abs(k); i++) (k > 0 ? xorshift128Step : xorshift128StepBack)(v);
    col.set(v, 4 * b);
  }
  const tab = new Int32Array(16 * 256 * 4);
  for (let byte = 0; byte < 16; byte++) {
    for (let x = 1; x < 256; x++) {
      const low = x & -x;
      const bit = 8 * byte + (31 - Math.clz32(low));
      const from = 4 * (256 * byte + (x ^ low));
      const to = 4 * (256 * byte + x);
      for (let w = 0; w < 4; w++) tab[to + w] = tab[from + w]! ^ col[4 * bit + w]!;
    }
  }
  return tab;
}

/** The step's power k (positive: forwards), memoized. */
const jumps = new Map<number, Int32Array>();
function jumpOf(k: number): Int32Array {
  let t = jumps.get(k);
  if (!t) jumps.set(k, (t = byteTables(k)));
  return t;
}

/** out ← the step's power of tab applied to x ([s0 hi, s0 lo, s1 hi, s1 lo]), a byte of x at a time. */
function jump(tab: Int32Array, x: Int32Array, out: Int32Array): void {
  out.fill(0);
  for (let byte = 0; byte < 16; byte++) {
    const word = x[byte >>> 2]!; // bit b of the state: word b >>> 5, bit b & 31
    const o = 4 * (256 * byte + ((word >>> (8 * (byte & 3))) & 255));
    out[0]! ^= tab[o]!;
    out[1]! ^= tab[o + 1]!;
    out[2]! ^= tab[o + 2]!;
    out[3]! ^= tab[o + 3]!;
  }
}

/** The k-th state of a coset in Gray-code order: base ⊕ the basis vectors of k ^ (k >> 1)'s bits. */
function stateAt(base: Int32Array, basis: Int32Array, dim: number, k: number): Int32Array {
  const x = base.slice();
  const gray = k ^ (k >>> 1);
  for (let j = 0; j < dim; j++) if ((gray >>> j) & 1) for (let w = 0; w < 4; w++) x[w]! ^= basis[4 * j + w]!;
  return x;
}

/**
 * The states of node 26's two split alignments for three consecutive full values (see above);
 * undefined for other variants or observations. With `enough`, a state of the first alignment it
 * accepts ends the search there (`stopped`: the second alignment's listing, about 1.3 s, skipped).
 */
export function searchSumSplit(observed: readonly Observed[], variantId: string, enough?: (state: XorShift128PlusState) => boolean): SumSplitSearch | undefined {
  const info = VARIANTS.find((v) => v.id === variantId);
  if (!info || info.mapping !== 'sum-53' || info.cache?.order !== 'desc' || info.cache.perRefill !== 64) return undefined;
  if (observed.length !== 3 || !observed.every((o) => typeof o === 'number')) return undefined;
  const [o0, o1, o2] = observed as number[];
  const states: XorShift128PlusState[] = [];
  const consumed: number[] = [];
  let complete = true;
  // [pair's values in generation order, the single value, its distance from the pair (outputs),
  //  the steps back from the pair's state to its refill's start, the values handed out before o0]
  const splits: [number, number, number, number, number, number][] = [
    [o1!, o0!, o2!, 127, 1, 62],
    [o2!, o1!, o0!, -126, 127, 63],
  ];
  for (const [i, [a, b, single, dist, back, before]] of splits.entries()) {
    const tab = jumpOf(dist);
    const [zh, zl] = sum11Words(single);
    const found: Int32Array[] = [];
    // The cosets' basis is the same at every leaf: jumped once.
    let jumpedBasis: Int32Array | undefined;
    const at = new Int32Array(4);
    const r = listPairCosets({ t0: 0, sums: [sum11Words(a), sum11Words(b)], lo: 11, hi: 64, carryInKnown: false, model: 'logical' }, (base, basis, dim) => {
      if (!jumpedBasis) {
        jumpedBasis = new Int32Array(4 * dim);
        for (let j = 0; j < dim; j++) jump(tab, basis.subarray(4 * j, 4 * j + 4), jumpedBasis.subarray(4 * j, 4 * j + 4));
      }
      jump(tab, base, at);
      // Every state of the coset at the single value's output, in Gray-code order: its 53 bits
      // compared (the coset also holds states that do not show the pair: the emulator drops them)
      // — in WebAssembly where it is there (walk.wat's sumScan), else here.
      const hits = walkKernel()?.sumMatches(at, jumpedBasis, dim, [zh, zl]);
      if (hits) {
        for (const k of hits) found.push(stateAt(base, basis, dim, k));
        return true;
      }
      let h0 = at[0]!;
      let l0 = at[1]!;
      let h1 = at[2]!;
      let l1 = at[3]!;
      const end = 1 << dim;
      for (let g = 1; ; g++) {
        const lo = (l0 >>> 0) + (l1 >>> 0);
        if (((h0 + h1 + (lo > 0xffffffff ? 1 : 0)) | 0) === zh && ((lo | 0) & ~0x7ff) === zl) found.push(stateAt(base, basis, dim, g - 1));
        if (g === end) break;
        const o = 4 * (31 - Math.clz32(g & -g));
        h0 ^= jumpedBasis[o]!;
        l0 ^= jumpedBasis[o + 1]!;
        h1 ^= jumpedBasis[o + 2]!;
        l1 ^= jumpedBasis[o + 3]!;
      }
      return true;
    });
    if (!r.solved) complete = false;
    for (const x of found) {
      for (let k = 0; k < back; k++) xorshift128StepBack(x);
      const e = createXorshift({ state: [`0x${u64ToHex(x[0]!, x[1]!)}`, `0x${u64ToHex(x[2]!, x[3]!)}`, 0], variant: variantId as never });
      e.skip(before);
      const state = e.getState();
      if (observed.every((o) => matches(e.random(), o))) {
        states.push(state);
        consumed.push(before);
      }
    }
    if (enough && i === 0 && states.some(enough)) return { states, consumed, complete: false, stopped: true };
  }
  return { states, consumed, complete, stopped: false };
}
