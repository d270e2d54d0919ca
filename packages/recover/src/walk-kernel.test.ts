/**
 * walk.wat's sumScan (walk-kernel.ts `sumMatches`): the states of an affine space whose
 * `(state0 + state1)` shows a sum on bits 11 … 63, checked against plain BigInt arithmetic per
 * state (not the kernel's, not sum-split.ts's JavaScript loop).
 */
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { walkKernel } from './walk-kernel.js';

const U = (1n << 64n) - 1n;
const big = (hi: number, lo: number): bigint => (BigInt(hi >>> 0) << 32n) | BigInt(lo >>> 0);
const word = fc.integer({ min: -(2 ** 31), max: 2 ** 31 - 1 });

/** The Gray indexes k of base ⊕ (basis vectors of k ^ (k >> 1)) whose sum shows `sum` on bits 11 … 63, by BigInt. */
function byBigInt(base: Int32Array, basis: Int32Array, d: number, sum: readonly [number, number]): number[] {
  const want = big(sum[0], sum[1]) & (U ^ 0x7ffn);
  const out: number[] = [];
  for (let k = 0; k < 2 ** d; k++) {
    const gray = k ^ (k >>> 1);
    const x = Int32Array.from(base);
    for (let j = 0; j < d; j++) if ((gray >>> j) & 1) for (let w = 0; w < 4; w++) x[w]! ^= basis[4 * j + w]!;
    if (((big(x[0]!, x[1]!) + big(x[2]!, x[3]!)) & U & (U ^ 0x7ffn)) === want) out.push(k);
  }
  return out;
}

describe('sumScan: the states of an affine space whose sum shows 53 given bits', () => {
  it('the Gray indexes of exactly the states that show it, in order (sums planted at random states of random spaces; fast-check)', () => {
    const kernel = walkKernel()!;
    expect(kernel).not.toBeNull();
    let planted = 0;
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 10 }), fc.array(word, { minLength: 44, maxLength: 44 }), fc.nat(), fc.boolean(), (d, w, pick, plant) => {
        const base = Int32Array.from(w.slice(0, 4));
        const basis = Int32Array.from(w.slice(4, 4 + 4 * d));
        // Half the runs take their sum from a state of the space (its low 11 bits ignored: flipped).
        let sum: [number, number] = [w[40]!, w[41]!];
        if (plant) {
          const k = pick % 2 ** d;
          const gray = k ^ (k >>> 1);
          const x = Int32Array.from(base);
          for (let j = 0; j < d; j++) if ((gray >>> j) & 1) for (let q = 0; q < 4; q++) x[q]! ^= basis[4 * j + q]!;
          const z = (big(x[0]!, x[1]!) + big(x[2]!, x[3]!)) & U;
          sum = [Number(z >> 32n) | 0, (Number(z & 0xffffffffn) | 0) ^ 0x5a5];
          planted++;
        }
        const got = kernel.sumMatches(base, basis, d, sum);
        expect(got).toEqual(byBigInt(base, basis, d, sum));
        if (plant) expect(got!.length).toBeGreaterThan(0);
      }),
      { numRuns: 150 },
    );
    expect(planted).toBeGreaterThan(30);
  });

  it('more than 64 states showing it: undefined (the caller looks itself)', () => {
    const kernel = walkKernel()!;
    const base = Int32Array.of(0x12345678, -0x789abcd, 0x0fedcba9, 0x13572468);
    // basis vectors that only move bits below 11 of state0: every state shows the base's sum
    const basis = Int32Array.from({ length: 4 * 7 }, (_, i) => (i % 4 === 1 ? 1 << (i >> 2) : 0));
    const z = (big(base[0]!, base[1]!) + big(base[2]!, base[3]!)) & U;
    const sum: [number, number] = [Number(z >> 32n) | 0, Number(z & 0xffffffffn) | 0];
    expect(byBigInt(base, basis, 6, sum)).toHaveLength(64);
    expect(kernel.sumMatches(base, basis, 6, sum)).toHaveLength(64);
    expect(kernel.sumMatches(base, basis, 7, sum)).toBeUndefined();
  });
});
