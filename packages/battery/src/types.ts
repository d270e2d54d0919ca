/** Anything that can fill a Float64Array with uniforms in [0, 1): every emulator can. */
export interface Source {
  /** Fills `out` with the next `out.length` uniforms in [0, 1), in order; returns `out`. */
  fill(out: Float64Array): Float64Array;
}

/** A statistic's verdict from its p-value, as TestU01 reports it (see verdict()). */
export type Verdict = 'pass' | 'suspect' | 'fail';

/** One statistic of one test: its name, the statistic in words and as a number, its p-value and verdict. */
export interface TestResult {
  /** TestU01's name for the statistic, e.g. "MaxOft AD", "RandomWalk1 H". */
  readonly test: string;
  /** The statistic in words, e.g. "χ² = 75.3 (df 60)". */
  readonly statistic: string;
  readonly value: number;
  readonly p: number;
  readonly verdict: Verdict;
}

/** TestU01's reporting: p outside [0.001, 0.999] is suspect, outside [1e-10, 1 − 1e-10] a failure. */
export function verdict(p: number): Verdict {
  if (!(p >= 1e-10 && p <= 1 - 1e-10)) return 'fail';
  if (p < 0.001 || p > 0.999) return 'suspect';
  return 'pass';
}

/** A TestResult with the verdict of `p` filled in. */
export function result(test: string, statistic: string, value: number, p: number): TestResult {
  return { test, statistic, value, p, verdict: verdict(p) };
}
