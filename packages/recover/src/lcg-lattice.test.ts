import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { doubleToHex } from '@emu/core';
import { createEngine } from '@emu/engines';
import { stateFromCounter } from '@emu/jscript-lcg';
import { LCG_SHAPES, type LcgShape, lcgFits, lcgValue, recoverLcgLattice } from './lcg-lattice.js';
import { recoverLcgPartial } from './lcg-partial.js';
import { ieStateFromMs, searchIeSeed } from './ie-seed.js';
import type { Observed } from './observe.js';

const MASK = (1n << 48n) - 1n;
const fixture = (name: string) => JSON.parse(readFileSync(new URL(`../../../tooling/conformance/fixtures/${name}.json`, import.meta.url), 'utf8'));

/** A deterministic 48-bit state source (xorshift on doubles would do; a BigInt LCG of other constants). */
function states(seed: number): () => bigint {
  let s = BigInt(seed) * 0x9e3779b97f4a7c15n;
  return () => {
    s = (s * 6364136223846793005n + 1442695040888963407n) & ((1n << 64n) - 1n);
    return (s >> 16n) & MASK || 1n;
  };
}

function stream(shape: LcgShape, X: bigint, count: number): number[] {
  const out: number[] = [];
  let x = X;
  for (let i = 0; i < count; i++) {
    const x1 = (shape.a * x + shape.c) & MASK;
    x = (shape.a * x1 + shape.c) & MASK;
    out.push(lcgValue(shape, x1, x));
  }
  return out;
}

const buckets = (xs: readonly number[], n: number): Observed[] => xs.map((x) => ({ n, value: Math.floor(x * n) }));

describe('lattice recovery of the 48-bit LCGs: complete, never wrong', () => {
  // Counts at or near one expected state (the next bucket is settled in ≥ 99 % of states from 4, 6, 8, 10, 17, 21–22: README).
  const plan: [number, number][] = [
    [65536, 4],
    [1000, 5],
    [100, 8],
    [64, 9],
    [10, 16],
    [6, 20],
  ];
  for (const variant of ['spidermonkey-lcg', 'chakra-lcg', 'netscape-mocha']) {
    it(`${variant}: every answer holds the true state, a unique one is it`, () => {
      const shape = LCG_SHAPES[variant]!;
      const next = states(variant.length);
      let unique = 0;
      for (const [n, k] of plan) {
        for (const count of [k - 3, k]) {
          for (let t = 0; t < 4; t++) {
            const X = next();
            const values = stream(shape, X, count);
            const r = recoverLcgLattice(shape, buckets(values, n));
            for (const s of r.states) expect(lcgFits(shape, BigInt(s), buckets(values, n))).toBe(true);
            if (r.complete) expect(r.states).toContain(Number(X));
            if (r.complete && r.states.length === 1) unique++;
          }
        }
      }
      // At the counts above the answer is unique in most trials.
      expect(unique).toBeGreaterThanOrEqual(18);
    });
  }

  it('lists exactly the states the exhaustive 2^24 search lists (a 2^24 bucket, then a 2^20 one)', () => {
    const shape = LCG_SHAPES['spidermonkey-lcg']!;
    const next = states(7);
    for (let t = 0; t < 2; t++) {
      const values = stream(shape, next(), 2);
      const seen: Observed[] = [{ n: 2 ** 24, value: Math.floor(values[0]! * 2 ** 24) }, { n: 2 ** 20, value: Math.floor(values[1]! * 2 ** 20) }];
      const exhaustive = recoverLcgPartial(seen);
      expect(exhaustive.truncated).toBe(false);
      const lattice = recoverLcgLattice(shape, seen, { maxStates: 4096 });
      expect(lattice.complete).toBe(true);
      expect(lattice.states.length).toBeGreaterThan(1);
      expect([...lattice.states].sort()).toEqual(exhaustive.states.map((s) => s[0]!).sort());
    }
  });

  it('mixed observations (a die, a gap, a full value, a percentage): complete, the true state among them', () => {
    for (const variant of ['spidermonkey-lcg', 'chakra-lcg', 'netscape-mocha']) {
      const shape = LCG_SHAPES[variant]!;
      const next = states(31 + variant.length);
      for (let t = 0; t < 10; t++) {
        const X = next();
        const v = stream(shape, X, 5);
        const r = recoverLcgLattice(shape, [{ n: 6, value: Math.floor(v[0]! * 6) }, null, v[2]!, { n: 6, value: Math.floor(v[3]! * 6) }, { n: 100, value: Math.floor(v[4]! * 100) }]);
        expect(r.complete, r.reason).toBe(true);
        expect(r.states).toContain(Number(X));
      }
    }
  });

  it('too few values: incomplete with a reason, never a guess', () => {
    const shape = LCG_SHAPES['chakra-lcg']!;
    const r = recoverLcgLattice(shape, buckets(stream(shape, 123456789n, 5), 6));
    expect(r.complete).toBe(false);
    expect(r.reason).toMatch(/candidates|budget/);
  });

  it('a value off the engine grid is impossible', () => {
    expect(recoverLcgLattice(LCG_SHAPES['spidermonkey-lcg']!, [0.1 + 2 ** -60, 0.5]).impossible).toBe(true);
  });
});

describe('the real JDK (java.util.Random#nextDouble, tooling/conformance/fixtures)', () => {
  const jdk = fixture('java-util-random') as { seeds: Record<string, { nextDouble: string[] }> };
  const hexToDouble = (h: string) => new DataView(new BigUint64Array([BigInt(`0x${h}`)]).buffer).getFloat64(0, true);
  for (const [n, k] of [
    [1000, 6],
    [64, 10],
    [6, 21],
  ] as const) {
    it(`recovers every seed's stream from its first ${k} ⌊x · ${n}⌋ and reproduces all 200 doubles bit for bit`, () => {
      for (const [seed, { nextDouble }] of Object.entries(jdk.seeds)) {
        const values = nextDouble.map(hexToDouble);
        const r = recoverLcgLattice(LCG_SHAPES['spidermonkey-lcg']!, buckets(values.slice(0, k), n));
        expect(r.complete, `seed ${seed}`).toBe(true);
        expect(r.states.length, `seed ${seed}`).toBe(1);
        // netscape-lcg's spidermonkey-runtime is the same java.util.Random and takes state 0 (seed 0x5DEECE66D scrambles to it).
        const e = createEngine('netscape-lcg', { state: r.states, variant: 'spidermonkey-runtime' });
        expect(Array.from({ length: 200 }, () => doubleToHex(e.random())), `seed ${seed}`).toEqual(nextDouble);
      }
    });
  }

  it("Chakra's doubles from the JDK's next(27) pairs (exact-rational rounding): recovered from 1 value and from ⌊x · 100⌋", () => {
    const pairs = fixture('jdk-next27') as { seeds: Record<string, number[]> };
    for (const [seed, ints] of Object.entries(pairs.seeds)) {
      // (hi · 2^27 + lo) / 2^54, rounded half to even at 53 bits, in BigInt.
      const values: number[] = [];
      for (let i = 0; i + 1 < ints.length; i += 2) {
        const m = (BigInt(ints[i]!) << 27n) + BigInt(ints[i + 1]!);
        if (m < 1n << 53n) {
          values.push(Number(m) / 2 ** 54);
        } else {
          // One bit too many: drop it, a tie (the bit set) goes to the even neighbour.
          let q = m >> 1n;
          if ((m & 1n) === 1n && (q & 1n) === 1n) q += 1n;
          values.push(Number(q) / 2 ** 53);
        }
      }
      for (const seen of [values.slice(0, 1), buckets(values.slice(0, 9), 100)]) {
        const r = recoverLcgLattice(LCG_SHAPES['chakra-lcg']!, seen);
        expect(r.complete && r.states.length, `seed ${seed}`).toBe(1);
        const e = createEngine('jscript-lcg', { state: r.states, variant: 'chakra-lcg' });
        expect(Array.from({ length: values.length }, () => e.random()), `seed ${seed}`).toEqual(values);
      }
    }
  });
});

describe('IE 6–8: the seeding millisecond from a date', () => {
  it('the fast shuffle equals @emu/jscript-lcg stateFromCounter', () => {
    for (let i = 0; i < 2000; i++) {
      const ms = Math.floor(Math.random() * 2 ** 42);
      expect(ieStateFromMs(ms)).toBe(stateFromCounter(ms));
    }
  });

  it('one full value within ±1 day: the exact millisecond (solved from the lattice state)', () => {
    const ms = Date.parse('2015-11-20T10:17:23.456Z');
    const e = createEngine('jscript-lcg', { seed: ms, variant: 'jscript-lcg' });
    const r = searchIeSeed([e.random()], Date.parse('2015-11-20T10:00Z'), 86_400_000);
    expect(r.method).toBe('lattice');
    expect(r.ms).toEqual([ms]);
  });

  it('three ⌊x · 1000⌋ within ±10 minutes: every millisecond tried, the true one among those listed', () => {
    const ms = Date.parse('2009-03-01T08:00:00.000Z') + 123_456;
    const e = createEngine('jscript-lcg', { seed: ms, variant: 'jscript-lcg' });
    const seen = buckets(Array.from({ length: 3 }, () => e.random()), 1000);
    const r = searchIeSeed(seen, Date.parse('2009-03-01T08:00Z'), 600_000);
    expect(r.method).toBe('search');
    expect(r.ms).toContain(ms);
    for (const m of r.ms) expect(lcgFits(LCG_SHAPES['jscript-lcg']!, BigInt(stateFromCounter(m)), seen)).toBe(true);
    // The first call unseen (a gap): the filter moves to the first seen call.
    const gap = searchIeSeed([null, ...seen.slice(1), { n: 1000, value: Math.floor(e.random() * 1000) }], Date.parse('2009-03-01T08:00Z'), 600_000);
    expect(gap.ms).toContain(ms);
    // Outside the window: nothing, and the range is reported.
    const none = searchIeSeed(seen, ms + 3_600_000, 60_000);
    expect(none.ms).toEqual([]);
    expect(none.to - none.from).toBe(120_000);
  });
});
