import { describe, expect, it } from 'vitest';
import { birthdaySpacings, brentCycle, poissonCdf, poissonSf, verdict } from './index.js';

/** A deliberately bad source: a 2^16-period LCG, whose points fall on few spacings. */
function tinyLcg(seed: number) {
  let x = seed >>> 0;
  return {
    fill(out: Float64Array) {
      for (let i = 0; i < out.length; i++) {
        x = (Math.imul(x, 1103515245) + 12345) & 0xffff;
        out[i] = x / 65536;
      }
      return out;
    },
  };
}

/** A good source for the test of the test: Node's own Math.random (xorshift128+). */
const native = {
  fill(out: Float64Array) {
    for (let i = 0; i < out.length; i++) out[i] = Math.random();
    return out;
  },
};

describe('birthday spacings', () => {
  it('Poisson tails are consistent', () => {
    expect(poissonCdf(27, 26) + poissonSf(27, 27)).toBeCloseTo(1, 12);
    expect(poissonSf(27, 200)).toBeLessThan(1e-60);
    expect(poissonSf(27, 200)).toBeGreaterThan(0);
  });

  it('passes a good generator (small parameters)', () => {
    const r = birthdaySpacings(native, { n: 20000, r: 0, bits: 17, t: 2 });
    expect(r.verdict).not.toBe('fail');
  });

  it('fails a degenerate one', () => {
    const r = birthdaySpacings(tinyLcg(1), { n: 20000, r: 0, bits: 17, t: 2 });
    expect(r.verdict).toBe('fail');
  });

  it('verdict thresholds are TestU01\'s', () => {
    expect(verdict(0.5)).toBe('pass');
    expect(verdict(0.0005)).toBe('suspect');
    expect(verdict(1e-11)).toBe('fail');
    expect(verdict(1 - 1e-12)).toBe('fail');
  });
});

describe('Brent cycle lengths', () => {
  it('finds the order of 2^16 modulo a·2^16 − 1 for a small MWC, and a rho tail', () => {
    const a = 18030;
    // 18030·2^16 − 1 is prime; the MWC period is its multiplicative order of 2^16 — 590,807,039 —
    // too long for a unit test, so check the method on a 2^12-base toy MWC with known period.
    const step = (x: number) => (a * (x & 0xfff) + (x >>> 12)) >>> 0;
    const { lambda } = brentCycle(step, 12345);
    let y = step(12345);
    for (let i = 1; i < 5; i++) y = step(y);
    // Walking λ steps from any point on the cycle returns to it.
    let z = y;
    for (let i = 0; i < lambda; i++) z = step(z);
    expect(z).toBe(y);
  });
});
