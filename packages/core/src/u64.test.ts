import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  add64Hi, add64Lo, imul32, mul64Hi, mul64Lo, mulAdd48, mulHigh32, parseUnsigned,
  shl64Hi, shl64Lo, shr64Hi, shr64Lo, sub64Hi, sub64Lo, u64FromBigInt, u64ToBigInt, u64ToHex,
} from './u64.js';

const MASK64 = (1n << 64n) - 1n;
const u64 = fc.bigInt({ min: 0n, max: MASK64 });
const halves = (v: bigint) => u64FromBigInt(v);
const join = (hi: number, lo: number) => u64ToBigInt(hi, lo);

describe('64-bit arithmetic on 32-bit halves agrees with BigInt', () => {
  it('round-trips BigInt ↔ halves', () => {
    fc.assert(fc.property(u64, (v) => {
      expect(join(...halves(v))).toBe(v);
    }));
  });

  it('shifts left and right by every count 0…63', () => {
    fc.assert(
      fc.property(u64, fc.integer({ min: 0, max: 63 }), (v, n) => {
        const [h, l] = halves(v);
        expect(join(shl64Hi(h, l, n), shl64Lo(h, l, n))).toBe((v << BigInt(n)) & MASK64);
        expect(join(shr64Hi(h, l, n), shr64Lo(h, l, n))).toBe(v >> BigInt(n));
      }),
    );
  });

  it('adds, subtracts and multiplies mod 2^64', () => {
    fc.assert(
      fc.property(u64, u64, (a, b) => {
        const [ah, al] = halves(a);
        const [bh, bl] = halves(b);
        expect(join(add64Hi(ah, al, bh, bl), add64Lo(ah, al, bh, bl))).toBe((a + b) & MASK64);
        expect(join(sub64Hi(ah, al, bh, bl), sub64Lo(ah, al, bh, bl))).toBe((a - b) & MASK64);
        expect(join(mul64Hi(ah, al, bh, bl), mul64Lo(ah, al, bh, bl))).toBe((a * b) & MASK64);
      }),
    );
  });

  it('carries at the edges', () => {
    expect(join(add64Hi(0, -1, 0, 1), add64Lo(0, -1, 0, 1))).toBe(1n << 32n);
    expect(join(add64Hi(-1, -1, 0, 1), add64Lo(-1, -1, 0, 1))).toBe(0n);
    expect(join(sub64Hi(0, 0, 0, 1), sub64Lo(0, 0, 0, 1))).toBe(MASK64);
  });

  it('imul32 is Math.imul without using it; mulHigh32 is the high word', () => {
    const i32 = fc.integer({ min: -0x80000000, max: 0xffffffff });
    fc.assert(
      fc.property(i32, i32, (a, b) => {
        expect(imul32(a, b)).toBe(Math.imul(a, b));
        const p = BigInt(a >>> 0) * BigInt(b >>> 0);
        expect(mulHigh32(a, b) >>> 0).toBe(Number(p >> 32n));
      }),
    );
    expect(imul32(0xffffffff, 0xffffffff)).toBe(1);
    expect(imul32(0x7fffffff, 2)).toBe(-2);
  });

  it('mulAdd48 is (x·m + a) mod 2^48, exactly', () => {
    const w48 = fc.bigInt({ min: 0n, max: (1n << 48n) - 1n });
    fc.assert(
      fc.property(w48, w48, fc.integer({ min: 0, max: 0xffffff }), (x, m, a) => {
        expect(BigInt(mulAdd48(Number(x), Number(m), a))).toBe((x * m + BigInt(a)) & ((1n << 48n) - 1n));
      }),
    );
  });

  it('formats and parses', () => {
    expect(u64ToHex(0x0123abcd, -1)).toBe('0123abcdffffffff');
    expect(parseUnsigned('0xffffffffffffffff', 64)).toBe(MASK64);
    expect(parseUnsigned('18446744073709551616', 64)).toBeUndefined();
    expect(parseUnsigned(-1, 16)).toBeUndefined();
    expect(parseUnsigned(1.5, 16)).toBeUndefined();
    expect(parseUnsigned('12a', 16)).toBeUndefined();
    expect(parseUnsigned(65535, 16)).toBe(65535n);
    expect(parseUnsigned(65536, 16)).toBeUndefined();
  });
});
