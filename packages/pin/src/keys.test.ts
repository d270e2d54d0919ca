/**
 * Map/Set/WeakMap/WeakSet keys under a pin of node 4.0 – 8.9.4, against the real binaries
 * (tooling/conformance/scripts/record-keys.mjs → fixtures/keys-ops.json): every recorded operation
 * takes as many values as it did there, and a script mixing them with Math.random calls prints,
 * under `--import @emu/pin/register`, the values the real release printed.
 */
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { types } from 'node:util';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { pinWith } from './index.js';

interface Recorded { v8: string; ops: Record<string, number | string>; mixed: Record<string, string[]> }
const fixture = JSON.parse(readFileSync(new URL('../../../tooling/conformance/fixtures/keys-ops.json', import.meta.url), 'utf8')) as {
  script: string;
  seeds: number[];
  ops: Record<string, string>;
  releases: Record<string, Recorded>;
};
const pkgDir = fileURLToPath(new URL('..', import.meta.url));
/** node 6.0 – 8.2 are seeded lazily: their pins need the first value the real run printed. */
const lazy = (v: string) => /^(6|7)\.|^8\.[0-2]\./.test(v);

describe('collection keys take the values they took in the real release', () => {
  for (const [version, rec] of Object.entries(fixture.releases)) {
    it(`node ${version} (V8 ${rec.v8}): each of ${Object.keys(fixture.ops).length} operations`, () => {
      for (const [name, op] of Object.entries(fixture.ops)) {
        const want = rec.ops[name]!;
        if (typeof want === 'string') continue; // no Proxy in that release
        // lazily seeded releases: where the recorded mixed script (-e, seed 42) started
        const start = lazy(version) ? { seed: 42, entry: 'eval' as const, firstValue: rec.mixed['42']![0]! } : { seed: 77 };
        const { emulator, restore } = pinWith(`node@${version}`, { ...start, hashKeys: true, isProxy: (x) => types.isProxy(x) });
        const before = emulator.clone();
        try {
          new Function(op)();
        } finally {
          restore();
        }
        const next = emulator.random();
        let took = 0;
        while (took < 10 && before.random() !== next) took++;
        expect(took, `${name}: ${op}`).toBe(want);
      }
    }, 120_000);
  }
});

describe('a script mixing collection keys and Math.random under --import @emu/pin/register', () => {
  for (const [version, rec] of Object.entries(fixture.releases)) {
    if (version.startsWith('0.')) continue;
    for (const seed of fixture.seeds) {
      it(`node ${version} --random_seed=${seed} -e: the real values`, () => {
        const real = rec.mixed[String(seed)]!;
        const env: Record<string, string> = { PATH: process.env.PATH ?? '', EMU_ENGINE: `node@${version}`, EMU_RANDOM_SEED: String(seed) };
        if (lazy(version)) env.EMU_FIRST_VALUE = real[0]!;
        const r = spawnSync(process.execPath, ['--import', '@emu/pin/register', '-e', fixture.script], { cwd: pkgDir, encoding: 'utf8', env });
        expect(r.stderr).toBe('');
        expect(r.stdout.trim().split('\n')).toEqual(real);
        // without the key hashing the same pin goes wrong after the first keys (the test can fail)
        const off = spawnSync(process.execPath, ['--import', '@emu/pin/register', '-e', fixture.script], { cwd: pkgDir, encoding: 'utf8', env: { ...env, EMU_HASH_KEYS: '0' } });
        const drew = Object.values(rec.ops).some((n) => typeof n === 'number' && n > 0);
        if (drew) expect(off.stdout.trim().split('\n')).not.toEqual(real);
        else expect(off.stdout.trim().split('\n')).toEqual(real);
      }, 60_000);
    }
  }
});
