/**
 * xorshift128+ recovery is never wrong: for every variant and many random streams — full values,
 * buckets of many sizes, gaps, windows straddling refills, mid-stream or from the realm's first
 * call — every candidate reproduces every observation, and when the answer says `complete`, the
 * engine's own future is among the candidates' futures (so a value all candidates agree on is
 * the engine's). The emulator is the reference here only for the generator (checked against real
 * engines in tooling/conformance); what is tested is the solver's claim of completeness.
 */
import { describe, expect, it } from 'vitest';
import { doubleToHex } from '@emu/core';
import { VARIANTS, type VariantId, create } from '@emu/xorshift128plus';
import { type Observed, matches, recoverXorshift } from './index.js';

/** SplitMix64: the trials' randomness (reproducible from the trial number). */
function rng(seed: number): () => bigint {
  let x = BigInt(seed) * 0x9e3779b97f4a7c15n;
  return () => {
    x = BigInt.asUintN(64, x + 0x9e3779b97f4a7c15n);
    let z = x;
    z = BigInt.asUintN(64, (z ^ (z >> 30n)) * 0xbf58476d1ce4e5b9n);
    z = BigInt.asUintN(64, (z ^ (z >> 27n)) * 0x94d049bb133111ebn);
    return z ^ (z >> 31n);
  };
}

const isNaNBits = (v: bigint) => ((v >> 52n) & 0x7ffn) === 0x7ffn && (v & ((1n << 52n) - 1n)) !== 0n;
const BUCKETS = [2, 6, 10, 64, 100, 1000, 65536, 2 ** 20, 2 ** 32];
const futureOf = (state: readonly (string | number)[], variant: string, count: number) => {
  const e = create({ state: [...state], variant: variant as VariantId });
  return Array.from({ length: count }, () => doubleToHex(e.random())).join();
};

type Mode = 'full' | 'bucket' | 'gaps' | 'mixed';

interface Tally { trials: number; complete: number; unique: number; skipped: number }

/** One random trial; returns what happened (throws on a wrong claim). */
function trial(variant: (typeof VARIANTS)[number], seed: number, size: number, mode: Mode, fromStart: boolean, tally: Tally): void {
  const r = rng(seed);
  const a = r();
  const b = r();
  if (variant.cache?.canonicalizesNaN && (isNaNBits(a) || isNaNBits(b))) return void tally.skipped++;
  const hex = (v: bigint) => `0x${v.toString(16)}`;
  const e = create({ state: variant.cache ? [hex(a), hex(b), 0] : [hex(a), hex(b)], variant: variant.id });
  if (!fromStart) for (let i = Number(r() % 150n); i > 0; i--) e.random();
  const before = e.clone();
  const n = BUCKETS[Number(r() % BigInt(BUCKETS.length))]!;
  const observed: Observed[] = [];
  let canonicalised = false;
  for (let i = 0; i < size; i++) {
    const x = e.random();
    const pick = Number(r() % 100n);
    const kind = mode === 'full' ? 'full' : mode === 'bucket' ? 'bucket' : mode === 'gaps' ? (pick < 20 ? 'gap' : 'full') : pick < 30 ? 'bucket' : pick < 40 ? 'gap' : 'full';
    observed.push(kind === 'full' ? x : kind === 'gap' ? null : { n, value: Math.floor(x * n) });
    canonicalised ||= e.getState().length === 5 || e.getState().slice(0, 2).includes('0x7ff8000000000000');
  }
  // V8 5.6–7.0 canonicalise a NaN state word at a refill (about 1 refill in 1,000), which the
  // linear model does not follow: such windows are documented as unsupported, not tested here.
  if (canonicalised) return void tally.skipped++;
  const rec = recoverXorshift(observed, variant.id, { fromStart });
  tally.trials++;
  const span = size + 2 * (variant.cache?.perRefill ?? 8);
  for (const c of rec.candidates) {
    const p = create({ state: [...c.state], variant: variant.id });
    for (const o of observed) expect(matches(p.random(), o)).toBe(true);
  }
  if (!rec.complete) return;
  tally.complete++;
  const truth = futureOf(before.getState(), variant.id, span);
  const futures = new Set(rec.candidates.map((c) => futureOf(c.state, variant.id, span)));
  if (!futures.has(truth)) throw new Error(`${variant.id} seed ${seed} size ${size} ${mode}${fromStart ? ' fromStart' : ''}: complete, but the engine's future is not among ${futures.size} candidates`);
  if (futures.size === 1) tally.unique++;
}

const SUM = (v: (typeof VARIANTS)[number]) => v.mapping.startsWith('sum');
/** Share of the planned trials run (CI: 0.2; EMU_RECOVER_TRIALS=1 runs the full 1,000+ per variant). */
const SCALE = Number(process.env.EMU_RECOVER_TRIALS ?? 0.2);

describe('xorshift128+ recovery: never a wrong claim', () => {
  for (const v of VARIANTS) {
    it(`${v.id}: random trials over every mode`, () => {
      const tally: Tally = { trials: 0, complete: 0, unique: 0, skipped: 0 };
      let seed = 1;
      const plan: [number, Mode, boolean, number][] = SUM(v)
        ? [
            // (size, mode, fromStart, trials): sums need runs of consecutive full values.
            [4, 'full', true, 20],
            [5, 'full', false, 20],
            [8, 'full', false, 150],
            [8, 'full', true, 150],
            [12, 'gaps', false, 150],
            [16, 'mixed', false, 150],
            [20, 'full', false, 150],
            [70, 'full', false, 60],
            [12, 'bucket', false, 150],
          ]
        : [
            [3, 'full', false, 100],
            [4, 'full', false, 300],
            [4, 'full', true, 200],
            [6, 'gaps', false, 200],
            [10, 'bucket', false, 300],
            [22, 'bucket', false, 300],
            [30, 'mixed', false, 200],
            [70, 'bucket', false, 300],
            [70, 'full', false, 100],
          ];
      let planned = 0;
      for (const [size, mode, fromStart, count] of plan) {
        const runs = Math.max(2, Math.round(count * SCALE));
        planned += runs;
        for (let i = 0; i < runs; i++) trial(v, seed++, size, mode, fromStart, tally);
      }
      console.log(`${v.id}: ${tally.trials} trials, ${tally.complete} complete (${tally.unique} with one future), ${tally.skipped} skipped (NaN canonicalisation)`);
      expect(tally.trials).toBeGreaterThan(planned * 0.95);
      // Not vacuous: full values at these sizes settle most trials.
      expect(tally.unique).toBeGreaterThan(tally.trials / 4);
    }, 900_000);
  }

  it('from the minimum counts: s0 forms from 4 values, sums from 4 consecutive values (from the start)', () => {
    for (const v of VARIANTS) {
      const e = create({ state: v.cache ? ['0x1234567', '0x89abcdef', 0] : ['0x1234567', '0x89abcdef'], variant: v.id });
      const truth = futureOf(e.getState(), v.id, 100);
      const r = recoverXorshift(Array.from({ length: 4 }, () => e.random()), v.id, { fromStart: true });
      expect(r.complete, v.id).toBe(true);
      // (jsc-jit-sar: two states before the first value, one future.)
      expect(r.candidates.length, v.id).toBe(v.id === 'jsc-jit-sar' ? 2 : 1);
      expect(new Set(r.candidates.map((c) => futureOf(c.state, v.id, 100))), v.id).toEqual(new Set([truth]));
    }
  });

  it('jsc-jit-sar (Bun 0.6 … 1.3.5): the two states before the first value differ by the direction its step forgets, both are listed; 3 values are not enough', () => {
    const e = create({ state: ['0xfedcba9876543210', '0x8123456789abcdef'], variant: 'jsc-jit-sar' });
    const start = e.getState();
    const xs = Array.from({ length: 4 }, () => e.random());
    const r = recoverXorshift(xs, 'jsc-jit-sar', { fromStart: true });
    expect(r.complete).toBe(true);
    const states = r.candidates.map((c) => c.state.map((w) => BigInt(w)));
    expect(states.map((s) => s.map((w) => `0x${w.toString(16).padStart(16, '0')}`).join())).toContain(start.join());
    // state0 differs by ~0 ^ ~0 << 23 ^ ~0 << 46 (bits 0–22 and 46–63); state1 is the same.
    expect(states[0]![0]! ^ states[1]![0]!).toBe(0xffffc000007fffffn);
    expect(states[0]![1]).toBe(states[1]![1]);
    const short = recoverXorshift(xs.slice(0, 3), 'jsc-jit-sar', { fromStart: true });
    expect(short.complete).toBe(false);
    expect(short.candidates).toEqual([]);
  });

  it('3 values of an s0 form leave 2^12 states (the low bits of one word never show): incomplete, never a guess', () => {
    const e = create({ state: ['0x1234', '0x5678', 0], variant: 'v8-7.1-s0' });
    const r = recoverXorshift(Array.from({ length: 3 }, () => e.random()), 'v8-7.1-s0', { fromStart: true });
    expect(r.complete).toBe(false);
  });

  it('inside one refill the alignment is open: one candidate per alignment, all listed', () => {
    const e = create({ state: ['0x1234', '0x5678', 0], variant: 'v8-7.1-s0' });
    e.random();
    const r = recoverXorshift(Array.from({ length: 6 }, () => e.random()), 'v8-7.1-s0');
    expect(r.complete).toBe(true);
    expect(r.candidates.map((c) => c.consumed)).toEqual(Array.from({ length: 59 }, (_, i) => i));
  });

  it('maxCandidates stops the list and says so', () => {
    const e = create({ state: ['0x1234', '0x5678', 0], variant: 'v8-7.1-s0' });
    const r = recoverXorshift(Array.from({ length: 6 }, () => e.random()), 'v8-7.1-s0', { maxCandidates: 5 });
    expect([r.candidates.length, r.complete]).toEqual([5, false]);
    expect(() => recoverXorshift([0.5], 'v8-7.1-s0', { maxCandidates: 0 })).toThrow(/maxCandidates must be a positive integer, got 0/);
  });

  it('maxWork: alignments past the budget stay unsettled (complete false), never dropped', () => {
    const e = create({ state: ['0x1234', '0x5678', 0], variant: 'v8-14.4-sum-53' });
    const xs = Array.from({ length: 8 }, () => e.random());
    const full = recoverXorshift(xs, 'v8-14.4-sum-53');
    expect([full.complete, full.outOfBudget]).toEqual([true, false]);
    expect(full.candidates.length).toBeGreaterThan(0);
    const none = recoverXorshift(xs, 'v8-14.4-sum-53', { maxWork: 0 });
    expect(none).toMatchObject({ complete: false, outOfBudget: true, candidates: [] });
    expect(none.undetermined).toBeGreaterThan(0);
    // A budget for one run: what it finds is a subset of the full answer, and it says it is not all.
    const some = recoverXorshift(xs, 'v8-14.4-sum-53', { maxWork: 2 ** 21 });
    const all = new Set(full.candidates.map((c) => `${c.state.join()}/${c.consumed}`));
    for (const c of some.candidates) expect(all.has(`${c.state.join()}/${c.consumed}`)).toBe(true);
    if (some.candidates.length < full.candidates.length) expect([some.complete, some.outOfBudget]).toEqual([false, true]);
    expect(() => recoverXorshift([0.5], 'v8-7.1-s0', { maxWork: -1 })).toThrow(/maxWork must be a non-negative number, got -1/);
  });

  it('a value no double of the mapping can be is impossible', () => {
    expect(recoverXorshift([0.1 + 2 ** -60, 0.5], 'spidermonkey').impossible).toBe(true);
  });
});
