import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { xorshift128SarStep } from '@emu/core';
import { Gf2System, type StepModel, evalRow, s0Offset, stepOf, symbolicRows } from './gf2.js';

const i32 = fc.integer({ min: -0x80000000, max: 0x7fffffff });
const state = fc.tuple(i32, i32, i32, i32).map((w) => new Int32Array(w));

describe('GF(2) over packed rows', () => {
  it.each(['logical', 'sar-extended'] as StepModel[])('the symbolic rows (%s) give the state bits after t concrete steps', (model) => {
    fc.assert(
      fc.property(state, fc.integer({ min: 0, max: 300 }), (x, t) => {
        const table = symbolicRows(t + 1, model);
        const s = x.slice();
        for (let i = 0; i < t; i++) stepOf(model)(s);
        for (let bit = 0; bit < 64; bit++) {
          const s0 = bit < 32 ? (s[1]! >>> bit) & 1 : (s[0]! >>> (bit - 32)) & 1;
          const s1 = bit < 32 ? (s[3]! >>> bit) & 1 : (s[2]! >>> (bit - 32)) & 1;
          expect(evalRow(table, s0Offset(t, bit), x)).toBe(s0);
          expect(evalRow(table, s0Offset(t + 1, bit), x)).toBe(s1);
        }
      }),
      { numRuns: 30 },
    );
  });

  it('the extended SAR step is the engine\'s on states below 2^63 in both words, and invertible', () => {
    fc.assert(
      fc.property(state, (x) => {
        x[0]! &= 0x7fffffff;
        x[2]! &= 0x7fffffff;
        const a = x.slice();
        const b = x.slice();
        stepOf('sar-extended')(a);
        xorshift128SarStep(b);
        expect([...a]).toEqual([...b]);
        // Full rank: the words after 2 … 5 steps alone pin all 128 unknowns (the extension keeps them).
        const table = symbolicRows(8, 'sar-extended');
        const sys = new Gf2System();
        for (let t = 0; t < 4; t++) for (let bit = 0; bit < 64; bit++) sys.add(table, s0Offset(2 + t, bit), -1, -1, evalRow(table, s0Offset(2 + t, bit), x));
        expect(sys.rank).toBe(128);
        expect([...sys.solution()!]).toEqual([...x]);
      }),
      { numRuns: 30 },
    );
  });

  it('solves, reports rank and contradictions, and undo restores an earlier system', () => {
    fc.assert(
      fc.property(state, (x) => {
        const table = symbolicRows(4, 'logical');
        const sys = new Gf2System();
        // The 64 bits of state0 after 0 and 1 steps are the 128 unknowns themselves.
        for (let bit = 0; bit < 64; bit++) sys.add(table, s0Offset(0, bit), -1, -1, evalRow(table, s0Offset(0, bit), x));
        expect(sys.rank).toBe(64);
        const half = sys.rank;
        for (let bit = 0; bit < 64; bit++) sys.add(table, s0Offset(2, bit), -1, -1, evalRow(table, s0Offset(2, bit), x));
        for (let bit = 0; bit < 64; bit++) sys.add(table, s0Offset(3, bit), -1, -1, evalRow(table, s0Offset(3, bit), x));
        expect(sys.rank).toBe(128);
        expect([...sys.solution()!]).toEqual([...x]);
        sys.add(table, s0Offset(1, 5), -1, -1, evalRow(table, s0Offset(1, 5), x) ^ 1);
        expect(sys.consistent).toBe(false);
        sys.undo(half);
        expect([sys.rank, sys.consistent, sys.freeBits().length]).toEqual([64, true, 64]);
      }),
      { numRuns: 30 },
    );
  });
});
