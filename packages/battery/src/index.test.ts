import { describe, expect, it } from 'vitest';
import {
  andersonDarlingCdf, binomialPmf, birthdaySpacings, brentCycle, chiSquareSf, collision, collisionMean, couponCollector, gap,
  hammingIndep, matrixRank, maxOft, mergeClasses, pDiscrete, poissonCdf, poissonSf, randomWalk1, rankProbabilities, simpPoker,
  stirling2, Uniforms, verdict, walkExpected, weightDistrib,
} from './index.js';
import { doubled, goodSource, mapped, tinyLcg, xorshift32 } from './test-sources.js';

const good = (seed = 7) => new Uniforms(goodSource(seed));
/** Doubles with only 24 bits: every bit below the 24th is zero. */
const coarse24 = () => new Uniforms(mapped(goodSource(3), (x) => Math.floor(x * 2 ** 24) / 2 ** 24));

describe('distributions', () => {
  it('chi-square tails match tables', () => {
    expect(chiSquareSf(3.841458820694124, 1)).toBeCloseTo(0.05, 12);
    expect(chiSquareSf(18.307038053275146, 10)).toBeCloseTo(0.05, 12);
    expect(chiSquareSf(124.34211340400407, 100)).toBeCloseTo(0.05, 10);
    expect(chiSquareSf(1000, 10)).toBeLessThan(1e-200);
  });

  it('Poisson tails: both sides add to 1 + P[Y = y], far tails stay positive, λ beyond exp underflow', () => {
    const lambda = 27.1;
    expect(poissonCdf(lambda, 26) + poissonSf(lambda, 27)).toBeCloseTo(1, 12);
    expect(poissonSf(27, 200)).toBeGreaterThan(0);
    expect(poissonSf(27, 200)).toBeLessThan(1e-60);
    expect(poissonCdf(2909.3, 2909) + poissonSf(2909.3, 2910)).toBeCloseTo(1, 10);
    expect(poissonSf(2909.3, 2909)).toBeGreaterThan(0.49);
  });

  it('gofw_pDisc picks the smaller tail', () => {
    expect(pDiscrete(0.999, 0.002)).toBe(0.002);
    expect(pDiscrete(0.001, 0.9995)).toBeCloseTo(0.999, 12);
    expect(pDiscrete(0.6, 0.7)).toBe(0.5);
  });

  it('Stirling numbers, binomial terms, rank and walk distributions sum correctly', () => {
    const S = stirling2(10);
    expect([S[5]![2], S[10]![3], S[4]![4], S[7]![0]]).toEqual([15, 9330, 1, 0]);
    let sum = 0;
    for (let k = 0; k <= 256; k++) sum += binomialPmf(256, k, 0.125);
    expect(sum).toBeCloseTo(1, 12);
    expect(rankProbabilities(60, 60).reduce((a, b) => a + b, 0)).toBeCloseTo(1, 12);
    // P[rank = 60] for a random 60×60 matrix is Π (1 − 2^−j) ≈ 0.2888.
    expect(rankProbabilities(60, 60)[60]).toBeCloseTo(0.288788, 6);
    const walk = walkExpected(1000, 150);
    for (const stat of Object.values(walk)) expect(stat.reduce((a, b) => a + b, 0)).toBeCloseTo(1000, 6);
  });

  it('Anderson–Darling limit distribution at its tabulated quantiles', () => {
    expect(andersonDarlingCdf(2.492)).toBeCloseTo(0.95, 3);
    expect(andersonDarlingCdf(3.878)).toBeCloseTo(0.99, 3);
    expect(andersonDarlingCdf(1.933)).toBeCloseTo(0.9, 3);
  });

  it('the collision mean is n²/2k minus a small correction', () => {
    const n = 5e6;
    const k = 2 ** 32;
    const mu = collisionMean(n, k);
    expect(mu).toBeLessThan((n * n) / (2 * k));
    expect(mu).toBeCloseTo(n - k + k * Math.exp(n * Math.log1p(-1 / k)), 1);
  });
});

describe('class merging (gofs_MergeClasses)', () => {
  it('merges small classes upwards and a small last class into the one before', () => {
    const m = mergeClasses([1, 2, 8, 30, 40, 5, 3], 4);
    expect(Array.from(m.expected)).toEqual([11, 30, 48]);
    expect(Array.from(m.classOf)).toEqual([0, 0, 0, 1, 2, 2, 2]);
    expect([m.min, m.max]).toEqual([4, 10]);
  });
});

describe('verdicts', () => {
  it('uses TestU01\'s thresholds, and NaN is a failure, never a pass', () => {
    expect(verdict(0.5)).toBe('pass');
    expect(verdict(0.0005)).toBe('suspect');
    expect(verdict(0.9995)).toBe('suspect');
    expect(verdict(1e-11)).toBe('fail');
    expect(verdict(1 - 1e-12)).toBe('fail');
    expect(verdict(Number.NaN)).toBe('fail');
  });
});

// Each SmallCrush test at reduced size: the good generator passes; a generator built to have the
// defect the test looks for fails it.
describe('known answers', () => {
  it('BirthdaySpacings', () => {
    const params = { n: 20000, r: 0, bits: 17, t: 2 };
    expect(birthdaySpacings(good(), params).verdict).toBe('pass');
    expect(birthdaySpacings(new Uniforms(tinyLcg(1)), params).verdict).toBe('fail');
  });

  it('Collision', () => {
    const params = { n: 200_000, r: 0, d: 1024, t: 2 };
    expect(collision(good(), params).verdict).toBe('pass');
    expect(collision(new Uniforms(tinyLcg(1)), params).verdict).toBe('fail');
  });

  it('Gap', () => {
    const params = { n: 20_000, r: 0, alpha: 0, beta: 1 / 64 };
    expect(gap(good(), params).verdict).toBe('pass');
    // 4-bit values: [0, 1/64) holds only 0, which comes every 16 draws on average.
    expect(gap(new Uniforms(mapped(goodSource(5), (x) => Math.floor(x * 16) / 16)), params).verdict).toBe('fail');
  });

  it('SimpPoker', () => {
    const params = { n: 20_000, r: 24, d: 64, k: 64 };
    expect(simpPoker(good(), params).verdict).toBe('pass');
    expect(simpPoker(coarse24(), params).verdict).toBe('fail');
  });

  it('CouponCollector', () => {
    const params = { n: 20_000, r: 26, d: 16 };
    expect(couponCollector(good(), params).verdict).toBe('pass');
    expect(couponCollector(coarse24(), params).verdict).toBe('fail');
  });

  it('MaxOft (both statistics)', () => {
    const params = { n: 200_000, r: 0, d: 1000, t: 6 };
    for (const r of maxOft(good(), params)) expect(r.verdict).toBe('pass');
    for (const r of maxOft(new Uniforms(doubled(goodSource(9))), params)) expect(r.verdict).toBe('fail');
  });

  it('WeightDistrib', () => {
    const params = { n: 20_000, r: 27, k: 256, alpha: 0, beta: 0.125 };
    expect(weightDistrib(good(), params).verdict).toBe('pass');
    expect(weightDistrib(coarse24(), params).verdict).toBe('fail');
  });

  it('MatrixRank', () => {
    const params = { n: 2_000, r: 20, s: 10, L: 60, k: 60 };
    expect(matrixRank(good(), params).verdict).toBe('pass');
    expect(matrixRank(new Uniforms(xorshift32(1)), params).verdict).toBe('fail');
  });

  it('HammingIndep', () => {
    const params = { n: 50_000, r: 20, s: 10, L: 300 };
    expect(hammingIndep(good(), params).verdict).toBe('pass');
    expect(hammingIndep(coarse24(), params).verdict).toBe('fail');
  });

  it('RandomWalk1 (H, M, J, R, C)', () => {
    const params = { n: 50_000, r: 0, s: 30, L: 150 };
    for (const r of randomWalk1(good(), params)) expect(r.verdict, r.test).toBe('pass');
    // x^0.8 sets the top bit 58% of the time: every walk drifts upwards.
    const tilted = randomWalk1(new Uniforms(mapped(goodSource(11), (x) => x ** 0.8)), params);
    expect(tilted.filter((r) => r.verdict === 'fail').map((r) => r.test)).toEqual(expect.arrayContaining(['RandomWalk1 H', 'RandomWalk1 M']));
  });
});

describe('Brent cycle lengths', () => {
  it('a walk of λ steps from a point on the cycle returns to it', () => {
    const a = 18030;
    // A 2^12-base toy MWC: the real halves' cycles (~2^29) are too long for a unit test.
    const step = (x: number) => (a * (x & 0xfff) + (x >>> 12)) >>> 0;
    const { lambda } = brentCycle(step, 12345);
    let y = step(12345);
    for (let i = 1; i < 5; i++) y = step(y);
    let z = y;
    for (let i = 0; i < lambda; i++) z = step(z);
    expect(z).toBe(y);
  });
});
