/**
 * The registry: resolves an engine id to the emulator, variant and seeding path that reproduce
 * it. Package ids (`v8-2015`, …) select an emulator package directly; `node@VERSION` selects the
 * variant and start-up model measured for that Node release.
 */
import { type Emulator, InvalidOptionError, InvalidSeedError, UNKNOWN_ENGINE_SHOWN, UnknownEngineError, describeValue } from '@emu/core';
import * as firefoxLcg from '@emu/firefox-lcg';
import * as jscriptLcg from '@emu/jscript-lcg';
import * as netscapeLcg from '@emu/netscape-lcg';
import * as v8Libc from '@emu/v8-libc';
import * as v8MwcCpp from '@emu/v8-mwc-cpp';
import * as quickjs from '@emu/quickjs';
import * as hermes from '@emu/hermes';
import * as v82015 from '@emu/v8-2015';
import * as v8Patched from '@emu/v8-patched';
import * as webkitGameRand from '@emu/webkit-gamerand';
import * as xorshift from '@emu/xorshift128plus';
import { ERAS, type Era } from './eras.js';
import { CHROME_EARLY_V8, operaToChromium } from './history.js';
import { NODE_RELEASES, type NodeRelease, resolveNodeSpec } from './node.js';
import { DEFAULT_SEARCH_LIMIT, parseFirstValues, placeEmulator, positionKind, searchPosition } from './position.js';
import { v8RandomSeedFlag } from './seedflag.js';
import { type KeysAt, parseKeysAt, withKeysAt } from './keys.js';
import { inRange, parseVersion, releaseNumbers } from './versions.js';
import { EMBEDDER_RUNTIMES, type EmbedderMatch, type EmbedderRuntime, findEmbedderRelease, nearestEmbedderIds } from './embedders.js';

export {
  NODE_RELEASES, NODE_VERSIONS, type NodeRelease, type EntryMode, AmbiguousEngineError, selectNodeVersions, behaviourKey, describeBehaviour, findNodeRelease, resolveNodeSpec, selectNodeReleases,
} from './node.js';
export { DEFAULT_SEARCH_LIMIT, type PositionKind, parseFirstValues, placeEmulator, positionKind, searchPosition } from './position.js';
export { v8RandomSeedFlag } from './seedflag.js';
export { type KeysAt, keyHashing, parseKeysAt, withKeysAt } from './keys.js';
export { ERAS, type Era, type Source } from './eras.js';
export { compareVersions, parseVersion, releaseNumbers } from './versions.js';
export { HISTORY_ERAS, CHROME_EARLY_V8, CHROME_EARLY_V8_SOURCE, operaToChromium } from './history.js';
export { EMBEDDER_RELEASES, EMBEDDER_RUNTIMES, type EmbedderRelease, type EmbedderRuntime, type EmbedderMatch, findEmbedderRelease } from './embedders.js';

/** The emulator packages of the generators of 2008–2016 browsers and Node (MWC1616, SpiderMonkey's LCG, GameRand, xorshift128+), each a createEngine id. */
export const PACKAGE_IDS = ['v8-2015', 'v8-patched', 'firefox-lcg', 'webkit-gamerand', 'xorshift128plus'] as const;
/** The historical generators' packages (not in the seed-42 table: some take a state only). */
export const HISTORY_PACKAGE_IDS = ['jscript-lcg', 'v8-libc', 'v8-mwc-cpp', 'netscape-lcg', 'quickjs', 'hermes'] as const;
/** Any emulator package id: one of PACKAGE_IDS or HISTORY_PACKAGE_IDS. */
export type PackageId = (typeof PACKAGE_IDS)[number] | (typeof HISTORY_PACKAGE_IDS)[number];
const ALL_PACKAGE_IDS: readonly string[] = [...PACKAGE_IDS, ...HISTORY_PACKAGE_IDS];

/** Every variant id of every emulator package (each package's own `VariantId`). */
export type VariantId = v82015.VariantId | v8Patched.VariantId | firefoxLcg.VariantId | webkitGameRand.VariantId | xorshift.VariantId
  | jscriptLcg.VariantId | v8Libc.VariantId | v8MwcCpp.VariantId | netscapeLcg.VariantId | quickjs.VariantId | hermes.VariantId;
/** The xorshift128+ flavors (engine families). */
export type Flavor = xorshift.Flavor;

/** Options of createEngine(): a raw state or a seed, and for package ids the variant or flavor. */
export interface CreateOptions {
  /** Raw state, in the order the emulator's getState() returns it. */
  state?: readonly unknown[];
  /** The engine's seed (for V8 and node@ ids: --random_seed). */
  seed?: number | bigint | string;
  /** For package ids: which variant (each package checks that it is one of its own). */
  variant?: VariantId;
  /** For the xorshift128plus package id: which engine family's mapping. */
  flavor?: Flavor;
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
  /**
   * For node@… ids (node 4.0–8.9.4 take a Math.random value per fresh key): `[[I, K], …]`, after the
   * script's I-th value K fresh objects became Map/Set/WeakMap/WeakSet keys (e.g. lodash's `_.uniq`
   * of 200 or more objects); the script's later values skip the K values their hashes took.
   * `[0, K]` is keysBefore K. No effect where keys draw nothing (0.11/0.12, 8.10+).
   */
  keysAt?: KeysAt;
}

/** Every id the registry knows: package ids, node@VERSION, and one id per era of each engine family. */
export function knownEngineIds(): string[] {
  return [...ALL_PACKAGE_IDS, ...NODE_RELEASES.map((r) => `node@${r.node}`), ...ERAS.map((e) => `${e.family}@${e.from}`),
    ...embedderReleaseIds()];
}

/** deno@, bun@, workerd@, webkitgtk@ ids of every measured build (chrome@ milestones resolve through their V8 version). */
function embedderReleaseIds(): string[] {
  return EMBEDDER_RUNTIMES.filter((r) => r !== 'chrome').flatMap((r) => nearestEmbedderIds(r, '0').sort((a, b) => a.localeCompare(b, 'en', { numeric: true })));
}

/** Creates a package's emulator by package id. */
export function createPackageEmulator(id: PackageId, options: CreateOptions): Emulator {
  switch (id) {
    // Each package's create() checks at run time that the variant is one of its own.
    case 'v8-2015':
      return v82015.create(options as v82015.CreateOptions);
    case 'v8-patched':
      return v8Patched.create(options as v8Patched.CreateOptions);
    case 'firefox-lcg':
      return firefoxLcg.create(options as firefoxLcg.CreateOptions);
    case 'webkit-gamerand':
      return webkitGameRand.create(options as webkitGameRand.CreateOptions);
    case 'xorshift128plus':
      return xorshift.create(options as xorshift.CreateOptions);
    case 'jscript-lcg':
      return jscriptLcg.create(options as Parameters<typeof jscriptLcg.create>[0]);
    case 'v8-libc':
      return v8Libc.create(options as Parameters<typeof v8Libc.create>[0]);
    case 'v8-mwc-cpp':
      return v8MwcCpp.create(options as Parameters<typeof v8MwcCpp.create>[0]);
    case 'netscape-lcg':
      return netscapeLcg.create(options as Parameters<typeof netscapeLcg.create>[0]);
    case 'quickjs':
      return quickjs.create(options as Parameters<typeof quickjs.create>[0]);
    case 'hermes':
      return hermes.create(options as hermes.CreateOptions);
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
    for (const k of ['firstValue', 'realm', 'keysBefore', 'keysAt', 'rngDrawsBefore'] as const) {
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
  let between = options.keysAt === undefined ? [] : parseKeysAt(options.keysAt);
  if (between.length > 0 && release.keys === 'unmeasured') {
    throw new InvalidOptionError(`node@${release.node}: keysAt: this release has no Map/WeakMap (measured), so no key can have been hashed`);
  }
  let before = keysBefore;
  if (between[0]?.[0] === 0) {
    before += between[0][1];
    between = between.slice(1);
  }
  if (release.keys !== 'values') between = [];
  const skipKeys = release.keys === 'values' ? before : 0;
  const place = (position: number, skip: number) => {
    const emu = placeEmulator(base, kind, position, skip);
    return between.length ? withKeysAt(emu, between) : emu;
  };
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
    if (between.length && between[0]![0] < targets.length) {
      throw new InvalidOptionError(`node@${release.node}: firstValue gives ${targets.length} values, but keysAt hashes keys after value ${between[0]![0]}: give only the values before the first keys`);
    }
    const position = searchPosition(base, kind, skipStartup + skipKeys, targets, options.searchLimit ?? DEFAULT_SEARCH_LIMIT, realm ? `realm ${realm}` : 'start-up', options.searchFrom ?? 0);
    return place(position, skipStartup + skipKeys);
  }
  if (known === undefined) throw new InvalidOptionError(`${why}: give firstValue (the first Math.random() value the real script printed) and emu finds the position`);
  return place(known, skipStartup + skipKeys);
}

/** Family of each id prefix; chrome@ maps through its V8 version, the rest are the family's own numbering. */
const PREFIXES: Record<string, Era['family']> = {
  v8: 'v8', chrome: 'v8', firefox: 'spidermonkey', spidermonkey: 'spidermonkey', safari: 'jsc', jsc: 'jsc', chakra: 'chakra',
  ie: 'ie', edge: 'edge', netscape: 'netscape', opera: 'opera', hermes: 'hermes', quickjs: 'quickjs', rhino: 'rhino',
};

/**
 * The newest Chrome milestone the registry knows (Chromium 156, V8 15.6: recorded in
 * tooling/conformance/fixtures/chromium-156.json). Newer milestones are refused rather than
 * guessed: a later V8 may have changed Math.random again.
 */
export const MAX_CHROME_MILESTONE = 156;

/** The oldest Chrome milestone chromeToV8 maps (Chrome 1 = V8 0.3; 1–28 from history.ts's table). */
export const MIN_CHROME_MILESTONE = 1;

/** The V8 version a Chrome milestone shipped (Chrome 29–40: V8 3.(M−10); 41–49: 4.(M−40); 50+: (M/10).(M%10)). */
export function chromeToV8(milestone: number): string | undefined {
  if (!Number.isInteger(milestone) || milestone < MIN_CHROME_MILESTONE) return undefined;
  if (milestone < 29) return CHROME_EARLY_V8[milestone];
  if (milestone <= 40) return `3.${milestone - 10}`;
  if (milestone <= 49) return `4.${milestone - 40}`;
  return `${Math.floor(milestone / 10)}.${milestone % 10}`;
}

/** What resolveEngine() found an id to name: the id, and the era, Node release(s), Chromium milestone or embedder build it resolves through. */
export interface Resolved {
  readonly id: string;
  readonly era?: Era;
  readonly node?: NodeRelease;
  /** For chrome@: the V8 version the milestone shipped. */
  readonly v8?: string;
  /** For edge@79+ and opera@15+: the Chromium milestone it resolves through. */
  readonly chromium?: number;
  /** For deno@, bun@, workerd@, webkitgtk@: the measured build (or the two measured builds bracketing the version). */
  readonly embedder?: EmbedderMatch;
  /** For node@LINE / node@RANGE: every release it names (all behave alike). */
  readonly releases?: readonly string[];
}

/** Finds what an id names without creating anything; throws UnknownEngineError with the nearest known ids. */
export function resolveEngine(id: string): Resolved {
  if (ALL_PACKAGE_IDS.includes(id)) return { id };
  // An era's own id, as `compare engines` prints it (v8@3.11…<3.15, jsc@10…).
  const named = ERAS.find((e) => eraId(e) === id);
  if (named) return { id, era: named };
  const m = /^([a-z0-9]+)@(.+)$/s.exec(id);
  if (m && m[1] === 'node') {
    const { release, releases } = resolveNodeSpec(m[2]!, nearestNodeIds);
    return { id, node: release, releases };
  }
  // WebKitGTK numbers its releases 2.x (jsc@2.50 as people type it): never a Safari version
  // (Safari 2 was 2.0 … 2.0.4, and every 2.0.x of either is GameRand).
  if (m && (m[1] === 'webkitgtk' || (m[1] === 'jsc' && /^2\.[1-9][0-9]*(\.[0-9]+)*$/.test(m[2]!)))) return webkitGtk(id, m[2]!);
  // Chromium-based Edge (79+) and Blink Opera (15–22) resolve through the Chromium milestone.
  if (m && m[1] === 'edge' && /^\d+$/.test(m[2]!) && Number(m[2]) >= 79) {
    return { ...resolveEngine(`chrome@${m[2]}`), id, chromium: Number(m[2]) };
  }
  if (m && m[1] === 'opera' && /^\d+$/.test(m[2]!) && Number(m[2]) >= 15) {
    const chromium = operaToChromium(Number(m[2]));
    if (chromium === undefined) {
      throw new UnknownEngineError(`${id} (its Chromium version is not recorded: the registry knows Opera 15–22 = Chromium 28–35)`, ['opera@15', 'opera@22', 'opera@12']);
    }
    return { ...resolveEngine(`chrome@${chromium}`), id, chromium };
  }
  if (m && m[1] !== 'chrome' && m[1] !== 'webkitgtk' && (EMBEDDER_RUNTIMES as readonly string[]).includes(m[1]!)) {
    const runtime = m[1] as EmbedderRuntime;
    const match = findEmbedderRelease(runtime, m[2]!);
    if (!match) throw new UnknownEngineError(id, nearestEmbedderIds(runtime, m[2]!));
    const rel = match.release;
    const v = parseVersion(rel.engineVersion);
    const base = rel.family === 'v8'
      ? (v ? ERAS.find((e) => e.family === 'v8' && inRange(v, e.from, e.to)) : ERAS.find((e) => e.family === 'v8' && e.variant === rel.variant))
      : ERAS.find((e) => e.family === 'jsc' && e.variant === 'jsc');
    const era = base && base.variant !== rel.variant ? { ...base, variant: rel.variant as VariantId } : base;
    return { id, embedder: match, ...(era ? { era } : {}) };
  }
  const family = m ? PREFIXES[m[1]!] : undefined;
  if (m && m[1] === 'chrome' && /^\d+$/.test(m[2]!) && (Number(m[2]) < MIN_CHROME_MILESTONE || Number(m[2]) > MAX_CHROME_MILESTONE)) {
    const why = Number(m[2]) > MAX_CHROME_MILESTONE ? `newer than chrome@${MAX_CHROME_MILESTONE}, the newest milestone the registry knows` : `older than chrome@${MIN_CHROME_MILESTONE}, the oldest it maps to a V8 version`;
    throw new UnknownEngineError(`${id} (${why})`, [`chrome@${MIN_CHROME_MILESTONE}`, `chrome@${MAX_CHROME_MILESTONE}`]);
  }
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
    throw new UnknownEngineError(id, version ? nearestEras(family, version) : nearest(id, eraIds(family)));
  }
  // Without a family@ prefix the package ids come first.
  const others = [...knownEngineIds(), ...ERAS.map(eraId)];
  throw new UnknownEngineError(id, m ? nearest(id, others) : [...nearest(id, PACKAGE_IDS), ...nearest(id, others)].slice(0, UNKNOWN_ENGINE_SHOWN));
}

/** An era's id as the registry lists it: `family@from…<to`, or `family@from…` for an open era. Resolves to that era. */
export function eraId(era: Era): string {
  return `${era.family}@${era.from}${era.to ? `…<${era.to}` : '…'}`;
}

/**
 * WebKitGTK's JavaScriptCore era: WTF's WeakRandom became xorshift128+ on WebKit trunk r192855
 * (2015-11-30, bug 151641). WebKitGTK 2.10 branched before it (2.10.0: 2015-09-21), 2.12
 * after (2.12.0: 2016-03-22); the 2.11.x development snapshots straddle it and are refused.
 * Checked on Debian's libjavascriptcoregtk 2.50.6 (tooling/conformance/fixtures/jsc-webkitgtk-2.50.json).
 */
function webkitGtk(id: string, version: string): Resolved {
  const v = parseVersion(version);
  // WebKitGTK 2.x shipped after Safari 5.1: the GameRand era that Safari 5.1 … 9 used, or xorshift128+ (Safari 10+).
  const jsc = (from: string) => ERAS.find((e) => e.family === 'jsc' && e.from === from)!;
  if (v && v[0] === 2 && v[1] !== undefined) {
    if (v[1] <= 10) return { id, era: jsc('5.1') };
    if (v[1] >= 12) return { id, era: jsc('10') };
    throw new UnknownEngineError(`${id} (WebKitGTK 2.11.x development snapshots straddle JavaScriptCore's change to xorshift128+ on 2015-11-30; give a stable version: ≤ 2.10 is GameRand, ≥ 2.12 xorshift128+)`, ['webkitgtk@2.10', 'webkitgtk@2.12']);
  }
  throw new UnknownEngineError(`${id} (WebKitGTK versions are 2.x)`, ['webkitgtk@2.10', 'webkitgtk@2.50']);
}

function eraIds(family: Era['family']): string[] {
  return ERAS.filter((e) => e.family === family).map(eraId);
}

/** The family's eras whose first version is closest to `version`. */
function nearestEras(family: Era['family'], version: readonly number[]): string[] {
  return ERAS.filter((e) => e.family === family)
    .map((e, i) => ({ id: eraId(e), i, d: distance(parseVersion(e.from)!, version) }))
    .sort((a, b) => a.d - b.d || a.i - b.i)
    .slice(0, UNKNOWN_ENGINE_SHOWN)
    .map((x) => x.id);
}

/** The known ids closest to `id` by edit distance (ties in registry order), at most UNKNOWN_ENGINE_SHOWN. */
function nearest(id: string, known: readonly string[]): string[] {
  return [...new Set(known)]
    .map((k, i) => ({ k, i, d: editDistance(id, k) }))
    .sort((a, b) => a.d - b.d || a.i - b.i)
    .slice(0, UNKNOWN_ENGINE_SHOWN)
    .map((x) => x.k);
}

function editDistance(a: string, b: string): number {
  let prev = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const cur = [i];
    for (let j = 1; j <= b.length; j++) cur[j] = Math.min(prev[j]! + 1, cur[j - 1]! + 1, prev[j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1));
    prev = cur;
  }
  return prev[b.length]!;
}

/** Known node@ ids closest to a requested version (same line first). */
function nearestNodeIds(requested: string): string[] {
  const v = releaseNumbers(requested.replace(/^[<>=]+/, ''));
  return [...NODE_RELEASES]
    .sort((a, b) => distance(releaseNumbers(a.node), v) - distance(releaseNumbers(b.node), v))
    .slice(0, UNKNOWN_ENGINE_SHOWN)
    .map((r) => `node@${r.node}`);
}

function distance(a: readonly number[], b: readonly number[]): number {
  return Math.abs((a[0] ?? 0) * 1e6 + (a[1] ?? 0) * 1e3 + (a[2] ?? 0) - ((b[0] ?? 0) * 1e6 + (b[1] ?? 0) * 1e3 + (b[2] ?? 0)));
}

/**
 * Options that would be silently ignored are refused: a version id (node@, v8@, chrome@, …) fixes
 * its variant and flavor, and only xorshift128plus has flavors.
 */
function refuseInapplicable(id: string, r: Resolved, options: CreateOptions): void {
  const fixed = r.node?.variant ?? r.era?.variant;
  for (const key of ['variant', 'flavor'] as const) {
    const value = options[key];
    if (value === undefined) continue;
    if (r.node || r.era) {
      throw new InvalidOptionError(`${key} ${JSON.stringify(value)} does not apply to ${id}: a version id fixes its ${key} (${id} is ${fixed ?? 'not emulated'})`);
    }
    if (key === 'flavor' && id !== 'xorshift128plus') {
      throw new InvalidOptionError(`flavor ${JSON.stringify(value)} does not apply to ${id}: only xorshift128plus has flavors`);
    }
  }
}

/** Resolves any registry id to its emulator. Unknown ids throw an UnknownEngineError listing the nearest known ones. */
export function createEngine(id: string, options: CreateOptions): Emulator {
  const r = resolveEngine(id);
  refuseInapplicable(id, r, options);
  if (r.node) return createNodeEmulator(r.node, options);
  if (r.embedder) {
    const rel = r.embedder.release;
    const emu = createPackageEmulator(rel.package, { ...options, variant: rel.variant as VariantId });
    // Values the runtime's own start-up drew before the script (0 in every build measured).
    for (let i = 0; options.seed !== undefined && i < rel.startupDraws; i++) emu.random();
    return emu;
  }
  if (r.era) {
    const era = r.era;
    if (era.package === null) {
      throw new UnknownEngineError(`${id} (recorded in the registry, but its generator is not emulated: ${era.algorithm}; ${era.verified})`, eraIds(era.family));
    }
    if (era.seedRefused !== undefined && options.seed !== undefined) throw new InvalidSeedError(era.seedRefused);
    // --random_seed as V8 parses it (low 32 bits; 0 means unseeded).
    const seed = era.family === 'v8' && options.seed !== undefined ? v8RandomSeedFlag(options.seed) : options.seed;
    return createPackageEmulator(era.package, { ...options, seed, variant: era.variant });
  }
  return createPackageEmulator(id as PackageId, options);
}
