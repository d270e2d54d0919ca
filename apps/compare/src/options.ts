/**
 * Option parsing shared by every command. To add an option that several commands take, add its
 * spec to one of the groups below (SEED_OPTIONS, ENGINE_OPTIONS) and read it in createOptionsFrom;
 * a command takes a group by spreading it into its parse() call.
 */
import { type ParseArgsConfig, parseArgs } from 'node:util';
import type { Observed } from '@emu/recover';
import { MAX_OBSERVATIONS, ObservationReader, UUID_CALLS, parseObservations, parseUuids } from '@emu/recover';
import type { CreateOptions } from '@emu/engines';
import type { Io } from './io.js';

export const DEFAULT_SEED = 42;
export const MAX_COUNT = 10_000_000;

/** A bad argument: the CLI prints its message on one line and exits 2. */
export class UsageError extends Error {}

export type Values = Record<string, string | boolean | undefined>;
export type OptionSpecs = NonNullable<ParseArgsConfig['options']>;

export function parse(rawArgs: string[], options: NonNullable<ParseArgsConfig['options']>): Values {
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

export function parseCount(raw: string | undefined, fallback?: number, flag = '--count', max = MAX_COUNT): number {
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

export function parseState(raw: string): unknown[] {
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
export function parseSeed(flag: string, raw: string): string {
  if (!/^-?(?:[0-9]+|0x[0-9a-fA-F]+)$/.test(raw.trim())) throw new UsageError(`${flag} must be an integer, got ${JSON.stringify(raw)}`);
  return raw.trim();
}

export function formatFloat(x: number): string {
  return Object.is(x, -0) ? '-0' : String(x);
}

/** How an engine is started: its seed or raw state, and (node@ ids) the entry mode. */
export const SEED_OPTIONS = {
  seed: { type: 'string' },
  'random-seed': { type: 'string' },
  state: { type: 'string' },
  entry: { type: 'string' },
} as const satisfies OptionSpecs;

/** Options that tune one engine: a package's variant or flavor, V8's isolate-RNG draws. */
export const ENGINE_OPTIONS = {
  variant: { type: 'string' },
  flavor: { type: 'string' },
  'rng-draws': { type: 'string' },
  'first-value': { type: 'string' },
  realm: { type: 'string' },
  'keys-before': { type: 'string' },
  'keys-at': { type: 'string' },
} as const satisfies OptionSpecs;

export type Seeding = { seed?: string | number; state?: unknown[]; entry?: 'file' | 'eval' | 'stdin' };

/** The seed/state part of CreateOptions from parsed flags (default: seed 42). */
export function seedingFrom(values: Values): Seeding {
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

/**
 * The whole CreateOptions from parsed flags: seedingFrom plus every ENGINE_OPTIONS flag given.
 * A new engine option goes here: one spec in ENGINE_OPTIONS, one line below.
 */
export function createOptionsFrom(values: Values): CreateOptions & Seeding {
  const seeding = seedingFrom(values);
  const options: CreateOptions & Seeding = { ...seeding };
  if (values.variant !== undefined) options.variant = values.variant as CreateOptions['variant'];
  if (values.flavor !== undefined) options.flavor = values.flavor as CreateOptions['flavor'];
  if (values['rng-draws'] !== undefined) options.rngDrawsBefore = parseRngDraws(values['rng-draws'] as string);
  if (values['first-value'] !== undefined) options.firstValue = parseFirstValue(values['first-value'] as string);
  if (values.realm !== undefined) options.realm = parseSmallInt('--realm', values.realm as string, 1_000);
  if (values['keys-before'] !== undefined) options.keysBefore = parseSmallInt('--keys-before', values['keys-before'] as string, MAX_RNG_DRAWS);
  if (values['keys-at'] !== undefined) options.keysAt = parseKeysAtFlag(values['keys-at'] as string);
  return options;
}

/** --keys-at I:K[,I:K…]: after the script's I-th Math.random() value, K fresh objects became Map/Set/WeakMap keys. */
export function parseKeysAtFlag(raw: string): [number, number][] {
  return raw.split(',').map((part) => {
    const m = /^\s*([0-9]+):([0-9]+)\s*$/.exec(part);
    if (!m || Number(m[1]) > MAX_COUNT || Number(m[2]) > MAX_RNG_DRAWS) {
      throw new UsageError(`--keys-at takes I:K pairs separated by commas (after the script's I-th value, I ≤ ${MAX_COUNT}, K ≤ ${MAX_RNG_DRAWS} fresh objects became Map/Set/WeakMap keys), got ${JSON.stringify(part)}`);
    }
    return [Number(m[1]), Number(m[2])] as [number, number];
  });
}

/**
 * The largest --rng-draws taken. Every count measured with the real binaries is below 2,000
 * (1,739 at most, in @emu/engines' node-releases.json); a script shifts it by a few. 1,000,000 is
 * far above anything real and still runs in well under a second, where 10^11 would spin for hours.
 */
export const MAX_RNG_DRAWS = 1_000_000;

/**
 * --first-value X[,Y…]: the first Math.random() value(s) the real script saw, as printed (a
 * decimal) or as 16 hex digits; @emu/engines searches the start-up position that yields them.
 */
export function parseFirstValue(raw: string): string | string[] {
  const parts = raw.split(',').map((p) => p.trim());
  if (parts.length === 0 || parts.some((p) => p === '')) throw new UsageError(`--first-value must be one value or several separated by commas, got ${JSON.stringify(raw)}`);
  return parts.length === 1 ? parts[0]! : parts;
}

/** A non-negative integer option with an upper bound (--realm K, --keys-before K). */
export function parseSmallInt(flag: string, raw: string, max: number): number {
  const n = Number(raw);
  if (!/^[0-9]+$/.test(raw) || n > max) throw new UsageError(`${flag} must be an integer in [0, ${max}], got ${JSON.stringify(raw)}`);
  return n;
}

/** --rng-draws K: draws of V8's isolate RNG before Math.random took its state. */
export function parseRngDraws(raw: string): number {
  const n = Number(raw);
  if (!/^[0-9]+$/.test(raw) || n > MAX_RNG_DRAWS) {
    throw new UsageError(`--rng-draws must be an integer in [0, ${MAX_RNG_DRAWS}] (measured counts are below 2,000), got ${JSON.stringify(raw)}`);
  }
  return n;
}

export function engineList(raw: unknown, min: number, max: number): string[] {
  if (typeof raw !== 'string' || raw.trim() === '') throw new UsageError('--engines is required: a comma-separated list of engine ids (see compare engines)');
  const ids = raw.split(',').map((x) => x.trim()).filter(Boolean);
  if (ids.length < min || ids.length > max) throw new UsageError(`--engines takes ${min === max ? min : `${min} to ${max}`} ids, got ${ids.length}: ${JSON.stringify(raw)}`);
  return ids;
}

/** --bucket N: observations are Math.floor(Math.random() * N) values. */
export function bucketOption(raw: string | boolean | undefined): number | undefined {
  if (raw === undefined) return undefined;
  const n = Number(raw);
  if (!/^[0-9]+$/.test(String(raw)) || !Number.isSafeInteger(n) || n < 1 || n > 2 ** 52) throw new UsageError(`--bucket must be an integer in [1, 2^52], got ${JSON.stringify(raw)}`);
  return n;
}

/** Characters of UUID input read at most (a UUID line is 36 and the observations cap ~320 of them). */
const MAX_UUID_TEXT = 64 * 1024;

/** --uuid: version-4 UUIDs on standard input, one a line, each the 31 calls the Math.random() template makes. */
export function uuidObservations(io: Io, command: string): Observed[] {
  if (io.stdinIsTTY) throw new UsageError(`${command} --uuid reads UUIDs, one per line, from standard input: compare ${command} --uuid … < uuids.txt`);
  let text = '';
  if (io.stdinChunks) {
    for (const chunk of io.stdinChunks()) {
      text += chunk;
      if (text.length > MAX_UUID_TEXT) throw new UsageError(`more than ${MAX_UUID_TEXT} characters of UUIDs on standard input; recovery needs a few consecutive ones — give the first ${Math.floor(MAX_OBSERVATIONS / UUID_CALLS)} or fewer`);
    }
  } else {
    if (!io.readStdin) throw new UsageError('no standard input to read UUIDs from');
    text = io.readStdin();
  }
  const values = parseUuids(text, Math.floor(MAX_OBSERVATIONS / UUID_CALLS));
  if (values.length === 0) throw new UsageError('no UUIDs on standard input (one per line)');
  return values;
}

export function observations(io: Io, command: string, bucket?: number): Observed[] {
  if (io.stdinIsTTY) {
    throw new UsageError(`${command} reads observed values, one per line, from standard input: compare ${command} … < observed.txt (or pipe them in; see compare ${command} --help)`);
  }
  let values: Observed[];
  if (io.stdinChunks) {
    // Parsed as it arrives: past the limits the reader throws at once, without reading the rest.
    const reader = new ObservationReader(bucket === undefined ? {} : { bucket });
    for (const chunk of io.stdinChunks()) reader.push(chunk);
    values = reader.end();
  } else {
    if (!io.readStdin) throw new UsageError('no standard input to read observations from');
    values = parseObservations(io.readStdin(), bucket === undefined ? {} : { bucket });
  }
  if (values.length === 0) throw new UsageError('no observed values on standard input (one per line)');
  return values;
}
