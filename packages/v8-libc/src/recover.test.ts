import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { GLIBC_VALUES_MIN, createGlibc, glibcStateBefore, recoverGlibcState } from './index.js';

/** A glibc generator from an arbitrary table (or a seed) after `skip` values, the table there and its next `count` values. */
function stream(start: { state: number[] } | { seed: number }, skip: number, count: number): { table: readonly number[]; values: number[] } {
  const g = createGlibc(start);
  g.skip(skip);
  const table = g.getState();
  return { table, values: Array.from({ length: count }, () => g.random()) };
}

const table = fc.array(fc.integer({ min: 0, max: 2 ** 32 - 1 }), { minLength: 31, maxLength: 31 }).filter((w) => w.some((x) => x !== 0));

describe('recoverGlibcState: glibc random()\'s table from consecutive V8 ≤ 1.2.7 values', () => {
  it('80 values give back exactly the table before them (srandom seeds, anywhere in the stream)', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 2 ** 32 - 1 }), fc.nat(5000), (seed, skip) => {
        const { table: t, values } = stream({ seed }, skip, 80);
        const r = recoverGlibcState(values);
        expect(r.complete).toBe(true);
        expect(r.states).toEqual([t]);
      }),
      { numRuns: 60 },
    );
  });

  it('any table (sparse ones, words near 0 and 2^32 included): 80 values list the true table among the fitting ones, or say the list is open', () => {
    fc.assert(
      fc.property(table, fc.nat(200), (state, skip) => {
        const { table: t, values } = stream({ state }, skip, 80);
        const r = recoverGlibcState(values);
        if (!r.complete) return;
        expect(r.states).toContainEqual([...t]);
        for (const s of r.states) {
          const g = createGlibc({ state: s });
          expect(values.every((v) => Object.is(g.random(), v))).toBe(true);
        }
      }),
      { numRuns: 200 },
    );
  });

  it('a value rounded up across a hi-draw boundary (lo = 2^31 − 1 carries into hi) is read both ways: the table back exactly', () => {
    const { values } = stream({ seed: 7 }, 0, 0);
    const t = [...stream({ seed: 7 }, 3, 0).table];
    // the first draw t[0] + t[3] = 0xfffffffe (lo = 2^31 − 1), the second t[1] + t[4] = 2^31 (hi = 2^30)
    t[0] = 0xfffffffe;
    t[3] = 0;
    t[1] = 0x80000000;
    t[4] = 0;
    const { values: xs } = stream({ state: t }, 0, 80);
    expect(values).toEqual([]);
    expect(xs[0]).toBe((2 ** 30 + 1) / 2 ** 31);
    const r = recoverGlibcState(xs);
    expect(r.complete).toBe(true);
    expect(r.states).toEqual([t]);
  });

  it('below that, every table listed fits and the true one is among them; or the list is declared open', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 2 ** 32 - 1 }), fc.nat(3000), fc.integer({ min: GLIBC_VALUES_MIN, max: 60 }), (seed, skip, k) => {
        const { table: t, values } = stream({ seed }, skip, k);
        const r = recoverGlibcState(values);
        if (!r.complete) {
          expect(r.states).toEqual([]);
          expect(r.openBits).toBeGreaterThan(0);
          return;
        }
        expect(r.states).toContainEqual([...t]);
        for (const s of r.states) {
          const g = createGlibc({ state: s });
          expect(values.every((v) => Object.is(g.random(), v))).toBe(true);
        }
      }),
      { numRuns: 60 },
    );
  });

  it('glibcStateBefore(table, n) is the table n values (2n random() calls) earlier', () => {
    fc.assert(
      fc.property(table, fc.nat(200), fc.nat(100), (state, skip, n) => {
        const a = stream({ state }, skip, 0).table;
        const b = stream({ state }, skip + n, 0).table;
        expect(glibcStateBefore(b, n)).toEqual([...a]);
      }),
      { numRuns: 100 },
    );
  });

  it('refuses what it cannot say: fewer than 31 values (RangeError), too many values on hi-draw rounding boundaries (note), another generator\'s values (none)', () => {
    const { values } = stream({ seed: 42 }, 0, 80);
    expect(() => recoverGlibcState(values.slice(0, 30))).toThrow(/30 values; at least 31/);
    // 0.5 = (2^30 + 0) / 2^31, or hi = 2^30 − 1 with lo ≥ 2^31 − 2^7 rounded up: both read, neither fits this stream
    expect(recoverGlibcState([...values.slice(0, 10), 0.5, ...values.slice(11)])).toMatchObject({ states: [], complete: true });
    // more than 4 such values: not tried (2^5 solves), said so
    const five = recoverGlibcState([...values.slice(0, 40), 0.5, 0.5, 0.5, 0.5, 0.5]);
    expect(five).toMatchObject({ states: [], complete: false });
    expect(five.note).toMatch(/5 values round across a hi-draw boundary/);
    // Math.random() of a 53-bit generator: not (hi + lo / 2^31) / 2^31, or no carry fits
    let x = 0x9e3779b9;
    const other = Array.from({ length: 80 }, () => {
      x = (Math.imul(x, 1103515245) + 12345) >>> 0;
      return (x * 2 ** 21 + (Math.imul(x, 69069) >>> 11)) / 2 ** 53;
    });
    expect(recoverGlibcState(other)).toMatchObject({ states: [], complete: true });
  });
});
