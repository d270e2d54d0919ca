/**
 * The `s0` mappings (node 20's `s0 >> 12`, node 24's `s0 >> 11`) from buckets ⌊x · n⌋ alone
 * (issue 13: each bucket's whole interval, not just the leading bits its ends share), as a
 * fast-check property: random states, from the realm's first call (`fromStart`), mid-stream
 * inside one refill and across one of V8's refills (no position given), n ∈ {2^16, 10^6, 10^5,
 * 1000, 64, 10, 6}, counts from below the measured minimum to above it. Zero wrong: every value and
 * bucket `predict` gives (ok, or partial where every fitting state agrees) is compared, 16 hex
 * digits, with `createEngine`'s stream, forwards and backwards; the rest must be refusals
 * (ambiguous / not enough data). The emulators are checked against the real engines in
 * tooling/conformance; what is tested here is the recovery's claims. CI runs EMU_RECOVER_RUNS
 * (default 15) cases per engine and bucket size (n = 6 and 10: a third of them, their solves cost
 * the most: up to 0.7 s each where the search's cap refuses).
 */
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { createEngine } from '@emu/engines';
import { type Observed, predict, recoverXorshift } from './index.js';
import { checkGiven } from './bucket-check.test-support.js';
import { prefixEquations } from './xorshift.js';
import { bucketRange } from './observe.js';

const ENGINES: [string, string][] = [
  ['node@20.20.2', 'v8-7.1-s0'],
  ['node@24.11.1', 'v8-13.5-s0-53'],
];
/** Bucket sizes with the fewest values that settle the next bucket from the start (measured: recover-bench --only s0-buckets). */
const SIZES: [number, number][] = [
  [2 ** 16, 11],
  [1_000_000, 9],
  [100_000, 11],
  [1000, 14],
  [64, 22],
  [10, 41],
  [6, 52],
];

const RUNS = Number(process.env.EMU_RECOVER_RUNS ?? 15);
const NEXT = 4;
const PREV = 2;
const hex64 = (v: bigint) => `0x${v.toString(16)}`;

type Mode = 'start' | 'mid' | 'across';

interface Tally {
  cases: number;
  given: number;
  wrong: number;
  okFromStart: number;
  kinds: Record<string, number>;
}

function runCase(id: string, a: bigint, b: bigint, n: number, mode: Mode, m: number, at: number, tally: Tally): void {
  const e = createEngine(id, { state: [hex64(a), hex64(b), 0] });
  const P = 64;
  const skip = mode === 'start' ? 0 : mode === 'across' ? P * (1 + (at % 2)) - 1 - (at % (m - 1)) : P + (at % (P - m + 1));
  const stream = Array.from({ length: skip + m + NEXT }, () => e.random());
  const seen = stream.slice(skip, skip + m);
  const observed: Observed[] = seen.map((x) => ({ n, value: Math.floor(x * n) }));
  const fromStart = mode === 'start';
  const r = predict(id, observed, NEXT, fromStart ? 0 : PREV, { bucket: n, fromStart });
  tally.cases++;
  tally.kinds[r.kind] = (tally.kinds[r.kind] ?? 0) + 1;
  if (r.kind !== 'ok' && r.kind !== 'partial') {
    expect(['ambiguous', 'insufficient']).toContain(r.kind);
    return;
  }
  if (fromStart && r.kind === 'ok') tally.okFromStart++;
  const after = stream.slice(skip + m);
  const before = stream.slice(skip - PREV, skip);
  checkGiven(r, n, after, fromStart ? undefined : before, tally, `${id} ⌊x·${n}⌋ ${mode} m=${m} state ${hex64(a)} ${hex64(b)} at ${skip}`);
}

describe('a bucket\'s linear equations: its interval\'s affine hull over GF(2)', () => {
  /** Bit b of a value integer below 2^53. */
  const bit = (m: number, b: number) => Math.floor(m / 2 ** b) % 2;
  /** Whether m satisfies every equation (rows: state0 bit shift + b at offset 4·(shift + b); shift 0 here). */
  const holds = (eq: Int32Array, m: number) => {
    for (let o = 0; o < eq.length; o += 4) {
      let v = bit(m, eq[o]! / 4) ^ eq[o + 3]!;
      if (eq[o + 1]! >= 0) v ^= bit(m, eq[o + 1]! / 4);
      if (v !== 0) return false;
    }
    return true;
  };

  it('every value of the interval satisfies them; ⌊x·6⌋ gives two for each bucket', () => {
    for (const bits of [52, 53]) {
      for (let v = 0; v < 6; v++) expect(prefixEquations(...bucketRange({ n: 6, value: v }, bits), bits, 0).length / 4, `⌊x·6⌋ = ${v}`).toBe(2);
    }
    fc.assert(
      fc.property(fc.integer({ min: 2, max: 2 ** 20 }), fc.double({ min: 0, max: 1, maxExcluded: true, noNaN: true }), fc.constantFrom(52, 53), fc.double({ min: 0, max: 1, noNaN: true }), (n, x, bits, f) => {
        const [lo, hi] = bucketRange({ n, value: Math.floor(x * n) }, bits);
        const eq = prefixEquations(lo, hi, bits, 0);
        for (const m of [lo, hi, lo + Math.floor(f * (hi - lo))]) expect(holds(eq, m), `n ${n}, m ${m} in [${lo}, ${hi}]`).toBe(true);
      }),
      { numRuns: 2000 },
    );
  });

  it('and they are the whole hull: the members of the interval span the rest (small intervals, every member)', () => {
    for (const [lo, hi] of [[5, 10], [7, 8], [3, 12], [0, 5], [21, 42], [16, 31], [100, 101]] as const) {
      const bits = 8;
      const eq = prefixEquations(lo, hi, bits, 0);
      // The affine span of the members, by elimination of m ⊕ lo.
      const basis: number[] = [];
      for (let m = lo; m <= hi; m++) {
        let x = m ^ lo;
        for (const b of basis) x = Math.min(x, x ^ b);
        if (x) basis.push(x);
      }
      expect(bits - basis.length, `[${lo}, ${hi}]`).toBe(eq.length / 4);
      for (let m = 0; m < 2 ** bits; m++) {
        let x = m ^ lo;
        for (const b of basis.slice().sort((a, c) => c - a)) x = Math.min(x, x ^ b);
        expect(holds(eq, m), `[${lo}, ${hi}] m ${m}`).toBe(x === 0);
      }
    }
  });
});

describe('s0 mappings from buckets alone: zero wrong predictions (fast-check)', () => {
  for (const [id] of ENGINES) {
    for (const [n, min] of SIZES) {
      it(`${id}: ⌊x·${n}⌋ from the start, inside a refill, across a refill`, () => {
        const tally: Tally = { cases: 0, given: 0, wrong: 0, okFromStart: 0, kinds: {} };
        const word = fc.bigInt({ min: 1n, max: 2n ** 64n - 1n });
        const mode = fc.constantFrom<Mode>('start', 'start', 'mid', 'across');
        fc.assert(
          fc.property(word, word, mode, fc.integer({ min: -3, max: 4 }), fc.nat(10_000), (a, b, md, extra, at) => {
            // Around the minimum from the start; across a refill one or two more.
            const m = Math.max(3, min + extra + (md === 'across' ? 1 : 0));
            runCase(id, a, b, n, md, m, at, tally);
          }),
          { numRuns: n <= 10 ? Math.max(2, Math.ceil(RUNS / 3)) : RUNS },
        );
        console.log(`${id} ⌊x·${n}⌋: ${tally.cases} cases, ${JSON.stringify(tally.kinds)}, ${tally.given} values and buckets predicted, ${tally.wrong} wrong`);
        expect(tally.wrong).toBe(0);
      }, 600_000);
    }
  }

  it('at the minimum from the start, every size settles the next bucket (not vacuous)', () => {
    for (const [id] of ENGINES) {
      for (const [n, min] of SIZES) {
        let ok = 0;
        for (let t = 1n; t <= 3n; t++) {
          const tally: Tally = { cases: 0, given: 0, wrong: 0, okFromStart: 0, kinds: {} };
          runCase(id, (0x9e3779b97f4a7c15n * t + 1n) % 2n ** 64n, (0xbf58476d1ce4e5b9n * t + 7n) % 2n ** 64n, n, 'start', min, 0, tally);
          ok += tally.okFromStart;
        }
        expect(ok, `${id} ⌊x·${n}⌋ × ${min}`).toBeGreaterThanOrEqual(2);
      }
    }
  }, 120_000);

  it('below the rank the values allow, every fitting state is listed and they disagree: refused, never guessed', () => {
    // ⌊x·2^16⌋ × 10 from the start: the top 16 bits of 10 consecutive outputs reach GF(2) rank
    // 126, so 4 states fit every bucket exactly — and differ on the next one.
    const e = createEngine('node@20.20.2', { state: ['0x1234567890abcdef', '0x0fedcba987654321', 0] });
    const obs: Observed[] = Array.from({ length: 10 }, () => ({ n: 65536, value: Math.floor(e.random() * 65536) }));
    const x = recoverXorshift(obs, 'v8-7.1-s0', { fromStart: true });
    expect(x.complete).toBe(true);
    expect(x.rank).toBe(126);
    expect(x.candidates.length).toBe(4);
    const r = predict('node@20.20.2', obs, 1, 0, { bucket: 65536, fromStart: true });
    expect(r.kind === 'ok').toBe(false);
  });
});
