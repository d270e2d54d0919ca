import { describe, expect, it } from 'vitest';
import { execFileSync, spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { run } from './main.js';

function cli(args: string[], stdin?: string): { code: number; out: string; err: string } {
  let out = '';
  let err = '';
  // Without an injected battery runner every command runs synchronously and returns its code.
  const code = run(args, { out: (s) => (out += s), err: (s) => (err += s), ...(stdin === undefined ? {} : { readStdin: () => stdin }) }) as number;
  return { code, out, err };
}

describe('compare CLI contract', () => {
  it('no arguments: the five emulators side by side on the default seed', () => {
    const { code, out } = cli([]);
    expect(code).toBe(0);
    for (const id of ['v8-2015', 'v8-patched', 'firefox-lcg', 'webkit-gamerand', 'xorshift128plus']) expect(out).toContain(id);
    expect(out.split('\n').filter((l) => /^\s*\d+\s+0\.\d+\s/.test(l))).toHaveLength(16);
  });

  it('sequence prints K values, one per line, as 16 hex digits by default', () => {
    const { code, out } = cli(['sequence', '--engine', 'v8-patched', '--seed', '7', '--count', '5']);
    expect(code).toBe(0);
    const lines = out.trimEnd().split('\n');
    expect(lines).toHaveLength(5);
    for (const l of lines) expect(l).toMatch(/^[0-9a-f]{16}$/);
  });

  it('--state takes [a, b, c, d] for the V8 MWC engines; float and raw outputs', () => {
    const hex = cli(['sequence', '--engine', 'v8-2015', '--state', '[1,2,3,4]', '--count', '3']).out.trim().split('\n');
    const floats = cli(['sequence', '--engine', 'v8-2015', '--state', '[1,2,3,4]', '--count', '3', '--format', 'float']).out.trim().split('\n');
    const f = new Float64Array(1);
    const u = new BigUint64Array(f.buffer);
    floats.forEach((s, i) => {
      f[0] = Number(s);
      expect(u[0]!.toString(16).padStart(16, '0')).toBe(hex[i]);
    });
    const raw = cli(['sequence', '--engine', 'v8-2015', '--state', '[1,2,3,4]', '--count', '3', '--output', 'raw']).out.trim().split('\n');
    for (const r of raw) expect(Number(r)).toBeLessThan(2 ** 30);
    const json = cli(['sequence', '--engine', 'v8-2015', '--state', '[1,2,3,4]', '--count', '2', '--format', 'json']).out.trim().split('\n');
    expect(JSON.parse(json[0]!)).toMatchObject({ i: 0, hex: hex[0] });
  });

  it('takes negative seeds as separate arguments', () => {
    const a = cli(['sequence', '--engine', 'v8@11.3', '--random-seed', '-7', '--count', '3']);
    const b = cli(['sequence', '--engine', 'v8@11.3', '--random-seed=-7', '--count', '3']);
    expect(a.code).toBe(0);
    expect(a.out).toBe(b.out);
  });

  it('xorshift128plus takes --flavor', () => {
    const sm = cli(['sequence', '--engine', 'xorshift128plus', '--flavor', 'spidermonkey', '--state', '["0x1","0x2"]', '--count', '2']);
    expect(sm.code).toBe(0);
    expect(sm.out.trim().split('\n')).toHaveLength(2);
  });

  it.each([
    [['sequence', '--engine', 'nope', '--count', '1'], /unknown engine "nope"; nearest known ids: v8-2015/],
    [['sequence', '--engine', 'v8-2015', '--count', '0'], /--count must be an integer in \[1, 10000000\], got "0"/],
    [['sequence', '--engine', 'v8-2015', '--count', 'abc'], /"abc"/],
    [['sequence', '--engine', 'v8-2015', '--count', '2', '--seed', '1.5'], /--seed must be an integer, got "1.5"/],
    [['sequence', '--engine', 'v8-2015', '--count', '2', '--state', '[1,2,3,70000]'], /rngstate_3 \(index 3\) = 70000/],
    [['sequence', '--engine', 'v8-2015', '--count', '2', '--state', '{oops'], /--state is not valid JSON/],
    [['sequence', '--engine', 'firefox-lcg', '--count', '2', '--output', 'raw'], /has no raw integer output/],
    [['sequence', '--engine', 'v8-2015', '--count', '2', '--format', 'octal'], /--format must be hex, float or json/],
    [['sequence', '--engine', 'v8-2015', '--count', '2', '--bogus'], /Unknown option '--bogus'/],
    [['frobnicate'], /unknown command "frobnicate"/],
    [['battery', '--engine', 'v8-2015', '--workers', '3'], /--workers must be 1 or 2, got "3"/],
    [['battery', '--engine', 'v8-2015', '--battery', 'bigcrush'], /--battery must be smallcrush .*"bigcrush"/],
    [['battery', '--engine', 'v8-2015', '--seed', '1.5'], /1\.5/],
  ])('bad input %j → one line on stderr, exit 2', (args, message) => {
    const { code, out, err } = cli(args);
    expect(code).toBe(2);
    expect(out).toBe('');
    expect(err).toMatch(message);
    expect(err.trimEnd().split('\n')).toHaveLength(1);
  });

  it('ids --engines: one stream and freshly seeded engines side by side; only the MWC engines collide when reseeded', () => {
    const { code, out } = cli(['ids', '--engines', 'v8-2015,v8-patched', '--count', '200000']);
    expect(code).toBe(0);
    const rows = Object.fromEntries(out.split('\n').filter((l) => /^ {2}v8-/.test(l)).map((l) => { const f = l.trim().split(/\s+/); return [f[0], f.slice(2).map(Number)]; }));
    expect(rows['v8-patched']).toEqual([0, 0]);
    expect(rows['v8-2015']![0]).toBe(0);
    // About n² / (2 · 18030 · 2^16) ≈ 17 when the identifier depends on the 18030 half alone.
    expect(rows['v8-2015']![1]).toBeGreaterThan(5);
  });

  it('predict --bucket N reads Math.floor(x · N) values and prints the next ones as buckets (or in full)', () => {
    const values = cli(['sequence', '--engine', 'v8@11.3', '--random-seed', '5', '--count', '90', '--format', 'float']).out.trim().split('\n').map(Number);
    const buckets = values.map((x) => Math.floor(x * 65536));
    const r = cli(['predict', '--engine', 'v8@11.3', '--bucket', '65536', '--next', '20'], buckets.slice(0, 70).join('\n'));
    expect(r.err).toBe('');
    expect(r.out.split('\n').slice(1, 21).map(Number)).toEqual(buckets.slice(70, 90));
    const full = cli(['predict', '--engine', 'v8@11.3', '--bucket', '65536', '--next', '20', '--format', 'float'], buckets.slice(0, 70).join('\n'));
    expect(full.out.split('\n').slice(1, 21).map(Number)).toEqual(values.slice(70, 90));
    // Too few: exit 3, one line, "need about K more".
    const few = cli(['predict', '--engine', 'v8@11.3', '--bucket', '65536'], buckets.slice(0, 5).join('\n'));
    expect([few.code, few.out]).toEqual([3, '']);
    expect(few.err.trimEnd().split('\n')).toHaveLength(1);
    expect(few.err).toMatch(/need about \d+ more values/);
    expect(cli(['predict', '--engine', 'v8@11.3', '--bucket', '0'], '1').err).toMatch(/--bucket must be an integer/);
    expect(cli(['predict', '--engine', 'v8@11.3', '--format', 'bucket'], '0.5').err).toMatch(/--format bucket needs --bucket N/);
  });

  it('every command has --help', () => {
    for (const c of [['--help'], ['sequence', '--help'], ['engines', '--help'], ['table', '--help'], ['run', '--help'], ['diff', '--help'], ['ids', '--help'], ['predict', '--help'], ['identify', '--help'], ['stream', '--help'], ['battery', '--help'], ['serve', '--help'], ['cycles', '--help']]) {
      const { code, out } = cli(c);
      expect(code).toBe(0);
      expect(out).toMatch(/^Usage: compare/);
    }
  });

  it('the built binary honours the contract through pnpm --silent compare', () => {
    const root = fileURLToPath(new URL('../../..', import.meta.url));
    const out = execFileSync('pnpm', ['--silent', 'compare', 'sequence', '--engine', 'node@4.2.2', '--random-seed', '42', '--count', '3'], { cwd: root, encoding: 'utf8' });
    // node 4.2.2 --random_seed=42, first three values, from tooling/conformance/fixtures/node-4.2.2.json.
    const golden = JSON.parse(readFileSync(`${root}/tooling/conformance/fixtures/node-4.2.2.json`, 'utf8'));
    expect(out.trim().split('\n')).toEqual(golden.seeds['42'].file.slice(0, 3));
    const bad = spawnSync('pnpm', ['--silent', 'compare', 'sequence', '--engine', 'x', '--count', '1'], { cwd: root, encoding: 'utf8' });
    expect(bad.status).not.toBe(0);
    expect(bad.stderr.trim().split('\n')).toHaveLength(1);
  });

  it('battery: SmallCrush over two worker threads, JSON as specified, p-values equal to TestU01\'s own run', () => {
    const root = fileURLToPath(new URL('../../..', import.meta.url));
    const out = execFileSync('pnpm', ['--silent', 'compare', 'battery', '--engine', 'webkit-gamerand', '--seed', '42', '--battery', 'smallcrush', '--format', 'json'], { cwd: root, encoding: 'utf8' });
    const json = JSON.parse(out) as { engine: string; battery: string; workers: number; results: { test: string; statistic: string; p: number; verdict: string }[] };
    expect([json.engine, json.battery, json.workers]).toEqual(['webkit-gamerand', 'smallcrush', 2]);
    const fixture = JSON.parse(readFileSync(`${root}/packages/battery/fixtures/testu01-smallcrush.json`, 'utf8')) as { cases: { engine: string; pvalues: { test: string; p: number }[] }[] };
    const theirs = fixture.cases.find((c) => c.engine === 'webkit-gamerand')!.pvalues;
    expect(json.results.map((r) => r.test)).toEqual(theirs.map((t) => t.test));
    for (const [i, r] of json.results.entries()) {
      expect(['pass', 'suspect', 'fail']).toContain(r.verdict);
      // Same statistic on the same stream: equal to TestU01's printed p-value (MaxOft AD: TestU01's table is good to ~1e-4).
      expect(Math.abs(r.p - theirs[i]!.p), r.test).toBeLessThan(r.test === 'MaxOft AD' ? 5e-4 : 1e-6);
    }
    // Safari 9 in de Mooij's run: one failure, RandomWalk1 H.
    expect(json.results.filter((r) => r.verdict !== 'pass').map((r) => r.test)).toEqual(['RandomWalk1 H']);
  });
});
