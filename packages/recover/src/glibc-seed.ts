/**
 * V8 ≤ 1.2.7 on Linux seeds glibc's random() with srandom((unsigned) epoch milliseconds) and then
 * calls it twice per Math.random(). Its 31-word state is not recovered from a few values, but the
 * seed is: given a date near the process start, every millisecond of the window is tried.
 *
 * Per seed: the 31 table words of srandom (16807 · w mod 2^31 − 1, Schrage's method as glibc does
 * it), then the outputs after the 310 discarded ones as linear combinations (mod 2^32) of those
 * words — TYPE_3 only adds words (r[i] = r[i−31] + r[i−3]), so the coefficients are fixed and
 * computed once. The first values' high draws (31 bits each, exact up to a carry of the rounding;
 * a bucket bounds one to a range) filter; survivors are checked against every observation with
 * @emu/v8-libc's own generator.
 */
import { createGlibc, glibcSeedTable, glibcStateFromSeed } from '@emu/v8-libc';
import { type Observed, isResidue, matches } from './observe.js';

const DEG = 31;
const SEP = 3;

/** Coefficients (mod 2^32) of output k after the 310 discards, over the 31 seeded words. */
function coefficients(outputs: number): Int32Array[] {
  // Each table word as a vector over the 31 seeded words.
  const t = Array.from({ length: DEG }, (_, i) => {
    const v = new Int32Array(DEG);
    v[i] = 1;
    return v;
  });
  let r = 0;
  const out: Int32Array[] = [];
  for (let step = 0; step < DEG * 10 + outputs; step++) {
    let f = r + SEP;
    if (f >= DEG) f -= DEG;
    const tf = t[f]!;
    const tr = t[r]!;
    for (let j = 0; j < DEG; j++) tf[j] = (tf[j]! + tr[j]!) | 0;
    if (step >= DEG * 10) out.push(Int32Array.from(tf));
    r = r + 1 === DEG ? 0 : r + 1;
  }
  return out;
}

let COEFF: Int32Array[] | undefined;

/**
 * Observations whose high draw filters the seeds before the generator's own check (a seed is
 * checked by @emu/v8-libc only when each of them holds): with the first alone, a coarse or unseen
 * first value let most seeds through to that check — an audit's ±1 h window with 24 buckets of 2
 * took 31 s.
 */
const FILTER_VALUES = 16;

/** Seeds tried at most (±2 days of milliseconds). */
export const GLIBC_SEED_MAX_WINDOW = 2 * 86_400_000;

/** The milliseconds searchGlibcSeed found in its window. */
export interface GlibcSeedSearch {
  /** Epoch milliseconds whose srandom seed explains every observation (nearest first). */
  readonly ms: number[];
  /** The glibc state (31 words, getState() order) of the first, before the first observation. */
  readonly states: number[][];
  readonly from: number;
  readonly to: number;
}

/**
 * Every millisecond in [near − window, near + window] whose srandom((unsigned) ms) gives the
 * observations, the first observation being the first Math.random() after seeding.
 */
export function searchGlibcSeed(observed: readonly Observed[], near: number, window: number): GlibcSeedSearch {
  COEFF ??= coefficients(2 * FILTER_VALUES);
  const from = Math.max(0, near - window);
  const to = near + window;
  // Each of the first FILTER_VALUES observations bounds its value's high draw: hi = ⌊x · 2^31⌋, or
  // one less when rounding carried into it; a bucket bounds it to a range. Coarse ones first pass
  // most seeds, so every bounded one filters (the finest first), before the generator's own check.
  const filters: { row: Int32Array; lo: number; hi: number }[] = [];
  observed.slice(0, FILTER_VALUES).forEach((o, k) => {
    let lo: number;
    let hi: number;
    if (typeof o === 'number') {
      const h = Math.floor(o * 2 ** 31);
      [lo, hi] = [h - 1, h];
    } else if (o && !isResidue(o)) {
      // (One more either side than exact: the quotients are rounded.)
      lo = Math.floor((o.value / o.n) * 2 ** 31) - 2;
      hi = Math.floor(((o.value + 1) / o.n) * 2 ** 31) + 1;
    } else return;
    filters.push({ row: COEFF![2 * k + 1]!, lo, hi });
  });
  filters.sort((a, b) => a.hi - a.lo - (b.hi - b.lo));
  const words = new Int32Array(DEG);
  const found: number[] = [];
  search: for (let ms = from; ms <= to; ms++) {
    glibcSeedTable(ms % 0x100000000, words);
    for (const { row, lo, hi } of filters) {
      let acc = 0;
      for (let j = 0; j < DEG; j++) acc = (acc + Math.imul(row[j]!, words[j]!)) | 0;
      const h = acc >>> 1;
      if (h < lo || h > hi) continue search;
    }
    const g = createGlibc({ seed: ms % 0x100000000 });
    if (observed.every((o) => matches(g.random(), o))) found.push(ms);
    if (found.length > 256) break;
  }
  found.sort((p, q) => Math.abs(p - near) - Math.abs(q - near) || p - q);
  return { ms: found, states: found.map((ms) => glibcStateFromSeed(ms % 0x100000000)), from, to };
}
