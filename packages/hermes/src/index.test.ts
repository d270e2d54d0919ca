import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { emulatorContract } from '@emu/testkit';
import { doubleToHex } from '@emu/core';
import { MINSTD_INVERSE, create, mt64SeedWords, recoverMinstd, mt64StateBefore, recoverMt64Seed, recoverMt64State, temper64, untemper64 } from './index.js';

const M = 2147483647;
const MASK = (1n << 64n) - 1n;
const hex64 = fc.bigInt({ min: 0n, max: MASK }).map((x) => `0x${x.toString(16).padStart(16, '0')}`);

emulatorContract('hermes-minstd', {
  fromState: (state) => create({ state }),
  state: fc.integer({ min: 1, max: M - 1 }).map((x) => [x]),
  badStates: [
    [[0], '_M_x (index 0) = 0 is not allowed'],
    [[M], `_M_x (index 0) = ${M} is not allowed`],
    [[2 ** 31], '_M_x (index 0)'],
    [[1, 2], 'must have 1 words'],
  ],
  fromSeed: (seed) => create({ seed: seed as number }),
  seed: fc.integer({ min: 0, max: 2 ** 32 - 1 }),
  badSeeds: [
    [-1, '-1'],
    [2 ** 32, '4294967296'],
    [0.5, '0.5'],
  ],
});

emulatorContract('hermes-mt64-libcxx', {
  fromState: (state) => create({ state, variant: 'hermes-mt64-libcxx' }),
  reachesOne: true, // libc++'s generate_canonical returns 1.0 for x ≥ 2^64 − 2^10
  state: fc.tuple(fc.array(hex64, { minLength: 312, maxLength: 312 }), fc.integer({ min: 0, max: 312 })).map(([w, p]) => [...w, p]),
  badStates: [
    [[...Array.from({ length: 312 }, () => '0x0'), 5], 'all zero'],
    [[...Array.from({ length: 312 }, () => '0x1'), 313], '_M_p (index 312) = 313'],
    [[...Array.from({ length: 311 }, () => '0x1'), '0x10000000000000000', 0], '_M_x[311] (index 311)'],
    [['0x1'], 'must have 313 words'],
  ],
  fromSeed: (seed) => create({ seed: seed as bigint, variant: 'hermes-mt64-libcxx' }),
  seed: fc.bigInt({ min: 0n, max: MASK }),
  badSeeds: [
    [-1, '-1'],
    [2n ** 64n, '18446744073709551616'],
  ],
  runs: 25,
});

/** BigInt transcriptions of the C++ library code, for cross-checking the int32 implementations. */
function minstdReference(x: number, n: number): string[] {
  const out: string[] = [];
  let s = BigInt(x);
  const R = 2147483646;
  for (let i = 0; i < n; i++) {
    s = (s * 48271n) % 2147483647n;
    const a = Number(s) - 1;
    s = (s * 48271n) % 2147483647n;
    const b = Number(s) - 1;
    let sum = 0;
    let tmp = 1;
    for (const g of [a, b]) {
      sum += g * tmp; // libstdc++: __sum += _RealType(__urng() - __urng.min()) * __tmp
      tmp *= R; // __tmp *= __r
    }
    out.push(doubleToHex(sum / tmp));
  }
  return out;
}

function mt64Reference(seed: bigint, n: number): string[] {
  const mt = mt64SeedWords(seed);
  let p = 312;
  const out: string[] = [];
  for (let i = 0; i < n; i++) {
    if (p >= 312) {
      for (let k = 0; k < 312; k++) {
        const y = (mt[k]! & 0xffffffff80000000n) | (mt[(k + 1) % 312]! & 0x7fffffffn);
        mt[k] = mt[(k + 156) % 312]! ^ (y >> 1n) ^ ((y & 1n) === 1n ? 0xb5026f5aa96619e9n : 0n);
      }
      p = 0;
    }
    const x = temper64(mt[p++]!);
    out.push(doubleToHex(Number(x) / 2 ** 64)); // Number(bigint) rounds to nearest, ties to even
  }
  return out;
}

describe('hermes-minstd against a BigInt transcription of minstd_rand + generate_canonical', () => {
  it('bit for bit from any state', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: M - 1 }), fc.integer({ min: 1, max: 50 }), (x, n) => {
        const e = create({ state: [x] });
        expect(Array.from({ length: n }, () => doubleToHex(e.random()))).toEqual(minstdReference(x, n));
      }),
    );
  });

  it('seed(): s mod (2^31 − 1), 0 → 1 (so 0, 2^31 − 1 and 2^32 − 1 all give state 1)', () => {
    expect(create({ seed: 0 }).getState()).toEqual([1]);
    expect(create({ seed: M }).getState()).toEqual([1]);
    expect(create({ seed: 2 ** 32 - 1 }).getState()).toEqual([1]);
    expect(create({ seed: 42 }).getState()).toEqual([42]);
  });

  it('never reaches 1.0: only x2 = 2^31 − 1 − 1 could, and its x1 is far from the top (libstdc++ and libc++ agree)', () => {
    expect((48271 * MINSTD_INVERSE) % M).toBe(1);
    const x2 = M - 1;
    const x1 = Number((BigInt(x2) * BigInt(MINSTD_INVERSE)) % BigInt(M));
    const e = create({ state: [Number((BigInt(x1) * BigInt(MINSTD_INVERSE)) % BigInt(M))] });
    const v = e.random();
    expect(v).toBeLessThan(1);
    expect(e.getState()).toEqual([x2]);
    expect(x1).toBeLessThan(M - 2 ** 20);
  });

  it('two values recover the state, exactly', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: M - 1 }), (x) => {
        const e = create({ state: [x] });
        expect(recoverMinstd([e.random(), e.random()])).toEqual([x]);
      }),
      { numRuns: 200 },
    );
    expect(() => recoverMinstd([0.5])).toThrow(/at least 2 values/);
    expect(recoverMinstd([0.5, 0.5])).toEqual([]);
  });
});

describe('hermes-mt64 against a BigInt transcription of mt19937_64 + generate_canonical', () => {
  it('bit for bit from any seed, across twists', () => {
    for (const seed of [0n, 1n, 5489n, MASK, 0x0123456789abcdefn]) {
      const e = create({ seed, variant: 'hermes-mt64-libcxx' });
      expect(Array.from({ length: 700 }, () => doubleToHex(e.random()))).toEqual(mt64Reference(seed, 700));
    }
  });

  it('tempering inverts', () => {
    fc.assert(fc.property(fc.bigInt({ min: 0n, max: MASK }), (x) => untemper64(temper64(x)) === x));
  });

  it('skip(n) is n values', () => {
    const a = create({ seed: 7n, variant: 'hermes-mt64-libstdcxx' });
    const b = a.clone();
    a.skip(1000);
    for (let i = 0; i < 1000; i++) b.random();
    expect(doubleToHex(a.random())).toBe(doubleToHex(b.random()));
  });

  it('the seed from the first 622 values (GF(2) solve over the rounded outputs), then every value', () => {
    for (const seed of [0x9e3779b97f4a7c15n, 0xdeadbeef00000001n]) {
      const e = create({ seed, variant: 'hermes-mt64-libcxx' });
      const values = Array.from({ length: 1700 }, () => e.random());
      const r = recoverMt64Seed(values);
      expect(r.seeds).toEqual([seed]);
    }
    expect(() => recoverMt64Seed([0.5])).toThrow(/first 622 values/);
    // values that are not a runtime's first: no seed
    const e = create({ seed: 3n, variant: 'hermes-mt64-libcxx' });
    e.skip(5);
    expect(recoverMt64Seed(Array.from({ length: 622 }, () => e.random())).seeds).toEqual([]);
  });

  it('the state from 622 consecutive values anywhere in the stream, the next ones and the ones before bit for bit', () => {
    // offsets inside a twist block, on a block boundary and past several blocks
    for (const [seed, offset] of [[0x0123456789abcdefn, 0], [42n, 1], [0xfeedfacecafebeefn, 311], [7n, 312], [99n, 1000], [123456789n, 4321], [5n, 100]] as const) {
      const e = create({ seed, variant: 'hermes-mt64-libcxx' });
      const before = Array.from({ length: offset }, () => doubleToHex(e.random()));
      const values = Array.from({ length: 622 }, () => e.random());
      const next = Array.from({ length: 700 }, () => doubleToHex(e.random()));
      const states = recoverMt64State(values)!;
      expect(states.length).toBe(1);
      const g = create({ state: states[0]!, variant: 'hermes-mt64-libcxx' });
      expect(values.map(() => doubleToHex(g.random()))).toEqual(values.map(doubleToHex));
      expect(Array.from({ length: 700 }, () => doubleToHex(g.random()))).toEqual(next);
      // the values before, from the state rewound (as far back as the stream goes)
      const back = Math.min(offset, 700);
      const prior = create({ state: mt64StateBefore(states[0]!, back), variant: 'hermes-mt64-libcxx' });
      expect(Array.from({ length: back }, () => doubleToHex(prior.random()))).toEqual(before.slice(offset - back));
    }
    // from a state in the middle of a block (getState's _M_p = 100), 50 and 400 calls back
    const h = create({ seed: 77n, variant: 'hermes-mt64-libcxx' });
    const stream = Array.from({ length: 1000 }, () => doubleToHex(h.random()));
    const mid = create({ seed: 77n, variant: 'hermes-mt64-libcxx' });
    mid.skip(412);
    for (const k of [0, 50, 400]) {
      const r = create({ state: mt64StateBefore(mid.getState(), k), variant: 'hermes-mt64-libcxx' });
      expect(Array.from({ length: k + 100 }, () => doubleToHex(r.random()))).toEqual(stream.slice(412 - k, 512));
    }
    expect(() => mt64StateBefore(mid.getState(), -1)).toThrow(/count must be a non-negative integer, got -1/);
    expect(() => recoverMt64State([0.5])).toThrow(/622 consecutive values/);
    // values of another generator: no state
    expect(recoverMt64State(Array.from({ length: 622 }, (_, i) => ((i * 0.618033988749895) % 1)))).toEqual([]);
  });

  it('unknown variants are refused by name', () => {
    expect(() => create({ seed: 1, variant: 'hermes-xorshift' })).toThrow(/unknown variant "hermes-xorshift"/);
  });
});
