/**
 * The registry: resolves an engine id to the emulator, variant and seeding path that reproduce
 * it. Package ids (`v8-2015`, …) select an emulator package directly; `node@VERSION` selects the
 * variant and start-up model measured for that Node release.
 */
import { type Emulator, UnknownEngineError } from '@emu/core';
import * as firefoxLcg from '@emu/firefox-lcg';
import * as v82015 from '@emu/v8-2015';
import * as v8Patched from '@emu/v8-patched';
import * as webkitGameRand from '@emu/webkit-gamerand';
import * as xorshift from '@emu/xorshift128plus';
import { ERAS, type Era } from './eras.js';
import { NODE_RELEASES, type NodeRelease, findNodeRelease } from './node.js';
import { compareVersions, inRange, parseVersion } from './versions.js';

export { NODE_RELEASES, type NodeRelease, type EntryMode, findNodeRelease } from './node.js';
export { ERAS, type Era, type Source } from './eras.js';
export { compareVersions, parseVersion } from './versions.js';

export const PACKAGE_IDS = ['v8-2015', 'v8-patched', 'firefox-lcg', 'webkit-gamerand', 'xorshift128plus'] as const;
export type PackageId = (typeof PACKAGE_IDS)[number];

/** Every variant id of every emulator package (each package's own `VariantId`). */
export type VariantId = v82015.VariantId | v8Patched.VariantId | firefoxLcg.VariantId | webkitGameRand.VariantId | xorshift.VariantId;
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
}

/** Every id the registry knows: package ids, node@VERSION, and one id per era of each engine family. */
export function knownEngineIds(): string[] {
  return [...PACKAGE_IDS, ...NODE_RELEASES.map((r) => `node@${r.node}`), ...ERAS.map((e) => `${e.family}@${e.from}`)];
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
  }
}

/** The emulator of a Node release started with `--random_seed=seed`, positioned at the script's first Math.random(). */
export function createNodeEmulator(release: NodeRelease, options: CreateOptions): Emulator {
  const entry = options.entry ?? 'file';
  const draws = options.rngDrawsBefore ?? release.rngDrawsBefore[entry];
  const emu = options.seed === undefined
    ? createPackageEmulator(release.package, { state: options.state, variant: release.variant })
    : release.package === 'v8-2015'
      ? v82015.create({ seed: options.seed, variant: release.variant as v82015.VariantId, rngDrawsBefore: draws })
      : release.package === 'xorshift128plus'
        ? xorshift.create({ seed: options.seed, variant: release.variant as xorshift.VariantId, rngDrawsBefore: draws })
        : createPackageEmulator(release.package, { seed: options.seed, variant: release.variant });
  // Node's own start-up may call Math.random before the script does.
  const skip = options.seed === undefined ? 0 : release.startupDraws[entry];
  for (let i = 0; i < skip; i++) emu.random();
  return emu;
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
}

/** Finds what an id names without creating anything; throws UnknownEngineError with the nearest known ids. */
export function resolveEngine(id: string): Resolved {
  if ((PACKAGE_IDS as readonly string[]).includes(id)) return { id };
  const m = /^([a-z0-9]+)@(.+)$/.exec(id);
  if (m && m[1] === 'node') {
    const release = findNodeRelease(m[2]!);
    if (release) return { id, node: release };
    throw new UnknownEngineError(id, nearestNodeIds(m[2]!));
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
  const v = parseVersion(requested) ?? [0];
  return [...NODE_RELEASES]
    .sort((a, b) => {
      const da = Math.abs(compareVersions(parseVersion(a.node)!, v) === 0 ? 0 : distance(parseVersion(a.node)!, v));
      const db = Math.abs(compareVersions(parseVersion(b.node)!, v) === 0 ? 0 : distance(parseVersion(b.node)!, v));
      return da - db;
    })
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
    return createPackageEmulator(era.package, { ...options, variant: era.variant });
  }
  return createPackageEmulator(id as PackageId, options);
}
