import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { emulatorContract } from '@emu/testkit';
import { doubleToHex } from '@emu/core';
import { countersForState, create, stateFromCounter } from './index.js';

emulatorContract('jscript-lcg', {
  fromState: (state) => create({ state }),
  state: fc.integer({ min: 1, max: 2 ** 48 - 1 }).map((x) => [x]),
  badStates: [
    [[0], 'seed (index 0) = 0 is not allowed'],
    [[2 ** 48], 'seed (index 0) = 281474976710656'],
    [[1, 2], 'must have 1 words'],
  ],
  fromSeed: (seed) => create({ seed: seed as string, variant: 'jscript-lcg' }),
  seed: fc.bigInt({ min: 1n, max: (1n << 64n) - 1n }).map(String),
  badSeeds: [
    ['1.5', '1.5'],
    [Number.NaN, 'NaN'],
    ['18446744073709551616', '18446744073709551616'],
  ],
});

const M = 0x5deece66dn;
const MASK = (1n << 48n) - 1n;

/**
 * Independent reference: the exact rational (hi·2^27 + lo) / 2^54 rounded once to a 53-bit
 * significand, ties to even, built as bits with BigInt — no floating-point arithmetic involved.
 */
function referenceBits(hi: bigint, lo: bigint): string {
  let n = (hi << 27n) | lo; // value = n / 2^54, n < 2^54
  let exp = -54n;
  if (n === 0n) return '0000000000000000';
  while (n >= 1n << 53n) {
    const rem = n & 1n;
    n >>= 1n;
    exp += 1n;
    if (rem === 1n && (n & 1n) === 1n) n += 1n; // exactly half way: round to the even neighbour
    // (one bit dropped at most: n < 2^54, so a single remainder bit decides)
  }
  if (n === 1n << 53n) { n >>= 1n; exp += 1n; }
  // normalise to a 53-bit significand 1.f · 2^e
  let e = exp;
  while (n < 1n << 52n) { n <<= 1n; e -= 1n; }
  const biased = e + 52n + 1023n;
  const bits = (biased << 52n) | (n & ((1n << 52n) - 1n));
  return bits.toString(16).padStart(16, '0');
}

function referenceStream(state: bigint, count: number): string[] {
  const out: string[] = [];
  let s = state;
  for (let i = 0; i < count; i++) {
    const sn = (s * M + 11n) & MASK;
    s = (sn * M + 11n) & MASK;
    out.push(referenceBits(sn >> 21n, s >> 21n));
  }
  return out;
}

describe('jscript-lcg double construction', () => {
  it('matches the exact-rational, round-half-even reference (BigInt) bit for bit', () => {
    fc.assert(
      fc.property(fc.bigInt({ min: 1n, max: MASK }), fc.integer({ min: 1, max: 50 }), (s, n) => {
        const e = create({ state: [Number(s)] });
        expect(Array.from({ length: n }, () => doubleToHex(e.random()))).toEqual(referenceStream(s, n));
      }),
      { numRuns: 300 },
    );
  });

  it('rounds ties to even where the first draw is ≥ 2^26 (the 54th bit is dropped)', () => {
    // hi odd, lo odd and ≥ 2^26: hi + lo/2^27 lies half way between two doubles
    expect(referenceBits((1n << 26n) | 1n, 1n)).toBe(doubleToHex(((2 ** 26 + 1) + 1 / 2 ** 27) / 2 ** 27));
    let exact = 0;
    let rounded = 0;
    const e = create({ state: [0x123456789ab] });
    for (let i = 0; i < 2000; i++) {
      const x = e.random();
      if (Number.isInteger(x * 2 ** 53)) rounded++;
      else exact++;
    }
    expect(exact).toBeGreaterThan(400); // below 1/2 the 54th bit survives about half the time
    expect(rounded).toBeGreaterThan(1000);
  });

  it('never returns 1.0: no state has both draws equal to 2^27 − 1 (all 2^21 candidates searched)', () => {
    // 1.0 needs hi = lo = 2^27 − 1 (hi + (2^27 − 1)/2^27 rounds up to 2^27 only then)
    expect((2 ** 27 - 1 + (2 ** 27 - 1) / 2 ** 27) / 2 ** 27).toBe(1);
    const top = BigInt(2 ** 27 - 1);
    let found = 0;
    for (let u = 0n; u < 1n << 21n; u++) {
      const x1 = (top << 21n) | u;
      if (((x1 * M + 11n) & MASK) >> 21n === top) found++;
    }
    expect(found).toBe(0);
  });
});

describe('Chakra seeding shuffle', () => {
  it('transcribes JavascriptMath::Random: 0213 byte order, 3120 bit interleave, (high ^ low) & 0xFFFF', () => {
    // the shuffle is a bit permutation of low ^ 0xDEECE66D: low = 0xDEECE66D gives temp = 0
    expect(stateFromCounter(0xdeece66dn)).toBe(0xe66d);
    // a single set bit moves: bit 0 → byte 3 → nibble swap → …; check against a bit-level transcription
    const perm = (t: number): number => {
      let x = (((t & 0xff000000) >>> 24) | ((t & 0xff) << 24) | (t & 0x00ffff00)) >>> 0;
      x = (((x & 0x0f000f00) >>> 4) | ((x & 0x00f000f0) << 4) | (x & 0xf00ff00f)) >>> 0;
      x = (((x & 0x30303030) >>> 2) | ((x & 0x0c0c0c0c) << 2) | (x & 0xc3c3c3c3)) >>> 0;
      return (((x & 0x44444444) >>> 1) | ((x & 0x22222222) << 1) | (x & 0x99999999)) >>> 0;
    };
    fc.assert(
      fc.property(fc.bigInt({ min: 0n, max: (1n << 64n) - 1n }), (c) => {
        const lo = Number(c & 0xffffffffn);
        const hi = Number(c >> 32n);
        const t = perm((lo ^ 0xdeece66d) >>> 0);
        expect(stateFromCounter(c)).toBe(Number((BigInt(t) << 16n) | BigInt((hi ^ lo) & 0xffff)));
      }),
    );
  });

  it('recovers the clock reading from the state near a date', () => {
    fc.assert(
      fc.property(fc.integer({ min: 946684800000, max: 1300000000000 }), fc.integer({ min: -3e9, max: 3e9 }), (ms, off) => {
        const state = stateFromCounter(ms);
        const found = countersForState(state, ms + off, 2n ** 33n);
        expect(found[0]).toBe(BigInt(ms));
      }),
      { numRuns: 50 },
    );
  });

  it('the chakra variant refuses a seed (entropy is XORed in) and names it', () => {
    expect(() => create({ seed: 5 })).toThrow(/seed 5 refused: Chakra XORs/);
    expect(() => create({ state: [1], variant: 'ie' })).toThrow(/unknown variant "ie"/);
  });
});
