/**
 * Recovery for the historical engines (packages jscript-lcg, netscape-lcg, v8-libc, v8-mwc-cpp,
 * quickjs; Rhino is firefox-lcg's java.util.Random): the state before the first observation,
 * from full values, buckets or gaps where the generator's bits allow.
 *
 *  - 48-bit LCGs (Chakra / JScript, Netscape Mocha, SpiderMonkey's per-runtime LCG): the lattice
 *    method of lcg-lattice.ts, complete by enumeration.
 *  - MSVCRT rand() twice (V8 ≤ 1.2.7 on Windows, Chrome 1–2): holdrand is 32 bits, each rand()
 *    shows bits 16–30; bit 31 never reaches an output (states that differ only there have the
 *    same future, reported as one). The first seen observation bounds bits 16–30 of its second
 *    draw's state: the other bits are searched (2^16 per possible top, at most MSVCRT_MAX_WORK).
 *  - V8 1.2.8 – 3.4.8's C++ MWC (`(hi << 16) + (lo & 0xFFFF)`): both generators' low 16 bits are
 *    on view in the 32-bit variant, so two values fix both carries; the 30-bit Smi variant hides
 *    hi's bits 14–15 (4 × ≤ 3 carry candidates, checked by the third value).
 *  - QuickJS xorshift64*: @emu/quickjs recoverState (2^12 low bits of the first output, 2 values).
 */
import { xorshift64StepBack } from '@emu/quickjs';
import { type Observed, bucketRange, isResidue, matches } from './observe.js';
import { LCG_MAX_DIMENSION, LCG_MAX_EXPECTED, LCG_SHAPES, type LcgShape, recoverLcgLattice } from './lcg-lattice.js';
import { mwcBackIsAmbiguous, mwcStateIsAmbiguous, mwcStepBack } from './small.js';

const M48 = 1n << 48n;
const MASK48 = M48 - 1n;

/** What a history recovery found (states before observation 0, in the emulator's word order). */
export interface HistorySolved {
  states: (readonly (number | string)[])[];
  detail: string;
  complete: boolean;
  need?: number;
  unsupported?: string;
}

/** Lattice recovery for the LCG variants, as predict's Solved. */
export function solveLcgLattice(variant: string, observed: readonly Observed[]): HistorySolved {
  const shape = LCG_SHAPES[variant]!;
  const r = recoverLcgLattice(shape, observed);
  if (r.impossible) return { states: [], detail: `an observation no output of ${variant} gives`, complete: true };
  const detail = `lattice of dimension ${r.dimension}, ${r.points} lattice point(s) checked`;
  if (!r.complete) {
    // About log2(n) state bits per bucket: 48 bits and a few more to tell the last ones apart.
    const bits = observed.reduce<number>((s, o) => s + (o === null ? 0 : typeof o === 'number' ? 53 : Math.min(26, Math.log2(isResidue(o) ? o.mod : o.n))), 0);
    const per = Math.max(1, bits / Math.max(1, observed.filter((o) => o !== null).length));
    const need = Math.max(1, Math.ceil((52 - bits) / per) + 1);
    // Refused, not "need more", when more values of this kind cannot help: the lattice already
    // takes as many observations as it can (buckets of 3 and 4 at 40), none pins a bit (buckets of
    // 2 cover half the states each), or — buckets only, fewer than it takes — as many of the
    // finest size as it takes would still leave too many candidates (buckets of 3 at any count).
    const finest = Math.max(...observed.map((o) => (o === null || typeof o === 'number' ? 0 : isResidue(o) ? 0 : o.n)));
    const onlyBuckets = observed.every((o) => o === null || (typeof o !== 'number' && !isResidue(o)));
    const projected = onlyBuckets && r.dimension > 0 && r.dimension < LCG_MAX_DIMENSION && finest >= 2
      ? recoverLcgLattice(shape, Array.from({ length: LCG_MAX_DIMENSION }, (_, i) => ({ n: finest, value: (i * 7) % finest })), { estimateOnly: true })
      : undefined;
    const hopeless = projected?.expected !== undefined && projected.expected > LCG_MAX_EXPECTED;
    const atMost = hopeless || r.dimension >= LCG_MAX_DIMENSION || (r.dimension === 0 && observed.some((o) => o !== null));
    if (r.states.length === 0 && atMost) {
      const sizes = [...new Set(observed.flatMap((o) => (o !== null && typeof o !== 'number' ? [isResidue(o) ? o.mod : o.n] : [])))];
      const why = r.dimension === 0 ? r.reason : hopeless ? `${LCG_MAX_DIMENSION} buckets of ${finest} would leave about ${projected!.expected!.toExponential(1)} lattice candidates to enumerate (at most ${LCG_MAX_EXPECTED})` : `${r.reason} with the lattice at its largest (${LCG_MAX_DIMENSION} observations)`;
      return { states: [], detail: '', complete: false, unsupported: `${why}, and more values of this kind leave as many: the lattice search cannot settle ${variant} from buckets this coarse${sizes.length ? ` (n = ${sizes.join(', ')})` : ''} at any count; give buckets of n ≥ 5 or full values` };
    }
    if (r.states.length === 0) return { states: [], detail: `${r.reason}`, complete: false, need };
    return { states: r.states.map((x) => [x]), detail: `${detail}; ${r.reason}`, complete: false, need };
  }
  return { states: r.states.map((x) => [x]), detail, complete: true };
}

/** The 48-bit LCG state `count` calls (two steps each) before X. */
export function lcgBack(shape: LcgShape, X: number, count: number): number {
  // Inverse multiplier by Newton iteration (a odd).
  let inv = shape.a;
  for (let i = 0; i < 6; i++) inv = (inv * (2n - shape.a * inv)) & MASK48;
  let x = BigInt(X);
  for (let i = 0; i < 2 * count; i++) x = (((x - shape.c) % M48 + M48) * inv) & MASK48;
  return Number(x);
}

// ---- MSVCRT -----------------------------------------------------------------------------------

const MS_A = 214013;
const MS_C = 2531011;
/** 214013⁻¹ mod 2^32. */
const MS_AINV = (() => {
  let y = MS_A;
  for (let i = 0; i < 5; i++) y = Math.imul(y, 2 - Math.imul(MS_A, y));
  return y >>> 0;
})();
/** Candidates searched at most. */
export const MSVCRT_MAX_WORK = 2 ** 26;

function msStep(x: number): number {
  return (Math.imul(x, MS_A) + MS_C) >>> 0;
}
function msBack(x: number): number {
  return Math.imul((x - MS_C) >>> 0, MS_AINV) >>> 0;
}
function msValue(x1: number, x2: number): number {
  const lo = ((x1 >>> 16) & 0x7fff) / 32768;
  return (((x2 >>> 16) & 0x7fff) + lo) / 32768;
}

/** The 30-bit integers (hi · 2^15 + lo) an observation allows. */
function range30(o: Observed): [number, number] {
  if (o === null || isResidue(o)) return [0, 2 ** 30 - 1];
  if (typeof o === 'number') {
    const m = o * 2 ** 30;
    return Number.isInteger(m) && m >= 0 && m < 2 ** 30 ? [m, m] : [1, 0];
  }
  return bucketRange(o, 30);
}

/** MSVCRT rand() twice per value (V8 ≤ 1.2.7 on Windows): every holdrand (bit 31 clear) that fits, from the first seen observation's hidden bits. */
export function solveMsvcrt(observed: readonly Observed[]): HistorySolved {
  // The first value or bucket seen (a residue bounds no range: only the check holds it).
  const f = observed.findIndex((o) => o !== null && !isResidue(o));
  if (f < 0) return { states: [], detail: 'no value seen', complete: false, need: 2 };
  const [lo, hi] = range30(observed[f]!);
  if (lo > hi) return { states: [], detail: 'an observation no output of v8-0.1-msvcrt gives', complete: true };
  // rand() #2 of the call shows bits 16–30 of its state: its 15-bit output lies in [lo >> 15, hi >> 15].
  const t0 = Math.floor(lo / 2 ** 15);
  const t1 = Math.floor(hi / 2 ** 15);
  const work = (t1 - t0 + 1) * 2 ** 16;
  if (work > MSVCRT_MAX_WORK) {
    return { states: [], detail: '', complete: false, unsupported: `the first seen observation leaves ${work} MSVCRT states to try (at most 2^26): give full values or buckets of n ≥ 32` };
  }
  const seen = new Set<number>();
  for (let t = t0; t <= t1; t++) {
    for (let low = 0; low < 0x10000; low++) {
      const x2 = ((t << 16) | low) >>> 0; // bit 31 = 0: it never reaches an output
      const x1 = msBack(x2);
      const v = msValue(x1, x2);
      const m = v * 2 ** 30;
      if (m < lo || m > hi) continue;
      let x = x2;
      let ok = true;
      for (let k = f + 1; k < observed.length && ok; k++) {
        const a = msStep(x);
        x = msStep(a);
        const o = observed[k]!;
        if (o === null) continue;
        const w = msValue(a, x);
        ok = matches(w, o);
      }
      if (!ok) continue;
      let X = msBack(x1);
      for (let k = 0; k < f; k++) X = msBack(msBack(X));
      // Bit 31 never shows: the canonical state has it clear (same future either way).
      seen.add((X & 0x7fffffff) >>> 0);
      if (seen.size > 256) return { states: [], detail: 'more than 256 MSVCRT states fit', complete: false, need: 1 };
    }
  }
  return { states: [...seen].map((x) => [x]), detail: `${work} MSVCRT states searched`, complete: true };
}

/** The MSVCRT state `count` calls (two rand() each) before x. */
export function msvcrtBack(x: number, count: number): number {
  for (let i = 0; i < 2 * count; i++) x = msBack(x);
  return x;
}

// ---- V8 1.2.8 – 3.4.8 C++ MWC ------------------------------------------------------------------

const HI_A = 36969;
const LO_A = 18273;

function mwcStepW(a: number, x: number): number {
  return (Math.imul(a, x & 0xffff) + (x >>> 16)) >>> 0;
}

/** Full values of v8-2.2-cpp32 / v8-1.2.8-smi30: [hi, lo] before the first observation. */
export function solveMwcCppFull(variant: 'v8-2.2-cpp32' | 'v8-1.2.8-smi30', values: readonly number[]): HistorySolved {
  const bits = variant === 'v8-2.2-cpp32' ? 32 : 30;
  const o = values.map((x) => x * 2 ** bits);
  if (!o.every((v) => Number.isInteger(v) && v >= 0 && v < 2 ** bits)) return { states: [], detail: `a value that is not a multiple of 2^-${bits}`, complete: true };
  if (values.length < 2) return { states: [], detail: 'two values fix the carries', complete: false, need: 2 - values.length };
  // lo: its low 16 bits are the output's low 16 bits; the carry after call 1 follows from call 2.
  const l1 = o[0]! % 0x10000;
  const l2 = o[1]! % 0x10000;
  const loCarry = (l2 - Math.imul(LO_A, l1)) & 0xffff;
  const lo1 = (loCarry * 0x10000 + l1) >>> 0;
  // hi: 16 (cpp32) or 14 (smi30) low bits on view above lo's 16.
  const shown = bits - 16;
  const h = o.map((v) => Math.floor(v / 0x10000));
  const his: number[] = [];
  const extra = 16 - shown; // hidden top bits of hi's low 16
  for (let e = 0; e < 1 << extra; e++) {
    const v1 = (e << shown) | h[0]!;
    // (36969·v1 + carry) mod 2^shown = h[1]: carries below 2^16 congruent mod 2^shown
    const c0 = (h[1]! - Math.imul(HI_A, v1)) & ((1 << shown) - 1);
    for (let c = c0; c < 0x10000; c += 1 << shown) his.push((c * 0x10000 + v1) >>> 0);
  }
  const states = new Map<string, number[]>();
  let ambiguousBack = false;
  for (const hi1 of his) {
    // Check every value from hi1, lo1 (the states after call 1).
    let hi = hi1;
    let lo = lo1;
    let ok = true;
    for (let k = 1; k < values.length && ok; k++) {
      hi = mwcStepW(HI_A, hi);
      lo = mwcStepW(LO_A, lo);
      const r = ((hi << 16) + (lo & 0xffff)) >>> 0;
      ok = (bits === 32 ? r : r & 0x3fffffff) === o[k];
    }
    if (!ok) continue;
    if (mwcBackIsAmbiguous(HI_A, hi1) || mwcBackIsAmbiguous(LO_A, lo1)) ambiguousBack = true;
    const s = [mwcStepBack(HI_A, hi1), mwcStepBack(LO_A, lo1)];
    states.set(s.join(), s);
  }
  return { states: [...states.values()], detail: `both generators' carries from two values${ambiguousBack ? ' (one predecessor of two chosen: the future is the same)' : ''}`, complete: true };
}

/**
 * The C++ MWC state `count` calls before `state`, or the number of previous values that are
 * known (`ambiguousAt`) where a state on the way is one of two with the same successor.
 */
export function mwcCppBack(variant: string, state: readonly number[], count: number): number[] | { ambiguousAt: number } {
  const [a0, a1] = variant === 'v8-3.21-cpp' ? [LO_A, HI_A] : [HI_A, LO_A];
  let [x, y] = state as [number, number];
  // The state itself was one of two with the same successor: its own output is not known.
  if (count > 0 && (mwcStateIsAmbiguous(a0, x) || mwcStateIsAmbiguous(a1, y))) return { ambiguousAt: 0 };
  for (let i = 0; i < count; i++) {
    if (i < count - 1 && (mwcBackIsAmbiguous(a0, x) || mwcBackIsAmbiguous(a1, y))) return { ambiguousAt: i + 1 };
    x = mwcStepBack(a0, x);
    y = mwcStepBack(a1, y);
  }
  return [x, y];
}

// ---- QuickJS ------------------------------------------------------------------------------------

/** The xorshift64 state `count` steps before `hex` (each of the three xorshifts undone). */
export function quickjsBack(hex: string, count: number): string {
  let x = BigInt(hex);
  for (let i = 0; i < count; i++) x = xorshift64StepBack(x);
  return `0x${x.toString(16).padStart(16, '0')}`;
}

