/**
 * Foreign scripts (lodash, underscore, nanoid/non-secure, chance from npm, after requiring core
 * modules) run by real Node releases under a Math.random tap (fixtures/foreign-scripts.json,
 * recorded by scripts/foreign-scripts.mjs): the registry must give, for every recorded run, the
 * 1,000 values the tap saw — as `compare sequence` does, i.e. node 6.0–8.2 from the run's first
 * value and every other release as is. The fixture keeps the first value's bits and a sha256
 * digest of the 1,000 hex lines, so any change of the emulators or the calibration fails here.
 */
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { doubleToHex } from '@emu/core';
import { createEngine, findNodeRelease } from '@emu/engines';

interface Row {
  node: string;
  seed: string;
  mode: 'file' | 'eval' | 'stdin';
  script: string;
  drawn?: number;
  first?: string;
  digest?: string;
  firstValue?: string;
  keysAt?: string;
  withoutKeysAt?: string;
  match?: boolean;
  refused?: string;
  error?: string;
}
interface TapCheck {
  node: string;
  mode: string;
  tap: string;
  fixture: string | null;
  same: boolean;
}

const data = JSON.parse(readFileSync(new URL('../fixtures/foreign-scripts.json', import.meta.url), 'utf8')) as { rows: Row[]; tapChecks: TapCheck[]; packages: Record<string, { version: string }> };
const COUNT = 1000;
const digest = (values: string[]) => createHash('sha256').update(values.join('\n')).digest('hex').slice(0, 16);

describe('foreign scripts on real Node releases: compare sequence gives what the tap saw', () => {
  const ran = data.rows.filter((r) => !r.error);
  it('covers the eras, entry modes, scripts and seed kinds the issue names', () => {
    expect(new Set(ran.map((r) => r.node)).size).toBeGreaterThanOrEqual(60);
    expect(new Set(ran.map((r) => r.mode))).toEqual(new Set(['file', 'eval', 'stdin']));
    expect(new Set(ran.map((r) => r.script)).size).toBeGreaterThanOrEqual(4);
    for (const line of ['0.8.', '0.10.', '0.12.', '4.', '5.', '6.', '7.', '8.', '10.', '12.', '16.', '20.', '24.', '26.']) {
      expect(ran.some((r) => r.node.startsWith(line)), line).toBe(true);
    }
    expect(ran.some((r) => BigInt(r.seed) < 0n)).toBe(true);
    expect(ran.some((r) => BigInt(r.seed) > 2n ** 31n - 1n)).toBe(true);
    expect(ran.every((r) => (r.drawn ?? 0) >= COUNT)).toBe(true);
  });

  it('no recorded run was silently wrong (each matched, or was refused with a reason)', () => {
    for (const r of ran) expect(r.match === true || typeof r.refused === 'string', `${r.node} ${r.seed} ${r.mode} ${r.script}`).toBe(true);
  });

  const byNode = new Map<string, Row[]>();
  for (const r of ran) byNode.set(r.node, [...(byNode.get(r.node) ?? []), r]);
  for (const [node, rows] of byNode) {
    it(`node ${node} (${findNodeRelease(node)?.variant ?? 'not in the registry'}): ${rows.length} runs`, () => {
      expect(findNodeRelease(node), node).toBeDefined();
      for (const r of rows) {
        const what = `node@${node} --random-seed ${r.seed} --entry ${r.mode} (${r.script}.js)`;
        const options = {
          seed: r.seed,
          entry: r.mode,
          ...(r.firstValue ? { firstValue: r.firstValue.split(',') } : {}),
          ...(r.keysAt ? { keysAt: r.keysAt.split(',').map((p) => p.split(':').map(Number) as [number, number]) } : {}),
        };
        if (r.refused) {
          expect(() => createEngine(`node@${node}`, options), what).toThrow();
          continue;
        }
        const emu = createEngine(`node@${node}`, options);
        const values = Array.from({ length: COUNT }, () => doubleToHex(emu.random()));
        expect(values[0], `${what}: first value`).toBe(r.first);
        expect(digest(values), `${what}: sha256 of the 1,000 values`).toBe(r.digest);
      }
    });
  }

  it('the tap does not move the start-up count outside the lazily seeded era (its first value is the recorded one)', () => {
    const eager = data.tapChecks.filter((c) => findNodeRelease(c.node)?.lazy !== true && c.fixture !== null);
    expect(eager.length).toBeGreaterThan(100);
    for (const c of eager) expect(c.tap, `node ${c.node} ${c.mode}`).toBe(c.fixture);
  });
});
