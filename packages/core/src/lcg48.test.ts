import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { LCG48_MASK, Lcg48, lcg48ScrambleSeed, lcg48Step, lcg48StepBack, lcg48TopBits } from './lcg48.js';
import { murmurHash3Fmix64, murmurHash3Fmix64Inverse, v8SeededState1 } from './murmur.js';
import { u64FromBigInt, u64ToBigInt } from './u64.js';
import { v8InitializeRngWords, v8RngBytes, v8SeedValue } from './v8seed.js';
import { InvalidSeedError } from './errors.js';

const M = 0x5deece66dn;
const MASK = (1n << 48n) - 1n;
const state48 = fc.integer({ min: 0, max: LCG48_MASK });

describe('48-bit LCG (java.util.Random)', () => {
  it('steps as (M·x + 0xB) mod 2^48 and back', () => {
    fc.assert(
      fc.property(state48, (x) => {
        const y = lcg48Step(x);
        expect(BigInt(y)).toBe((BigInt(x) * M + 0xbn) & MASK);
        expect(lcg48StepBack(y)).toBe(x);
      }),
    );
  });

  it('scrambles a 64-bit seed like setSeed', () => {
    fc.assert(
      fc.property(fc.bigInt({ min: -(1n << 63n), max: (1n << 63n) - 1n }), (seed) => {
        const [hi, lo] = u64FromBigInt(seed);
        expect(BigInt(lcg48ScrambleSeed(hi, lo))).toBe((BigInt.asUintN(64, seed) ^ M) & MASK);
      }),
    );
  });

  it('the limb object Lcg48 steps and draws exactly like lcg48Step / lcg48TopBits', () => {
    fc.assert(
      fc.property(state48, fc.integer({ min: 1, max: 48 }), (x, bits) => {
        const g = new Lcg48(x);
        expect(g.next(bits)).toBe(lcg48TopBits(lcg48Step(x), bits));
        expect(g.state).toBe(lcg48Step(x));
      }),
    );
  });

  it('nextDouble and fillNextDouble are java.util.Random#nextDouble (BigInt transcription)', () => {
    const ref = (x: bigint, n: number) => {
      const out: number[] = [];
      for (let i = 0; i < n; i++) {
        x = (x * M + 0xbn) & MASK;
        const a = x >> 22n;
        x = (x * M + 0xbn) & MASK;
        out.push(Number((a << 27n) + (x >> 21n)) / 2 ** 53);
      }
      return [out, x] as const;
    };
    fc.assert(
      fc.property(state48, fc.integer({ min: 0, max: 100 }), (x, n) => {
        const [expected, end] = ref(BigInt(x), n);
        const g = new Lcg48(x);
        expect(Array.from({ length: n }, () => g.nextDouble())).toEqual(expected);
        expect(BigInt(g.state)).toBe(end);
        const h = new Lcg48(x);
        expect(Array.from(h.fillNextDouble(new Float64Array(n)))).toEqual(expected);
        expect(h.state).toBe(g.state);
      }),
    );
    expect(new Lcg48(LCG48_MASK).nextDouble()).toBe(ref(BigInt(LCG48_MASK), 1)[0][0]);
  });

  it('next(bits) takes the top bits', () => {
    expect(lcg48TopBits(LCG48_MASK, 32)).toBe(0xffffffff);
    expect(lcg48TopBits(2 ** 47, 1)).toBe(1);
  });
});

describe('MurmurHash3 fmix64', () => {
  function ref(v: bigint): bigint {
    const U = (1n << 64n) - 1n;
    let h = v & U;
    h ^= h >> 33n;
    h = (h * 0xff51afd7ed558ccdn) & U;
    h ^= h >> 33n;
    h = (h * 0xc4ceb9fe1a85ec53n) & U;
    h ^= h >> 33n;
    return h;
  }
  it('agrees with a BigInt transcription of the finaliser', () => {
    fc.assert(
      fc.property(fc.bigInt({ min: 0n, max: (1n << 64n) - 1n }), (v) => {
        const [hi, lo] = u64FromBigInt(v);
        expect(u64ToBigInt(...murmurHash3Fmix64(hi, lo))).toBe(ref(v));
      }),
    );
  });
  it('murmurHash3Fmix64Inverse undoes it (and it undoes the inverse): V8 state0 names its seed', () => {
    fc.assert(
      fc.property(fc.bigInt({ min: 0n, max: (1n << 64n) - 1n }), (v) => {
        const [hi, lo] = u64FromBigInt(v);
        expect(u64ToBigInt(...murmurHash3Fmix64Inverse(...murmurHash3Fmix64(hi, lo)))).toBe(v);
        expect(u64ToBigInt(...murmurHash3Fmix64(...murmurHash3Fmix64Inverse(hi, lo)))).toBe(v);
        // V8 seeds (fmix64(v), fmix64(~v)): the pair of state0 = fmix64(v)
        const out = new Int32Array(2);
        v8SeededState1(...murmurHash3Fmix64(hi, lo), out);
        expect(u64ToBigInt(out[0]!, out[1]!)).toBe(ref(~v & ((1n << 64n) - 1n)));
      }),
    );
  });
});

describe('V8 seeding helpers', () => {
  it('validates --random_seed', () => {
    expect(v8SeedValue('x', -7)).toBe(-7);
    expect(v8SeedValue('x', '42')).toBe(42);
    expect(() => v8SeedValue('x', 0)).toThrow(/0 means/);
    expect(() => v8SeedValue('x', 1.5)).toThrow(InvalidSeedError);
    expect(() => v8SeedValue('x', 2 ** 31)).toThrow(/2147483648/);
    expect(() => v8SeedValue('x', 'abc')).toThrow(/"abc"/);
  });

  it('NextBytes takes Next(8) per byte after the skipped draws', () => {
    const a = v8RngBytes(42, 3, 4);
    const b = v8RngBytes(42, 0, 7);
    expect([...a]).toEqual([...b.slice(3)]);
  });

  it('%InitializeRNG words are never zero', () => {
    for (let s = 1; s < 200; s++) expect(v8InitializeRngWords('x', s).every((w) => w > 0 && w <= 0xffff)).toBe(true);
  });
});
