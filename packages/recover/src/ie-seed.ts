/**
 * IE 6–8 (JScript) seeds its LCG from the UTC millisecond clock through Chakra's byte/bit shuffle
 * (@emu/jscript-lcg stateFromCounter): seed = shuffle(lo ^ 0xDEECE66D) · 2^16 + ((hi ^ lo) & 0xFFFF)
 * with lo, hi the low and high 32 bits of the millisecond count. Given observations from the
 * first Math.random() call of the page and a date near the seeding, every millisecond of the
 * window is tried: its state's calls must fall in the first seen observations' ranges (filters on
 * the top 27 bits of each call's first LCG step, in doubles), and the survivors are checked
 * against every observation exactly. The list is complete for the window.
 */
import { mulAdd48 } from '@emu/core';
import { countersForState, stateFromCounter, stateFromCounterHalves } from '@emu/jscript-lcg';
import { type Observed, isResidue } from './observe.js';
import { LCG_SHAPES, lcgFits, lcgFirstRange, recoverLcgLattice } from './lcg-lattice.js';

/** Milliseconds tried at most (±1 day is 1.7 · 10^8). */
export const IE_SEED_MAX_WINDOW = 4 * 86_400_000;
/** Seen observations whose first LCG step filters the milliseconds before the exact check. */
const FILTER_VALUES = 4;
/** Fitting milliseconds kept at most. */
const MAX_FOUND = 256;

/** The JScript seed state of a millisecond count (stateFromCounter of @emu/jscript-lcg, on the count's 32-bit halves). */
export function ieStateFromMs(ms: number): number {
  return stateFromCounterHalves(ms % 0x100000000, Math.floor(ms / 0x100000000));
}

/** The milliseconds searchIeSeed found in its window. */
export interface IeSeedSearch {
  /** Milliseconds whose seed explains every observation (nearest first), at most 256. */
  readonly ms: number[];
  /** The seed state of each (before the first call). */
  readonly states: number[];
  /** The window searched, inclusive. */
  readonly from: number;
  readonly to: number;
  /** More than 256 fit (the list is cut). */
  readonly truncated: boolean;
  /** lattice: the values fixed every state, their clock readings were solved; search: every millisecond tried. */
  readonly method: 'lattice' | 'search';
}

/**
 * Every millisecond in [near − window, near + window] whose JScript seed gives the observations,
 * the first observation being the first Math.random() call after seeding.
 */
export function searchIeSeed(observed: readonly Observed[], near: number, window: number): IeSeedSearch {
  const shape = LCG_SHAPES['jscript-lcg']!;
  const from = Math.max(0, near - window);
  const to = near + window;
  // When the values alone fix every state (the lattice list is complete), each state's clock
  // readings follow directly (the state fixes the low 32 bits and 16 bits of high ^ low).
  const lattice = recoverLcgLattice(shape, observed, { maxStates: MAX_FOUND });
  if (lattice.complete) {
    const ms = lattice.states.flatMap((x) => countersForState(x, near, window).map(Number)).filter((m) => m >= from && m <= to);
    ms.sort((p, q) => Math.abs(p - near) - Math.abs(q - near) || p - q);
    return { ms, states: ms.map((m) => stateFromCounter(m)), from, to, truncated: false, method: 'lattice' };
  }
  // Each of the first FILTER_VALUES seen observations (call f) bounds the top 27 bits of
  // x_{2f+1} = A·x + C mod 2^48 (the finest first): a coarse first one alone let most milliseconds
  // through to the exact check.
  const filters: { a: number; c: number; lo: number; hi: number }[] = [];
  let A = 1n;
  let C = 0n;
  for (let f = 0; f < observed.length && filters.length < FILTER_VALUES; f++) {
    // A, C: x_{2f+1} from x.
    A = (A * shape.a) & ((1n << 48n) - 1n);
    C = (C * shape.a + shape.c) & ((1n << 48n) - 1n);
    const o = observed[f];
    if (o !== null && o !== undefined && !isResidue(o)) {
      const range = lcgFirstRange(shape, o);
      if (range[0] > range[1]) return { ms: [], states: [], from, to, truncated: false, method: 'search' };
      if (range[0] > 0 || range[1] < 2 ** 27 - 1) filters.push({ a: Number(A), c: Number(C), lo: range[0], hi: range[1] });
    }
    A = (A * shape.a) & ((1n << 48n) - 1n);
    C = (C * shape.a + shape.c) & ((1n << 48n) - 1n);
  }
  filters.sort((p, q) => p.hi - p.lo - (q.hi - q.lo));
  const found: number[] = [];
  let truncated = false;
  search: for (let ms = from; ms <= to; ms++) {
    const x = ieStateFromMs(ms);
    for (const { a, c, lo, hi } of filters) {
      const top = Math.floor(mulAdd48(x, a, c) / 2 ** 21);
      if (top < lo || top > hi) continue search;
    }
    if (x === 0 || !lcgFits(shape, BigInt(x), observed)) continue;
    found.push(ms);
    if (found.length > MAX_FOUND) {
      truncated = true;
      break;
    }
  }
  found.sort((p, q) => Math.abs(p - near) - Math.abs(q - near) || p - q);
  return { ms: found, states: found.map((ms) => stateFromCounter(ms)), from, to, truncated, method: 'search' };
}
