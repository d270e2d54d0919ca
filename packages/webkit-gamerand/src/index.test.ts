import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { emulatorContract } from '@emu/testkit';
import { create } from './index.js';

const w32 = fc.integer({ min: 0, max: 0xffffffff });

emulatorContract('webkit-gamerand', {
  fromState: (state) => create({ state }),
  state: fc.tuple(w32, w32).map((t) => [...t]).filter((s) => s.some((w) => w !== 0)),
  badStates: [
    [[1], 'must have 2 words'],
    [[1, 4294967296], 'm_high (index 1) = 4294967296'],
    [[-5, 1], 'm_low (index 0) = -5'],
  ],
  fromSeed: (seed) => create({ seed: seed as number }),
  seed: w32,
  badSeeds: [
    [-1, 'out of range'],
    [2 ** 32, '4294967296'],
    [0.5, '0.5'],
  ],
});

describe('webkit-gamerand specifics', () => {
  /** WeakRandom transcribed on BigInt with explicit uint32 wrap-around, independent of the emulator. */
  function reference(seed: number, n: number): number[] {
    const U = 0xffffffffn;
    let low = BigInt((seed ^ 0x49616e42) >>> 0);
    let high = BigInt(seed >>> 0);
    const out: number[] = [];
    for (let i = 0; i < n; i++) {
      high = (((high << 16n) & U) + (high >> 16n)) & U;
      high = (high + low) & U;
      low = (low + high) & U;
      out.push(Number(high));
    }
    return out;
  }

  it('agrees with a BigInt transcription of WeakRandom::advance for any seed', () => {
    fc.assert(
      fc.property(w32, (seed) => {
        const e = create({ seed });
        const ref = reference(seed, 64);
        expect(ref.map(() => e.raw())).toEqual(ref);
      }),
    );
  });

  it('random() = raw() / 2^32', () => {
    const a = create({ seed: 7 });
    const b = create({ seed: 7 });
    for (let i = 0; i < 100; i++) expect(a.random()).toBe(b.raw() / 2 ** 32);
  });
});

describe('issue 15: the all-zero state', () => {
  it('is refused with an InvalidStateError naming the state and why', () => {
    expect(() => create({ state: [0, 0] })).toThrow(expect.objectContaining({ name: 'InvalidStateError', code: 'INVALID_STATE' }));
    expect(() => create({ state: [0, 0] })).toThrow(/\[0, 0\].*0x49616E42/);
    expect(() => create({ state: [0, 1] })).not.toThrow();
    // seed 0 is fine: m_low = 0 ^ 0x49616E42.
    expect(create({ seed: 0 }).getState()).toEqual([0x49616e42, 0]);
  });
});
