/**
 * TestU01's SmallCrush (bbattery_SmallCrush; user's guide, section bbattery): ten tests, fifteen
 * statistics, run one after another on one stream of uniforms. `uniforms` is each test's share of
 * the stream on average, used to split the battery over workers and to drive a progress bar.
 */
import { birthdaySpacings } from './birthday.js';
import { hammingIndep, matrixRank, randomWalk1, weightDistrib } from './bits.js';
import { collision, couponCollector, gap, maxOft, simpPoker } from './knuth.js';
import { Uniforms } from './stream.js';
import type { Source, TestResult } from './types.js';

export interface BatteryTest {
  readonly name: string;
  /** The statistics it reports, in TestU01's order and spelling. */
  readonly statistics: readonly string[];
  /** Uniforms it reads on average with SmallCrush's parameters. */
  readonly uniforms: number;
  run(u: Uniforms): TestResult[];
}

export const SMALLCRUSH: readonly BatteryTest[] = [
  { name: 'BirthdaySpacings', statistics: ['BirthdaySpacings'], uniforms: 10_000_000, run: (u) => [birthdaySpacings(u)] },
  { name: 'Collision', statistics: ['Collision'], uniforms: 10_000_000, run: (u) => [collision(u)] },
  // 2·10^5 gaps of mean length 256 (plus the value that ends each).
  { name: 'Gap', statistics: ['Gap'], uniforms: 51_400_000, run: (u) => [gap(u)] },
  { name: 'SimpPoker', statistics: ['SimpPoker'], uniforms: 25_600_000, run: (u) => [simpPoker(u)] },
  // 5·10^5 segments of mean length 16·H(16) ≈ 54.1.
  { name: 'CouponCollector', statistics: ['CouponCollector'], uniforms: 27_000_000, run: (u) => [couponCollector(u)] },
  { name: 'MaxOft', statistics: ['MaxOft', 'MaxOft AD'], uniforms: 12_000_000, run: (u) => maxOft(u) },
  { name: 'WeightDistrib', statistics: ['WeightDistrib'], uniforms: 51_200_000, run: (u) => [weightDistrib(u)] },
  { name: 'MatrixRank', statistics: ['MatrixRank'], uniforms: 7_200_000, run: (u) => [matrixRank(u)] },
  { name: 'HammingIndep', statistics: ['HammingIndep'], uniforms: 30_000_000, run: (u) => [hammingIndep(u)] },
  {
    name: 'RandomWalk1',
    statistics: ['RandomWalk1 H', 'RandomWalk1 M', 'RandomWalk1 J', 'RandomWalk1 R', 'RandomWalk1 C'],
    uniforms: 5_000_000,
    run: (u) => randomWalk1(u),
  },
];

export interface RunOptions {
  /** Indices into SMALLCRUSH (default: all ten, in order). */
  tests?: readonly number[];
  /** Called after each test with its results. */
  onTest?: (index: number, results: TestResult[]) => void;
}

/** Run (some of) SmallCrush's tests in order on one stream read from `source`. */
export function runSmallCrush(source: Source | Uniforms, options: RunOptions = {}): TestResult[] {
  const u = source instanceof Uniforms ? source : new Uniforms(source);
  const out: TestResult[] = [];
  for (const i of options.tests ?? SMALLCRUSH.map((_, k) => k)) {
    const test = SMALLCRUSH[i];
    if (!test) throw new RangeError(`no SmallCrush test ${i} (0..${SMALLCRUSH.length - 1})`);
    const results = test.run(u);
    options.onTest?.(i, results);
    out.push(...results);
  }
  return out;
}
