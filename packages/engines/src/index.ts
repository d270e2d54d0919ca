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
import { NODE_RELEASES, type NodeRelease, findNodeRelease } from './node.js';

export { NODE_RELEASES, type NodeRelease, type EntryMode, findNodeRelease } from './node.js';

export const PACKAGE_IDS = ['v8-2015', 'v8-patched', 'firefox-lcg', 'webkit-gamerand', 'xorshift128plus'] as const;
export type PackageId = (typeof PACKAGE_IDS)[number];

export interface CreateOptions {
  state?: readonly unknown[];
  seed?: number | bigint | string;
  variant?: string;
  flavor?: string;
  /** For node@… ids: how the script was started (default 'file'). */
  entry?: 'file' | 'eval' | 'stdin';
}

/** Every id the registry knows (package ids, then node@VERSION ids). */
export function knownEngineIds(): string[] {
  return [...PACKAGE_IDS, ...NODE_RELEASES.map((r) => `node@${r.node}`)];
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

/** The emulator of a Node release started with `--random_seed=seed`, positioned at the script's first Math.random(). */
export function createNodeEmulator(release: NodeRelease, options: CreateOptions): Emulator {
  const entry = options.entry ?? 'file';
  const emu = options.seed === undefined
    ? createPackageEmulator(release.package, { state: options.state, variant: release.variant })
    : release.package === 'v8-2015'
      ? v82015.create({ seed: options.seed, variant: release.variant, rngDrawsBefore: release.rngDrawsBefore })
      : createPackageEmulator(release.package, { seed: options.seed, variant: release.variant });
  // Node's own start-up may call Math.random before the script does.
  const skip = options.seed === undefined ? 0 : release.startupDraws[entry];
  for (let i = 0; i < skip; i++) emu.random();
  return emu;
}

/** Resolves any registry id. Unknown ids throw an UnknownEngineError listing the known ones. */
export function createEngine(id: string, options: CreateOptions): Emulator {
  if ((PACKAGE_IDS as readonly string[]).includes(id)) return createPackageEmulator(id as PackageId, options);
  const m = /^node@(.+)$/.exec(id);
  if (m) {
    const release = findNodeRelease(m[1]!);
    if (release) return createNodeEmulator(release, options);
  }
  throw new UnknownEngineError(id, knownEngineIds());
}
