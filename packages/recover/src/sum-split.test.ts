/**
 * searchSumSplit (sum-split.ts): node 26's 3 values that straddle a refill. The list is the same
 * with the WebAssembly walk and compare (walk.wat) as with the JavaScript loops, and holds the
 * stream's own state at the first value.
 */
import { describe, expect, it } from 'vitest';
import { create } from '@emu/xorshift128plus';
import { searchSumSplit } from './sum-split.js';
import { useWalkKernel } from './walk-kernel.js';

const VARIANT = 'v8-14.4-sum-53';

describe('searchSumSplit: 3 values a refill splits', () => {
  it('2 + 1 and 1 + 2 (calls 62–64, 63–65, and a later refill): the stream\'s own state listed, the same list with the kernel off', () => {
    const cases: [string, string, number][] = [
      ['0x9e3779b97f4a7c15', '0xbf58476d1ce4e5b9', 62],
      ['0x94d049bb133111eb', '0x2545f4914f6cdd1d', 63],
      ['0x0123456789abcdef', '0x7edcba9876543210', 190],
    ];
    for (const [s0, s1, k] of cases) {
      const e = create({ state: [s0, s1, 0], variant: VARIANT });
      e.skip(k);
      const truth = e.getState();
      const xs = [e.random(), e.random(), e.random()];
      const on = searchSumSplit(xs, VARIANT)!;
      useWalkKernel(false);
      let off;
      try {
        off = searchSumSplit(xs, VARIANT)!;
      } finally {
        useWalkKernel(true);
      }
      expect(on).toEqual(off);
      expect(on.complete).toBe(true);
      expect(on.states).toContainEqual(truth);
    }
  }, 120_000);
});
