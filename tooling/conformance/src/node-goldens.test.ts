import { describe, expect, it } from 'vitest';
import { doubleToHex, hexToDouble } from '@emu/core';
import { recoverXorshift } from '@emu/recover';
import { type VariantId as XorshiftVariantId, create as createXorshift } from '@emu/xorshift128plus';
import { createEngine, findNodeRelease } from '@emu/engines';
import { modeValues, nodeGoldens } from './goldens.js';

const goldens = nodeGoldens();

describe('golden vectors from real Node binaries (node --random_seed=N)', () => {
  it('covers 0.8 … 20 (at least 0.10, 0.12, 4.x, 5.x, 6.x, 20.x)', () => {
    const lines = new Set(goldens.map((g) => g.version.split('.').slice(0, g.version.startsWith('0.') ? 2 : 1).join('.')));
    for (const line of ['0.8', '0.10', '0.12', '4', '5', '6', '7', '8', '10', '11', '12', '20', '22', '24', '25', '26']) expect(lines).toContain(line);
  });

  for (const g of goldens) {
    if (!findNodeRelease(g.version)) {
      // Not yet in fixtures/node-releases.jsonl (record-releases.mjs --all is resumable): refused, never guessed.
      it(`node ${g.version} (V8 ${g.v8}): not recorded by record-releases.mjs yet, so refused`, () => {
        expect(() => createEngine(`node@${g.version}`, { seed: 1 })).toThrow(/not recorded yet/);
      });
      continue;
    }
    describe(`node ${g.version} (V8 ${g.v8})`, () => {
      it('is in the registry', () => {
        expect(findNodeRelease(g.version)?.node).toBe(g.version);
      });
      for (const [seed, modes] of Object.entries(g.seeds)) {
        for (const mode of ['file', 'eval', 'stdin'] as const) {
          it(`--random_seed=${seed}, ${mode}: ${g.count} values bit-exact`, () => {
            const expected = modeValues(modes, mode);
            // Lazily seeded releases (node 6.0–8.2): the start-up position comes from the first value.
            const lazy = findNodeRelease(g.version)?.lazy === true;
            const emu = createEngine(`node@${g.version}`, { seed: Number(seed), entry: mode, ...(lazy ? { firstValue: expected[0] } : {}) });
            const got = expected.map(() => doubleToHex(emu.random()));
            const first = got.findIndex((h, i) => h !== expected[i]);
            expect(first, first >= 0 ? `first divergence at index ${first}: emu ${got[first]} vs node ${expected[first]}` : '').toBe(-1);
          });
        }
        it(`--random_seed=${seed}: 3 values by random(), the rest by one fill() (the WebAssembly kernel where there is one), bit-exact`, () => {
          const expected = modeValues(modes, 'file');
          const lazy = findNodeRelease(g.version)?.lazy === true;
          const emu = createEngine(`node@${g.version}`, { seed: Number(seed), entry: 'file', ...(lazy ? { firstValue: expected[0] } : {}) });
          const head = [emu.random(), emu.random(), emu.random()];
          const got = [...head, ...emu.fill(new Float64Array(expected.length - 3))].map(doubleToHex);
          const first = got.findIndex((h, i) => h !== expected[i]);
          expect(first, first >= 0 ? `first divergence at index ${first}: emu ${got[first]} vs node ${expected[first]}` : '').toBe(-1);
        });
      }
    });
  }
});

describe('the lazily seeded era (V8 4.9.41–5.8) is also explained by state recovery alone', () => {
  // Independent of the seeding model: recover the xorshift state from the first 150 values (the
  // exact sum search of @emu/recover), then every bit of all 200 values must follow.
  for (const version of ['6.0.0', '6.17.1', '7.10.1', '8.2.1']) {
    it(`node ${version}`, () => {
      const g = goldens.find((x) => x.version === version)!;
      const release = findNodeRelease(version)!;
      const expected = g.seeds['42']!.file;
      const r = recoverXorshift(expected.slice(0, 150).map(hexToDouble), release.variant);
      expect(r.candidates).toHaveLength(1);
      const emu = createXorshift({ state: r.candidates[0]!.state, variant: release.variant as XorshiftVariantId });
      expect(expected.map(() => doubleToHex(emu.random()))).toEqual(expected);
    });
  }
});
