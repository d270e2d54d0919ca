import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { u64FromBigInt, u64ToBigInt } from './u64.js';
import { xorshift128SarStep, xorshift128SarStepBack, xorshift128Step, xorshift128StepBack } from './xorshift128.js';

const MASK64 = (1n << 64n) - 1n;
const u64 = fc.bigInt({ min: 0n, max: MASK64 });
const pack = (a: bigint, b: bigint) => Int32Array.from([...u64FromBigInt(a), ...u64FromBigInt(b)]);
const unpack = (s: Int32Array): [bigint, bigint] => [u64ToBigInt(s[0]!, s[1]!), u64ToBigInt(s[2]!, s[3]!)];

/** The step on BigInts, shifts right logical or arithmetic (as the JIT thunk's x86-64 SAR). */
function reference(s0: bigint, s1: bigint, arithmetic: boolean): [bigint, bigint] {
  const shr = (v: bigint, n: bigint) => (arithmetic ? BigInt.asUintN(64, BigInt.asIntN(64, v) >> n) : v >> n);
  let x = s0;
  x ^= (x << 23n) & MASK64;
  x ^= shr(x, 17n);
  x ^= s1 ^ shr(s1, 26n);
  return [s1, x];
}

describe('xorshift128 steps agree with BigInt', () => {
  it('the logical step and its inverse', () => {
    fc.assert(fc.property(u64, u64, (a, b) => {
      const s = pack(a, b);
      xorshift128Step(s);
      expect(unpack(s)).toEqual(reference(a, b, false));
      xorshift128StepBack(s);
      expect(unpack(s)).toEqual([a, b]);
    }));
  });

  it('the arithmetic (jsc-jit-sar) step: new state1 below 2^63, two preimages, both step back to it', () => {
    fc.assert(fc.property(u64, u64, (a, b) => {
      const s = pack(a, b);
      xorshift128SarStep(s);
      const next = reference(a, b, true);
      expect(unpack(s)).toEqual(next);
      expect(next[1] >> 63n).toBe(0n);
      const back = [false, true].map((other) => {
        const t = s.slice();
        expect(xorshift128SarStepBack(t, other)).toBe(true);
        const prev = unpack(t);
        expect(reference(prev[0], prev[1], true)).toEqual(next);
        return prev;
      });
      expect(back[0]).not.toEqual(back[1]);
      expect(back).toContainEqual([a, b]);
    }));
  });

  it('no state steps (arithmetic) to a state1 with bit 63 set', () => {
    const s = pack(5n, 1n << 63n);
    expect(xorshift128SarStepBack(s)).toBe(false);
    expect(unpack(s)).toEqual([5n, 1n << 63n]);
  });
});
