/**
 * glibc random()'s table from consecutive V8 ≤ 1.2.7 values alone (no seed date).
 *
 * Each value is two draws, lo (draw 2t) then hi (2t + 1), and TYPE_3 adds words 31 and 3 draws
 * back — both of the other parity. So every hi word is the sum of two lo words and every lo word
 * the sum of two hi words (mod 2^32). A value shows its hi draw exactly (31 of the word's 32 bits:
 * random() is the word >> 1) and its lo draw up to the rounding of the 62-bit sum to 53 bits
 * (about 9 low bits of 31). Hence, for k ≥ 31 consecutive values:
 *
 *   hi word t:  Hw[t] = 2·H[t] + h[t]                            h[t] its hidden low bit
 *   lo word t:  Lw[t] = Hw[t − 16] + Hw[t − 2]                   (t ≥ 16: draws 2t − 31, 2t − 3)
 *               Lw[t] = Hw[t + 15] − Lw[t + 14]                  (t ≤ 15: from hi draw 2t + 31)
 *
 * so every word is fixed by the 31 bits h[0 … 30] (the unknowns) and the later h[t], which each
 * later hi draw pins: Hw[t] = Lw[t − 15] + Lw[t − 1] for t ≥ 31, i.e.
 *
 *   h[t] = D_t + h[t − 31] + 2·h[t − 17] + h[t − 3] ∈ {0, 1},   D_t from the values (−4 … 1),
 *
 * whose parity is a linear equation over GF(2) (h[t] = D_t ⊕ h[t − 31] ⊕ h[t − 3]) and whose
 * carry allows 1 to 4 of the 8 assignments of (h[t − 31], h[t − 17], h[t − 3]): about 2 bits per
 * value after the 31st. A depth-first search over those constraints with a GF(2) system of the 31
 * unknowns (with undo) lists every assignment; each is turned into the table and kept only when
 * the generator run from it shows every value given (the lo draws' rounding intervals included).
 */
import { Gf2System32 } from '@emu/core';
import { GlibcRandom } from './glibc.js';

const DEG = 31;
/** The values the solve needs at least: each lo word of the first 31 draws is then fixed by a hi draw 31 later. */
export const GLIBC_VALUES_MIN = 31;
/**
 * Consecutive values after which the next value is determined in ≥ 98 % of streams (measured: 76 %
 * at 60, 98 % at 70, all of 100 at 80; the list of fitting tables is complete from about 46 on).
 */
export const GLIBC_VALUES_SETTLED = 70;
/** Tables listed at most; past it the answer is open (`complete` false). */
export const GLIBC_MAX_STATES = 4096;
/** Values rounding across a hi-draw boundary solved both ways at most (2^MAX_SPLIT solves). */
const MAX_SPLIT = 4;
/** Search nodes at most. */
const MAX_NODES = 1 << 22;
const TWO31 = 2 ** 31;
const TWO32 = 2 ** 32;

/** What recoverGlibcState found. */
export interface GlibcRecovery {
  /** Tables (getState() order) before the first value, each reproducing every value; all of them when `complete`. */
  readonly states: number[][];
  /** True when `states` lists every table that fits. */
  readonly complete: boolean;
  /** When not complete: at least 2^openBits tables fit (the count when the search stopped). */
  readonly openBits?: number;
  /** Why nothing could be said (a value no two draws make, or too many the rounding leaves on a hi-draw boundary). */
  readonly note?: string;
}

/** The 62-bit integers hi · 2^31 + lo that round to `v · 2^62` (ties to even), as [lo, hi]; undefined: not a value of this generator. */
function preimage(v: number): [bigint, bigint] | undefined {
  if (!(v >= 0 && v <= 1)) return undefined;
  const m = v * 2 ** 62;
  if (!Number.isInteger(m)) return undefined;
  const M = BigInt(m);
  if (M < 2n ** 53n) return [M, M];
  const ulp = 1n << BigInt(M.toString(2).length - 53);
  // the set of N with Number(N) === m is an interval around M, within an ulp on each side
  let a = M - ulp;
  let b = M;
  while (b - a > 1n) {
    const c = (a + b) >> 1n;
    if (Number(c) === m) b = c;
    else a = c;
  }
  const lo = b;
  a = M;
  b = M + ulp;
  while (b - a > 1n) {
    const c = (a + b) >> 1n;
    if (Number(c) === m) a = c;
    else b = c;
  }
  const top = (1n << 62n) - 1n;
  return [lo, a > top ? top : a];
}

/** The allowed (h[t − 31], h[t − 17], h[t − 3]) as 3-bit numbers (a | b << 1 | c << 2) for D + a + 2b + c ∈ {0, 1}. */
function allowed(d: number): number[] {
  const out: number[] = [];
  for (let x = 0; x < 8; x++) {
    const s = d + (x & 1) + 2 * ((x >> 1) & 1) + ((x >> 2) & 1);
    if (s === 0 || s === 1) out.push(x);
  }
  return out;
}

/** The table in getState() order from the 31 words before draw i, oldest first (w_{i−31} … w_{i−1}). */
function tableOf(chrono: readonly number[]): number[] {
  // getState() word s holds w_{i−3+s} for s < 3 and w_{i−34+s} for s ≥ 3 (the rear pointer's view)
  return Array.from({ length: DEG }, (_, s) => chrono[s < 3 ? s + 28 : s - 3]! >>> 0);
}

/** The words oldest first (w_{i−31} … w_{i−1}) from a table in getState() order. */
function chronoOf(table: readonly number[]): number[] {
  return Array.from({ length: DEG }, (_, c) => table[c >= 28 ? c - 28 : c + 3]! >>> 0);
}

/** The table `count` values (2 · count random() calls) before `table` (getState() order): w_{i−32} = w_{i−1} − w_{i−4}. */
export function glibcStateBefore(table: readonly number[], count: number): number[] {
  const w = chronoOf(table);
  for (let i = 0; i < 2 * count; i++) {
    const prev = (w[DEG - 1]! - w[DEG - 4]!) >>> 0;
    w.pop();
    w.unshift(prev);
  }
  return tableOf(w);
}

/**
 * Every glibc table (getState() order, before the first value) from which V8 ≤ 1.2.7's
 * Math.random() gives `values` — consecutive values, the first being a whole value (its lo draw
 * first); at least GLIBC_VALUES_MIN of them. Complete up to `maxStates` tables (more fitting: none
 * listed, `complete` false).
 */
export function recoverGlibcState(values: readonly number[], maxStates = GLIBC_MAX_STATES): GlibcRecovery {
  const k = values.length;
  if (k < GLIBC_VALUES_MIN) throw new RangeError(`recoverGlibcState: ${k} values; at least ${GLIBC_VALUES_MIN} consecutive ones are needed`);
  // Per value its hi draw and the lo draw's interval; a value whose rounding interval crosses a
  // multiple of 2^31 has two readings (hi − 1 with lo near 2^31, or hi with lo near 0): each is
  // solved (at most MAX_SPLIT such values, 2^MAX_SPLIT solves) and the tables found joined.
  const readings: { H: number; Llo: number; Lhi: number }[][] = [];
  for (let t = 0; t < k; t++) {
    const p = preimage(values[t]!);
    if (!p) return { states: [], complete: true, note: `value ${t + 1} (${String(values[t])}) is not (hi + lo / 2^31) / 2^31 of two 31-bit draws` };
    const [a, b] = [Number(p[0] >> 31n), Number(p[1] >> 31n)];
    const low = (N: bigint, H: number) => Number(N - (BigInt(H) << 31n));
    readings.push(a === b ? [{ H: a, Llo: low(p[0], a), Lhi: low(p[1], a) }] : [{ H: a, Llo: low(p[0], a), Lhi: TWO31 - 1 }, { H: b, Llo: 0, Lhi: low(p[1], b) }]);
  }
  const split = readings.flatMap((r, t) => (r.length > 1 ? [t] : []));
  if (split.length > MAX_SPLIT) {
    return { states: [], complete: false, note: `${split.length} values round across a hi-draw boundary (each hi draw one of two; at most ${MAX_SPLIT} are tried)` };
  }
  const states = new Map<string, number[]>();
  let complete = true;
  let openBits: number | undefined;
  for (let c = 0; c < 2 ** split.length; c++) {
    const pick = readings.map((r, t) => r[r.length > 1 ? (c >> split.indexOf(t)) & 1 : 0]!);
    const r = solveReading(values, pick.map((x) => x.H), pick.map((x) => x.Llo), pick.map((x) => x.Lhi), maxStates);
    if (r === undefined) continue;
    if (!r.complete) {
      complete = false;
      openBits = Math.max(openBits ?? 0, r.openBits ?? 0);
      continue;
    }
    for (const s of r.states) states.set(s.join(), s);
  }
  if (!complete) return { states: [], complete: false, openBits };
  return { states: [...states.values()], complete: true };
}

/** The tables for one reading of the values (hi draws H, lo draws in [Llo, Lhi]); undefined: a hi draw no carry explains. */
function solveReading(values: readonly number[], H: readonly number[], Llo: readonly number[], Lhi: readonly number[], maxStates: number): GlibcRecovery | undefined {
  const k = values.length;
  // D_t for t ≥ 31 (mod 2^32, as a signed small integer) and the GF(2) form of each h[t]
  const D = new Int32Array(k);
  const mask = new Int32Array(k);
  const cst = new Uint8Array(k);
  for (let t = 0; t < DEG; t++) mask[t] = 1 << t;
  for (let t = DEG; t < k; t++) {
    const d = (2 * H[t - 31]! + 4 * H[t - 17]! + 2 * H[t - 3]! - 2 * H[t]!) % TWO32;
    const s = ((d % TWO32) + TWO32) % TWO32;
    const signed = s >= TWO31 ? s - TWO32 : s;
    if (signed < -4 || signed > 1) return undefined;
    D[t] = signed;
    mask[t] = mask[t - 31]! ^ mask[t - 3]!;
    cst[t] = cst[t - 31]! ^ cst[t - 3]! ^ (signed & 1);
  }
  const sys = new Gf2System32(DEG);
  const found: number[] = [];
  let total = 0;
  let nodes = 0;
  let over = false;
  const visit = (t: number): void => {
    if (over) return;
    if (++nodes > MAX_NODES) {
      over = true;
      return;
    }
    if (t === k) {
      const free = sys.free();
      total += 2 ** free.length;
      if (total > maxStates) {
        over = true;
        return;
      }
      for (let g = 0; g < 2 ** free.length; g++) found.push(sys.solve(free, g));
      return;
    }
    for (const x of allowed(D[t]!)) {
      const m = sys.mark();
      if (sys.add(mask[t - 31]!, (x & 1) ^ cst[t - 31]!) && sys.add(mask[t - 17]!, ((x >> 1) & 1) ^ cst[t - 17]!) && sys.add(mask[t - 3]!, ((x >> 2) & 1) ^ cst[t - 3]!)) visit(t + 1);
      sys.undo(m);
      if (over) return;
    }
  };
  visit(DEG);
  if (over) return { states: [], complete: false, openBits: Math.floor(Math.log2(Math.max(total, 2))) };
  const states: number[][] = [];
  const h = new Uint8Array(k);
  const Hw = new Float64Array(k);
  const Lw = new Float64Array(k);
  for (const x of found) {
    for (let t = 0; t < k; t++) {
      h[t] = t < DEG ? (x >>> t) & 1 : D[t]! + h[t - 31]! + 2 * h[t - 17]! + h[t - 3]!;
      Hw[t] = 2 * H[t]! + h[t]!;
    }
    for (let t = 16; t < k; t++) Lw[t] = (Hw[t - 16]! + Hw[t - 2]!) % TWO32;
    for (let t = 15; t >= 0; t--) Lw[t] = (Hw[t + 15]! - Lw[t + 14]! + TWO32) % TWO32;
    // the lo draws must lie in their values' rounding intervals (cheap; the generator checks again)
    let ok = true;
    for (let t = 0; t < k && ok; t++) ok = Math.floor(Lw[t]! / 2) >= Llo[t]! && Math.floor(Lw[t]! / 2) <= Lhi[t]!;
    if (!ok) continue;
    // draws 0 … 30 oldest first, then 31 steps back: w_{i−31} = w_i − w_{i−3}
    const w = new Map<number, number>();
    for (let i = 0; i < DEG; i++) w.set(i, (i & 1 ? Hw[i >> 1]! : Lw[i >> 1]!) >>> 0);
    for (let i = DEG - 1; i >= 0; i--) w.set(i - DEG, (w.get(i)! - w.get(i - 3)!) >>> 0);
    const table = tableOf(Array.from({ length: DEG }, (_, c) => w.get(c - DEG)!));
    const g = new GlibcRandom(table);
    if (values.every((v) => Object.is(g.random(), v))) states.push(table);
  }
  return { states, complete: true };
}
