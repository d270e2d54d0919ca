/**
 * The registry: resolves an engine id to the emulator, variant and seeding path that reproduce
 * it. Package ids (`v8-2015`, …) select an emulator package directly; `node@VERSION` selects the
 * variant and start-up model measured for that Node release.
 */
import { type Emulator, InvalidOptionError, UnknownEngineError, describeValue } from '@emu/core';
import * as firefoxLcg from '@emu/firefox-lcg';
import * as v82015 from '@emu/v8-2015';
import * as v8Patched from '@emu/v8-patched';
import * as webkitGameRand from '@emu/webkit-gamerand';
import * as xorshift from '@emu/xorshift128plus';
import { ERAS, type Era } from './eras.js';
import { NODE_RELEASES, type NodeRelease, resolveNodeSpec } from './node.js';
import { DEFAULT_SEARCH_LIMIT, parseFirstValues, placeEmulator, positionKind, searchPosition } from './position.js';
import { v8RandomSeedFlag } from './seedflag.js';
import { inRange, parseVersion, releaseNumbers } from './versions.js';

export {
  NODE_RELEASES, NODE_VERSIONS, type NodeRelease, type EntryMode, AmbiguousEngineError, selectNodeVersions, behaviourKey, describeBehaviour, findNodeRelease, resolveNodeSpec, selectNodeReleases,
} from './node.js';
export { DEFAULT_SEARCH_LIMIT, type PositionKind, parseFirstValues, placeEmulator, positionKind, searchPosition } from './position.js';
export { v8RandomSeedFlag } from './seedflag.js';
export { ERAS, type Era, type Source } from './eras.js';
export { compareVersions, parseVersion, releaseNumbers } from './versions.js';

export const PACKAGE_IDS = ['v8-2015', 'v8-patched', 'firefox-lcg', 'webkit-gamerand', 'xorshift128plus'] as const;
export type PackageId = (typeof PACKAGE_IDS)[number];

export interface CreateOptions {
  state?: readonly unknown[];
  seed?: number | bigint | string;
  variant?: string;
  flavor?: string;
  /** For node@… ids: how the script was started (default 'file'). */
  entry?: 'file' | 'eval' | 'stdin';
  /**
   * For node@… ids of the MWC1616 JS era and the lazily seeded xorshift era: override the
   * measured number of isolate-RNG draws before Math.random took its state (it shifts by a few
   * with the script's size in V8 4.9–5.8; the registry's value is for its recording probe).
   */
  rngDrawsBefore?: number;
  /**
   * For node@… ids: the first Math.random() value(s) the real script printed (numbers, their
   * decimal text, or 16 hex digits). The start-up position that yields them is searched (in
   * [0, searchLimit]) and the emulator continues from there. Required where the start-up depends on
   * the script (node 6.0–8.2, and new contexts where `realms` is 'script').
   */
  firstValue?: number | string | readonly (number | string)[];
  /** Upper end of the firstValue search (isolate-RNG bytes or values; default 20,000). */
  searchLimit?: number;
  /** Lower end of the firstValue search (default 0). */
  searchFrom?: number;
  /** For node@… ids: the K-th vm context / Worker the program created (0 = the main context, the default). */
  realm?: number;
  /** For node@… ids: K fresh objects used as Map/Set/WeakMap keys before the script's first Math.random call. */
  keysBefore?: number;
}

/** Every id the registry knows: package ids, node@VERSION, and one id per era of each engine family. */
export function knownEngineIds(): string[] {
  return [...PACKAGE_IDS, ...NODE_RELEASES.map((r) => `node@${r.node}`), ...ERAS.map((e) => `${e.family}@${e.from}`)];
}

/** Creates a package's emulator by package id. */
export function createPackageEmulator(id: PackageId, options: CreateOptions): Emulator {
  switch (id) {
    case 'v8-2015':
      return v82015.create(options);
    case 'v8-patched':
      return v8Patched.create(options);
    case 'firefox-lcg':
      return firefoxLcg.create(options);
    case 'webkit-gamerand':
      return webkitGameRand.create(options);
    case 'xorshift128plus':
      return xorshift.create(options);
  }
}

function nonNegativeInt(name: string, v: unknown): number {
  if (typeof v !== 'number' || !Number.isSafeInteger(v) || v < 0) throw new InvalidOptionError(`${name} must be a non-negative integer, got ${describeValue(v)}`);
  return v;
}

/**
 * The emulator of a Node release started with `--random_seed=seed`, positioned at the script's
 * first Math.random() (in the main context, or in the `realm`-th context it created).
 */
export function createNodeEmulator(release: NodeRelease, options: CreateOptions): Emulator {
  const entry = options.entry ?? 'file';
  if (!['file', 'eval', 'stdin'].includes(entry)) throw new InvalidOptionError(`entry must be file, eval or stdin, got ${describeValue(entry)}`);
  const realm = options.realm === undefined ? 0 : nonNegativeInt('realm', options.realm);
  const keysBefore = options.keysBefore === undefined ? 0 : nonNegativeInt('keysBefore', options.keysBefore);
  if (options.seed === undefined) {
    for (const k of ['firstValue', 'realm', 'keysBefore', 'rngDrawsBefore'] as const) {
      if (options[k] !== undefined) throw new InvalidOptionError(`node@${release.node}: ${k} needs a seed (--random_seed), not a raw state`);
    }
    return createPackageEmulator(release.package, { state: options.state, variant: release.variant });
  }
  const seed = v8RandomSeedFlag(options.seed);
  const base = { variant: release.variant, seed };
  const kind = positionKind(release.variant);
  if (keysBefore > 0 && release.keys === 'unmeasured') {
    throw new InvalidOptionError(`node@${release.node}: keysBefore: this release has no Map/WeakMap (measured), so no key can have been hashed`);
  }
  const skipKeys = release.keys === 'values' ? keysBefore : 0;
  // Where this context's sequence starts, and whether the release's model fixes it.
  let known: number | undefined;
  let why = '';
  if (realm === 0) {
    known = kind === 'values' ? release.startupDraws[entry] : release.rngDrawsBefore[entry];
    if (release.lazy) {
      known = undefined;
      why = `node ${release.node} (${release.variant}) seeds Math.random at its first call, after a number of isolate-RNG draws that depends on the script (its size, its requires, console output, the cwd, how stdin/stderr are attached) and even varies between runs`;
    }
  } else if (release.realms === 'restart') {
    known = 0;
  } else if (Array.isArray(release.realms) && realm <= release.realms.length) {
    known = release.realms[realm - 1];
  } else {
    why = Array.isArray(release.realms)
      ? `node ${release.node}: contexts after the ${release.realms.length}th were not measured`
      : `node ${release.node} (${release.variant}): the state of a new context depends on what the script did before creating it`;
  }
  if (options.rngDrawsBefore !== undefined) {
    if (kind === 'values') throw new InvalidOptionError(`node@${release.node}: rngDrawsBefore applies to the isolate-RNG seeded eras (node 0.11–8.2), not to ${release.variant}`);
    known = nonNegativeInt('rngDrawsBefore', options.rngDrawsBefore);
  }
  const skipStartup = realm === 0 && kind !== 'values' ? release.startupDraws[entry] : 0;
  if (options.firstValue !== undefined) {
    const targets = parseFirstValues(options.firstValue);
    const position = searchPosition(base, kind, skipStartup + skipKeys, targets, options.searchLimit ?? DEFAULT_SEARCH_LIMIT, realm ? `realm ${realm}` : 'start-up', options.searchFrom ?? 0);
    return placeEmulator(base, kind, position, skipStartup + skipKeys);
  }
  if (known === undefined) throw new InvalidOptionError(`${why}: give firstValue (the first Math.random() value the real script printed) and emu finds the position`);
  return placeEmulator(base, kind, known, skipStartup + skipKeys);
}

/** Family of each id prefix; chrome@ maps through its V8 version, the rest are the family's own numbering. */
const PREFIXES: Record<string, Era['family']> = {
  v8: 'v8', chrome: 'v8', firefox: 'spidermonkey', spidermonkey: 'spidermonkey', safari: 'jsc', jsc: 'jsc', chakra: 'chakra',
};

/** The V8 version a Chrome milestone shipped (Chrome 29–40: V8 3.(M−10); 41–49: 4.(M−40); 50+: (M/10).(M%10)). */
export function chromeToV8(milestone: number): string | undefined {
  if (!Number.isInteger(milestone) || milestone < 29) return undefined;
  if (milestone <= 40) return `3.${milestone - 10}`;
  if (milestone <= 49) return `4.${milestone - 40}`;
  return `${Math.floor(milestone / 10)}.${milestone % 10}`;
}

export interface Resolved {
  readonly id: string;
  readonly era?: Era;
  readonly node?: NodeRelease;
  /** For chrome@: the V8 version the milestone shipped. */
  readonly v8?: string;
  /** For node@LINE / node@RANGE: every release it names (all behave alike). */
  readonly releases?: readonly string[];
}

/** Finds what an id names without creating anything; throws UnknownEngineError with the nearest known ids. */
export function resolveEngine(id: string): Resolved {
  if ((PACKAGE_IDS as readonly string[]).includes(id)) return { id };
  const m = /^([a-z0-9]+)@(.+)$/s.exec(id);
  if (m && m[1] === 'node') {
    const { release, releases } = resolveNodeSpec(m[2]!, nearestNodeIds);
    return { id, node: release, releases };
  }
  const family = m ? PREFIXES[m[1]!] : undefined;
  if (m && family) {
    // A Chrome milestone shipped its V8 branch's stable build (e.g. Chrome 49 = V8 4.9.385), so it
    // resolves to the era in force at the end of that branch.
    const v8 = m[1] === 'chrome' ? chromeToV8(Number(m[2])) : m[2]!;
    const lookup = m[1] === 'chrome' && v8 !== undefined ? `${v8}.99999` : v8;
    const version = lookup === undefined ? undefined : parseVersion(lookup);
    if (version) {
      const era = ERAS.find((e) => e.family === family && inRange(version, e.from, e.to));
      if (era) return { id, era, ...(m[1] === 'chrome' ? { v8 } : {}) };
    }
    throw new UnknownEngineError(id, eraIds(family));
  }
  throw new UnknownEngineError(id, knownEngineIds());
}

function eraIds(family: Era['family']): string[] {
  return ERAS.filter((e) => e.family === family).map((e) => `${family}@${e.from}${e.to ? `…<${e.to}` : '…'}`);
}

/** Known node@ ids closest to a requested version (same line first). */
function nearestNodeIds(requested: string): string[] {
  const v = releaseNumbers(requested.replace(/^[<>=]+/, ''));
  return [...NODE_RELEASES]
    .sort((a, b) => distance(releaseNumbers(a.node), v) - distance(releaseNumbers(b.node), v))
    .slice(0, 6)
    .map((r) => `node@${r.node}`);
}

function distance(a: readonly number[], b: readonly number[]): number {
  return Math.abs((a[0] ?? 0) * 1e6 + (a[1] ?? 0) * 1e3 + (a[2] ?? 0) - ((b[0] ?? 0) * 1e6 + (b[1] ?? 0) * 1e3 + (b[2] ?? 0)));
}

/** Resolves any registry id to its emulator. Unknown ids throw an UnknownEngineError listing the nearest known ones. */
export function createEngine(id: string, options: CreateOptions): Emulator {
  const r = resolveEngine(id);
  if (r.node) return createNodeEmulator(r.node, options);
  if (r.era) {
    const era = r.era;
    if (era.package === null) {
      throw new UnknownEngineError(`${id} (recorded in the registry, but its generator is not emulated: ${era.verified})`, eraIds('v8'));
    }
    // --random_seed as V8 parses it (low 32 bits; 0 means unseeded).
    const seed = era.family === 'v8' && options.seed !== undefined ? v8RandomSeedFlag(options.seed) : options.seed;
    return createPackageEmulator(era.package, { ...options, seed, variant: era.variant });
  }
  return createPackageEmulator(id as PackageId, options);
}
