// Browsers and runtimes that embed V8 or JavaScriptCore, each build recorded from its real binary
// with a fixed seed (scripts/record-chromium-npm.mjs, record-chromium.mjs, record-runtimes.mjs):
// chrome@M, deno@V, bun@V, workerd@DATE and webkitgtk@V must give the recorded values, bit for bit.
import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { doubleToHex } from '@emu/core';
import { EMBEDDER_RELEASES, ERAS, chromeToV8, compareVersions, createEngine, parseVersion, resolveEngine } from '@emu/engines';

const dir = new URL('../fixtures/', import.meta.url);
interface Golden {
  version: string;
  v8?: string;
  engine?: string;
  package?: string;
  seeds: Record<string, string[]>;
  realms?: { seed: number; iframe: string[]; secondPage: string[] };
}
const load = (f: string) => JSON.parse(readFileSync(new URL(f, dir), 'utf8')) as Golden;
const files = readdirSync(dir).filter((f) => /^(chromium|deno|bun|workerd|webkitgtk)-.+\.json$/.test(f));
const workerdDate = (v: string) => v.replace(/^1\.(\d{4})(\d{2})(\d{2})\.\d+$/, '$1-$2-$3');
function idOf(f: string, g: Golden): string {
  if (f.startsWith('chromium-')) return `chrome@${/(\d+)\.\d+\.\d+\.\d+/.exec(g.version)![1]}`;
  const runtime = f.split('-')[0]!;
  return `${runtime}@${runtime === 'workerd' ? workerdDate(g.version) : g.version}`;
}

describe('golden vectors from browsers and runtimes that embed V8 / JavaScriptCore', () => {
  it('has Chromium, Deno, Bun and jsc fixtures', () => {
    for (const p of ['chromium-', 'deno-', 'bun-', 'webkitgtk-']) expect(files.some((f) => f.startsWith(p))).toBe(true);
  });

  for (const f of files.filter((x) => !x.startsWith('chromium-'))) {
    const g = load(f);
    const id = idOf(f, g);
    it(`${id} (${g.package ?? g.engine}): ${Object.keys(g.seeds).length} seeds × 200 values bit-exact`, () => {
      for (const [seed, expected] of Object.entries(g.seeds)) {
        const emu = createEngine(id, { seed: Number(seed) });
        const got = expected.map(() => doubleToHex(emu.random()));
        const first = got.findIndex((h, i) => h !== expected[i]);
        expect(first, first >= 0 ? `seed ${seed}, first divergence at ${first}: emu ${got[first]} vs real ${expected[first]}` : '').toBe(-1);
      }
    });
  }

  it('embedder-releases.json has one row per fixture (rerun `pnpm fidelity calibrate-embedders` after recording)', () => {
    const fixtures = files.map((f) => `tooling/conformance/fixtures/${f}`).sort();
    expect(EMBEDDER_RELEASES.map((r) => r.fixture).sort()).toEqual(fixtures);
  });

  it('in Chromium every new realm (a second page, an iframe) restarts the seeded stream; start-up takes no values', () => {
    for (const f of files.filter((x) => x.startsWith('chromium-'))) {
      const g = load(f);
      if (!g.realms) continue;
      const first8 = g.seeds[String(g.realms.seed)]!.slice(0, 8);
      expect(g.realms.iframe, `${g.version}: iframe`).toEqual(first8);
      expect(g.realms.secondPage, `${g.version}: second page`).toEqual(first8);
    }
    expect(EMBEDDER_RELEASES.every((r) => r.startupDraws === 0)).toBe(true);
  });

  it('every V8 era boundary inside the measured Chromium range is bracketed by two measured milestones', () => {
    const chrome = files.filter((f) => f.startsWith('chromium-')).map((f) => Number(/^chromium-(\d+)\.json$/.exec(f)![1])).sort((a, b) => a - b);
    const v8 = (m: number) => parseVersion(`${chromeToV8(m)!}.99999`)!;
    const lo = chrome[0]!;
    const hi = chrome[chrome.length - 1]!;
    const inside = ERAS.filter((e) => e.family === 'v8' && compareVersions(parseVersion(e.from)!, v8(lo)) > 0 && compareVersions(parseVersion(e.from)!, v8(hi)) <= 0);
    expect(inside.length).toBeGreaterThan(0);
    for (const e of inside) {
      const before = chrome.filter((m) => compareVersions(v8(m), parseVersion(e.from)!) < 0).at(-1);
      const after = chrome.find((m) => compareVersions(v8(m), parseVersion(e.from)!) >= 0);
      expect(before, `V8 ${e.from}`).toBeDefined();
      expect(after, `V8 ${e.from}`).toBeDefined();
      // the two measured milestones resolve to different eras, so the boundary is where the binaries put it
      expect(resolveEngine(`chrome@${before}`).era?.variant).not.toBe(resolveEngine(`chrome@${after}`).era?.variant);
    }
  });
});
