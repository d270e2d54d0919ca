/** Dotted version numbers ("4.9.41", "13.5") compared numerically, missing parts as 0. */
export function parseVersion(v: string): number[] | undefined {
  if (!/^\d+(?:\.\d+)*$/.test(v)) return undefined;
  return v.split('.').map(Number);
}

/** The numbers of a published package version, its tag dropped ("4.1.0-pkg1" → [4, 1, 0]). */
export function releaseNumbers(v: string): number[] {
  return parseVersion(v.replace(/-.*$/, '')) ?? [0];
}

/** Compares two parsed versions numerically, missing parts as 0: negative when a < b, 0 when equal, positive when a > b. */
export function compareVersions(a: readonly number[], b: readonly number[]): number {
  for (let i = 0; i < Math.max(a.length, b.length); i++) {
    const d = (a[i] ?? 0) - (b[i] ?? 0);
    if (d !== 0) return d;
  }
  return 0;
}

/** True when from ≤ v < to (to undefined = open). */
export function inRange(v: readonly number[], from: string, to: string | undefined): boolean {
  return compareVersions(v, parseVersion(from)!) >= 0 && (to === undefined || compareVersions(v, parseVersion(to)!) < 0);
}
