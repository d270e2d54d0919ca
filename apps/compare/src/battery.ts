/**
 * `compare battery`: TestU01's SmallCrush over one engine. The ten tests read one stream in
 * TestU01's order; with two workers the second starts by consuming exactly what the first six
 * tests read, so a split run gives the same p-values as a sequential one (and as TestU01).
 */
import { runSmallCrush, SMALLCRUSH, Uniforms, type TestResult } from '@emu/battery';
import { createEngine, type CreateOptions } from '@emu/engines';

export interface BatteryJob {
  engine: string;
  options: CreateOptions;
  /** Tests whose reads are consumed (not analysed) before `tests` run. */
  skip: number[];
  tests: number[];
}

/** Runs a job elsewhere (a worker thread), reporting each test's results as it finishes. */
export type BatteryRunner = (job: BatteryJob, onTest: (index: number, results: TestResult[]) => void) => Promise<void>;

/** The job's work, in this thread (also the body of the worker). */
export function runBatteryJob(job: BatteryJob, onTest: (index: number, results: TestResult[]) => void): void {
  const u = new Uniforms(createEngine(job.engine, job.options));
  for (const i of job.skip) SMALLCRUSH[i]!.consume(u);
  runSmallCrush(u, { tests: job.tests, onTest });
}

/** Split the ten tests into `workers` consecutive groups of about equal running time. */
export function splitTests(workers: number): { skip: number[]; tests: number[] }[] {
  const all = SMALLCRUSH.map((_, i) => i);
  // Measured on this machine: tests 1–6 take about as long as consuming their reads (~2 s) plus
  // running tests 7–10.
  if (workers <= 1) return [{ skip: [], tests: all }];
  return [
    { skip: [], tests: all.slice(0, 6) },
    { skip: all.slice(0, 6), tests: all.slice(6) },
  ];
}

export function formatP(p: number): string {
  if (p < 1e-300) return 'eps';
  if (p > 1 - 1e-15) return '1 - eps1';
  if (p < 0.01) return p.toExponential(2);
  if (p > 0.99) return `1 - ${(1 - p).toExponential(2)}`;
  return p.toFixed(4);
}

/** TestU01's summary lists every p-value outside [0.001, 0.999]. */
export function flagged(results: readonly TestResult[]): TestResult[] {
  return results.filter((r) => r.verdict !== 'pass');
}
