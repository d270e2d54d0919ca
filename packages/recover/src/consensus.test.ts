import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { createEngine } from '@emu/engines';
import { type Observed, type Outcome, identify, predict, renderPrediction } from './index.js';
import { mwcIntervals, mwcIntervalsBefore, recoverMwcBuckets } from './mwc-bucket.js';

/** An answer is never wrong: ok predicts exactly; partial's known values and buckets are right. */
function expectRight(r: Outcome, future: readonly number[], n?: number, past: readonly number[] = []): void {
  if (r.kind === 'ok') {
    expect(r.next).toEqual(future.slice(0, r.next.length));
    expect(r.previous).toEqual(past.slice(past.length - r.previous.length));
  }
  if (r.kind !== 'partial') return;
  r.next.forEach((x, i) => x !== null && expect(x).toBe(future[i]));
  const p0 = past.length - r.previous.length;
  r.previous.forEach((x, i) => x !== null && expect(x).toBe(past[p0 + i]));
  if (n !== undefined) {
    r.buckets?.next.forEach((b, i) => b !== null && expect(b, `next ${i}`).toBe(Math.floor(future[i]! * n)));
    r.buckets?.previous.forEach((b, i) => b !== null && expect(b, `previous ${i}`).toBe(Math.floor(past[p0 + i]! * n)));
  }
}

/** The first generator's 32-bit state of each MWC variant's emulator state. */
const MWC: [string, string, (s: number[]) => number][] = [
  ['node@0.12.18', 'v8-3.26-js', (s) => s[0]!],
  ['node@4.2.2', 'v8-3.30-js', (s) => s[0]!],
  ['node@0.10.48', 'v8-3.11-cpp', (s) => s[0]!],
  ['v8@4.8', 'v8-4.8-constructdouble', (s) => s[1]! * 65536 + s[0]!],
];

describe('several fitting states: the values they all agree on', () => {
  it('node@20, 8 values inside one refill: the cache position is open, so only what every position agrees on', () => {
    // A state no context starts from (a seeded one is named by its seed: v8-seed.test.ts).
    const e = createEngine('node@20', { state: ['0x0123456789abcdef', '0xfedcba9876543210', 0] });
    for (let i = 0; i < 10; i++) e.random();
    const all = Array.from({ length: 100 }, () => e.random());
    const r = predict('node@20', all.slice(0, 8), 60, 0);
    expect(r.kind).toBe('partial');
    expectRight(r, all.slice(8));
    // The next value may come from a new refill (the 8 could end the current one): not given.
    if (r.kind === 'partial') expect(r.next[0]).toBeNull();
    // The same from a seeded context (10 calls in): its seed names the state and the call.
    const f = createEngine('node@20', { seed: 99 });
    for (let i = 0; i < 10; i++) f.random();
    const seeded = Array.from({ length: 100 }, () => f.random());
    const q = predict('node@20', seeded.slice(0, 8), 60, 0);
    expect(q.kind).toBe('ok');
    expectRight(q, seeded.slice(8));
    expect(q.note).toMatch(/at its call 11/);
  });

  it('--from-start: the first observed value is the first of a refill', () => {
    const e = createEngine('node@20', { seed: 5 });
    const all = Array.from({ length: 80 }, () => e.random());
    const r = predict('node@20', all.slice(0, 5), 70, 3, { fromStart: true });
    expect(r.kind).toBe('ok');
    if (r.kind === 'ok') {
      expect(r.next).toEqual(all.slice(5, 75));
      expect(r.previous).toEqual([]);
    }
  });

  // The two inputs: node 20 printed 6 22 17 … where a wrong state predicted 29 21 29 ….
  it('regression: ⌊x·64⌋, 22 values crossing a refill, and ⌊x·65536⌋, 9 inside one: never a wrong value', () => {
    for (const [n, count, skip] of [[64, 22, 50], [65536, 9, 20]] as const) {
      for (let seed = 1; seed <= 40; seed++) {
        const e = createEngine('node@20', { seed });
        for (let i = 0; i < skip + (seed % 5); i++) e.random();
        const all = Array.from({ length: count + 30 }, () => e.random());
        const observed = all.slice(0, count).map((x) => ({ n, value: Math.floor(x * n) }));
        expectRight(predict('node@20', observed, 30, 0, { bucket: n }), all.slice(count), n);
      }
    }
  });

  it('never wrong, any mode: full values, buckets of many sizes, gaps, mid-stream (node 20, node 24, MWC eras, LCG)', () => {
    fc.assert(
      fc.property(
        fc.constantFrom('node@20', 'node@24', 'node@0.12.18', 'node@4.2.2', 'node@0.10.48', 'v8@4.8'),
        fc.integer({ min: 1, max: 0x7fffffff }),
        fc.integer({ min: 0, max: 130 }),
        fc.integer({ min: 1, max: 30 }),
        fc.constantFrom(0, 2, 6, 64, 100, 1000, 65536),
        fc.integer({ min: 0, max: 4 }),
        (id, seed, skip, count, n, gapEvery) => {
          const e = createEngine(id, { seed });
          for (let i = 0; i < skip; i++) e.random();
          const past: number[] = [];
          const all = Array.from({ length: count + 20 }, () => e.random());
          const observed: Observed[] = all.slice(0, count).map((x, i) => (gapEvery && i % (gapEvery + 2) === 1 ? null : n ? { n, value: Math.floor(x * n) } : x));
          const r = predict(id, observed, 20, 0, n ? { bucket: n } : {});
          expectRight(r, all.slice(count), n || undefined, past);
        },
      ),
      { numRuns: 120 },
    );
  }, 300_000);
});

describe('MWC1616 eras from buckets (Betable-style IDs: alphabet[⌊x·64⌋])', () => {
  it('the intervals contain what the emulator gives, forwards and backwards', () => {
    for (const [id, v, g1] of MWC) {
      for (let seed = 1; seed < 20; seed++) {
        const e = createEngine(id, { seed: seed * 7919 });
        for (let i = 0; i < 12; i++) e.random();
        const before = Array.from({ length: 10 }, () => 0);
        const e0 = createEngine(id, { seed: seed * 7919 });
        for (let i = 0; i < 2; i++) e0.random();
        for (let i = 0; i < 10; i++) before[i] = e0.random();
        const x = g1([...e.getState()] as number[]);
        const xs = Array.from({ length: 40 }, () => e.random());
        mwcIntervals(v, x, 40).forEach(([lo, hi], i) => expect(lo <= xs[i]! && xs[i]! <= hi, `${v} ${i}`).toBe(true));
        mwcIntervalsBefore(v, x, 10).forEach((s, i) => s && expect(s[0] <= before[9 - i]! && before[9 - i]! <= s[1], `${v} back ${i}`).toBe(true));
      }
    }
  });

  it('6 characters of a 22-character ID fix the first generator; the rest of the ID follows', () => {
    for (const [id, v, g1] of MWC) {
      let unique = 0;
      for (let seed = 1; seed <= 20; seed++) {
        const e = createEngine(id, { seed: seed * 104729 });
        for (let i = 0; i < seed * 3; i++) e.random();
        const x = g1([...e.getState()] as number[]);
        const id22 = Array.from({ length: 22 }, () => e.random());
        const observed = id22.slice(0, 6).map((y) => ({ n: 64, value: Math.floor(y * 64) }));
        const rec = recoverMwcBuckets(observed, v);
        expect(rec.states).toContain(x);
        if (rec.states.length === 1) unique++;
        const r = predict(id, observed, 16, 0, { bucket: 64 });
        expectRight(r, id22.slice(6), 64);
      }
      expect(unique, v).toBeGreaterThanOrEqual(14);
    }
  }, 120_000);

  it('v8-patched buckets are refused with the reason', () => {
    expect(predict('v8-patched', [{ n: 64, value: 3 }, { n: 64, value: 9 }, { n: 64, value: 1 }], 5, 0)).toMatchObject({ kind: 'unsupported', note: expect.stringMatching(/r0 \^ r1/) });
  });
});

describe('identify', () => {
  const engines = ['node@26', 'v8@15.6', 'node@20', 'node@24', 'node@10', 'node@0.10.48', 'node@0.12.18', 'node@4.2.2', 'v8@4.8', 'v8-patched', 'firefox-lcg', 'webkit-gamerand'];
  it('names the right family from 5 values, and rules the others out', () => {
    for (const id of engines) {
      const e = createEngine(id, { seed: 4321 });
      const v = createEngine(id, { seed: 1 }).variant;
      const r = identify(Array.from({ length: 5 }, () => e.random()));
      const mine = r.find((x) => x.variants.includes(v));
      expect(mine?.verdict, `${id}: ${JSON.stringify(r.filter((x) => x.verdict !== 'cannot'))}`).toMatch(/explains|insufficient/);
    }
  });

  it('weighs the registered variants no era names (Bun ≤ 1.3.5, V8 ≤ 1.2.7 with glibc): a row each — Bun\'s solved, glibc\'s asking for more (it needs 31 values and more) — never ruled out', () => {
    for (const [id, variant, verdict, note] of [['bun@1.2.0', 'jsc-jit-sar', 'explains', /exact \(s0 \+ s1\) search/], ['v8-libc', 'v8-0.1-glibc', 'insufficient', /need about 65 more/]] as const) {
      const e = createEngine(id, { seed: 2718 });
      expect(e.variant).toBe(variant);
      const rows = identify(Array.from({ length: 5 }, () => e.random()));
      const mine = rows.filter((r) => r.variants.includes(variant));
      expect(mine, id).toHaveLength(1);
      expect(mine[0]!.verdict, id).toBe(verdict);
      expect(mine[0]!.note, id).toMatch(note);
    }
    // The Bun row names its builds (every measured one with that variant), first to last.
    const bun = identify([0.5]).find((r) => r.variant === 'jsc-jit-sar')!;
    expect(bun.id).toBe('bun@0.6.0…1.3.5');
    expect(bun.eras).toContain('bun@1.2.21');
    // From a state with high bits set (the shifts differ at once), 6 values: only Bun's row explains them.
    const b = createEngine('bun@1.2.0', { state: ['0xfedcba9876543210', '0x8123456789abcdef'] });
    const open = identify(Array.from({ length: 6 }, () => b.random())).filter((r) => r.verdict === 'explains');
    expect(open.map((r) => r.variant)).toEqual(['jsc-jit-sar']);
  }, 60_000);

  it('a family whose bounded (s0 + s1) search ran out of work is undecided, never ruled out', () => {
    const e = createEngine('node@20', { seed: 4321 });
    const xs = Array.from({ length: 5 }, () => e.random());
    const sum = identify(xs).find((x) => x.variant === 'v8-14.4-sum-53');
    expect(sum?.verdict).toBe('insufficient');
    expect(sum?.note).toMatch(/work budget of 4194304 work units/);
    // With no budget, 4 values settle every cache position (the one that splits them 2 + 2 by the
    // search over two pairs, sum-pairs.ts), and so do 5: no state of node 26 explains them.
    expect(predict('node@26', xs.slice(0, 4), 1, 0)).toMatchObject({ kind: 'inconsistent' });
    expect(predict('node@26', xs, 1, 0)).toMatchObject({ kind: 'inconsistent' });
    // 3 values: the 62 alignments with a run of 3 by the run walk, the 2 a refill splits by the
    // pair's states and the single value (sum-split.ts) — every one searched, none fits.
    expect(predict('node@26', xs.slice(0, 3), 1, 0)).toMatchObject({ kind: 'inconsistent' });
  }, 120_000);
});

describe('messages never contradict themselves', () => {
  it('"need more" never sits beside a full rank', () => {
    for (const [id, n] of [['node@20', 3], ['node@20', 22], ['node@10', 20], ['node@24', 2]] as const) {
      const e = createEngine(id, { seed: 31337 });
      const r = predict(id, Array.from({ length: n }, () => e.random()), 5, 0);
      if (/need about/.test(r.note)) expect(r.note, `${id} ${n}`).not.toMatch(/128\/128/);
    }
  });
});

describe('renderPrediction (what compare predict prints)', () => {
  it('? where the states disagree; exit 0 when the first requested value is known, 3 when not', () => {
    const e = createEngine('node@4.2.2', { seed: 77 });
    const xs = Array.from({ length: 40 }, () => e.random());
    const ids = xs.slice(0, 8).map((x) => ({ n: 64, value: Math.floor(x * 64) }));
    const r = predict('node@4.2.2', ids, 5, 0, { bucket: 64 });
    const shown = renderPrediction(r, String, 64);
    expect(shown.code).toBe(0);
    expect(shown.out).toBe(`\n${xs.slice(8, 13).map((x) => Math.floor(x * 64)).join('\n')}\n`);
    // The same states cannot give the full values: every one is ?, exit 3.
    const full = renderPrediction(predict('node@4.2.2', ids, 3, 0), String);
    expect(full).toMatchObject({ code: 3 });
    const bad = renderPrediction(predict('node@20', [0.5], 3, 0), String);
    expect(bad.code).toBe(3);
    expect(bad.err).toMatch(/not enough data/);
  });
});
