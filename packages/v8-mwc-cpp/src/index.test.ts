import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { emulatorContract } from '@emu/testkit';
import { doubleToHex } from '@emu/core';
import { create as createV82015 } from '@emu/v8-2015';
import { create } from './index.js';

const word = fc.integer({ min: 1, max: 2 ** 32 - 1 });

for (const variant of ['v8-1.2.8-smi30', 'v8-2.2-cpp32'] as const) {
  emulatorContract(`v8-mwc-cpp ${variant}`, {
    fromState: (state) => create({ state, variant }),
    state: fc.tuple(word, word).map(([a, b]) => [a, b]),
    badStates: [
      [[0, 1], 'hi (index 0) = 0 is not allowed'],
      [[1, 0], 'lo (index 1) = 0 is not allowed'],
      [[1, 2 ** 32], 'lo (index 1) = 4294967296'],
    ],
    fromSeed: (seed) => create({ seed: seed as number, variant }),
    seed: word,
    badSeeds: [
      [0, '0'],
      [2 ** 32, '4294967296'],
      [0.5, '0.5'],
    ],
  });
}

emulatorContract('v8-mwc-cpp v8-3.21-cpp', {
  fromState: (state) => create({ state, variant: 'v8-3.21-cpp' }),
  state: fc.tuple(word, word).map(([a, b]) => [a, b]),
  badStates: [[[0, 5], 'state0 (index 0) = 0']],
});

/** V8::Random() transcribed with BigInt from src/v8.cc (1.2.8 – 3.4.8). */
function refRandom(hi: bigint, lo: bigint, n: number): { outs: bigint[] } {
  const outs: bigint[] = [];
  for (let i = 0; i < n; i++) {
    hi = (36969n * (hi & 0xffffn) + (hi >> 16n)) & 0xffffffffn;
    lo = (18273n * (lo & 0xffffn) + (lo >> 16n)) & 0xffffffffn;
    outs.push(((hi << 16n) + (lo & 0xffffn)) & 0xffffffffn);
  }
  return { outs };
}

describe('v8-mwc-cpp against a BigInt transcription of src/v8.cc', () => {
  it('1.2.8: (V8::Random() & Smi::kMaxValue) / 0x40000000; 2.2: V8::Random() / 2^32', () => {
    fc.assert(
      fc.property(word, word, fc.integer({ min: 1, max: 60 }), (hi, lo, n) => {
        const { outs } = refRandom(BigInt(hi), BigInt(lo), n);
        const smi = create({ state: [hi, lo], variant: 'v8-1.2.8-smi30' });
        const c32 = create({ state: [hi, lo], variant: 'v8-2.2-cpp32' });
        for (const r of outs) {
          expect(doubleToHex(smi.random())).toBe(doubleToHex(Number(r & 0x3fffffffn) / 2 ** 30));
          // FillHeapNumberWithRandom: the bits of 1.0 OR (r << 20), minus 1.0
          const view = new DataView(new ArrayBuffer(8));
          view.setBigUint64(0, 0x3ff0000000000000n | (r << 20n));
          expect(doubleToHex(c32.random())).toBe(doubleToHex(view.getFloat64(0) - 1));
        }
      }),
    );
  });

  it('3.21: the same random_base as @emu/v8-2015 v8-3.11-cpp (which node 0.8 / 0.10 verified)', () => {
    fc.assert(
      fc.property(word, word, (a, b) => {
        const mine = create({ state: [a, b], variant: 'v8-3.21-cpp' });
        const theirs = createV82015({ state: [a, b], variant: 'v8-3.11-cpp' });
        for (let i = 0; i < 50; i++) expect(doubleToHex(mine.random())).toBe(doubleToHex(theirs.random()));
      }),
      { numRuns: 50 },
    );
  });

  it('--random_seed=N sets both words; the 3.21 era refuses a seed with the reason', () => {
    expect(create({ seed: 42, variant: 'v8-2.2-cpp32' }).getState()).toEqual([42, 42]);
    expect(() => create({ seed: 42, variant: 'v8-3.21-cpp' })).toThrow(/isolate RNG/);
    expect(() => create({ seed: 42, variant: 'v8-9' })).toThrow(/unknown variant "v8-9"/);
  });
});
