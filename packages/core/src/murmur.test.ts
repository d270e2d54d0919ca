import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { SEEDED_SPACE_MAX_DIM, useSeededSimd, v8SeededInSpace } from './murmur.js';
import { u64FromBigInt, u64ToBigInt } from './u64.js';

const U = (1n << 64n) - 1n;

/** fmix64 on BigInt, transcribed from MurmurHash3 (independent of the 32-bit halves and of the wasm kernel). */
function fmix64(h: bigint): bigint {
  h ^= h >> 33n;
  h = (h * 0xff51afd7ed558ccdn) & U;
  h ^= h >> 33n;
  h = (h * 0xc4ceb9fe1a85ec53n) & U;
  return h ^ (h >> 33n);
}

/** A state as [state0 hi, lo, state1 hi, lo]. */
const words = (s0: bigint, s1: bigint): number[] => [...u64FromBigInt(s0), ...u64FromBigInt(s1)];

/** The states of base ⊕ span(basis) that V8 seeds, by BigInt: each state's seed found by trying fmix64 forwards on a table of the space's state0s. */
function seededByBigInt(base: Int32Array, basis: Int32Array, d: number, seeds: readonly bigint[]): string[] {
  const byState0 = new Map(seeds.map((s) => [fmix64(s), s]));
  const out: string[] = [];
  for (let c = 0; c < 2 ** d; c++) {
    const x = Int32Array.from(base);
    for (let j = 0; j < d; j++) if ((c >>> j) & 1) for (let w = 0; w < 4; w++) x[w]! ^= basis[4 * j + w]!;
    const seed = byState0.get(u64ToBigInt(x[0]!, x[1]!));
    if (seed !== undefined && fmix64(~seed & U) === u64ToBigInt(x[2]!, x[3]!)) out.push(Array.from(x).join(','));
  }
  return out.sort();
}

describe('v8SeededInSpace: the states of an affine space that start a V8 context', () => {
  it('finds every seeded state planted in a random space, the same with WebAssembly SIMD, the scalar kernel and JavaScript', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 10 }),
        fc.array(fc.bigInt({ min: 0n, max: U }), { minLength: 1, maxLength: 6 }),
        fc.array(fc.integer({ min: -(2 ** 31), max: 2 ** 31 - 1 }), { minLength: 4 * 10, maxLength: 4 * 10 }),
        fc.nat(),
        (d, seeds, rnd, pick) => {
          const basis = Int32Array.from(rnd.slice(0, 4 * d));
          // The space through the first seed's state, at a random combination; the other seeds' states
          // planted by making each one's difference from the base a basis vector (when d allows).
          const planted = seeds.map((s) => Int32Array.from(words(fmix64(s), fmix64(~s & U))));
          for (let i = 1; i < planted.length && i <= d; i++) for (let w = 0; w < 4; w++) basis[4 * (i - 1) + w] = planted[i]![w]! ^ planted[0]![w]!;
          const base = Int32Array.from(planted[0]!);
          const combo = d === 0 ? 0 : pick % 2 ** d;
          for (let j = 0; j < d; j++) if ((combo >>> j) & 1) for (let w = 0; w < 4; w++) base[w]! ^= basis[4 * j + w]!;
          const wasm = v8SeededInSpace(base, basis, d).map((x) => x.join(','));
          const js = v8SeededInSpace(base, basis, d, false).map((x) => x.join(','));
          useSeededSimd(false);
          let scalar: string[];
          try {
            scalar = v8SeededInSpace(base, basis, d).map((x) => x.join(','));
          } finally {
            useSeededSimd(true);
          }
          expect(wasm).toEqual(js);
          expect(scalar).toEqual(js);
          expect([...wasm].sort()).toEqual(seededByBigInt(base, basis, d, seeds));
          for (let i = 0; i < planted.length && i <= d; i++) expect(wasm).toContain(Array.from(planted[i]!).join(','));
        },
      ),
      { numRuns: 60 },
    );
  });

  it('a 2^20-state space: the planted seeded state and nothing else (a state of another kind passes with probability 2^-64)', () => {
    const seed = 0x0123456789abcdefn;
    const basis = Int32Array.from({ length: 80 }, (_, i) => Math.imul(i + 1, 0x9e3779b9) ^ (i << 7));
    const base = Int32Array.from(words(fmix64(seed), fmix64(~seed & U)));
    for (let w = 0; w < 4; w++) base[w]! ^= basis[4 * 3 + w]! ^ basis[4 * 19 + w]!;
    const found = v8SeededInSpace(base, basis, 20);
    expect(found.map((x) => x.join(','))).toEqual([words(fmix64(seed), fmix64(~seed & U)).join(',')]);
    expect(v8SeededInSpace(base, basis, 20, false)).toEqual(found);
  });

  it('the SIMD scan across its calls (4,096 blocks of 16 each): seeded states planted in the first, a middle and the last block, found in Gray-code order as the scalar scan finds them', () => {
    const seeds = [7n, 0xfeedfacecafebeefn, 0x8000000000000001n, 1234567890123n];
    const planted = seeds.map((s) => Int32Array.from(words(fmix64(s), fmix64(~s & U))));
    const d = 18;
    const basis = Int32Array.from({ length: 4 * d }, (_, i) => Math.imul(i + 7, 0x85ebca6b) ^ (i << 11));
    // the others' differences from the first as basis vectors 1, 9 and 17: states at Gray indices 3, 768 and 196,608
    for (const [k, v] of [[1, 1], [2, 9], [3, 17]] as const) for (let w = 0; w < 4; w++) basis[4 * v + w] = planted[k]![w]! ^ planted[0]![w]!;
    const base = Int32Array.from(planted[0]!);
    const simd = v8SeededInSpace(base, basis, d);
    useSeededSimd(false);
    let scalar: [number, number, number, number][];
    try {
      scalar = v8SeededInSpace(base, basis, d);
    } finally {
      useSeededSimd(true);
    }
    expect(simd).toEqual(scalar);
    expect(new Set(simd.map((x) => x.join(',')))).toEqual(new Set(planted.map((x) => Array.from(x).join(','))));
  });

  it('a basis used again (a pair\'s cosets share one): only the base is written, and each base\'s seeded states are found', () => {
    const d = 11;
    const basis = Int32Array.from({ length: 4 * d }, (_, i) => Math.imul(i + 3, 0x27d4eb2f) ^ (i << 5));
    for (const seed of [1n, 0x7fffffffffffffffn, 0xdeadbeef00000000n, 99n]) {
      const st = Int32Array.from(words(fmix64(seed), fmix64(~seed & U)));
      const base = st.slice();
      for (let w = 0; w < 4; w++) base[w]! ^= basis[4 * 5 + w]! ^ basis[4 * 10 + w]!;
      const found = v8SeededInSpace(base, basis, d);
      expect(found.map((x) => x.join(','))).toEqual([Array.from(st).join(',')]);
      expect(v8SeededInSpace(base, basis, d, false)).toEqual(found);
    }
  });

  it('more seeded states than the kernel hands back (64): every one, through the JavaScript loop', () => {
    const seed = 42n;
    const base = Int32Array.from(words(fmix64(seed), fmix64(~seed & U)));
    // seven zero vectors: all 128 states of the "space" are the seeded base
    const found = v8SeededInSpace(base, new Int32Array(28), 7);
    expect(found).toHaveLength(128);
    expect(new Set(found.map((x) => x.join(','))).size).toBe(1);
  });

  it('names a bad dimension or a short basis', () => {
    expect(() => v8SeededInSpace(new Int32Array(4), new Int32Array(0), -1)).toThrow(/dimension -1 is not an integer 0 … 30/);
    expect(() => v8SeededInSpace(new Int32Array(4), new Int32Array(0), 2.5)).toThrow(/dimension 2.5/);
    expect(() => v8SeededInSpace(new Int32Array(4), new Int32Array(0), SEEDED_SPACE_MAX_DIM + 1)).toThrow(/dimension 31/);
    expect(() => v8SeededInSpace(new Int32Array(4), new Int32Array(4), 2)).toThrow(/8 basis words, got 4/);
  });
});
