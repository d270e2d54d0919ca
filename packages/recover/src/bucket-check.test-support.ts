/**
 * Shared by the bucket property tests (s0-buckets, sum-buckets): compares every value and bucket
 * a prediction gives with the engine's own stream — values as 16 hex digits — and throws on the
 * first wrong one. Not a test file itself.
 */
import { doubleToHex } from '@emu/core';
import type { Outcome } from './predict.js';

export interface GivenTally {
  given: number;
  wrong: number;
}

/**
 * `after` / `before`: the engine's values after and before the observed window (`before`
 * undefined when nothing before is asked); `where` names the case in the error.
 */
export function checkGiven(r: Outcome, n: number, after: readonly number[], before: readonly number[] | undefined, tally: GivenTally, where: string): void {
  if (r.kind !== 'ok' && r.kind !== 'partial') return;
  const fail = (what: string, said: string, truth: string) => {
    tally.wrong++;
    throw new Error(`${where}: ${what} said ${said}, the engine gave ${truth} (${r.kind}: ${r.note})`);
  };
  const check = (said: readonly (number | null)[], truth: readonly number[], what: string) =>
    said.forEach((x, i) => {
      if (x === null) return;
      tally.given++;
      if (doubleToHex(x) !== doubleToHex(truth[i]!)) fail(`${what}[${i}]`, doubleToHex(x), doubleToHex(truth[i]!));
    });
  check(r.next, after, 'next');
  if (before) check(r.previous, before, 'previous');
  if (r.kind === 'partial' && r.buckets) {
    const inBuckets = (said: readonly (number | null)[], truth: readonly number[], what: string) =>
      said.forEach((k, i) => {
        if (k === null) return;
        tally.given++;
        if (k !== Math.floor(truth[i]! * n)) fail(`${what} bucket [${i}]`, String(k), String(Math.floor(truth[i]! * n)));
      });
    inBuckets(r.buckets.next, after, 'next');
    if (before) inBuckets(r.buckets.previous, before, 'previous');
  }
}
