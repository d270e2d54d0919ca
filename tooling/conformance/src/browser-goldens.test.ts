/**
 * Real browsers and SpiderMonkey shells from Debian, recorded by scripts/record-browsers.mjs:
 *  - cjs (SpiderMonkey 78) and Firefox ESR: unseeded (no flag seeds them), two runs each; the
 *    xorshift128+ state is recovered from the first 8 values of a run and the other 1,092 must
 *    follow bit for bit through the registry id (spidermonkey@78, firefox@M) — `compare predict`'s path;
 *  - WebKitGTK's MiniBrowser: the web process honours JSC_forceWeakRandomSeed /
 *    JSC_forcedWeakRandomSeed, so webkitgtk@V with { seed } must give its 200 values per seed.
 */
import { readFileSync, readdirSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { doubleToHex, hexToDouble } from '@emu/core';
import { createEngine } from '@emu/engines';
import { predict } from '@emu/recover';

const dir = new URL('../fixtures/', import.meta.url);
const files = readdirSync(dir).filter((f) => /^(cjs|firefox-esr|minibrowser)-.+\.json$/.test(f));
const load = (f: string) => JSON.parse(readFileSync(new URL(f, dir), 'utf8')) as Record<string, unknown>;
const SEEN = 8;

describe('real browsers and shells from Debian', () => {
  it('cjs, Firefox ESR and MiniBrowser were recorded', () => {
    expect(files.map((f) => f.split('-')[0])).toEqual(expect.arrayContaining(['cjs', 'firefox', 'minibrowser']));
  });
  for (const f of files) {
    const g = load(f) as { runtime: string; version: string; engine: string; unseeded?: boolean; runs?: string[][]; seeds?: Record<string, string[]>; sameSeedAgain?: string[]; unseededFirstValues?: string[][] };
    if (g.unseeded) {
      const id = g.runtime === 'firefox' ? `firefox@${g.version.split('.')[0]}` : `spidermonkey@${/SpiderMonkey (\d+)/.exec(g.engine)![1]}`;
      it(`${g.runtime} ${g.version} (${g.engine}), unseeded: ${id} recovers each run from ${SEEN} values and predicts the rest bit for bit`, () => {
        expect(g.runs).toHaveLength(2);
        expect(g.runs![0]!.slice(0, 4)).not.toEqual(g.runs![1]!.slice(0, 4));
        for (const values of g.runs!) {
          expect(values.length - SEEN).toBeGreaterThanOrEqual(1000);
          const p = predict(id, values.slice(0, SEEN).map(hexToDouble), values.length - SEEN, 0, { fromStart: true });
          expect(p.kind).toBe('ok');
          if (p.kind === 'ok') expect(p.next.map(doubleToHex)).toEqual(values.slice(SEEN));
        }
      });
    } else {
      const id = `webkitgtk@${g.version}`;
      it(`WebKitGTK MiniBrowser ${g.version} with JSC_forcedWeakRandomSeed=N: ${id} { seed } bit for bit`, () => {
        for (const [seed, values] of Object.entries(g.seeds!)) {
          const e = createEngine(id, { seed: Number(seed) });
          expect(values.map(() => doubleToHex(e.random()))).toEqual(values);
        }
        const first = Object.values(g.seeds!)[0]!;
        expect(g.sameSeedAgain).toEqual(first.slice(0, 4));
        // without the variables the web process seeds itself: two runs differ from each other and from the seeded ones
        expect(g.unseededFirstValues![0]).not.toEqual(g.unseededFirstValues![1]);
        expect(g.unseededFirstValues![0]).not.toEqual(first.slice(0, 4));
      });
    }
  }
});
