import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { doubleToHex } from '@emu/core';
import { createEngine } from '@emu/engines';
import { run } from './main.js';
import type { Io } from './io.js';

const fixture = (name: string) => JSON.parse(readFileSync(new URL(`../../../tooling/conformance/fixtures/${name}.json`, import.meta.url), 'utf8'));

function cli(args: string[], stdin: string): { code: number; out: string; err: string } {
  let out = '';
  let err = '';
  const code = run(args, { out: (s) => (out += s), err: (s) => (err += s), readStdin: () => stdin } as Partial<Io> as Io) as number;
  return { code, out, err };
}

/** The lines after the blank separator (the next values). */
function nextLines(out: string): string[] {
  const lines = out.replace(/\n$/, '').split('\n');
  return lines.slice(lines.indexOf('') + 1);
}

describe('compare predict for the historical engines', () => {
  it('rhino@1.7: the real Rhino 1.7.14 — 2 values predict the next 100 bit for bit', () => {
    const { values } = fixture('rhino') as { values: string[] };
    const r = cli(['predict', '--engine', 'rhino@1.7', '--next', '100'], values.slice(0, 2).join('\n'));
    expect(r.code).toBe(0);
    expect(nextLines(r.out)).toEqual(values.slice(2, 102));
  });

  it('quickjs@0.10.1: the real quickjs-ng build — 2 values predict the next 50', () => {
    const q = fixture('quickjs') as { builds: Record<string, { values: string[] }> };
    const values = q.builds['quickjs-ng']!.values;
    const r = cli(['predict', '--engine', 'quickjs@0.10.1', '--next', '50'], values.slice(0, 2).join('\n'));
    expect(r.code).toBe(0);
    expect(nextLines(r.out)).toEqual(values.slice(2, 52));
  });

  const engines: [string, string, string, number, number | null, number][] = [
    // id, package, variant, full values, bucket n, buckets
    ['ie@11', 'jscript-lcg', 'chakra-lcg', 1, 100, 9],
    ['netscape@4', 'netscape-lcg', 'netscape-mocha', 1, 1000, 6],
    ['chrome@1', 'v8-libc', 'v8-0.1-msvcrt', 2, 64, 7],
    ['chrome@8', 'v8-mwc-cpp', 'v8-2.2-cpp32', 2, null, 0],
  ];
  for (const [id, pkg, variant, full, n, k] of engines) {
    it(`${id}: ${full} value(s)${n ? ` and ${k} × --bucket ${n}` : ''} predict the next 20`, () => {
      const e = createEngine(pkg, { state: variant === 'v8-2.2-cpp32' ? [0x12345678, 0x9abcdef0] : variant === 'v8-0.1-msvcrt' ? [0x9abcdef0] : [0x2b6f1d3e4a5], variant: variant as never });
      const values = Array.from({ length: 40 }, () => e.random());
      const r = cli(['predict', '--engine', id, '--next', '20'], values.slice(0, full).map(doubleToHex).join('\n'));
      expect(r.code, r.err).toBe(0);
      expect(nextLines(r.out)).toEqual(values.slice(full, full + 20).map(doubleToHex));
      if (!n) return;
      const b = cli(['predict', '--engine', id, '--bucket', String(n), '--next', '20'], values.slice(0, k).map((x) => String(Math.floor(x * n))).join('\n'));
      expect(b.code, b.err).toBe(0);
      expect(nextLines(b.out)).toEqual(values.slice(k, k + 20).map((x) => String(Math.floor(x * n))));
      // Three fewer: refused or partial, never a wrong bucket.
      const few = cli(['predict', '--engine', id, '--bucket', String(n), '--next', '20'], values.slice(0, k - 3).map((x) => String(Math.floor(x * n))).join('\n'));
      if (few.code === 0) {
        nextLines(few.out).forEach((line, i) => {
          if (line !== '?') expect(line).toBe(String(Math.floor(values[k - 3 + i]! * n)));
        });
      } else {
        expect(few.code).toBe(3);
        expect(few.err).toMatch(/not enough|ambiguous/);
      }
    });
  }

  it('ie@8 --near: the exact millisecond from 10 dice and from 2 values, printed in ISO; none in the window: the range', () => {
    const ms = Date.parse('2015-11-20T10:17:23.456Z');
    const e = createEngine('jscript-lcg', { seed: ms, variant: 'jscript-lcg' });
    const values = Array.from({ length: 30 }, () => e.random());
    const r = cli(['predict', '--engine', 'ie@8', '--near', '2015-11-20T10:00Z', '--next', '5'], values.slice(0, 2).map(doubleToHex).join('\n'));
    expect(r.code).toBe(0);
    expect(r.err).toContain('seeded at 2015-11-20T10:17:23.456Z (1448014643456)');
    expect(nextLines(r.out)).toEqual(values.slice(2, 7).map(doubleToHex));
    // Buckets: 10 rolls of a die within ±30 minutes (1.6 · 10^6 ms tried).
    const dice = cli(['predict', '--engine', 'ie@8', '--near', '2015-11-20T10:00Z', '--window', '30m', '--bucket', '6', '--next', '5'], values.slice(0, 10).map((x) => String(Math.floor(x * 6))).join('\n'));
    expect(dice.code, dice.err).toBe(0);
    expect(dice.err).toContain('2015-11-20T10:17:23.456Z');
    expect(nextLines(dice.out)).toEqual(values.slice(10, 15).map((x) => String(Math.floor(x * 6))));
    const none = cli(['predict', '--engine', 'ie@8', '--near', '2015-11-21T10:00Z', '--window', '1h'], values.slice(0, 2).map(doubleToHex).join('\n'));
    expect(none.code).toBe(3);
    expect(none.err).toContain('2015-11-21T09:00:00.000Z … 2015-11-21T11:00:00.000Z');
    expect(cli(['predict', '--engine', 'ie@8', '--near', 'yesterday'], '0.5').code).toBe(2);
    expect(cli(['predict', '--engine', 'ie@8', '--near', '2015-11-20', '--window', '9d'], '0.5').code).toBe(2);
  });

  it('identify names the family from 5 values', () => {
    const e = createEngine('netscape-lcg', { state: [0x1234567890], variant: 'netscape-mocha' });
    const r = cli(['identify', '--json'], Array.from({ length: 5 }, () => doubleToHex(e.random())).join('\n'));
    const rows = JSON.parse(r.out) as { verdict: string; variant: string }[];
    expect(rows.filter((x) => x.verdict === 'explains').map((x) => x.variant)).toEqual(['netscape-mocha']);
  });
});
