import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { emulatorContract } from '@emu/testkit';
import { doubleToHex } from '@emu/core';
import { MULT_INVERSE, create, recoverState } from './index.js';

const word64 = fc.bigInt({ min: 1n, max: (1n << 64n) - 1n }).map((x) => `0x${x.toString(16).padStart(16, '0')}`);

emulatorContract('quickjs', {
  fromState: (state) => create({ state }),
  state: word64.map((w) => [w]),
  badStates: [
    [['0x0'], 'random_state (index 0) = 0 is not allowed'],
    [['0x10000000000000000'], 'random_state (index 0)'],
    [[1, 2], 'must have 1 words'],
  ],
  fromSeed: (seed) => create({ seed: seed as number }),
  seed: fc.integer({ min: 0, max: Number.MAX_SAFE_INTEGER }),
  badSeeds: [
    [-1, '-1'],
    [1.5, '1.5'],
  ],
});

const MASK = (1n << 64n) - 1n;
function reference(state: bigint, n: number): string[] {
  const out: string[] = [];
  let x = state;
  for (let i = 0; i < n; i++) {
    x ^= x >> 12n;
    x = (x ^ (x << 25n)) & MASK;
    x ^= x >> 27n;
    const v = (x * 0x2545f4914f6cdd1dn) & MASK;
    const bits = (0x3ffn << 52n) | (v >> 12n);
    const dv = new DataView(new ArrayBuffer(8));
    dv.setBigUint64(0, bits);
    out.push(doubleToHex(dv.getFloat64(0) - 1));
  }
  return out;
}

describe('quickjs against a BigInt transcription of js_math_random', () => {
  it('xorshift64* and the 1.0 | v >> 12 mantissa, bit for bit', () => {
    fc.assert(
      fc.property(fc.bigInt({ min: 1n, max: MASK }), fc.integer({ min: 1, max: 60 }), (s, n) => {
        const e = create({ state: [s] });
        expect(Array.from({ length: n }, () => doubleToHex(e.random()))).toEqual(reference(s, n));
      }),
    );
  });

  it('the multiplier inverse is right, and two values recover the state', () => {
    expect((0x2545f4914f6cdd1dn * MULT_INVERSE) & MASK).toBe(1n);
    fc.assert(
      fc.property(fc.bigInt({ min: 1n, max: MASK }), (s) => {
        const e = create({ state: [s] });
        const vals = [e.random(), e.random(), e.random()];
        expect(recoverState(vals)).toEqual([`0x${s.toString(16).padStart(16, '0')}`]);
      }),
      { numRuns: 30 },
    );
  });

  it('js_random_init: the seed is the epoch microseconds, 0 becomes 1', () => {
    expect(create({ seed: 0 }).getState()).toEqual(['0x0000000000000001']);
    expect(create({ seed: 1796334089529000 }).getState()).toEqual([`0x${(1796334089529000).toString(16).padStart(16, '0')}`]);
  });
});
