// WebKitGTK's JavaScriptCore with a forced WeakRandom seed (fixtures/jsc-webkitgtk-<version>.json,
// recorded by scripts/record-jsc.mjs from Debian's jsc): the WebKitGTK version (jsc@2.50, as
// people type it) must resolve to the emulator that reproduces it.
import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { doubleToHex } from '@emu/core';
import { createEngine } from '@emu/engines';

const dir = new URL('../fixtures/', import.meta.url);
const files = readdirSync(dir).filter((f) => /^jsc-webkitgtk-[\d.]+\.json$/.test(f));

describe('golden vectors from WebKitGTK jsc', () => {
  it('has at least one recorded jsc', () => expect(files.length).toBeGreaterThan(0));
  for (const f of files) {
    const g = JSON.parse(readFileSync(new URL(f, dir), 'utf8')) as { engine: string; version: string; seeds: Record<string, string[]> };
    for (const [seed, expected] of Object.entries(g.seeds)) {
      it(`${g.version}, --forcedWeakRandomSeed=${seed}: ${expected.length} values bit-exact as ${g.engine}`, () => {
        const emu = createEngine(g.engine, { seed: Number(seed) });
        const got = expected.map(() => doubleToHex(emu.random()));
        const first = got.findIndex((h, i) => h !== expected[i]);
        expect(first, first >= 0 ? `first divergence at index ${first}: emu ${got[first]} vs jsc ${expected[first]}` : '').toBe(-1);
      });
    }
  }
});
