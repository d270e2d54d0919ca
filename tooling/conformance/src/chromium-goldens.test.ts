// Headless Chromium's seeded Math.random (fixtures/chromium-<major>.json, recorded by
// scripts/record-chromium.mjs from Debian's chromium with --js-flags=--random-seed=N).
import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { doubleToHex } from '@emu/core';
import { createEngine } from '@emu/engines';

const dir = new URL('../fixtures/', import.meta.url);
const files = readdirSync(dir).filter((f) => /^chromium-\d+\.json$/.test(f));

describe('golden vectors from headless Chromium', () => {
  it('has at least one recorded Chromium', () => expect(files.length).toBeGreaterThan(0));
  for (const f of files) {
    const g = JSON.parse(readFileSync(new URL(f, dir), 'utf8')) as { engine: string; version: string; seeds: Record<string, string[]> };
    for (const [seed, expected] of Object.entries(g.seeds)) {
      it(`${g.version}, --random-seed=${seed}: ${expected.length} values bit-exact as ${g.engine}`, () => {
        const emu = createEngine(g.engine, { seed: Number(seed) });
        const got = expected.map(() => doubleToHex(emu.random()));
        const first = got.findIndex((h, i) => h !== expected[i]);
        expect(first, first >= 0 ? `first divergence at index ${first}: emu ${got[first]} vs chromium ${expected[first]}` : '').toBe(-1);
        // and through fill(), which runs the WebAssembly kernel of @emu/core
        const filled = Array.from(createEngine(g.engine, { seed: Number(seed) }).fill(new Float64Array(expected.length)), doubleToHex);
        expect(filled).toEqual(expected);
      });
    }
  }
});
