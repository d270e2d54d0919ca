/**
 * java.util.Random's LCG (SpiderMonkey ≤ 44) from partial observations. A value is
 * (x₁ >> 22) · 2^27 + (x₂ >> 21) over 2^53 for two consecutive 48-bit states; a bucket
 * Math.floor(x · n) pins the leading bits its interval shares, for n = 2^k the top k bits of x₁.
 * The state's other 48 − k bits are searched (a lattice method would need fewer values but is not
 * written here): feasible for k ≥ 24, i.e. n ≥ 2^24 or a value given in full.
 */
import { LCG48_MODULUS, LCG48_MULTIPLIER, Lcg48, lcg48Step, lcg48StepBack } from '@emu/core';
import { type Observed, bucketRange, isResidue, matches } from './observe.js';
import type { SmallRecovery } from './small.js';

/** Hidden state bits searched at most (2^24 candidates, about a second). */
export const LCG_MAX_HIDDEN = 24;
const TWO22 = 2 ** 22;
const TWO24 = 2 ** 24;
const TWO21 = 2 ** 21;
const INV_TWO21 = 2 ** -21;
const INV_TWO22 = 2 ** -22;
const TWO48 = LCG48_MODULUS;
const TWO27 = 2 ** 27;
const TWO_MINUS_53 = 2 ** -53;
/** States kept at most: more means the values are too few to tell them apart. */
export const LCG_MAX_STATES = 64;
/** Value bits of the first state (x₁ >> 22) in the 53-bit value. */
const FIRST_BITS = 26;

/** a, a², a³ mod 2^48. */
const POWERS = [1n, 2n, 3n].map((e) => Number(BigInt(LCG48_MULTIPLIER) ** e % BigInt(LCG48_MODULUS)));

/** The 53-bit integer of the double two consecutive states make. */
function value(x1: number, x2: number): number {
  // x · 2^-22 < 2^26 and x · 2^-21 < 2^27 are exact; | 0 truncates them to int32.
  return ((x1 * INV_TWO22) | 0) * TWO27 + ((x2 * INV_TWO21) | 0);
}

/** The 53-bit integers an observation allows. */
function range(o: Observed): [number, number] {
  if (o === null || isResidue(o)) return [0, 2 ** 53 - 1];
  return typeof o === 'number' ? [o * 2 ** 53, o * 2 ** 53] : bucketRange(o, 53);
}

/** The next Math.random value from g (two LCG steps). */
function draw(g: Lcg48): number {
  g.step();
  const a = g.hi * 4 + Math.floor(g.lo / TWO22); // x₁ >> 22
  g.step();
  const b = g.hi * 8 + Math.floor(g.lo / TWO21); // x₂ >> 21
  return (a * TWO27 + b) * TWO_MINUS_53;
}

export interface LcgPartialRecovery extends SmallRecovery {
  /** State bits the first seen observation leaves open (searched when ≤ LCG_MAX_HIDDEN). */
  readonly hidden: number;
  /** More than LCG_MAX_STATES states fit (only the first are listed). */
  readonly truncated: boolean;
}

/** java.util.Random's state before observation 0 by the exhaustive search of the first seen value's hidden bits (at most 2^24). */
export function recoverLcgPartial(observed: readonly Observed[]): LcgPartialRecovery {
  // The first value or bucket seen (a residue bounds no range: only the check holds it).
  const f = observed.findIndex((o) => o !== null && !isResidue(o));
  if (f < 0) return { states: [], searched: 0, hidden: 48, truncated: false };
  const o = observed[f]!;
  const [lo, hi] = range(o);
  if (!(lo <= hi)) return { states: [], searched: 0, hidden: 0, truncated: false };
  // Leading bits of the 53-bit value shared by the whole interval, within x₁'s 26.
  let p = 0;
  while (p < FIRST_BITS && Math.floor(lo / 2 ** (52 - p)) === Math.floor(hi / 2 ** (52 - p))) p++;
  const hidden = 48 - p;
  if (hidden > LCG_MAX_HIDDEN) return { states: [], searched: 0, hidden, truncated: false };
  const top = Math.floor(lo / 2 ** (53 - p)); // x₁'s top p bits
  const states: number[][] = [];
  let searched = 0;
  const g = new Lcg48(0);
  const base = top * 2 ** hidden;
  // x₂, x₃, x₄ = a^i·x₁ + cᵢ: consecutive x₁ move them by a^i mod 2^48 (no multiplication per
  // candidate); x₃ and x₄ make the next observation's value when it was seen.
  const [lo2, hi2] = range(observed[f + 1] ?? null);
  const [a1, a2, a3] = POWERS as [number, number, number];
  let x2 = lcg48Step(base);
  let x3 = lcg48Step(x2);
  let x4 = lcg48Step(x3);
  const count = 2 ** hidden;
  for (let l = 0; l < count; l++) {
    const x1 = base + l;
    const m1 = value(x1, x2);
    const m2 = value(x3, x4);
    const ok1 = m1 >= lo && m1 <= hi && m2 >= lo2 && m2 <= hi2;
    const y2 = x2;
    x2 = x2 + a1 >= TWO48 ? x2 + a1 - TWO48 : x2 + a1;
    x3 = x3 + a2 >= TWO48 ? x3 + a2 - TWO48 : x3 + a2;
    x4 = x4 + a3 >= TWO48 ? x4 + a3 - TWO48 : x4 + a3;
    if (!ok1) continue;
    g.hi = Math.floor(y2 / TWO24);
    g.lo = y2 - g.hi * TWO24;
    searched++;
    let ok = true;
    for (let k = f + 1; k < observed.length && ok; k++) ok = matches(draw(g), observed[k]!);
    if (!ok) continue;
    // The state before observation 0: two steps back per unseen call before the first seen one.
    let back = lcg48StepBack(x1);
    for (let i = 0; i < 2 * f; i++) back = lcg48StepBack(back);
    states.push([back]);
    if (states.length > LCG_MAX_STATES) return { states, searched, hidden, truncated: true };
  }
  return { states, searched, hidden, truncated: false };
}
