import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { emulatorContract } from '@emu/testkit';
import { doubleToHex } from '@emu/core';
import { create as createFirefox } from '@emu/firefox-lcg';
import { create, epochMsFromState, stateFromEpochMs } from './index.js';

for (const variant of ['netscape-mocha', 'spidermonkey-runtime'] as const) {
  emulatorContract(`netscape-lcg ${variant}`, {
    fromState: (state) => create({ state, variant }),
    state: fc.integer({ min: 0, max: 2 ** 48 - 1 }).map((x) => [x]),
    badStates: [
      [[2 ** 48], '281474976710656'],
      [[1, 2], 'must have 1 words'],
    ],
    fromSeed: (seed) => create({ seed: seed as number, variant }),
    seed: fc.integer({ min: 0, max: 2 ** 45 }),
    badSeeds: [
      [-1, '-1'],
      ['soon', '"soon"'],
    ],
  });
}

const MASK = (1n << 48n) - 1n;

describe('netscape-mocha against a BigInt transcription of math_random', () => {
  it('a = 0x5D0EECE66D, double(next(27)·2^27 + next(27)) / 2^54 rounded half to even', () => {
    fc.assert(
      fc.property(fc.bigInt({ min: 0n, max: MASK }), fc.integer({ min: 1, max: 40 }), (s0, n) => {
        const e = create({ state: [Number(s0)] });
        let s = s0;
        for (let i = 0; i < n; i++) {
          s = (s * 0x5d0eece66dn + 0xbn) & MASK;
          const hi = s >> 21n;
          s = (s * 0x5d0eece66dn + 0xbn) & MASK;
          const lo = s >> 21n;
          let v = (hi << 27n) | lo; // < 2^54
          let e2 = -54;
          if (v >= 1n << 53n) {
            const rem = v & 1n;
            v >>= 1n;
            e2 += 1;
            if (rem === 1n && (v & 1n) === 1n) v += 1n;
          }
          expect(doubleToHex(e.random())).toBe(doubleToHex(Number(v) * 2 ** e2));
        }
      }),
    );
  });

  it('the typo is a different generator: 0x5D0EECE66D ≠ 0x5DEECE66D', () => {
    expect(0x5d0eece66d).not.toBe(0x5deece66d);
    const a = create({ state: [12345] });
    const b = createFirefox({ state: [12345] });
    expect(doubleToHex(a.random())).not.toBe(doubleToHex(b.random()));
  });
});

describe('spidermonkey-runtime', () => {
  it('is java.util.Random#nextDouble (= @emu/firefox-lcg, which the JDK verified) with clock seeding', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 2 ** 48 - 1 }), (x) => {
        const a = create({ state: [x], variant: 'spidermonkey-runtime' });
        const b = createFirefox({ state: [x] });
        for (let i = 0; i < 20; i++) expect(doubleToHex(a.random())).toBe(doubleToHex(b.random()));
      }),
      { numRuns: 50 },
    );
  });

  it('random_setSeed: (µs / 1000) ^ multiplier, masked; invertible from the state', () => {
    const ms = 1100000000000; // 2004-11-09, the week of Firefox 1.0
    expect(stateFromEpochMs(ms, 'spidermonkey-runtime')).toBe(Number((BigInt(ms) ^ 0x5deece66dn) & MASK));
    expect(stateFromEpochMs(ms)).toBe(Number((BigInt(ms) ^ 0x5d0eece66dn) & MASK));
    expect(epochMsFromState(stateFromEpochMs(ms))).toBe(ms);
    expect(create({ seed: ms, variant: 'spidermonkey-runtime' }).getState()).toEqual([stateFromEpochMs(ms, 'spidermonkey-runtime')]);
    expect(() => create({ state: [1], variant: 'mocha' })).toThrow(/unknown variant "mocha"/);
  });
});
