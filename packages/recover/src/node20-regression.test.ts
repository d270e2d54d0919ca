/**
 * Issue 13's two wrong answers on bucketed input, on streams of the real node 20.20.2
 * (scripts/record-node20-buckets.mjs → scripts/fixtures/node20-buckets.json): every window of 22
 * `Math.floor(x · 64)` values and of 9 `Math.floor(x · 65536)` values. Before the fix, an
 * alignment one rank short of a unique state was dropped while another fitted, and `predict`
 * answered "ok" with a wrong future. Now an answer is either all states (with every other
 * alignment ruled out) or "ambiguous" / "not enough": no prediction may differ from node's.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { doubleToHex, hexToDouble } from '@emu/core';
import { create } from '@emu/xorshift128plus';
import { predict, recoverXorshift } from './index.js';

interface Stream { hex: string[]; b64: number[]; b65536: number[] }
const fixture = JSON.parse(readFileSync(new URL('../scripts/fixtures/node20-buckets.json', import.meta.url), 'utf8')) as { version: string; streams: Stream[] };
const NEXT = 24;
/** The values (hex) an emulator at `state` produces next. */
const run = (state: readonly (string | number)[], count: number) => {
  const e = create({ state: [...state], variant: 'v8-7.1-s0' });
  return Array.from({ length: count }, () => doubleToHex(e.random())).join();
};

describe(`real node ${fixture.version}: bucketed windows are never predicted wrong`, () => {
  it('the fixture is what node printed: its buckets are Math.floor of its values', () => {
    for (const s of fixture.streams) {
      s.hex.forEach((h, i) => {
        expect(Math.floor(hexToDouble(h) * 64)).toBe(s.b64[i]);
        expect(Math.floor(hexToDouble(h) * 65536)).toBe(s.b65536[i]);
      });
    }
  });

  for (const [n, size, key] of [[64, 22, 'b64'], [65536, 9, 'b65536']] as const) {
    it(`every window of ${size} values of Math.floor(x · ${n}): ok and partial answers are right, the rest refuse`, () => {
      let ok = 0;
      let refused = 0;
      let partial = 0;
      for (const s of fixture.streams) {
        for (let at = 0; at + size + NEXT <= s.hex.length; at += size === 9 ? 25 : 5) {
          const seen = s[key].slice(at, at + size).map((value) => ({ n, value }));
          const r = predict('node@20', seen, NEXT, 0);
          if (r.kind === 'ok') {
            ok++;
            expect(r.next.map((x) => Math.floor(x * n))).toEqual(s[key].slice(at + size, at + size + NEXT));
          } else if (r.kind === 'partial') {
            // Every fitting state is known and they agree on some values: each one given is the real one.
            partial++;
            r.next.forEach((x, i) => x !== null && expect(doubleToHex(x), `window ${at}, next ${i}`).toBe(s.hex[at + size + i]));
          } else {
            refused++;
            expect(['ambiguous', 'insufficient']).toContain(r.kind);
          }
          // The solver's own claim: when it says complete, the real future is among its candidates.
          const x = recoverXorshift(seen, 'v8-7.1-s0');
          if (x.complete) {
            const real = s.hex.slice(at, at + size + NEXT).join();
            expect(x.candidates.some((c) => run(c.state, size + NEXT) === real)).toBe(true);
          }
        }
      }
      console.log(`node 20, ⌊x·${n}⌋ × ${size}: ${ok} ok (all right), ${partial} partial (all given values right), ${refused} refused`);
      expect(ok + partial + refused).toBeGreaterThan(100);
    }, 900_000);
  }
});
