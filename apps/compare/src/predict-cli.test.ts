import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { createEngine } from '@emu/engines';
import { run } from './main.js';
import type { Io } from './io.js';

/** Values the real node 20.20.2 binary printed (`--random_seed=N`, a script file), as 16 hex digits. */
const real = JSON.parse(readFileSync(new URL('../../../tooling/conformance/fixtures/node-20.20.2.json', import.meta.url), 'utf8')) as {
  seeds: Record<string, { file: string[] }>;
};

function cli(args: string[], io: Partial<Io>): { code: number; out: string; err: string } {
  let out = '';
  let err = '';
  const code = run(args, { out: (s) => (out += s), err: (s) => (err += s), ...io }) as number;
  return { code, out, err };
}

// Real node 20.20.2 values; the engine is named by its V8 (11.3, the same variant): the registry
// refuses node releases it has not recorded yet.
describe('compare predict: --from-start, partial answers, streamed input', () => {
  it('--from-start: 4 values from the start of a real node 20 run predict its next ones', () => {
    for (const seed of ['1', '42']) {
      const values = real.seeds[seed]!.file;
      const r = cli(['predict', '--engine', 'v8@11.3', '--from-start', '--next', '40'], { readStdin: () => values.slice(0, 4).join('\n') });
      expect(r.err).toBe('');
      expect(r.code).toBe(0);
      expect(r.out.trim().split('\n')).toEqual(values.slice(4, 44));
    }
  });

  it('mid-stream, too few values to place them in the cache: exit 3 with the reason, never a guess', () => {
    // A state no V8 context starts from: 4 values inside a refill leave the position open.
    const e = createEngine('v8@11.3', { state: ['0x0123456789abcdef', '0xfedcba9876543210', 0] });
    const hex = (x: number) => new DataView(new Float64Array([x]).buffer).getBigUint64(0, true).toString(16).padStart(16, '0');
    const values = Array.from({ length: 30 }, () => hex(e.random()));
    const r = cli(['predict', '--engine', 'v8@11.3', '--next', '5'], { readStdin: () => values.slice(20, 24).join('\n') });
    expect(r.code).toBe(3);
    expect(r.err).toMatch(/ambiguous|not enough|need/);
    for (const line of r.out.split('\n').filter((l) => l !== '' && l !== '?')) expect(values.slice(24, 29)).toContain(line);
  });

  it('mid-stream in a real node 20 run: its context\'s 64-bit seed names the call the values start at (exit 0, the next values)', () => {
    const values = real.seeds['1']!.file;
    const r = cli(['predict', '--engine', 'v8@11.3', '--next', '5'], { readStdin: () => values.slice(20, 24).join('\n') });
    expect(r.err).toBe('');
    expect(r.code).toBe(0);
    expect(r.out.trim().split('\n')).toEqual(values.slice(24, 29));
  });

  it('mid-stream in a real JavaScriptCore run (Debian jsc 2.50.6, forced seed): 2 values name the realm\'s seed and call (exit 0, the next values and the previous ones back to its first call); 1 value: exit 3', () => {
    const jsc = JSON.parse(readFileSync(new URL('../../../tooling/conformance/fixtures/jsc-webkitgtk-2.50.json', import.meta.url), 'utf8')) as { seeds: Record<string, string[]> };
    const values = jsc.seeds['12345']!;
    const r = cli(['predict', '--engine', 'jsc@17', '--next', '5', '--previous', '50'], { readStdin: () => values.slice(30, 32).join('\n') });
    expect(r.err).toBe('');
    expect(r.code).toBe(0);
    // The 30 values before the window (the realm made no more), an empty line, the next 5.
    expect(r.out.trim().split('\n')).toEqual([...values.slice(0, 30), '', ...values.slice(32, 37)]);
    expect(cli(['predict', '--engine', 'jsc@17', '--next', '5'], { readStdin: () => values[30]! }).code).toBe(3);
  });

  it('a real node 26 run (26.12.1, forced seed): 2 values from its first call name the context\'s seed (exit 0, the next 20); 3 mid-stream values that a refill splits (calls 62 – 64, 63 – 65) give the ones before and after', () => {
    const node26 = JSON.parse(readFileSync(new URL('../../../tooling/conformance/fixtures/node-26.12.1.json', import.meta.url), 'utf8')) as { seeds: Record<string, string[] | { file: string[] }> };
    const v = Object.values(node26.seeds)[0]!;
    const values = Array.isArray(v) ? v : v.file;
    const r = cli(['predict', '--engine', 'node@26.12.1', '--from-start', '--next', '20'], { readStdin: () => values.slice(0, 2).join('\n') });
    expect(r.err).toBe('');
    expect(r.code).toBe(0);
    expect(r.out.trim().split('\n')).toEqual(values.slice(2, 22));
    for (const at of [62, 63]) {
      const m = cli(['predict', '--engine', 'node@26.12.1', '--next', '5', '--previous', '3'], { readStdin: () => values.slice(at, at + 3).join('\n') });
      expect(m.err).toBe('');
      expect(m.code).toBe(0);
      expect(m.out.trim().split('\n')).toEqual([...values.slice(at - 3, at), '', ...values.slice(at + 3, at + 8)]);
    }
    // 1 value from the start: not enough (exit 3).
    expect(cli(['predict', '--engine', 'node@26.12.1', '--from-start', '--next', '5'], { readStdin: () => values[0]! }).code).toBe(3);
  }, 300_000);

  it('reads standard input in chunks and refuses past the line limit at once, naming the line', () => {
    let chunksRead = 0;
    function* chunks(): Generator<string> {
      // 20,000 lines offered; the reader must stop soon after line 10,000.
      for (let i = 0; i < 200; i++) {
        chunksRead++;
        yield '0.5\n'.repeat(100);
      }
    }
    const r = cli(['predict', '--engine', 'v8@11.3'], { stdinChunks: chunks });
    expect(r.code).toBe(2);
    expect(r.err).toMatch(/10,?000|line 10001/);
    expect(chunksRead).toBeLessThan(200);
    const longLine = cli(['predict', '--engine', 'v8@11.3'], { stdinChunks: () => ['0.5\n', '1'.repeat(500)] });
    expect(longLine.code).toBe(2);
    expect(longLine.err).toMatch(/line 2/);
  });

  it('--uuid: UUIDs in, the next ones out; a string the template cannot make is named (exit 2)', () => {
    const e = createEngine('jsc@10', { state: ['0x243f6a8885a308d3', '0x13198a2e03707344'] });
    const uuid = () =>
      'xxxxxxxx-xxxx-4xxx-yxxx-xxxxxxxxxxxx'.replace(/[xy]/g, (c) => {
        const r = (e.random() * 16) | 0;
        return (c === 'x' ? r : (r & 0x3) | 0x8).toString(16);
      });
    const uuids = Array.from({ length: 5 }, uuid);
    const r = cli(['predict', '--engine', 'jsc@10', '--uuid', '--from-start', '--next', '2'], { readStdin: () => uuids.slice(0, 3).join('\n') });
    expect(r.err).toBe('');
    expect(r.code).toBe(0);
    expect(r.out).toBe(`\n${uuids[3]}\n${uuids[4]}\n`);
    const bad = cli(['predict', '--engine', 'jsc@10', '--uuid'], { readStdin: () => `${uuids[0]}\n${uuids[1]!.replace(/-4/, '-1')}` });
    expect(bad.code).toBe(2);
    expect(bad.err).toMatch(/line 2: not a version-4 UUID/);
    expect(cli(['predict', '--engine', 'jsc@10', '--uuid', '--bucket', '16'], { readStdin: () => uuids[0]! }).err).toMatch(/--uuid takes no --bucket/);
  });
});
