/**
 * Runtimes and browsers that embed V8 or JavaScriptCore, each release row measured on its real
 * binary (tooling/conformance/scripts/record-chromium-npm.mjs, record-runtimes.mjs, record-chromium.mjs)
 * and written by `pnpm fidelity calibrate-embedders` from the fixtures:
 *  - chrome: Chromium builds from npm (chrome-aws-lambda, @sparticuz/chromium) and Debian's;
 *  - deno: `@deno/linux-x64-glibc`, `deno run --seed N` (V8's --random-seed);
 *  - bun: `@oven/bun-linux-x64`, `BUN_JSC_forcedWeakRandomSeed=N` (JavaScriptCore);
 *  - workerd: `@cloudflare/workerd-linux-64`, `v8Flags = ["--random-seed=N"]`;
 *  - webkitgtk: Debian's JavaScriptCore shell (WebKitGTK), `jsc --forcedWeakRandomSeed=N`.
 * `deno@V`, `bun@V`, `workerd@DATE` resolve to the measured row of that version; a version
 * between two measured rows of the same variant and start-up draws resolves as bracketed by
 * them; anything else is refused with the measured versions nearest to it.
 */
import type { PackageId } from './index.js';
import rows from './embedder-releases.json';
import { compareVersions, parseVersion } from './versions.js';

/** The runtimes with measured builds: Chromium (chrome@M), Deno, Bun, workerd and WebKitGTK's jsc shell. */
export type EmbedderRuntime = 'chrome' | 'deno' | 'bun' | 'workerd' | 'webkitgtk';

/** One measured build: what it was, where it came from, and the variant and start-up draws its fixture calibrated. */
export interface EmbedderRelease {
  readonly runtime: EmbedderRuntime;
  /** deno/bun: the package version; workerd: the date (YYYY-MM-DD); chrome: the full build number; webkitgtk: the WebKitGTK version. */
  readonly version: string;
  /** The npm package (name@version) it came from, or the Debian package. */
  readonly artifact: string;
  readonly family: 'v8' | 'jsc';
  /** V8 version, or WebKit revision / WebKitGTK version for JavaScriptCore. */
  readonly engineVersion: string;
  readonly package: PackageId;
  readonly variant: string;
  /** Math.random values the runtime took before the probe's first call (0 in every build measured). */
  readonly startupDraws: number;
  readonly fixture: string;
}

/** Every measured build (embedder-releases.json, written by `pnpm fidelity calibrate-embedders`). */
export const EMBEDDER_RELEASES: readonly EmbedderRelease[] = rows as EmbedderRelease[];

/** The runtime prefixes that resolve to measured builds. */
export const EMBEDDER_RUNTIMES: readonly EmbedderRuntime[] = ['chrome', 'deno', 'bun', 'workerd', 'webkitgtk'];

/** A resolved embedder id: the measured row, or (bracketed) the row of the measured release below it. */
export interface EmbedderMatch {
  readonly release: EmbedderRelease;
  /** Set when the requested version was not measured itself: the two measured versions either side, which agree. */
  readonly bracketed?: readonly [string, string];
}

/** workerd ids are dates: "2025-09-01", "20250901" or the npm version "1.20250901.0". */
function versionKey(runtime: EmbedderRuntime, v: string): number[] | undefined {
  if (runtime === 'workerd') {
    const m = /^(?:1\.)?(\d{4})-?(\d{2})-?(\d{2})(?:\.(\d+))?$/.exec(v);
    return m ? [Number(m[1]), Number(m[2]), Number(m[3]), Number(m[4] ?? 0)] : undefined;
  }
  return parseVersion(v);
}

function sortedRows(runtime: EmbedderRuntime): EmbedderRelease[] {
  return EMBEDDER_RELEASES.filter((r) => r.runtime === runtime).sort((a, b) => compareVersions(versionKey(runtime, a.version)!, versionKey(runtime, b.version)!));
}

/** The row for `runtime@version`: exact, the newest of a line ("2.9"), or bracketed by two agreeing neighbours. */
export function findEmbedderRelease(runtime: EmbedderRuntime, version: string): EmbedderMatch | undefined {
  const all = sortedRows(runtime);
  const key = versionKey(runtime, version);
  if (!key) return undefined;
  const exact = all.find((r) => compareVersions(versionKey(runtime, r.version)!, key) === 0);
  if (exact) return { release: exact };
  if (runtime !== 'workerd') {
    const line = all.filter((r) => r.version.startsWith(`${version}.`));
    if (line.length) return { release: line[line.length - 1]! };
  }
  if (runtime === 'webkitgtk' || runtime === 'chrome') return undefined;
  const below = [...all].reverse().find((r) => compareVersions(versionKey(runtime, r.version)!, key) < 0);
  const above = all.find((r) => compareVersions(versionKey(runtime, r.version)!, key) > 0);
  if (below && above && below.variant === above.variant && below.startupDraws === above.startupDraws) {
    return { release: below, bracketed: [below.version, above.version] };
  }
  return undefined;
}

/** Measured ids of a runtime nearest to a requested version (for error messages). */
export function nearestEmbedderIds(runtime: EmbedderRuntime, version: string): string[] {
  const all = sortedRows(runtime);
  const key = versionKey(runtime, version) ?? [0];
  const flat = (k: readonly number[]) => [0, 1, 2, 3].reduce((acc, i) => acc * 1e4 + (k[i] ?? 0), 0);
  return [...all]
    .sort((a, b) => Math.abs(flat(versionKey(runtime, a.version)!) - flat(key)) - Math.abs(flat(versionKey(runtime, b.version)!) - flat(key)))
    .slice(0, 6)
    .map((r) => `${runtime}@${r.version}`);
}
