import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { EmuError, doubleToHex } from '@emu/core';
import { pin, pinFromEnv, readPinConfig } from './index.js';
import { pinFromSearchParams } from './browser.js';
import { detectEntryMode } from './entry.js';

const pkgDir = fileURLToPath(new URL('..', import.meta.url));
/** Values the real node 4.2.2 printed with --random_seed (tooling/conformance, rechecked against the binary in CI). */
const golden = JSON.parse(readFileSync(join(pkgDir, '../../tooling/conformance/fixtures/node-4.2.2.json'), 'utf8')) as {
  seeds: Record<string, Record<'file' | 'eval' | 'stdin', string[] | string>>;
};
function goldenValues(seed: string, entry: 'file' | 'eval' | 'stdin'): string[] {
  const v = golden.seeds[seed]![entry]!;
  return typeof v === 'string' ? goldenValues(seed, v.slice(1) as 'file') : v;
}

/** Runs node with the register hook (the built dist, resolved through the package's own exports). */
function runNode(args: string[], env: Record<string, string>, input?: string) {
  return spawnSync(process.execPath, ['--import', '@emu/pin/register', ...args], {
    cwd: pkgDir,
    encoding: 'utf8',
    input,
    env: { PATH: process.env.PATH ?? '', ...env },
  });
}
const hexOfPrinted = (out: string) => out.trim().split('\n').map((l) => doubleToHex(Number(l)));

describe('@emu/pin', () => {
  it('the acceptance command prints the real node 4.2.2 value of `node --random_seed=42 -e "console.log(Math.random())"`', () => {
    const r = runNode(['-e', 'console.log(Math.random())'], { EMU_ENGINE: 'node@4.2.2', EMU_RANDOM_SEED: '42' });
    expect(r.stderr).toBe('');
    expect(hexOfPrinted(r.stdout)).toEqual(goldenValues('42', 'eval').slice(0, 1));
    expect(hexOfPrinted(r.stdout)).toEqual(['3fc9aad9e8000000']);
  });

  it('file, stdin and -p scripts get the real node 4.2.2 values of that entry mode, for several seeds', () => {
    const dir = mkdtempSync(join(tmpdir(), 'emu-pin-'));
    const script = join(dir, 'probe.js');
    const body = 'for (let i = 0; i < 5; i++) console.log(Math.random())';
    writeFileSync(script, body);
    for (const seed of ['1', '-7', '2147483647']) {
      const env = { EMU_ENGINE: 'node@4.2.2', EMU_RANDOM_SEED: seed };
      expect(hexOfPrinted(runNode([script], env).stdout)).toEqual(goldenValues(seed, 'file').slice(0, 5));
      expect(hexOfPrinted(runNode([], env, body).stdout)).toEqual(goldenValues(seed, 'stdin').slice(0, 5));
      expect(hexOfPrinted(runNode(['-p', 'Math.random()'], env).stdout)).toEqual(goldenValues(seed, 'eval').slice(0, 1));
    }
  });

  it('the worked example: a snapshot recorded on the real Node 4.2.2 passes under the pin, and fails without it', () => {
    const suite = join(pkgDir, 'example', 'snapshot-suite.js');
    const pinned = runNode([suite], { EMU_ENGINE: 'node@4.2.2', EMU_RANDOM_SEED: '42' });
    expect(pinned.stderr).toBe('');
    expect(pinned.status).toBe(0);
    expect(pinned.stdout).toContain('snapshot matches');
    const bare = spawnSync(process.execPath, [suite], { encoding: 'utf8' });
    expect(bare.status).toBe(1);
    expect(bare.stderr).toContain('snapshot mismatch');
  });

  it('bad environment values stop the process with the variable and the value named', () => {
    const cases: [Record<string, string>, string][] = [
      [{ EMU_ENGINE: 'node@4.2.2', EMU_RANDOM_SEED: '4x2' }, 'EMU_RANDOM_SEED="4x2"'],
      [{ EMU_ENGINE: 'node@4.2.2', EMU_SEED: '1', EMU_RANDOM_SEED: '2' }, 'EMU_SEED="1"'],
      [{ EMU_ENGINE: 'node@4.2.2', EMU_STATE: '[1,' }, 'EMU_STATE="[1,"'],
      [{ EMU_ENGINE: 'node@4.2.2', EMU_RANDOM_SEED: '42', EMU_ENTRY: 'repl' }, 'EMU_ENTRY="repl"'],
      [{ EMU_ENGINE: 'node@4.2.2', EMU_RANDOM_SEED: '42', EMU_FIRST_VALUE: '0.5' }, 'firstValue 3fe0000000000000'],
      [{ EMU_ENGINE: 'node@4.2.2', EMU_RANDOM_SEED: '42', EMU_FIRST_VALUE: '1.5' }, 'EMU_FIRST_VALUE="1.5"'],
      [{ EMU_ENGINE: 'node@99.0.0', EMU_RANDOM_SEED: '42' }, 'node@99.0.0'],
      [{ EMU_ENGINE: 'node@4.2.2' }, 'needs EMU_RANDOM_SEED'],
      [{ EMU_RANDOM_SEED: '42' }, 'EMU_ENGINE is not'],
      [{ EMU_ENGINE: 'node@4.2.2', EMU_RANDOM_SEED: '42', EMU_HASH_KEYS: 'yes' }, 'EMU_HASH_KEYS="yes"'],
    ];
    for (const [env, mentions] of cases) {
      const r = runNode(['-e', 'console.log("ran")'], env);
      expect(r.status, JSON.stringify(env)).toBe(1);
      expect(r.stdout).toBe('');
      expect(r.stderr).toContain(mentions);
    }
  }, 60_000);

  it('pin() replaces Math.random until restore() is called (setup-file use)', () => {
    const original = Math.random;
    const restore = pin('node@4.2.2', { seed: 42 });
    try {
      expect(Math.random).not.toBe(original);
      expect(Array.from({ length: 10 }, () => doubleToHex(Math.random()))).toEqual(goldenValues('42', 'file').slice(0, 10));
    } finally {
      restore();
    }
    expect(Math.random).toBe(original);
    restore();
    expect(Math.random).toBe(original);
  });

  it('pin() takes a state and a target, and rejects bad input with an EmuError', () => {
    const target = { random: () => 0.25 };
    const restore = pin('v8-2015', { state: [1, 2, 3, 4], target });
    expect(target.random()).not.toBe(0.25);
    restore();
    expect(target.random()).toBe(0.25);
    expect(() => pin('v8-2015', {})).toThrow(EmuError);
    expect(() => pin('nope', { seed: 1 })).toThrow(/unknown engine "nope"/);
    // A first value no start-up position of node 4.2.2 with seed 1 yields: refused, naming it.
    expect(() => pin('node@4.2.2', { seed: 1, firstValue: 0.5 })).toThrow(/firstValue 3fe0000000000000: no start/);
  });

  it('firstValue: the value real node 6.0.0 (lazily seeded) printed first pins the rest of its run', () => {
    // tooling/conformance/fixtures/node-releases.jsonl: node 6.0.0, --random_seed=1, a script file.
    const rows = readFileSync(new URL('../../../tooling/conformance/fixtures/node-releases.jsonl', import.meta.url), 'utf8').trim().split('\n').map((l) => JSON.parse(l) as { v: string });
    const row = rows.find((r) => r.v === '6.0.0') as unknown as { m: Record<string, Record<string, string[]>> } | undefined;
    const real = row?.m?.['1']?.file;
    expect(real, 'node 6.0.0 seed 1 file values in the fixture').toBeDefined();
    const target = { random: () => 0.25 };
    const restore = pin('node@6.0.0', { seed: 1, firstValue: real![0]!, target });
    expect(real!.map(() => doubleToHex(target.random()))).toEqual(real);
    restore();  });

  it('readPinConfig: EMU_ENTRY overrides the detected mode; nothing set → undefined', () => {
    expect(readPinConfig({})).toBeUndefined();
    expect(pinFromEnv({})).toBeUndefined();
    expect(readPinConfig({ EMU_ENGINE: 'node@4.2.2', EMU_SEED: '0x2a' }, 'eval')).toEqual({ engine: 'node@4.2.2', options: { seed: '0x2a', entry: 'eval' } });
    expect(readPinConfig({ EMU_ENGINE: 'node@4.2.2', EMU_RANDOM_SEED: '-7', EMU_ENTRY: 'stdin' }, 'eval')!.options).toEqual({ seed: -7, entry: 'stdin' });
    expect(readPinConfig({ EMU_ENGINE: 'v8-2015', EMU_STATE: '[1,2,3,4]' })!.options).toEqual({ state: [1, 2, 3, 4] });
  });

  it('detectEntryMode: -e/-p/--eval/--print are eval, no script or "-" is stdin, else file', () => {
    expect(detectEntryMode(['-e', 'x'], ['node'])).toBe('eval');
    expect(detectEntryMode(['--eval=x'], ['node'])).toBe('eval');
    expect(detectEntryMode(['--import', 'a', '-p', 'x'], ['node'])).toBe('eval');
    expect(detectEntryMode([], ['node'])).toBe('stdin');
    expect(detectEntryMode([], ['node', '-'])).toBe('stdin');
    expect(detectEntryMode(['--import', '@emu/pin/register'], ['node', 'a.js'])).toBe('file');
  });

  it('the browser module pins from query parameters', () => {
    const original = Math.random;
    // A page is pinned whole: its collection keys take values as node 4.2.2's did (no expect() in
    // between, which would hash keys of its own).
    const restore = pinFromSearchParams('?EMU_ENGINE=node%404.2.2&EMU_RANDOM_SEED=42&other=1');
    let seen: number[];
    try {
      const a = Math.random();
      new Set().add({});
      seen = [a, Math.random()];
    } finally {
      restore?.();
    }
    expect(restore).toBeDefined();
    expect(seen.map(doubleToHex)).toEqual([goldenValues('42', 'file')[0], goldenValues('42', 'file')[2]]);
    expect(Math.random).toBe(original);
    const off = pinFromSearchParams('?EMU_ENGINE=node%404.2.2&EMU_RANDOM_SEED=42&EMU_HASH_KEYS=0');
    try {
      const a = Math.random();
      new Set().add({});
      seen = [a, Math.random()];
    } finally {
      off?.();
    }
    expect(seen.map(doubleToHex)).toEqual(goldenValues('42', 'file').slice(0, 2));
    expect(pinFromSearchParams('?x=1')).toBeUndefined();
  });
});
