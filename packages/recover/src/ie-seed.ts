/**
 * IE 6–8 (JScript) seeds its LCG from the UTC millisecond clock through Chakra's byte/bit shuffle
 * (@emu/jscript-lcg stateFromCounter): seed = shuffle(lo ^ 0xDEECE66D) · 2^16 + ((hi ^ lo) & 0xFFFF)
 * with lo, hi the low and high 32 bits of the millisecond count. Given observations from the
 * first Math.random() call of the page and a date near the seeding, every millisecond of the
 * window is tried: its state's first call must fall in the first observation's range (a filter on
 * the top 27 bits of the first LCG step, in doubles), and the survivors are checked against every
 * observation exactly. The list is complete for the window.
 */
import { countersForState, stateFromCounter } from '@emu/jscript-lcg';
import type { Observed } from './observe.js';
import { LCG_SHAPES, lcgFits, lcgFirstRange, recoverLcgLattice } from './lcg-lattice.js';

/** Milliseconds tried at most (±1 day is 1.7 · 10^8). */
export const IE_SEED_MAX_WINDOW = 4 * 86_400_000;
/** Fitting milliseconds kept at most. */
const MAX_FOUND = 256;

/** The shuffle's first step reorders bytes 0213; the other three interleave bits (each an involution). */
function shuffle(t: number): number {
  t = (((t & 0xff000000) >>> 24) | ((t & 0x000000ff) << 24) | (t & 0x00ffff00)) >>> 0;
  t = (((t & 0x0f000f00) >>> 4) | ((t & 0x00f000f0) << 4) | (t & 0xf00ff00f)) >>> 0;
  t = (((t & 0x30303030) >>> 2) | ((t & 0x0c0c0c0c) << 2) | (t & 0xc3c3c3c3)) >>> 0;
  return (((t & 0x44444444) >>> 1) | ((t & 0x22222222) << 1) | (t & 0x99999999)) >>> 0;
}

/** The JScript seed state of a millisecond count (as stateFromCounter, in doubles; the tests compare the two). */
export function ieStateFromMs(ms: number): number {
  const lo = ms % 0x100000000;
  const hi = Math.floor(ms / 0x100000000);
  return shuffle((lo ^ 0xdeece66d) >>> 0) * 0x10000 + ((hi ^ lo) & 0xffff);
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
  // The first seen observation (call f) bounds the top 27 bits of x_{2f+1} = A·x + C mod 2^48.
  const first = observed.findIndex((o) => o !== null);
  const range = first >= 0 ? lcgFirstRange(shape, observed[first]!) : null;
  if (range && range[0] > range[1]) return { ms: [], states: [], from, to, truncated: false, method: 'search' };
  let A = 1n;
  let C = 0n;
  for (let k = 0; k < 2 * Math.max(0, first) + 1; k++) {
    A = (A * shape.a) & ((1n << 48n) - 1n);
    C = (C * shape.a + shape.c) & ((1n << 48n) - 1n);
  }
  // In 24-bit halves every product stays below 2^53.
  const aH = Number(A >> 24n);
  const aL = Number(A & 0xffffffn);
  const c = Number(C);
  const T24 = 0x1000000;
  const T48 = 2 ** 48;
  const lo27 = range ? range[0] : 0;
  const hi27 = range ? range[1] : 2 ** 27 - 1;
  const found: number[] = [];
  let truncated = false;
  for (let ms = from; ms <= to; ms++) {
    const x = ieStateFromMs(ms);
    if (range) {
      const xH = Math.floor(x / T24);
      const xL = x - xH * T24;
      const m = xH * aL + xL * aH;
      const mid = m - Math.floor(m / T24) * T24;
      let x1 = xL * aL + mid * T24 + c;
      if (x1 >= T48) x1 -= T48;
      if (x1 >= T48) x1 -= T48;
      const top = Math.floor(x1 / 2 ** 21);
      if (top < lo27 || top > hi27) continue;
    }
    if (x === 0 || !lcgFits(shape, BigInt(x), observed)) continue;
    found.push(ms);
    if (found.length > MAX_FOUND) {
      truncated = true;
      break;
    }
  }
  found.sort((p, q) => Math.abs(p - near) - Math.abs(q - near) || p - q);
  // The fast shuffle must agree with the package's (it does on every found millisecond).
  const states = found.map((ms) => {
    const s = stateFromCounter(ms);
    if (s !== ieStateFromMs(ms)) throw new Error(`internal: the seed shuffle disagrees at ${ms}`);
    return s;
  });
  return { ms: found, states, from, to, truncated, method: 'search' };
}
