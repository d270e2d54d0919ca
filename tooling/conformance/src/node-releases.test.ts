/**
 * Every recorded Node release (fixtures/node-releases.jsonl, recorded from the real binaries by
 * scripts/record-releases.mjs) against the registry: the values of every seed and entry mode, new
 * contexts, Map/WeakMap keys and --random_seed wrap-around.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { doubleToHex } from '@emu/core';
import { AmbiguousEngineError, NODE_RELEASES, createEngine, findNodeRelease, resolveEngine } from '@emu/engines';

interface Row {
  v: string;
  v8: string;
  error?: string;
  m: Record<string, Partial<Record<'file' | 'eval' | 'stdin', string[]>>>;
  realmA?: string[];
  realmB?: string[];
  worker?: string[] | string;
  keys?: Record<string, string[] | null>;
  wrap?: Record<string, string[]>;
}

const rows = [
  ...new Map(
    readFileSync(new URL('../fixtures/node-releases.jsonl', import.meta.url), 'utf8')
      .split('\n')
      .filter(Boolean)
      .map((l) => JSON.parse(l) as Row)
      .filter((r) => !r.error)
      .map((r) => [r.v, r]),
  ).values(),
];

/** A first-value search near the count measured for seed 1 (the same probe and entry mode), to keep the suite fast. */
const near = (d: number, values: string[]) => ({ firstValue: values[0]!, searchFrom: Math.max(0, d - 64), searchLimit: d + 64 });

const hex = (emu: { random(): number }, n: number) => Array.from({ length: n }, () => doubleToHex(emu.random()));

describe('every recorded release is in the registry and prints what the real binary printed', () => {
  it('the registry holds exactly the recorded releases that calibrated (none without a row)', () => {
    const recorded = new Set(rows.map((r) => r.v));
    for (const r of NODE_RELEASES) expect(recorded.has(r.node), r.node).toBe(true);
    expect(NODE_RELEASES.length).toBeGreaterThan(100);
  });

  for (const row of rows) {
    const release = findNodeRelease(row.v);
    if (!release) continue; // reported by `pnpm fidelity calibrate`
    it(`node ${row.v} (V8 ${row.v8}, ${release.variant}): main values, every seed and entry mode`, () => {
      for (const [seed, modes] of Object.entries(row.m)) {
        for (const [mode, values] of Object.entries(modes) as ['file' | 'eval' | 'stdin', string[]][]) {
          // Lazily seeded (node 6.0–8.2): the position is found from the first value, the rest must follow.
          const opts = release.lazy ? near(release.rngDrawsBefore[mode], values) : {};
          expect(hex(createEngine(`node@${row.v}`, { seed, entry: mode, ...opts }), values.length), `seed ${seed}, ${mode}`).toEqual(values);
        }
      }
    });
    if (row.realmA) {
      it(`node ${row.v}: vm contexts and Workers (${JSON.stringify(release.realms)})`, () => {
        const contexts = [row.realmA!.slice(1), row.realmB!];
        for (const list of contexts) {
          list.forEach((pair, k) => {
            const values = pair.split(',');
            const opts = release.realms === 'script' ? { firstValue: values[0]!, searchLimit: 4000 } : {};
            expect(hex(createEngine(`node@${row.v}`, { seed: 1, realm: k + 1, ...opts }), 2), `context ${k + 1}`).toEqual(values);
          });
        }
        if (Array.isArray(row.worker)) {
          row.worker.forEach((pair, k) => expect(hex(createEngine(`node@${row.v}`, { seed: 1, realm: k + 1 }), 2), `worker ${k + 1}`).toEqual(pair.split(',')));
        }
      });
      it(`node ${row.v}: Map/WeakMap keys hashed before the first call (keys ${release.keys})`, () => {
        for (const [name, values] of Object.entries(row.keys ?? {})) {
          if (values === null) {
            expect(release.keys).toBe('unmeasured');
            continue;
          }
          const k = Number(name.replace(/\D+/, ''));
          const opts = release.lazy ? { firstValue: values[0]!, searchLimit: 4000 } : {};
          expect(hex(createEngine(`node@${row.v}`, { seed: 1, keysBefore: k, ...opts }), values.length), name).toEqual(values);
        }
      });
    }
    if (row.wrap) {
      it(`node ${row.v}: --random_seed as V8 parses it (4294967295 = -1, 2147483648 = -2147483648, 4294967296 unseeded)`, () => {
        const w = row.wrap!;
        const opts = (v: string[]) => (release.lazy ? near(release.rngDrawsBefore.file, v) : {});
        for (const s of ['4294967295', '2147483648']) expect(hex(createEngine(`node@${row.v}`, { seed: s, ...opts(w[s]!) }), 3)).toEqual(w[s]);
        expect(w['4294967296']).not.toEqual(w['4294967296#2']);
        expect(() => createEngine(`node@${row.v}`, { seed: '4294967296' })).toThrow(/no seed.*unseeded/);
      });
    }
  }
});

describe('lines and ranges', () => {
  it('node 4.6.0, seed 580023250: the real first value (the issue-14 regression)', () => {
    const row = rows.find((r) => r.v === '4.6.0');
    if (!row) return; // not recorded in this checkout
    expect(row.m['580023250']!.file![0]).toBe('3fe2da9739e00000');
    expect(doubleToHex(createEngine('node@4.6.0', { seed: 580023250 }).random())).toBe('3fe2da9739e00000');
  });

  it('node@4 is refused (its releases differ), listing which releases do what', () => {
    expect(() => resolveEngine('node@4')).toThrow(/node@4/);
    try {
      resolveEngine('node@4');
    } catch (e) {
      if (e instanceof AmbiguousEngineError) expect(e.groups.length).toBeGreaterThan(1);
      else expect(String(e)).toMatch(/not recorded yet/);
    }
  });

  it('a line whose recorded releases all agree resolves, and to values every one of them printed', () => {
    const byLine = new Map<string, typeof NODE_RELEASES[number][]>();
    for (const r of NODE_RELEASES) {
      const line = r.node.split('.').slice(0, 2).join('.');
      byLine.set(line, [...(byLine.get(line) ?? []), r]);
    }
    let resolved = 0;
    for (const line of byLine.keys()) {
      let res;
      try {
        res = resolveEngine(`node@${line}.x`);
      } catch {
        continue;
      }
      resolved++;
      for (const v of res.releases!) {
        const row = rows.find((r) => r.v === v)!;
        if (findNodeRelease(v)!.lazy) continue;
        expect(hex(createEngine(`node@${line}.x`, { seed: 1 }), 3), `node@${line}.x vs ${v}`).toEqual(row.m['1']!.file);
      }
    }
    expect(resolved).toBeGreaterThan(0);
  });
});
