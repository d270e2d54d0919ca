import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { createEngine } from '@emu/engines';
import { MAX_LINE, MAX_OBSERVATIONS, ObservationReader, type Observed, type Outcome, bucketRange, parseObservations, predict } from './index.js';

/** `count` draws of engine `id` from a seed after `skip`, each seen as `see` shows it, and the 30 after. */
function run(id: string, seed: number, skip: number, count: number, see: (x: number, i: number) => Observed) {
  const e = createEngine(id, { seed });
  for (let i = 0; i < skip; i++) e.random();
  const all = Array.from({ length: count + 30 }, () => e.random());
  return { observed: all.slice(0, count).map(see), future: all.slice(count) };
}

const bucket = (n: number) => (x: number) => ({ n, value: Math.floor(x * n) });

/** An answer is never wrong: ok predicts the future exactly; partial's known values (and buckets) are right. */
function expectRight(r: Outcome, future: readonly number[], n?: number): void {
  if (r.kind === 'ok') expect(r.next).toEqual(future.slice(0, r.next.length));
  if (r.kind !== 'partial') return;
  r.next.forEach((x, i) => x !== null && expect(x).toBe(future[i]));
  if (n !== undefined) r.buckets?.next.forEach((b, i) => b !== null && expect(b).toBe(Math.floor(future[i]! * n)));
}

describe('partial observations: buckets Math.floor(x · n) and unseen calls', () => {
  it('bucketRange is exactly the doubles JavaScript puts in the bucket', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 2 ** 40 }), fc.double({ min: 0, max: 1, maxExcluded: true, noNaN: true }), fc.constantFrom(52, 53), (n, x, bits) => {
        const m = Math.floor(x * 2 ** bits);
        const value = Math.floor((m * 2 ** -bits) * n);
        const [lo, hi] = bucketRange({ n, value }, bits);
        expect(lo <= m && m <= hi).toBe(true);
        expect(Math.floor(lo * 2 ** -bits * n)).toBe(value);
        expect(Math.floor(hi * 2 ** -bits * n)).toBe(value);
        if (lo > 0) expect(Math.floor((lo - 1) * 2 ** -bits * n)).toBe(value - 1);
        if (hi < 2 ** bits - 1) expect(Math.floor((hi + 1) * 2 ** -bits * n)).toBeGreaterThan(value);
      }),
    );
  });

  for (const [id, n, count] of [
    ['node@20', 2 ** 16, 66],
    ['node@20', 1000, 130],
    ['node@24', 2 ** 8, 130],
    ['node@24', 2 ** 32, 66],
  ] as const) {
    it(`${id}: ${count} values of Math.floor(x · ${n}) predict the next values`, () => {
      fc.assert(
        fc.property(fc.integer({ min: 1, max: 0x7fffffff }), fc.integer({ min: 0, max: 200 }), (seed, skip) => {
          const { observed, future } = run(id, seed, skip, count, bucket(n));
          const r = predict(id, observed, 30, 0, { bucket: n });
          // The one-step shift at a refill boundary can agree on every bucket: reported, never guessed.
          expect(['ok', 'ambiguous', 'partial']).toContain(r.kind);
          expectRight(r, future, n);
        }),
        { numRuns: 10 },
      );
    });
  }

  it('never silently wrong: too few buckets are insufficient or ambiguous, and an ok is right', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 0x7fffffff }), fc.integer({ min: 0, max: 100 }), fc.constantFrom(2, 6, 256, 1000, 2 ** 20), fc.integer({ min: 1, max: 40 }), (seed, skip, n, count) => {
        const { observed, future } = run('node@20', seed, skip, count, bucket(n));
        const r = predict('node@20', observed, 30, 0, { bucket: n });
        expect(['ok', 'ambiguous', 'insufficient', 'partial']).toContain(r.kind);
        expectRight(r, future, n);
        if (r.kind === 'insufficient') expect(r.note).toMatch(/need about \d+ more values/);
      }),
      { numRuns: 60 },
    );
  });

  it('unseen calls (null) keep their place', () => {
    let ok = 0;
    for (let seed = 1; seed <= 20; seed++) {
      const { observed, future } = run('node@20', seed, 17 * seed, 90, (x, i) => (i % 3 === 1 ? null : x));
      const r = predict('node@20', observed, 30, 0);
      // An unseen value at a refill boundary hides where it is: then ambiguous, never a guess.
      expect(['ok', 'ambiguous', 'partial']).toContain(r.kind);
      expectRight(r, future);
      if (r.kind === 'ok') ok++;
    }
    expect(ok).toBeGreaterThan(10);
  });

  it('the (s0 + s1) mappings from coarse buckets mid-stream: ⌊x·256⌋, ⌊x·32⌋ and ⌊x·16⌋ by the top-bits search (the next values exact); ⌊x·6⌋ unsupported, with the reason', () => {
    for (const n of [256, 32, 16]) {
      const { observed, future } = run('node@10', 5, 0, 100, bucket(n));
      const r = predict('node@10', observed, 5, 0);
      expect(r.kind, `${n}: ${r.note}`).toBe('ok');
      expectRight(r, future);
    }
    const coarse = run('node@10', 5, 0, 100, bucket(6)).observed;
    expect(predict('node@10', coarse, 5, 0)).toMatchObject({ kind: 'unsupported', note: expect.stringMatching(/carries/) });
  }, 60_000);

  it('firefox-lcg: buckets of 2^24 and more are searched; dice go to the lattice (too few: not enough data, never a guess)', () => {
    const { observed, future } = run('firefox-lcg', 4242, 3, 3, bucket(2 ** 24));
    expect(predict('firefox-lcg', observed, 30, 0)).toMatchObject({ kind: 'ok', next: future });
    const one = run('firefox-lcg', 4242, 3, 1, bucket(2 ** 24));
    expect(predict('firefox-lcg', one.observed, 5, 0)).toMatchObject({ kind: 'insufficient' });
    const dice = run('firefox-lcg', 4242, 3, 40, bucket(6));
    expect(predict('firefox-lcg', dice.observed, 5, 0)).toMatchObject({ kind: 'ok', next: dice.future.slice(0, 5) });
    const few = run('firefox-lcg', 4242, 3, 8, bucket(6));
    expect(predict('firefox-lcg', few.observed, 5, 0)).toMatchObject({ kind: 'insufficient', note: expect.stringMatching(/lattice candidates/) });
  });

  it('parses j/n, bare bucket indices with --bucket, and ? for an unseen call', () => {
    expect(parseObservations('3/6\n?\n0.5\n')).toEqual([{ n: 6, value: 3 }, null, 0.5]);
    expect(parseObservations('3\n5\n', { bucket: 6 })).toEqual([{ n: 6, value: 3 }, { n: 6, value: 5 }]);
    expect(() => parseObservations('6', { bucket: 6 })).toThrow(/line 1: 6 is not a bucket of 6/);
    expect(() => parseObservations('0.5', { bucket: 6 })).toThrow(/line 1: not a bucket index/);
  });
});

describe('input limits: parsed as it arrives, refused early', () => {
  it('100 MB of values is refused at line 10,001 without reading the rest', () => {
    const r = new ObservationReader();
    const chunk = '0.5\n'.repeat(1 << 18); // 1 MB
    const t = performance.now();
    let fed = 0;
    expect(() => {
      for (; fed < 100; fed++) r.push(chunk);
    }).toThrow(/line 10001: more than 10000 observations/);
    expect(fed).toBe(0);
    expect(performance.now() - t).toBeLessThan(2000);
  });

  it('a line without end is refused once it passes the line limit; chunks may split lines anywhere', () => {
    const r = new ObservationReader();
    expect(() => r.push('0.'.padEnd(MAX_LINE + 1, '5'))).toThrow(/line 1: longer than 100 characters/);
    const s = new ObservationReader({ bucket: 6 });
    for (const c of ['3\n', '5', '\r\n?\n', '1/2', '']) s.push(c);
    expect(s.end()).toEqual([{ n: 6, value: 3 }, { n: 6, value: 5 }, null, { n: 2, value: 1 }]);
    expect(predict('node@20', new Array(MAX_OBSERVATIONS + 1).fill(0.5), 1, 0)).toMatchObject({ kind: 'unsupported', note: expect.stringMatching(/more than the 10000/) });
  });
});
