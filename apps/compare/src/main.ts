/**
 * `compare`: the emulators side by side. Commands:
 *   (none)      the five seed emulators on a default seed, as a table
 *   sequence    K values of one engine, one per line (contract: see HELP.sequence)
 *   engines     the registry
 * Every bad argument ends in one line on stderr naming the problem, and exit code 2.
 */
import { type ParseArgsConfig, parseArgs } from 'node:util';
import { EmuError, type Emulator, doubleToHex, lcg48Step } from '@emu/core';
import { ERAS, type Flavor, NODE_RELEASES, PACKAGE_IDS, type VariantId, createEngine, knownEngineIds } from '@emu/engines';
import { processSeed, seedKind } from './ids.js';
import { type Observed, identify, parseObservations, predict } from '@emu/recover';
import { brentCycle, SMALLCRUSH, type TestResult } from '@emu/battery';
import { flagged, formatP, runBatteryJob, splitTests, type BatteryRunner } from './battery.js';

export interface Io {
  out(s: string): void;
  err(s: string): void;
  /** stderr is a terminal: progress bars allowed. */
  isTTY?: boolean;
  /** Binary output (stream); returns false when the reader has gone (EPIPE). */
  outBytes?(b: Uint8Array): boolean;
  /** The whole of standard input (predict, identify). */
  readStdin?(): string;
  /** `serve`: starts the page server (Node only; injected by cli.ts so tests can run without it). */
  serve?(port: number): Promise<string>;
  /** `battery`: runs part of SmallCrush in a worker thread (Node only; injected by cli.ts). */
  battery?: BatteryRunner;
}

export const DEFAULT_SEED = 42;
const MAX_COUNT = 10_000_000;

const HELP: Record<string, string> = {
  main: `Usage: compare [command] [options]

Commands:
  (none)     the five seed emulators side by side on seed ${DEFAULT_SEED}
  table      the same, with --seed N and --count K
  sequence   K values of one engine, one per line
  run        several engines side by side (table, json, csv, hex)
  predict    recover an engine's state from observed values; print previous and next values
  stream     raw 32-bit words or doubles on stdout, e.g. for dieharder -g 200
  battery    TestU01 SmallCrush (10 tests, 15 statistics) on one engine
  cycles     cycle lengths of the MWC1616 halves and the LCG's low bits (Brent)
  identify   which engines can explain observed values
  diff       the first index where two engines (or versions) diverge
  ids        Betable-style identifiers from one engine, with the collision count
  serve      the browser page (loopback), pictures of every engine
  engines    the registry of engine ids

Run 'compare <command> --help' for a command's options.
`,
  table: `Usage: compare [table] [--seed N] [--count K] [--format table|hex]

The five seed emulators (v8-2015, v8-patched, firefox-lcg, webkit-gamerand, xorshift128plus)
seeded with each engine's own routine from the same N (default ${DEFAULT_SEED}), side by side.
'*' marks the rows where V8's 2015 patch changed the output (v8-2015 vs v8-patched, same state).
`,
  sequence: `Usage: compare sequence --engine <id> [--seed N | --random-seed N | --state <json>] --count K
                        [--format hex|float|json] [--output random|raw]
                        [--variant V] [--flavor v8|spidermonkey|jsc] [--entry file|eval|stdin]

  --engine       a registry id: ${PACKAGE_IDS.join(', ')}, node@VERSION, v8@X.Y.Z,
                 chrome@M, firefox@N, spidermonkey@N, safari@X, jsc@X (see compare engines)
  --seed N       run the engine's own seeding routine (for V8 ids: --random_seed)
  --random-seed  V8's --random_seed flag (V8, chrome@ and node@ ids)
  --state JSON   the raw state, words in the engine source's order, e.g. [1,2,3,4]
  --count K      how many values (1 … ${MAX_COUNT})
  --format       hex: 16 lowercase hex digits of the IEEE-754 bits (default);
                 float: the shortest decimal that round-trips; json: one JSON object per line
  --output raw   the engine's raw integer output (V8: MathRandomRaw) in decimal
  --entry        node@ ids: how the script was started (default file)
  --rng-draws K  node@ ids of V8 3.26–4.6 and 4.9.41–5.8: draws of V8's internal RNG before
                 Math.random took its state (default: the value measured for the release)
`,
  run: `Usage: compare run --engines a,b,c [--seed N | --random-seed N | --state <json>] [--count K]
                   [--format table|json|csv|hex] [--entry file|eval|stdin]

Each engine seeded through its own routine (or given the same raw state), side by side.
`,
  diff: `Usage: compare diff --engines a,b [--seed N | --random-seed N | --state <json>] [--max K]

Draws from both engines until their bit patterns differ (at most K values, default 1,000,000) and
prints the first diverging index with both values as 16 hex digits; exit 1 if they diverge.
`,
  ids: `Usage: compare ids (--engine X | --engines a,b,…) [--length 22] [--alphabet base64|hex|alnum|<chars>] [--count N]
                   [--seed N | --random-seed N | --state <json>] [--reseed-each] [--print]

Makes N identifiers the way Betable did: one Math.floor(Math.random() * alphabet.length) per
character. --reseed-each makes every identifier from a freshly seeded engine (a hash of seed and
i), as from many processes — that is where MWC1616's short-period high bits collide. Prints the number of colliding identifiers next to the birthday-bound expectation for
a perfect generator (n(n−1)/2 / alphabet^length); --print also writes every identifier.
--engines a,b,… prints the side-by-side table instead: per engine, the collisions among N
identifiers from one stream and among N from freshly seeded engines.
`,
  serve: `Usage: compare serve [--port P]

Serves the browser page on 127.0.0.1 (port P, or a free one) and prints its address. The page runs
the emulator packages' own ESM builds in the browser.
`,
  battery: `Usage: compare battery --engine E [--seed N | --random-seed N | --state <json>] --battery smallcrush [--format table|json] [--workers 1|2]

Runs TestU01's SmallCrush — ten tests, fifteen statistics, with the parameters of the TestU01
user's guide — on one engine's stream and prints each statistic's p-value and verdict (pass;
suspect outside [0.001, 0.999]; fail outside [1e-10, 1 − 1e-10]).

  --workers 1|2  split the tests over worker threads (default 2); the second worker first
                 consumes what the first six tests read, so the p-values do not change
  --rng-draws K  node@ ids: draws of V8's internal RNG before the state (see compare sequence)
`,
  cycles: `Usage: compare cycles

Measures cycle lengths with Brent's algorithm where the state is small enough: each MWC1616
sub-generator (V8 ≤ 4.9; a few seconds each), and the low k bits of the 48-bit LCG (period 2^k).
GameRand's 64-bit state is walked for 2^32 steps from seed 42 (a lower bound on its cycle).
`,
  stream: `Usage: compare stream --engine X [--seed N | --random-seed N | --state <json>] [--format u32|f64] [--count N]

Writes raw binary values to stdout until --count values (default: without end, until the reader
stops): u32 = floor(x · 2^32) as 32-bit little-endian words (the top 32 bits of each double, for
dieharder -g 200), f64 = the doubles themselves, little-endian.
`,
  predict: `Usage: compare predict --engine X [--bucket N] [--next N] [--previous N] [--format hex|float|bucket] < observed.txt

Reads consecutive observations, one per line, recovers the engine's state, and prints the N
previous values (chronological), a blank line, then the N next values. Exit 3 with a one-line
reason when the data are too few ("need about K more"), ambiguous, or no state of the engine
explains them. A line is one of:
  0.123…, 3fbf7ced916872b0    a Math.random value as JavaScript printed it, or its 16 hex digits
  j/n                         only Math.floor(Math.random() * n) = j was seen (a die, an ID, an index)
  j                           the same with n from --bucket N
  ?                           a call whose value was not seen
Partial values work where the engine shows them linearly (V8 7.1+ / Node 12+, s0 mappings); for
N = 2^k each value gives k bits of 128. With --bucket the predictions print as buckets unless
--format says otherwise.
`,
  identify: `Usage: compare identify [--bucket N] [--json] < observed.txt

Says which registered engine eras can explain the observed values, and which cannot (lines as
for predict).
`,
  engines: `Usage: compare engines [--json]

Lists every engine id the registry resolves, with its variant and what it emulates.
`,
};

class UsageError extends Error {}

type Values = Record<string, string | boolean | undefined>;

function parse(rawArgs: string[], options: NonNullable<ParseArgsConfig['options']>): Values {
  // `--seed -7` would read as an unknown flag: glue a negative number to its option.
  const args: string[] = [];
  for (let i = 0; i < rawArgs.length; i++) {
    const a = rawArgs[i]!;
    const name = a.startsWith('--') && !a.includes('=') ? a.slice(2) : undefined;
    const next = rawArgs[i + 1];
    if (name && options[name]?.type === 'string' && next !== undefined && /^-[0-9]/.test(next)) {
      args.push(`${a}=${next}`);
      i++;
    } else {
      args.push(a);
    }
  }
  try {
    return parseArgs({ args, options: { ...options, help: { type: 'boolean', short: 'h' } }, strict: true, allowPositionals: false })
      .values as Values;
  } catch (e) {
    throw new UsageError((e as Error).message.split('\n')[0]!);
  }
}

function parseCount(raw: string | undefined, fallback?: number, flag = '--count', max = MAX_COUNT): number {
  if (raw === undefined) {
    if (fallback !== undefined) return fallback;
    throw new UsageError(`${flag} is required`);
  }
  const n = Number(raw);
  if (!/^[0-9]+$/.test(raw.trim()) || !Number.isSafeInteger(n) || n < 1 || n > max) {
    throw new UsageError(`${flag} must be an integer in [1, ${max}], got ${JSON.stringify(raw)}`);
  }
  return n;
}

function parseState(raw: string): unknown[] {
  let v: unknown;
  try {
    v = JSON.parse(raw);
  } catch {
    throw new UsageError(`--state is not valid JSON: ${JSON.stringify(raw)}`);
  }
  if (!Array.isArray(v)) throw new UsageError(`--state must be a JSON array of state words, got ${JSON.stringify(raw)}`);
  return v;
}

/** A seed as given on the command line: an integer, kept as a string so no precision is lost. */
function parseSeed(flag: string, raw: string): string {
  if (!/^-?(?:[0-9]+|0x[0-9a-fA-F]+)$/.test(raw.trim())) throw new UsageError(`${flag} must be an integer, got ${JSON.stringify(raw)}`);
  return raw.trim();
}

function formatFloat(x: number): string {
  return Object.is(x, -0) ? '-0' : String(x);
}

function sequence(args: string[], io: Io): number {
  const values = parse(args, {
    engine: { type: 'string' },
    seed: { type: 'string' },
    'random-seed': { type: 'string' },
    state: { type: 'string' },
    count: { type: 'string' },
    format: { type: 'string', default: 'hex' },
    output: { type: 'string', default: 'random' },
    variant: { type: 'string' },
    flavor: { type: 'string' },
    entry: { type: 'string' },
    'rng-draws': { type: 'string' },
  });
  if (values.help) {
    io.out(HELP.sequence!);
    return 0;
  }
  const engine = values.engine as string | undefined;
  if (!engine) throw new UsageError('--engine is required (see compare engines)');
  const format = values.format as string;
  if (!['hex', 'float', 'json'].includes(format)) throw new UsageError(`--format must be hex, float or json, got ${JSON.stringify(format)}`);
  const output = values.output as string;
  if (!['random', 'raw'].includes(output)) throw new UsageError(`--output must be random or raw, got ${JSON.stringify(output)}`);
  const entry = values.entry as string | undefined;
  if (entry !== undefined && !['file', 'eval', 'stdin'].includes(entry)) {
    throw new UsageError(`--entry must be file, eval or stdin, got ${JSON.stringify(entry)}`);
  }
  const given = ['seed', 'random-seed', 'state'].filter((k) => values[k] !== undefined);
  if (given.length > 1) throw new UsageError(`give only one of --seed, --random-seed, --state (got ${given.map((g) => `--${g}`).join(' and ')})`);
  const count = parseCount(values.count as string | undefined);
  const drawsRaw = values['rng-draws'] as string | undefined;
  if (drawsRaw !== undefined && !/^[0-9]+$/.test(drawsRaw)) throw new UsageError(`--rng-draws must be a non-negative integer, got ${JSON.stringify(drawsRaw)}`);
  const seedRaw = (values.seed ?? values['random-seed']) as string | undefined;
  const emu = createEngine(engine, {
    seed: seedRaw === undefined ? (values.state === undefined ? DEFAULT_SEED : undefined) : parseSeed(values.seed ? '--seed' : '--random-seed', seedRaw),
    state: values.state === undefined ? undefined : parseState(values.state as string),
    variant: values.variant as VariantId | undefined, // checked by the emulator package
    flavor: values.flavor as Flavor | undefined,
    entry: entry as 'file' | 'eval' | 'stdin' | undefined,
    rngDrawsBefore: drawsRaw === undefined ? undefined : Number(drawsRaw),
  });
  if (output === 'raw' && typeof emu.raw !== 'function') {
    throw new UsageError(`engine ${engine} (${emu.variant}) has no raw integer output; use --output random`);
  }
  const lines: string[] = [];
  const flush = () => {
    io.out(lines.join('\n') + '\n');
    lines.length = 0;
  };
  for (let i = 0; i < count; i++) {
    if (output === 'raw') {
      const r = emu.raw!();
      lines.push(format === 'json' ? JSON.stringify({ i, raw: r }) : String(r));
    } else {
      const x = emu.random();
      if (format === 'hex') lines.push(doubleToHex(x));
      else if (format === 'float') lines.push(formatFloat(x));
      else lines.push(`{"i":${i},"hex":"${doubleToHex(x)}","value":${formatFloat(x)}}`);
    }
    if (lines.length === 65536) flush();
  }
  if (lines.length) flush();
  return 0;
}

function table(args: string[], io: Io): number {
  const values = parse(args, { seed: { type: 'string' }, count: { type: 'string' }, format: { type: 'string', default: 'table' } });
  if (values.help) {
    io.out(HELP.table!);
    return 0;
  }
  const format = values.format as string;
  if (!['table', 'hex'].includes(format)) throw new UsageError(`--format must be table or hex, got ${JSON.stringify(format)}`);
  const seed = values.seed === undefined ? String(DEFAULT_SEED) : parseSeed('--seed', values.seed as string);
  const count = parseCount(values.count as string | undefined, 16);
  const emus: Emulator[] = PACKAGE_IDS.map((id) => createEngine(id, { seed }));
  const show = format === 'hex' ? doubleToHex : (x: number) => x.toFixed(16);
  const header = ['#', ...PACKAGE_IDS, 'patch'];
  const rows: string[][] = [];
  for (let i = 0; i < count; i++) {
    const vals = emus.map((e) => e.random());
    const changed = doubleToHex(vals[0]!) !== doubleToHex(vals[1]!);
    rows.push([String(i), ...vals.map(show), changed ? '*' : '']);
  }
  const widths = header.map((h, c) => Math.max(h.length, ...rows.map((r) => r[c]!.length)));
  const line = (cells: string[]) => cells.map((s, c) => (c === 0 ? s.padStart(widths[c]!) : s.padEnd(widths[c]!))).join('  ').trimEnd();
  io.out(`Math.random, seed ${seed} through each engine's own seeding routine (variants: ${emus.map((e) => e.variant).join(', ')})\n`);
  io.out(line(header) + '\n' + line(widths.map((w) => '-'.repeat(w))) + '\n');
  for (const r of rows) io.out(line(r) + '\n');
  io.out(`\n* = V8's 2015 patch (623cbdc5) changed this value: v8-2015 and v8-patched start from the same state.\n`);
  return 0;
}

const SEED_OPTIONS = {
  seed: { type: 'string' },
  'random-seed': { type: 'string' },
  state: { type: 'string' },
  entry: { type: 'string' },
} as const;

/** The seed/state part of CreateOptions from parsed flags (default: seed 42). */
function seedingFrom(values: Values): { seed?: string | number; state?: unknown[]; entry?: 'file' | 'eval' | 'stdin' } {
  const given = ['seed', 'random-seed', 'state'].filter((k) => values[k] !== undefined);
  if (given.length > 1) throw new UsageError(`give only one of --seed, --random-seed, --state (got ${given.map((g) => `--${g}`).join(' and ')})`);
  const entry = values.entry as string | undefined;
  if (entry !== undefined && !['file', 'eval', 'stdin'].includes(entry)) throw new UsageError(`--entry must be file, eval or stdin, got ${JSON.stringify(entry)}`);
  const seedRaw = (values.seed ?? values['random-seed']) as string | undefined;
  return {
    ...(values.state !== undefined ? { state: parseState(values.state as string) } : { seed: seedRaw === undefined ? DEFAULT_SEED : parseSeed(values.seed ? '--seed' : '--random-seed', seedRaw) }),
    ...(entry ? { entry: entry as 'file' | 'eval' | 'stdin' } : {}),
  };
}

function engineList(raw: unknown, min: number, max: number): string[] {
  if (typeof raw !== 'string' || raw.trim() === '') throw new UsageError('--engines is required: a comma-separated list of engine ids (see compare engines)');
  const ids = raw.split(',').map((x) => x.trim()).filter(Boolean);
  if (ids.length < min || ids.length > max) throw new UsageError(`--engines takes ${min === max ? min : `${min} to ${max}`} ids, got ${ids.length}: ${JSON.stringify(raw)}`);
  return ids;
}

function runCmd(args: string[], io: Io): number {
  const values = parse(args, { ...SEED_OPTIONS, engines: { type: 'string' }, count: { type: 'string' }, format: { type: 'string', default: 'table' } });
  if (values.help) {
    io.out(HELP.run!);
    return 0;
  }
  const ids = engineList(values.engines, 1, 16);
  const format = values.format as string;
  if (!['table', 'json', 'csv', 'hex'].includes(format)) throw new UsageError(`--format must be table, json, csv or hex, got ${JSON.stringify(format)}`);
  const count = parseCount(values.count as string | undefined, 16);
  const seeding = seedingFrom(values);
  const emus = ids.map((id) => createEngine(id, seeding));
  const cols = emus.map(() => [] as number[]);
  for (let i = 0; i < count; i++) emus.forEach((e, c) => cols[c]!.push(e.random()));
  if (format === 'json') {
    io.out(JSON.stringify({ seeding, engines: ids.map((id, c) => ({ id, variant: emus[c]!.variant, hex: cols[c]!.map(doubleToHex), values: cols[c] })) }) + '\n');
  } else if (format === 'csv') {
    io.out(['index', ...ids.flatMap((id) => [`${id}`, `${id} hex`])].join(',') + '\n');
    for (let i = 0; i < count; i++) io.out([i, ...cols.flatMap((col) => [formatFloat(col[i]!), doubleToHex(col[i]!)])].join(',') + '\n');
  } else {
    const show = format === 'hex' ? doubleToHex : (x: number) => formatFloat(x);
    const rows = Array.from({ length: count }, (_, i) => [String(i), ...cols.map((col) => show(col[i]!))]);
    const header = ['#', ...ids];
    const widths = header.map((h, c) => Math.max(h.length, ...rows.map((r) => r[c]!.length)));
    const line = (cells: string[]) => cells.map((x, c) => (c === 0 ? x.padStart(widths[c]!) : x.padEnd(widths[c]!))).join('  ').trimEnd();
    io.out(line(header) + '\n' + line(widths.map((w) => '-'.repeat(w))) + '\n' + rows.map(line).join('\n') + '\n');
  }
  return 0;
}

function diffCmd(args: string[], io: Io): number {
  const values = parse(args, { ...SEED_OPTIONS, engines: { type: 'string' }, max: { type: 'string' } });
  if (values.help) {
    io.out(HELP.diff!);
    return 0;
  }
  const ids = engineList(values.engines, 2, 2);
  const max = values.max === undefined ? 1_000_000 : parseCount(values.max as string, undefined, '--max');
  const seeding = seedingFrom(values);
  const [a, b] = ids.map((id) => createEngine(id, seeding)) as [Emulator, Emulator];
  const progress = startProgress(io, max, 'diff');
  for (let i = 0; i < max; i++) {
    const x = doubleToHex(a.random());
    const y = doubleToHex(b.random());
    if (x !== y) {
      progress.done();
      io.out(`first divergence at index ${i}: ${ids[0]} ${x}  ${ids[1]} ${y}\n`);
      return 1;
    }
    if ((i & 0xffff) === 0) progress.tick(i);
  }
  progress.done();
  io.out(`identical for ${max} values (${ids[0]} = ${ids[1]} for this seeding)\n`);
  return 0;
}

const ALPHABETS: Record<string, string> = {
  base64: 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/',
  hex: '0123456789abcdef',
  alnum: 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789',
};

interface IdRun { variant: string; collisions: number; printed: string[] }

/** Betable's identifiers: `length` characters, one Math.floor(random() · n) each; counts repeats. */
function makeIds(engine: string, seeding: ReturnType<typeof seedingFrom>, count: number, length: number, alphabet: string, reseed: boolean, print: boolean, progress: { tick(i: number): void }): IdRun {
  let emu = createEngine(engine, seeding);
  const seen = new Set<string>();
  let collisions = 0;
  const n = alphabet.length;
  const printed: string[] = [];
  for (let i = 0; i < count; i++) {
    // --reseed-each: every identifier from a freshly seeded engine, as from many processes.
    if (reseed) emu = createEngine(engine, { ...seeding, seed: processSeed(Number(seeding.seed), i, seedKind(emu)) });
    let id = '';
    for (let k = 0; k < length; k++) id += alphabet[Math.floor(emu.random() * n)];
    if (seen.has(id)) collisions++;
    else seen.add(id);
    if (print) printed.push(id);
    if ((i & 0x3fff) === 0) progress.tick(i);
  }
  return { variant: emu.variant, collisions, printed };
}

function idsCmd(args: string[], io: Io): number {
  const values = parse(args, {
    ...SEED_OPTIONS,
    engine: { type: 'string' },
    engines: { type: 'string' },
    length: { type: 'string' },
    alphabet: { type: 'string', default: 'base64' },
    count: { type: 'string' },
    print: { type: 'boolean', default: false },
    'reseed-each': { type: 'boolean', default: false },
  });
  if (values.help) {
    io.out(HELP.ids!);
    return 0;
  }
  const engine = values.engine as string | undefined;
  if (!engine && values.engines === undefined) throw new UsageError('--engine (or --engines a,b,… for the side-by-side table) is required (see compare engines)');
  if (engine && values.engines !== undefined) throw new UsageError('give --engine or --engines, not both');
  const length = values.length === undefined ? 22 : parseCount(values.length as string, undefined, '--length', 1000);
  const alphabetArg = values.alphabet as string;
  const alphabet = ALPHABETS[alphabetArg] ?? alphabetArg;
  if (alphabet.length < 2 || new Set(alphabet).size !== alphabet.length) {
    throw new UsageError(`--alphabet must be base64, hex, alnum or at least 2 distinct characters, got ${JSON.stringify(alphabetArg)}`);
  }
  const count = values.count === undefined ? 100_000 : parseCount(values.count as string, undefined, '--count', 5_000_000);
  const seeding = seedingFrom(values);
  const reseed = values['reseed-each'] === true;
  if ((reseed || values.engines !== undefined) && seeding.seed === undefined) throw new UsageError('--reseed-each and --engines need a seed (--seed or --random-seed), not --state');
  const n = alphabet.length;
  // Expected number of colliding pairs for a perfect generator: C(count, 2) / n^length.
  const expected = ((count * (count - 1)) / 2) * Math.pow(n, -length);
  if (values.engines !== undefined) {
    const ids = engineList(values.engines, 1, 16);
    for (const id of ids) createEngine(id, seeding); // a bad id fails before any work
    io.out(`${count} identifiers of ${length} characters over a ${n}-symbol alphabet per engine; a perfect generator expects ${expected.toPrecision(3)} collisions\n`);
    io.out(`  ${'engine'.padEnd(18)} ${'variant'.padEnd(24)} ${'one stream'.padStart(10)} ${'reseeded each'.padStart(14)}\n`);
    for (const id of ids) {
      const progress = startProgress(io, 2 * count, id);
      const one = makeIds(id, seeding, count, length, alphabet, false, false, progress);
      const each = makeIds(id, seeding, count, length, alphabet, true, false, { tick: (i) => progress.tick(count + i) });
      progress.done();
      io.out(`  ${id.padEnd(18)} ${one.variant.padEnd(24)} ${String(one.collisions).padStart(10)} ${String(each.collisions).padStart(14)}\n`);
    }
    return 0;
  }
  const progress = startProgress(io, count, 'ids');
  const run = makeIds(engine!, seeding, count, length, alphabet, reseed, values.print === true, progress);
  progress.done();
  if (values.print) io.out(run.printed.join('\n') + '\n');
  io.out(
    `${engine} (${run.variant}): ${count} identifiers of ${length} characters over a ${n}-symbol alphabet: ` +
      `${run.collisions} collision${run.collisions === 1 ? '' : 's'}; a perfect generator expects ${expected.toPrecision(3)}\n`,
  );
  return 0;
}

/** A progress bar on stderr, only when stderr is a terminal and the work is long enough to show. */
function startProgress(io: Io, total: number, label: string): { tick(i: number): void; done(): void } {
  const tty = io.isTTY === true;
  const start = Date.now();
  let shown = false;
  return {
    tick(i: number) {
      if (!tty || Date.now() - start < 1000) return;
      shown = true;
      const width = 30;
      const filled = Math.round((i / total) * width);
      io.err(`\r${label} [${'#'.repeat(filled)}${'.'.repeat(width - filled)}] ${Math.floor((i / total) * 100)}%`);
    },
    done() {
      if (shown) io.err('\r' + ' '.repeat(50) + '\r');
    },
  };
}

function engines(args: string[], io: Io): number {
  const values = parse(args, { json: { type: 'boolean', default: false } });
  if (values.help) {
    io.out(HELP.engines!);
    return 0;
  }
  const eras = ERAS.map((e) => ({
    id: `${e.family}@${e.from}${e.to ? `…<${e.to}` : '…'}`,
    ...e,
  }));
  if (values.json) {
    io.out(JSON.stringify({ packages: PACKAGE_IDS, eras, node: NODE_RELEASES }, null, 2) + '\n');
    return 0;
  }
  io.out(`Package ids: ${PACKAGE_IDS.join(', ')}\n\nEngine eras (ids: v8@X.Y.Z, chrome@M, firefox@N / spidermonkey@N, safari@X / jsc@X, chakra@X):\n`);
  for (const e of eras) {
    io.out(`  ${e.id.padEnd(24)} ${(e.variant ?? 'not emulated').padEnd(24)} ${e.dates}\n`);
    io.out(`  ${''.padEnd(24)} ${e.algorithm}; ${e.precisionBits ? `${e.precisionBits}-bit` : '?'}; seeding: ${e.seeding}; cache: ${e.cache}\n`);
    io.out(`  ${''.padEnd(24)} source: ${e.source.repo} ${e.source.path} @ ${e.source.ref}\n  ${''.padEnd(24)} verified: ${e.verified}\n`);
  }
  io.out(`\nNode releases (node@VERSION, or node@LINE for the newest recorded of a line), measured with the real binaries:\n`);
  for (const r of NODE_RELEASES) {
    const startup = Object.entries(r.startupDraws).filter(([, n]) => n > 0).map(([m, n]) => `${m}+${n}`).join(' ');
    const d = r.rngDrawsBefore;
    const draws = d.file || d.eval || d.stdin ? ` rng draws file/eval/stdin ${d.file}/${d.eval}/${d.stdin}` : '';
    io.out(`  node@${r.node.padEnd(10)} V8 ${r.v8.padEnd(22)} ${r.variant.padEnd(24)}${draws}${startup ? ` startup ${startup}` : ''}\n`);
  }
  return 0;
}

/** --bucket N: observations are Math.floor(Math.random() * N) values. */
function bucketOption(raw: string | boolean | undefined): number | undefined {
  if (raw === undefined) return undefined;
  const n = Number(raw);
  if (!/^[0-9]+$/.test(String(raw)) || !Number.isSafeInteger(n) || n < 1 || n > 2 ** 52) throw new UsageError(`--bucket must be an integer in [1, 2^52], got ${JSON.stringify(raw)}`);
  return n;
}

function observations(io: Io, bucket?: number): Observed[] {
  if (!io.readStdin) throw new UsageError('no standard input to read observations from');
  const values = parseObservations(io.readStdin(), bucket === undefined ? {} : { bucket });
  if (values.length === 0) throw new UsageError('no observed values on standard input (one per line)');
  return values;
}

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
    io.out(HELP.battery!);
    return 0;
  }
  const engine = values.engine as string | undefined;
  if (!engine) throw new UsageError('--engine is required (see compare engines)');
  if (values.battery !== 'smallcrush') throw new UsageError(`--battery must be smallcrush (the only battery), got ${JSON.stringify(values.battery)}`);
  const format = values.format as string;
  if (!['table', 'json'].includes(format)) throw new UsageError(`--format must be table or json, got ${JSON.stringify(format)}`);
  const workersRaw = values.workers as string | undefined;
  if (workersRaw !== undefined && !/^[12]$/.test(workersRaw)) throw new UsageError(`--workers must be 1 or 2, got ${JSON.stringify(workersRaw)}`);
  const drawsRaw = values['rng-draws'] as string | undefined;
  if (drawsRaw !== undefined && !/^[0-9]+$/.test(drawsRaw)) throw new UsageError(`--rng-draws must be a non-negative integer, got ${JSON.stringify(drawsRaw)}`);
  const options = { ...seedingFrom(values), ...(drawsRaw === undefined ? {} : { rngDrawsBefore: Number(drawsRaw) }) };
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

const GAMERAND_WALK = 2 ** 32;

/**
 * GameRand's whole state is 64 bits — too many to walk — but its step is a bijection (high =
 * rotl(high, 16) + low, low += high can be undone), so every state lies on a pure cycle and the
 * first return to the start is the cycle length. Walk 2^32 steps from seed 42: a lower bound.
 */
function gameRandCycle(io: Io): void {
  const emu = createEngine('webkit-gamerand', { seed: DEFAULT_SEED });
  const [low0, high0] = (emu.getState() as readonly number[]).map((w) => w | 0) as [number, number];
  let low = low0;
  let high = high0;
  const step = () => {
    high = (((high << 16) | (high >>> 16)) + low) | 0;
    low = (low + high) | 0;
  };
  // The inline step is the emulator's, checked on its first 1,000 outputs before the walk.
  for (let i = 0; i < 1000; i++) {
    step();
    if (doubleToHex((high >>> 0) / 2 ** 32) !== doubleToHex(emu.random())) throw new Error('cycles: GameRand step differs from @emu/webkit-gamerand');
  }
  const start = Date.now();
  const progress = startProgress(io, GAMERAND_WALK, 'GameRand');
  // The same step written inline on locals: a closure over `low`/`high` runs 4× slower here.
  let l = low0;
  let h = high0;
  let n = 0;
  do {
    h = (((h << 16) | (h >>> 16)) + l) | 0;
    l = (l + h) | 0;
    n++;
    if ((n & 0xffffff) === 0) progress.tick(n);
  } while ((l !== low0 || h !== high0) && n < GAMERAND_WALK);
  progress.done();
  const found = l === low0 && h === high0;
  io.out(`GameRand (JSC ≤ Safari 9), 64-bit state: ${found ? `cycle ${n} ≈ 2^${Math.log2(n).toFixed(2)}` : `no return to the seed-${DEFAULT_SEED} state within 2^32 steps, so its cycle is longer than 2^32`} (${Date.now() - start} ms)\n`);
}

function cyclesCmd(args: string[], io: Io): number {
  const values = parse(args, {});
  if (values.help) {
    io.out(HELP.cycles!);
    return 0;
  }
  const mwc = (a: number) => (x: number) => (Math.imul(a, x & 0xffff) + (x >>> 16)) >>> 0;
  for (const [a, where] of [[18273, 'V8 ≤ 3.29, first half'], [18030, 'V8 3.30–4.9, first half (the top bits of every double before the patch)'], [36969, 'V8, second half']] as const) {
    const start = Date.now();
    // Brent walks about 2λ steps; the bar is scaled to the known order of 2^16 mod a·2^16 − 1.
    const progress = startProgress(io, 2.2 * a * 0x8000, `cycle a=${a}`);
    const { lambda, mu } = brentCycle(mwc(a), 0x12345678, 2 ** 34, (n) => progress.tick(n));
    progress.done();
    io.out(`MWC a=${a} (${where}): cycle ${lambda} ≈ 2^${Math.log2(lambda).toFixed(2)}, reached after ${mu} steps from 0x12345678 (${Date.now() - start} ms)\n`);
  }
  for (const k of [8, 16, 24]) {
    const mod = 2 ** k;
    const step = (x: number) => (lcg48Step(x) % mod);
    const { lambda } = brentCycle((x) => step(x), 1);
    io.out(`LCG (java.util.Random) low ${k} bits: cycle ${lambda} = 2^${Math.log2(lambda)}\n`);
  }
  gameRandCycle(io);
  io.out('Combined MWC1616 period: lcm of the halves ≈ 2^59.3; but before the patch a double\'s top 20 bits come from the 18030 half alone, so anything built from them (IDs, dice) repeats with that half\'s ≈ 2^29.1 cycle and collides after ≈ 2^15 draws from random starting points.\n');
  return 0;
}

function streamCmd(args: string[], io: Io): number {
  const values = parse(args, { ...SEED_OPTIONS, engine: { type: 'string' }, format: { type: 'string', default: 'u32' }, count: { type: 'string' } });
  if (values.help) {
    io.out(HELP.stream!);
    return 0;
  }
  const engine = values.engine as string | undefined;
  if (!engine) throw new UsageError('--engine is required (see compare engines)');
  const format = values.format as string;
  if (!['u32', 'f64'].includes(format)) throw new UsageError(`--format must be u32 or f64, got ${JSON.stringify(format)}`);
  const count = values.count === undefined ? Infinity : parseCount(values.count as string, undefined, '--count', Number.MAX_SAFE_INTEGER);
  if (!io.outBytes) throw new UsageError('stream writes binary: only from the command line');
  const emu = createEngine(engine, seedingFrom(values));
  const CHUNK = 1 << 16;
  const doubles = new Float64Array(CHUNK);
  const words = new Uint32Array(CHUNK);
  for (let done = 0; done < count; ) {
    const n = Math.min(CHUNK, count - done);
    const view = n === CHUNK ? doubles : doubles.subarray(0, n);
    emu.fill(view);
    let bytes: Uint8Array;
    if (format === 'u32') {
      for (let i = 0; i < n; i++) words[i] = view[i]! * 4294967296; // floor by the Uint32Array store: exact top 32 bits
      bytes = new Uint8Array(words.buffer, 0, n * 4);
    } else {
      bytes = new Uint8Array(view.buffer, 0, n * 8);
    }
    if (!io.outBytes(bytes)) return 0;
    done += n;
  }
  return 0;
}

function predictCmd(args: string[], io: Io): number {
  const values = parse(args, { engine: { type: 'string' }, next: { type: 'string' }, previous: { type: 'string' }, format: { type: 'string' }, bucket: { type: 'string' } });
  if (values.help) {
    io.out(HELP.predict!);
    return 0;
  }
  const engine = values.engine as string | undefined;
  if (!engine) throw new UsageError('--engine is required (see compare engines)');
  const bucket = bucketOption(values.bucket);
  const format = (values.format as string | undefined) ?? (bucket ? 'bucket' : 'hex');
  if (!['hex', 'float', 'bucket'].includes(format)) throw new UsageError(`--format must be hex, float or bucket, got ${JSON.stringify(format)}`);
  if (format === 'bucket' && !bucket) throw new UsageError('--format bucket needs --bucket N');
  const next = values.next === undefined ? 10 : parseCount(values.next as string, undefined, '--next', 1_000_000);
  const previous = values.previous === undefined || values.previous === '0' ? 0 : parseCount(values.previous as string, undefined, '--previous', 1_000_000);
  const observed = observations(io, bucket);
  const r = predict(engine, observed, next, previous);
  if (r.kind !== 'ok') {
    io.err(`compare: ${engine} (${r.variant}): ${r.note}\n`);
    return 3;
  }
  const show = format === 'hex' ? doubleToHex : format === 'float' ? formatFloat : (x: number) => String(Math.floor(x * bucket!));
  io.out([...r.previous.map(show), '', ...r.next.map(show)].join('\n') + '\n');
  return 0;
}

function identifyCmd(args: string[], io: Io): number {
  const values = parse(args, { json: { type: 'boolean', default: false }, bucket: { type: 'string' } });
  if (values.help) {
    io.out(HELP.identify!);
    return 0;
  }
  const results = identify(observations(io, bucketOption(values.bucket)));
  if (values.json) io.out(JSON.stringify(results, null, 2) + '\n');
  else for (const r of results) io.out(`${r.verdict.padEnd(12)} ${r.id.padEnd(24)} ${r.variant.padEnd(24)} ${r.note}\n`);
  return 0;
}

function serveCmd(args: string[], io: Io): number {
  const values = parse(args, { port: { type: 'string', default: '0' } });
  if (values.help) {
    io.out(HELP.serve!);
    return 0;
  }
  const port = Number(values.port);
  if (!/^[0-9]+$/.test(values.port as string) || port > 65535) throw new UsageError(`--port must be an integer in [0, 65535], got ${JSON.stringify(values.port)}`);
  if (!io.serve) throw new UsageError('serve is only available from the command line');
  io.serve(port).then(
    (url) => io.out(`emu compare page: ${url}  (loopback only; Ctrl-C stops it)\n`),
    (e: Error) => io.err(`compare: cannot serve on port ${port}: ${e.message}\n`),
  );
  return 0;
}

export function run(argv: string[], io: Io): number | Promise<number> {
  const [command, ...rest] = argv;
  try {
    if (command === undefined || command.startsWith('-')) {
      if (command === '--help' || command === '-h') {
        io.out(HELP.main!);
        return 0;
      }
      return table(argv, io);
    }
    switch (command) {
      case 'table':
        return table(rest, io);
      case 'sequence':
        return sequence(rest, io);
      case 'engines':
        return engines(rest, io);
      case 'run':
        return runCmd(rest, io);
      case 'diff':
        return diffCmd(rest, io);
      case 'ids':
        return idsCmd(rest, io);
      case 'serve':
        return serveCmd(rest, io);
      case 'predict':
        return predictCmd(rest, io);
      case 'stream':
        return streamCmd(rest, io);
      case 'battery':
        return batteryCmd(rest, io);
      case 'cycles':
        return cyclesCmd(rest, io);
      case 'identify':
        return identifyCmd(rest, io);
      case 'help':
        io.out(HELP.main!);
        return 0;
      default:
        throw new UsageError(`unknown command ${JSON.stringify(command)}; commands: table, sequence, run, diff, ids, predict, identify, stream, battery, cycles, serve, engines (see --help)`);
    }
  } catch (e) {
    if (e instanceof UsageError || e instanceof EmuError) {
      io.err(`compare: ${e.message}\n`);
      return 2;
    }
    throw e;
  }
}

export { knownEngineIds };
