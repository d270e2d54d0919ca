import { SMALLCRUSH, type TestResult } from '@emu/battery';
import { createEngine } from '@emu/engines';
import { flagged, formatP, runBatteryJob, splitTests } from '../battery.js';
import type { Command, Io } from '../io.js';
import { SEED_OPTIONS, UsageError, parse, createOptionsFrom } from '../options.js';
import { startProgress } from '../progress.js';

export const HELP = `Usage: compare battery --engine E [--seed N | --random-seed N | --state <json>] --battery smallcrush [--format table|json] [--workers 1|2]

Runs TestU01's SmallCrush — ten tests, fifteen statistics, with the parameters of the TestU01
user's guide — on one engine's stream and prints each statistic's p-value and verdict (pass;
suspect outside [0.001, 0.999]; fail outside [1e-10, 1 − 1e-10]).

  --workers 1|2  split the tests over worker threads (default 2); the second worker first
                 consumes what the first six tests read, so the p-values do not change
  --rng-draws K  node@ ids: draws of V8's internal RNG before the state (see compare sequence)
`;

function batteryCmd(args: string[], io: Io): number | Promise<number> {
  const values = parse(args, {
    ...SEED_OPTIONS,
    engine: { type: 'string' },
    battery: { type: 'string', default: 'smallcrush' },
    format: { type: 'string', default: 'table' },
    workers: { type: 'string' },
    'rng-draws': { type: 'string' },
  });
  if (values.help) {
    io.out(HELP);
    return 0;
  }
  const engine = values.engine as string | undefined;
  if (!engine) throw new UsageError('--engine is required (see compare engines)');
  if (values.battery !== 'smallcrush') throw new UsageError(`--battery must be smallcrush (the only battery), got ${JSON.stringify(values.battery)}`);
  const format = values.format as string;
  if (!['table', 'json'].includes(format)) throw new UsageError(`--format must be table or json, got ${JSON.stringify(format)}`);
  const workersRaw = values.workers as string | undefined;
  if (workersRaw !== undefined && !/^[12]$/.test(workersRaw)) throw new UsageError(`--workers must be 1 or 2, got ${JSON.stringify(workersRaw)}`);
  const options = createOptionsFrom(values);
  // Create it here first: a bad id, seed or state fails now, with its message, not in a worker.
  const emu = createEngine(engine, options);
  const runner = io.battery;
  const workers = runner ? Number(workersRaw ?? 2) : 1;
  const groups = splitTests(workers);
  const total = SMALLCRUSH.reduce((a, t) => a + t.uniforms, 0);
  const progress = startProgress(io, total, 'SmallCrush');
  const byTest: TestResult[][] = [];
  let done = 0;
  const onTest = (index: number, results: TestResult[]) => {
    byTest[index] = results;
    done += SMALLCRUSH[index]!.uniforms;
    progress.tick(done);
  };
  const start = Date.now();
  const finish = () => {
    progress.done();
    const results = byTest.flat();
    const seconds = (Date.now() - start) / 1000;
    if (format === 'json') {
      io.out(JSON.stringify({ engine, battery: 'smallcrush', variant: emu.variant, workers, seconds, results: results.map(({ test, statistic, p, verdict }) => ({ test, statistic, p, verdict })) }) + '\n');
      return 0;
    }
    const seeding = options.state !== undefined ? `state ${JSON.stringify(options.state)}` : `seed ${options.seed}`;
    io.out(`${engine} (${emu.variant}), ${seeding}: TestU01 SmallCrush, ${results.length} statistics\n`);
    io.out(`  ${'statistic'.padEnd(18)} ${'value'.padEnd(40)} ${'p-value'.padEnd(12)} verdict\n`);
    for (const r of results) io.out(`  ${r.test.padEnd(18)} ${r.statistic.padEnd(40)} ${formatP(r.p).padEnd(12)} ${r.verdict}\n`);
    const bad = flagged(results);
    const fails = bad.filter((r) => r.verdict === 'fail').length;
    io.out(`  outside [0.001, 0.999]: ${bad.length} of ${results.length} (${fails} fail, ${bad.length - fails} suspect)${bad.length ? `: ${bad.map((r) => r.test).join(', ')}` : ''}\n`);
    io.out(`  ${seconds.toFixed(1)} s, ${workers} worker${workers > 1 ? 's' : ''}\n`);
    return 0;
  };
  if (!runner || workers === 1) {
    for (const g of groups) runBatteryJob({ engine, options, ...g }, onTest);
    return finish();
  }
  return Promise.all(groups.map((g) => runner({ engine, options, ...g }, onTest))).then(finish);
}

export const command: Command = { name: 'battery', summary: 'TestU01 SmallCrush (10 tests, 15 statistics) on one engine', help: HELP, run: batteryCmd };
