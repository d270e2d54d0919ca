import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { emulatorContract } from '@emu/testkit';
import { doubleToHex } from '@emu/core';
import { type VariantId, create } from './index.js';

const w16 = fc.integer({ min: 0, max: 0xffff });

emulatorContract('v8-patched', {
  fromState: (state) => create({ state }),
  state: fc.tuple(w16, w16, w16, w16).map((t) => [...t]).filter((s) => s.some((w) => w !== 0)),
  badStates: [
    [[1, 2, 3], 'must have 4 words'],
    [[1, 2, 3, 65536], 'd (index 3) = 65536'],
    [[1, -1, 3, 4], 'b (index 1) = -1'],
    [[1, 2.5, 3, 4], '2.5'],
    [['x', 2, 3, 4], '"x"'],
    [null, 'null'],
  ],
  fromSeed: (seed) => create({ seed: seed as number }),
  seed: fc.integer({ min: 1, max: 0x7fffffff }),
  badSeeds: [
    [0, '0 means'],
    [1.5, '1.5'],
    ['seven', '"seven"'],
    [2 ** 31, '2147483648'],
  ],
});

describe('v8-patched specifics', () => {
  it('mixes both halves: the high 20 bits are r0 XOR r1', () => {
    const e = create({ state: [1, 0, 0, 0] });
    // r0 = 18030·1 + 0, r1 = 0: the double's top bits are r0's.
    expect(doubleToHex(e.random())).toBe(doubleToHex((18030 & 0xfffff) * 2 ** -20));
  });

  it('rejects an unknown variant, listing the known one', () => {
    expect(() => create({ state: [1, 2, 3, 4], variant: 'v8-9' as VariantId })).toThrow(/unknown variant "v8-9"; known variants: v8-4.9-patched/);
  });

  it('requires exactly one of state and seed', () => {
    expect(() => create({})).toThrow(/exactly one/);
    expect(() => create({ state: [1, 2, 3, 4], seed: 1 })).toThrow(/exactly one/);
  });
});

describe('v8-patched: the fast double equals the %_ConstructDouble (DataView) reference', () => {
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
  it('is refused with an InvalidStateError naming the state and why', () => {
    expect(() => create({ state: [0, 0, 0, 0] })).toThrow(expect.objectContaining({ name: 'InvalidStateError', code: 'INVALID_STATE' }));
    expect(() => create({ state: [0, 0, 0, 0] })).toThrow(/\[0, 0, 0, 0\].*InitializeRNG/);
    expect(() => create({ state: [0, 0, 0, 1] })).not.toThrow();
  });
});
