import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { constructDouble, doubleHighWord, doubleLowWord, doubleToHex, hexToDouble, sameBits } from './double.js';
import { InvalidHexError } from './errors.js';

/** Reference on BigInt + Float64Array (no DataView), to check the DataView path against. */
function refBits(x: number): bigint {
  return new BigUint64Array(new Float64Array([x]).buffer)[0]!;
}

describe('%_ConstructDouble emulation and hex views', () => {
  it('constructDouble(hi, lo) has exactly the bits hi:lo', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 0xffffffff }), fc.integer({ min: 0, max: 0xffffffff }), (hi, lo) => {
        const x = constructDouble(hi, lo);
        if (!Number.isNaN(x)) expect(refBits(x)).toBe((BigInt(hi) << 32n) | BigInt(lo));
        expect(doubleHighWord(x) >>> 0).toBe(Number.isNaN(x) ? doubleHighWord(x) >>> 0 : hi);
      }),
    );
  });

  it('knows the values V8 builds', () => {
    expect(constructDouble(0x3ff00000, 0)).toBe(1);
    expect(constructDouble(0x3ff00000 | 0xfffff, 0xfff00000) - 1).toBe(1 - 2 ** -32);
    expect(constructDouble(-1 & 0x7ff00000, 0)).toBe(Infinity);
    expect(Object.is(constructDouble(0x80000000, 0), -0)).toBe(true);
  });

  it('hex round-trips every double bit pattern that is not a NaN', () => {
    fc.assert(
      fc.property(fc.double({ noNaN: true }), (x) => {
        const h = doubleToHex(x);
        expect(h).toMatch(/^[0-9a-f]{16}$/);
        expect(BigInt(`0x${h}`)).toBe(refBits(x));
        expect(sameBits(hexToDouble(h), x)).toBe(true);
        expect(doubleLowWord(x)).toBe(Number(refBits(x) & 0xffffffffn));
      }),
    );
    expect(doubleToHex(0.5)).toBe('3fe0000000000000');
    expect(doubleToHex(-0)).toBe('8000000000000000');
    expect(sameBits(0, -0)).toBe(false);
  });

  it('rejects what is not 16 hex digits, naming it', () => {
    expect(() => hexToDouble('3fe')).toThrow(InvalidHexError);
    expect(() => hexToDouble('3fe000000000000g')).toThrow(/3fe000000000000g/);
    expect(hexToDouble('0x3fe0000000000000')).toBe(0.5);
  });
});
