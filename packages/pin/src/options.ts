/**
 * The configuration of a pin, from EMU_* variables (the environment in Node, any string record
 * in a browser): parsed strictly, every bad value rejected with its variable and value named.
 */
import { InvalidOptionError, hexToDouble } from '@emu/core';
import type { EntryMode } from '@emu/engines';

/** What pin() takes besides the engine id. */
export interface PinOptions {
  /** The engine's seed (for node@… and V8 ids: --random_seed). Give seed or state. */
  seed?: number | bigint | string;
  /** A raw state, as the emulator's getState() returns it. Give seed or state. */
  state?: readonly unknown[];
  /**
   * For node@… ids started with a seed: how the emulated Node started the script ('file',
   * 'eval' for -e/-p, 'stdin'), which decides how many values Node's start-up drew before it.
   * Default 'file'.
   */
  entry?: EntryMode;
  /**
   * For node@… ids with a seed: the first value the real script saw (a double, or its 16 hex
   * digits); @emu/engines searches the start-up position that yields it (needed for node 6.0–8.2,
   * whose start-up depends on the script) and the pinned code continues from there.
   */
  firstValue?: number | string;
  /**
   * node@ ids of Node 4.0 – 8.9.4: each object's first use as a Map/Set/WeakMap/WeakSet key took one
   * Math.random value there (collection.js's identity hash); the pin makes the same calls take the
   * same values (only when globalThis.Math is pinned). Default: true for a whole process or page
   * (the Node hook, pinFromEnv, pinFromSearchParams; EMU_HASH_KEYS=0 turns it off), false for
   * pin()/pinWith() — in a test runner the runner's own keys would take values too.
   */
  hashKeys?: boolean;
  /** Tells a Proxy (V8 gave proxies no such hash); the Node hook passes util.types.isProxy. */
  isProxy?: (x: unknown) => boolean;
  /** The object whose `random` is replaced (default globalThis.Math); for tests and sandboxes. */
  target?: {
    /** The function the pin replaces with the emulator's random(). */
    random: () => number;
  };
}

/** A pin read from EMU_* variables: the engine id and its options. */
export interface PinConfig {
  /** EMU_ENGINE: any id @emu/engines knows (node@4.2.2, chrome@49, v8-2015, …). */
  readonly engine: string;
  /** The options read from the other variables. */
  readonly options: PinOptions;
}

/** The variables pinFromEnv() reads. */
export const ENV_VARIABLES = ['EMU_ENGINE', 'EMU_RANDOM_SEED', 'EMU_SEED', 'EMU_STATE', 'EMU_ENTRY', 'EMU_FIRST_VALUE', 'EMU_HASH_KEYS'] as const;

const ENTRY_MODES: readonly EntryMode[] = ['file', 'eval', 'stdin'];
const INTEGER = /^-?(?:0|[1-9][0-9]*)$|^0x[0-9a-fA-F]+$/;

function bad(name: string, value: string, why: string): InvalidOptionError {
  return new InvalidOptionError(`@emu/pin: ${name}=${JSON.stringify(value)} ${why}`);
}

/**
 * Reads a pin from EMU_* variables; returns undefined when EMU_ENGINE is unset or empty.
 * `defaultEntry` is the entry mode used when EMU_ENTRY is unset (the Node hook passes the one it
 * detected from how this process was started).
 */
export function readPinConfig(env: Readonly<Record<string, string | undefined>>, defaultEntry?: EntryMode): PinConfig | undefined {
  const engine = env.EMU_ENGINE?.trim();
  if (!engine) {
    for (const name of ENV_VARIABLES) {
      if (env[name] !== undefined && env[name] !== '') throw bad(name, env[name]!, 'is set but EMU_ENGINE is not: set EMU_ENGINE to the engine to pin (e.g. node@4.2.2)');
    }
    return undefined;
  }
  const options: PinOptions = {};
  const seeds = (['EMU_RANDOM_SEED', 'EMU_SEED'] as const).filter((n) => env[n] !== undefined && env[n] !== '');
  if (seeds.length === 2 && env.EMU_RANDOM_SEED!.trim() !== env.EMU_SEED!.trim()) {
    throw bad('EMU_SEED', env.EMU_SEED!, `disagrees with EMU_RANDOM_SEED=${JSON.stringify(env.EMU_RANDOM_SEED)}: give one of them`);
  }
  for (const name of seeds) {
    const v = env[name]!.trim();
    if (!INTEGER.test(v)) throw bad(name, env[name]!, 'is not an integer (decimal, or 0x hex)');
    options.seed = v.startsWith('0x') || !Number.isSafeInteger(Number(v)) ? v : Number(v);
  }
  if (env.EMU_STATE !== undefined && env.EMU_STATE !== '') {
    let state: unknown;
    try {
      state = JSON.parse(env.EMU_STATE);
    } catch {
      throw bad('EMU_STATE', env.EMU_STATE, 'is not JSON: give the state as a JSON array, e.g. [123, 456]');
    }
    if (!Array.isArray(state)) throw bad('EMU_STATE', env.EMU_STATE, 'is not a JSON array');
    options.state = state;
  }
  if (options.seed !== undefined && options.state !== undefined) {
    throw bad('EMU_STATE', env.EMU_STATE!, 'and a seed are both set: give one of them');
  }
  if (options.seed === undefined && options.state === undefined) {
    throw new InvalidOptionError(`@emu/pin: EMU_ENGINE=${JSON.stringify(engine)} needs EMU_RANDOM_SEED (or EMU_SEED) or EMU_STATE`);
  }
  const entry = env.EMU_ENTRY;
  if (entry !== undefined && entry !== '') {
    if (!(ENTRY_MODES as readonly string[]).includes(entry)) throw bad('EMU_ENTRY', entry, `is not one of ${ENTRY_MODES.join(', ')}`);
    options.entry = entry as EntryMode;
  } else if (defaultEntry !== undefined) {
    options.entry = defaultEntry;
  }
  const first = env.EMU_FIRST_VALUE;
  if (first !== undefined && first !== '') {
    const v = first.trim();
    if (/^[0-9a-fA-F]{16}$/.test(v)) {
      hexToDouble(v.toLowerCase()); // throws an InvalidHexError naming it when it is not a double
      options.firstValue = v.toLowerCase();
    } else {
      const x = Number(v);
      if (v === '' || !Number.isFinite(x) || x < 0 || x >= 1) throw bad('EMU_FIRST_VALUE', first, 'is not a double in [0, 1) nor its 16 hex digits');
      options.firstValue = x;
    }
  }
  const hashKeys = env.EMU_HASH_KEYS;
  if (hashKeys !== undefined && hashKeys !== '') {
    const v = hashKeys.trim().toLowerCase();
    if (v === '0' || v === 'false') options.hashKeys = false;
    else if (v === '1' || v === 'true') options.hashKeys = true;
    else throw bad('EMU_HASH_KEYS', hashKeys, 'is not 1/true or 0/false');
  }
  return { engine, options };
}
