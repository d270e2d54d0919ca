/** The CLI defects of issue 15, each pinned by a test that failed before its fix. */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { spawn } from 'node:child_process';
import { createServer, type Server } from 'node:net';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { doubleToHex } from '@emu/core';
import { COMMANDS, type Io, run } from './main.js';
import { startProgress } from './progress.js';
import { startServer } from './server.js';

function cli(args: string[], extra: Partial<Io> = {}): { code: number; out: string; err: string } {
  let out = '';
  let err = '';
  const code = run(args, { out: (s) => (out += s), err: (s) => (err += s), ...extra }) as number;
  return { code, out, err };
}

const pkg = JSON.parse(readFileSync(fileURLToPath(new URL('../package.json', import.meta.url)), 'utf8')) as { version: string };
const cliJs = fileURLToPath(new URL('../dist/cli.js', import.meta.url));

afterEach(() => vi.restoreAllMocks());

describe('issue 15: compare CLI', () => {
  it('--version prints the package version', () => {
    for (const flag of ['--version', '-V']) expect(cli([flag])).toEqual({ code: 0, out: `${pkg.version}\n`, err: '' });
  });

  it('every command answers --help and -h with its usage', () => {
    for (const c of COMMANDS) {
      for (const flag of ['--help', '-h']) {
        const r = cli([c.name, flag]);
        expect([r.code, r.err], c.name).toEqual([0, '']);
        expect(r.out, c.name).toMatch(new RegExp(`^Usage: compare (\\[)?${c.name}`));
      }
    }
    expect(cli(['--help']).out).toContain('--version');
  });

  it('the progress bar never asks for a negative repeat (cycles overshoots its estimate)', () => {
    let now = 0;
    vi.spyOn(Date, 'now').mockImplementation(() => now);
    let err = '';
    const p = startProgress({ out: () => {}, err: (s) => (err += s), isTTY: true }, 1000, 'cycle');
    now = 5000;
    expect(() => p.tick(2500)).not.toThrow(); // Brent ran past the scaled estimate
    expect(err).toContain('100%');
    expect(err).not.toMatch(/[2-9]\d\d%/);
    expect(() => p.tick(-1)).not.toThrow();
    p.done();
  });

  it('the default table prints the shortest round-trip decimal of each value, aligned', () => {
    const { code, out } = cli([]);
    expect(code).toBe(0);
    const lines = out.split('\n');
    const header = lines.find((l) => l.trim().startsWith('#'))!;
    const ids = header.trim().split(/\s+/).slice(1, 6);
    expect(ids).toEqual(['v8-2015', 'v8-patched', 'firefox-lcg', 'webkit-gamerand', 'xorshift128plus']);
    const starts = ids.map((id) => header.indexOf(id));
    const rows = lines.filter((l) => /^\s*\d+\s+\d/.test(l));
    expect(rows).toHaveLength(16);
    ids.forEach((id, c) => {
      const hex = cli(['sequence', '--engine', id, '--seed', '42', '--count', '16']).out.trim().split('\n');
      rows.forEach((row, i) => {
        // Each column starts where its header does, and its cell is String(x) of the exact double.
        expect(row[starts[c]! - 1], `${id} row ${i}`).toBe(' ');
        const cell = row.slice(starts[c]!).split(' ')[0]!;
        expect(doubleToHex(Number(cell)), `${id} row ${i}`).toBe(hex[i]);
        expect(cell).toBe(String(Number(cell)));
      });
    });
    expect(out).toContain('0.005205533234402537'); // shown as 0.0052055332344025 by toFixed(16)
  });

  it('"unknown engine" is one short line; every id `compare engines` prints resolves', () => {
    const bad = cli(['sequence', '--engine', 'nope', '--count', '1']);
    expect(bad.code).toBe(2);
    expect(bad.err.trimEnd().split('\n')).toHaveLength(1);
    expect(bad.err.length).toBeLessThan(300);
    expect(bad.err).toMatch(/unknown engine "nope"; nearest known ids: v8-2015.*; run `compare engines` for the full list/);
    expect(bad.err.split(':').at(-1)!.split(',').length).toBeLessThanOrEqual(8);
    const listed = cli(['engines']).out.split('\n').flatMap((l) => /^ {2}([a-z0-9]+@\S+)/.exec(l)?.[1] ?? [])
      .concat(cli(['engines']).out.split('\n')[0]!.replace('Package ids: ', '').split(', '));
    expect(listed).toContain('v8@3.11…<3.15');
    expect(listed.length).toBeGreaterThan(60);
    for (const id of listed) {
      const r = cli(['sequence', '--engine', id, '--state', '[1,2,3,4]', '--count', '1']);
      expect(r.err, id).not.toContain(`unknown engine ${JSON.stringify(id)};`);
    }
    const era = cli(['sequence', '--engine', 'v8@3.11…<3.15', '--random-seed', '42', '--count', '2']);
    expect(era).toEqual(cli(['sequence', '--engine', 'v8-2015', '--variant', 'v8-3.11-cpp', '--random-seed', '42', '--count', '2']));
  });

  it('--rng-draws beyond 1,000,000 is refused at once, naming the value and the range', () => {
    const start = Date.now();
    const r = cli(['sequence', '--engine', 'node@4.2.2', '--random-seed', '1', '--rng-draws', '99999999999', '--count', '1']);
    expect(Date.now() - start).toBeLessThan(2000);
    expect(r.code).toBe(2);
    expect(r.err).toMatch(/--rng-draws must be an integer in \[0, 1000000\].*"99999999999"/);
    expect(cli(['sequence', '--engine', 'node@4.2.2', '--random-seed', '1', '--rng-draws', '1000000', '--count', '1']).code).toBe(0);
    expect(cli(['battery', '--engine', 'node@6', '--rng-draws', '1000001']).err).toMatch(/\[0, 1000000\]/);
  });

  it('sequence stops promptly when the reader goes away (| head -1)', async () => {
    const child = spawn(process.execPath, [cliJs, 'sequence', '--engine', 'v8-2015', '--count', '10000000'], { stdio: ['ignore', 'pipe', 'pipe'] });
    let stderr = '';
    child.stderr.on('data', (d: Buffer) => (stderr += String(d)));
    const closedAt = await new Promise<number>((resolve) => child.stdout.once('data', () => {
      child.stdout.destroy(); // what `head -1` does after its line
      resolve(Date.now());
    }));
    const code = await new Promise<number | null>((resolve) => child.on('exit', (c) => resolve(c)));
    const took = Date.now() - closedAt;
    if (child.exitCode === null) child.kill();
    expect(took).toBeLessThan(2000);
    expect(code).toBe(0);
    expect(stderr).toBe('');
  }, 60_000);

  it('an all-zero MWC / GameRand state is refused, not printed as zeros forever', () => {
    for (const [engine, state] of [['v8-2015', '[0,0,0,0]'], ['v8-patched', '[0,0,0,0]'], ['webkit-gamerand', '[0,0]']]) {
      const r = cli(['sequence', '--engine', engine!, '--state', state!, '--count', '3']);
      expect([r.code, r.out], engine).toEqual([2, '']);
      expect(r.err).toMatch(/all zero/);
    }
  });

  it('--flavor and --variant that do not apply to the engine are refused', () => {
    const a = cli(['sequence', '--engine', 'v8-2015', '--flavor', 'jsc', '--count', '1']);
    expect([a.code, a.out]).toEqual([2, '']);
    expect(a.err).toMatch(/flavor "jsc" does not apply to v8-2015/);
    const b = cli(['sequence', '--engine', 'node@4.2.2', '--variant', 'v8-3.11-cpp', '--count', '1']);
    expect([b.code, b.out]).toEqual([2, '']);
    expect(b.err).toMatch(/variant "v8-3.11-cpp" does not apply to node@4.2.2/);
  });

  it('chrome@999 is refused', () => {
    const r = cli(['sequence', '--engine', 'chrome@999', '--count', '1']);
    expect([r.code, r.out]).toEqual([2, '']);
    expect(r.err).toMatch(/chrome@999.*newest/);
  });

  it('serve on a busy port exits non-zero, naming the port', async () => {
    const busy: Server = createServer();
    await new Promise<void>((ok) => busy.listen(0, '127.0.0.1', ok));
    const port = (busy.address() as { port: number }).port;
    const servers: { close(): void }[] = [];
    let err = '';
    try {
      const code = await run(['serve', '--port', String(port)], {
        out: () => {},
        err: (s) => (err += s),
        serve: async (p) => {
          const s = await startServer(p);
          servers.push(s.server);
          return s.url;
        },
      });
      expect(code).not.toBe(0);
      expect(err).toContain(`port ${port}`);
      expect(err).toMatch(/in use/);
    } finally {
      busy.close();
      for (const s of servers) s.close();
    }
  });

  it('predict and identify on a terminal with no input print a usage hint instead of waiting', () => {
    const readStdin = () => {
      throw new Error('must not wait for a terminal');
    };
    for (const args of [['predict', '--engine', 'node@20'], ['identify']]) {
      const r = cli(args, { stdinIsTTY: true, readStdin });
      expect([r.code, r.out], args[0]).toEqual([2, '']);
      expect(r.err).toMatch(new RegExp(`compare ${args[0]} .*< observed\\.txt`));
    }
  });
});
