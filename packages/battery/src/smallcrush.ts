/**
 * TestU01's SmallCrush (bbattery_SmallCrush; user's guide, section bbattery): ten tests, fifteen
 * statistics, run one after another on one stream of uniforms. `uniforms` is each test's share of
 * the stream on average, used to split the battery over workers and to drive a progress bar.
 */
import { birthdaySpacings, SMALLCRUSH_BIRTHDAY as B } from './birthday.js';
import {
  hammingIndep, matrixRank, randomWalk1, weightDistrib,
  SMALLCRUSH_HAMMING as H, SMALLCRUSH_RANK as R, SMALLCRUSH_WALK as W, SMALLCRUSH_WEIGHT as WD,
} from './bits.js';
import {
  collision, couponCollector, couponConsume, gap, gapConsume, maxOft, simpPoker,
  SMALLCRUSH_COLLISION as C, SMALLCRUSH_MAXOFT as M, SMALLCRUSH_POKER as P,
} from './knuth.js';
import { Uniforms } from './stream.js';
import type { Source, TestResult } from './types.js';

/** One SmallCrush test: its name and statistics, its share of the stream, and how to run or skip it. */
export interface BatteryTest {
  readonly name: string;
  /** The statistics it reports, in TestU01's order and spelling. */
  readonly statistics: readonly string[];
  /** Uniforms it reads on average with SmallCrush's parameters. */
  readonly uniforms: number;
  /** Runs the test with SmallCrush's parameters on `u`: one result per statistic. */
  run(u: Uniforms): TestResult[];
  /** Read exactly the values run() reads, without computing anything: a second worker uses it to
   * start where the tests before it end, so a split run reads the stream as a sequential one. */
  consume(u: Uniforms): void;
}

const fixed = (count: number) => (u: Uniforms) => u.skip(count);

/** SmallCrush's ten tests in bbattery_SmallCrush's order. */
export const SMALLCRUSH: readonly BatteryTest[] = [
  { name: 'BirthdaySpacings', statistics: ['BirthdaySpacings'], uniforms: 10_000_000, run: (u) => [birthdaySpacings(u)], consume: fixed(B.n * B.t) },
  { name: 'Collision', statistics: ['Collision'], uniforms: 10_000_000, run: (u) => [collision(u)], consume: fixed(C.n * C.t) },
  // 2·10^5 gaps of mean length 256 (plus the value that ends each).
  { name: 'Gap', statistics: ['Gap'], uniforms: 51_400_000, run: (u) => [gap(u)], consume: (u) => gapConsume(u) },
  { name: 'SimpPoker', statistics: ['SimpPoker'], uniforms: 25_600_000, run: (u) => [simpPoker(u)], consume: fixed(P.n * P.k) },
  // 5·10^5 segments of mean length 16·H(16) ≈ 54.1.
  { name: 'CouponCollector', statistics: ['CouponCollector'], uniforms: 27_000_000, run: (u) => [couponCollector(u)], consume: (u) => couponConsume(u) },
  { name: 'MaxOft', statistics: ['MaxOft', 'MaxOft AD'], uniforms: 12_000_000, run: (u) => maxOft(u), consume: fixed(M.n * M.t) },
  { name: 'WeightDistrib', statistics: ['WeightDistrib'], uniforms: 51_200_000, run: (u) => [weightDistrib(u)], consume: fixed(WD.n * WD.k) },
  { name: 'MatrixRank', statistics: ['MatrixRank'], uniforms: 7_200_000, run: (u) => [matrixRank(u)], consume: fixed((R.n * R.L * R.k) / R.s) },
  { name: 'HammingIndep', statistics: ['HammingIndep'], uniforms: 30_000_000, run: (u) => [hammingIndep(u)], consume: fixed((2 * H.n * H.L) / H.s) },
  {
    name: 'RandomWalk1',
    statistics: ['RandomWalk1 H', 'RandomWalk1 M', 'RandomWalk1 J', 'RandomWalk1 R', 'RandomWalk1 C'],
    uniforms: 5_000_000,
    run: (u) => randomWalk1(u),
    consume: fixed((W.n * W.L) / W.s),
  },
];

/** Options of runSmallCrush(): which tests, and a callback after each. */
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
