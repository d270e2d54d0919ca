import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { emulatorContract } from '@emu/testkit';
import { doubleToHex } from '@emu/core';
import { type VariantId, VARIANTS, create } from './index.js';

const w16 = fc.integer({ min: 0, max: 0xffff });
const w32 = fc.integer({ min: 0, max: 0xffffffff });
const badSeeds = [[0, '0 means'], [1.5, '1.5'], ['x', '"x"'], [-(2 ** 31) - 1, '-2147483649']] as const;

emulatorContract('v8-2015 v8-4.8-constructdouble (default)', {
  fromState: (state) => create({ state }),
  state: fc.tuple(w16, w16, w16, w16).map((t) => [...t]).filter((s) => s.some((w) => w !== 0)),
  badStates: [
    [[1, 2, 3, 4, 5], 'must have 4 words'],
    [[70000, 2, 3, 4], 'rngstate_0 (index 0) = 70000'],
    [{}, 'must be an array'],
  ],
  fromSeed: (seed) => create({ seed: seed as number }),
  seed: fc.integer({ min: 1, max: 0x7fffffff }),
  badSeeds,
});

for (const variant of ['v8-3.26-js', 'v8-3.30-js'] as const) {
  emulatorContract(`v8-2015 ${variant}`, {
    fromState: (state) => create({ state, variant }),
    state: fc.tuple(w32, w32).map((t) => [...t]).filter((s) => s.some((w) => w !== 0)),
    badStates: [
      [[1], 'must have 2 words'],
      [[1, 2 ** 32], 'rngstate1 (index 1) = 4294967296'],
    ],
    fromSeed: (seed) => create({ seed: seed as number, variant, rngDrawsBefore: 5 }),
    seed: fc.integer({ min: -0x80000000, max: 0x7fffffff }).filter((s) => s !== 0),
    badSeeds,
  });
}

emulatorContract('v8-2015 v8-3.11-cpp', {
  fromState: (state) => create({ state, variant: 'v8-3.11-cpp' }),
  state: fc.tuple(w32.filter((w) => w !== 0), w32).map((t) => [...t]),
  badStates: [
    [[0, 5], 'state0 (index 0) = 0 is not allowed'],
    [[1, 2, 3], 'must have 2 words'],
  ],
  fromSeed: (seed) => create({ seed: seed as number, variant: 'v8-3.11-cpp' }),
  seed: fc.integer({ min: 1, max: 0x7fffffff }),
  badSeeds,
});

describe('v8-2015 specifics', () => {
  it('keeps only 32 random bits in every variant (the low 20 mantissa bits of 1.x are zero)', () => {
    for (const { id, stateWords } of VARIANTS) {
      const e = create({ state: stateWords.map((_, i) => 1000 + i), variant: id as VariantId });
      for (let i = 0; i < 100; i++) {
        const x = e.random();
        expect(Number.isInteger(x * 2 ** 32), `${id} ${doubleToHex(x)}`).toBe(true);
      }
    }
  });

  it('unpatched: the top 20 bits of each double come from the 18030 generator alone', () => {
    // Two states that differ only in the 36969 generator give doubles equal in their top 20 bits.
    const a = create({ state: [123, 456, 1, 2] });
    const b = create({ state: [123, 456, 999, 777] });
    for (let i = 0; i < 50; i++) expect(Math.floor(a.random() * 2 ** 20)).toBe(Math.floor(b.random() * 2 ** 20));
  });

  it('rejects an unknown variant, listing the known ones', () => {
    expect(() => create({ seed: 1, variant: 'v8-9.9' as VariantId })).toThrow(/known variants: v8-3.11-cpp, v8-3.26-js, v8-3.30-js, v8-4.8-constructdouble/);
    expect(() => create({ seed: 1, variant: 'v8-3.30-js', rngDrawsBefore: -1 })).toThrow(/rngDrawsBefore/);
  });
});

describe('v8-2015: the fast double equals the %_ConstructDouble (DataView) reference', () => {
  it('bit for bit, from any state', () => {
    fc.assert(
      fc.property(fc.tuple(w16, w16, w16, w16).map((t) => [...t]).filter((s) => s.some((w) => w !== 0)), fc.integer({ min: 1, max: 50 }), (state, n) => {
        const fast = create({ state }) as unknown as { random(): number };
        const ref = create({ state }) as unknown as { randomViaConstructDouble(): number };
        for (let i = 0; i < n; i++) expect(doubleToHex(fast.random())).toBe(doubleToHex(ref.randomViaConstructDouble()));
      }),
    );
  });
});

describe('issue 15: the all-zero state', () => {
  it.each(['v8-3.11-cpp', 'v8-3.26-js', 'v8-3.30-js', 'v8-4.8-constructdouble'] as const)('%s refuses it with an InvalidStateError naming the state', (variant) => {
    const zeros = VARIANTS.find((v) => v.id === variant)!.stateWords.map(() => 0);
    expect(() => create({ state: zeros, variant })).toThrow(expect.objectContaining({ name: 'InvalidStateError', code: 'INVALID_STATE' }));
    expect(() => create({ state: zeros, variant })).toThrow(/0, ?0/);
  });
  it('a state with one non-zero word is still taken', () => {
    expect(() => create({ state: [0, 0, 0, 1], variant: 'v8-4.8-constructdouble' })).not.toThrow();
    expect(() => create({ state: [0, 1], variant: 'v8-3.30-js' })).not.toThrow();
  });
});
