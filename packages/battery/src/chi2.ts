/**
 * TestU01's chi-square bookkeeping (probdist gofs_MergeClasses, gofs_Chi2): classes whose expected
 * count is below 10 are merged upwards with their neighbours until each holds at least 10; a
 * last class still below 10 joins the one before it. The statistic is Σ (observed − expected)² /
 * expected over the merged classes, with (classes − 1) degrees of freedom.
 */
import { chiSquareSf } from './dist.js';

/** gofs_MinExpected */
export const MIN_EXPECTED = 10;

/** Merged chi-square classes: which class each raw value min..max falls in, and each class's expected count. */
export interface Classes {
  /** classOf[v - min]: the merged class of raw value v (min ≤ v ≤ max). */
  readonly classOf: Int32Array;
  readonly expected: Float64Array;
  readonly min: number;
  readonly max: number;
}

/** Merge the raw classes min..max whose expected counts are `expected[v - min]`. */
export function mergeClasses(expected: ArrayLike<number>, min = 0): Classes {
  const n = expected.length;
  const classOf = new Int32Array(n);
  const merged: number[] = [];
  let v = 0;
  while (v < n) {
    let sum = expected[v]!;
    classOf[v] = merged.length;
    while (sum < MIN_EXPECTED && v < n - 1) {
      v++;
      sum += expected[v]!;
      classOf[v] = merged.length;
    }
    merged.push(sum);
    v++;
  }
  if (merged.length > 1 && merged[merged.length - 1]! < MIN_EXPECTED) {
    const last = merged.pop()!;
    merged[merged.length - 1]! += last;
    for (let i = 0; i < n; i++) if (classOf[i] === merged.length) classOf[i] = merged.length - 1;
  }
  return { classOf, expected: Float64Array.from(merged), min, max: min + n - 1 };
}

/** Counts per merged class, for values fed one by one (values outside min..max clamp to the ends). */
export class ClassCounter {
  readonly counts: Float64Array;
  constructor(readonly classes: Classes) {
    this.counts = new Float64Array(classes.expected.length);
  }
  add(value: number, times = 1): void {
    const { classOf, min, max } = this.classes;
    const v = value < min ? min : value > max ? max : value;
    this.counts[classOf[v - min]!]! += times;
  }
}

/** A chi-square statistic `x2`, its degrees of freedom `df` and its upper-tail p-value `p`. */
export interface ChiSquare {
  readonly x2: number;
  readonly df: number;
  readonly p: number;
}

/** Σ (observed − expected)² / expected, and its upper-tail p-value with `df` degrees of freedom. */
export function chiSquare(expected: ArrayLike<number>, observed: ArrayLike<number>, df = expected.length - 1): ChiSquare {
  let x2 = 0;
  for (let i = 0; i < expected.length; i++) {
    const e = expected[i]!;
    if (e <= 0) continue;
    const diff = observed[i]! - e;
    x2 += (diff * diff) / e;
  }
  return { x2, df, p: chiSquareSf(x2, df) };
}

export function chiSquareOf(counter: ClassCounter): ChiSquare {
  return chiSquare(counter.classes.expected, counter.counts);
}
