import { describe, expect, it } from 'vitest';
import { doubleToHex } from '@emu/core';
import { createEngine, findNodeRelease } from '@emu/engines';
import { modeValues, nodeGoldens } from './goldens.js';

const goldens = nodeGoldens();

describe('golden vectors from real Node binaries (node --random_seed=N)', () => {
  it('covers 0.8 … 20 (at least 0.10, 0.12, 4.x, 5.x, 6.x, 20.x)', () => {
    const lines = new Set(goldens.map((g) => g.version.split('.').slice(0, g.version.startsWith('0.') ? 2 : 1).join('.')));
    for (const line of ['0.10', '0.12', '4', '5', '6', '20']) expect(lines).toContain(line);
  });

  for (const g of goldens) {
    describe(`node ${g.version} (V8 ${g.v8})`, () => {
      it('is in the registry', () => {
        expect(findNodeRelease(g.version)?.node).toBe(g.version);
      });
      for (const [seed, modes] of Object.entries(g.seeds)) {
        for (const mode of ['file', 'eval', 'stdin'] as const) {
          it(`--random_seed=${seed}, ${mode}: ${g.count} values bit-exact`, () => {
            const expected = modeValues(modes, mode);
            const emu = createEngine(`node@${g.version}`, { seed: Number(seed), entry: mode });
            const got = expected.map(() => doubleToHex(emu.random()));
            const first = got.findIndex((h, i) => h !== expected[i]);
            expect(first, first >= 0 ? `first divergence at index ${first}: emu ${got[first]} vs node ${expected[first]}` : '').toBe(-1);
          });
        }
      }
    });
  }
});
