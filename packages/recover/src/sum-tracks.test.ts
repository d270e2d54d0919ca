/**
 * The track walk of a run of 3 full `(s0 + s1)` values (sum-tracks.ts), as a fast-check property
 * over random states, both shapes it takes (V8 4.9–7.0's 52-bit low sum with the carry into bit
 * 0 known, V8 14.4+'s `>> 11` with it unknown) and the 53-bit low sum of SpiderMonkey and JSC:
 * the state the sums were made from is found, every state emitted shows the run's known sum bits
 * (checked here by BigInt arithmetic, not by the walk's own check), and the list is the one the
 * halves met in the middle (sum-chain.ts, the other exact search) give — so neither misses one.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { xorshift128Step } from '@emu/core';
import { listPairCosets, listPairStates, planChain, runTracks, solveChain, solveTracks, type SumChain, type TracksResult } from './index.js';
import { useWalkKernel, walkKernel } from './walk-kernel.js';
// @ts-expect-error: a plain .mjs script without types
import { assemble, render } from '../wasm/build.mjs';

const M64 = (1n << 64n) - 1n;
const word = (hi: number, lo: number) => (BigInt(hi >>> 0) << 32n) | BigInt(lo >>> 0);
const halves = (x: bigint): [number, number] => [Number(x >> 32n) | 0, Number(x & 0xffffffffn) | 0];

/** state0 after 0 … count − 1 steps of xorshift128+ (V8's step), from (s0, s1). */
function words(s0: bigint, s1: bigint, count: number): bigint[] {
  const out: bigint[] = [];
  let a = s0;
  let b = s1;
  for (let i = 0; i < count; i++) {
    out.push(a);
    let x = a;
    const y = b;
    x ^= (x << 23n) & M64;
    x ^= x >> 17n;
    x ^= y ^ (y >> 26n);
    a = y;
    b = x;
  }
  return out;
}

const SHAPES = [
  { name: '52-bit low sum (node 10)', lo: 0, hi: 52, known: true },
  { name: '53-bit low sum (SpiderMonkey, JSC)', lo: 0, hi: 53, known: true },
  { name: '(s0 + s1) >> 11 (node 26)', lo: 11, hi: 64, known: false },
];

describe('a run of 3 full (s0 + s1) values walked on tracks (sum-tracks.ts)', () => {
  for (const shape of SHAPES) {
    it(`${shape.name}: every state emitted shows the known bits; a walk that ends found the true state and the same list as the halves met in the middle (fast-check)`, () => {
      expect(runTracks(3, shape.lo, shape.hi, shape.known)).toBeDefined();
      const known = ((1n << BigInt(shape.hi)) - 1n) ^ ((1n << BigInt(shape.lo)) - 1n);
      let solved = 0;
      let stopped = 0;
      // Uniform words: real states are dense. (A sparse one — fast-check's edge words 1, 2^64 − 1 —
      // has sums that carry little, and both searches may stop at their caps: see below.)
      const w64 = fc.noBias(fc.bigInt({ min: 1n, max: M64 }));
      fc.assert(
        fc.property(w64, w64, fc.integer({ min: 0, max: 5 }), (s0, s1, t0) => {
          const ws = words(s0, s1, t0 + 4);
          const sums = [0, 1, 2].map((u) => (ws[t0 + u]! + ws[t0 + u + 1]!) & M64);
          const chain: SumChain = { t0, sums: sums.map((z) => halves(z & known)), lo: shape.lo, hi: shape.hi, carryInKnown: shape.known, model: 'logical' };
          const found: string[] = [];
          const r = solveTracks(chain, (x) => {
            // Every state emitted: its run's sums, by BigInt, show the known bits.
            const f = words(word(x[0]!, x[1]!), word(x[2]!, x[3]!), t0 + 4);
            for (let u = 0; u < 3; u++) expect(((f[t0 + u]! + f[t0 + u + 1]!) & known) === (sums[u]! & known)).toBe(true);
            found.push(`${x[0]},${x[1]},${x[2]},${x[3]}`);
            return true;
          });
          // A walk may stop at its cap (a few runs in a hundred): the caller then meets the
          // halves in the middle; what it emitted was checked above.
          if (!r.solved) return void stopped++;
          solved++;
          const truth = [...halves(s0), ...halves(s1)].join();
          expect(found).toContain(truth);
          expect(new Set(found).size).toBe(found.length);
          const met: string[] = [];
          const plan = planChain(3, shape.hi - shape.lo, shape.known)!;
          expect(solveChain(chain, plan, (x) => met.push([...x].join()) > 0).solved).toBe(true);
          expect([...found].sort()).toEqual([...met].sort());
        }),
        { numRuns: Number(process.env.EMU_TRACKS_RUNS ?? 12) },
      );
      // Not vacuous: most runs are walked to the end.
      expect(solved).toBeGreaterThan(3 * stopped);
    }, 300_000);
  }

  it('sums no state makes leave nothing; a run of 2 or 4, or known bits the tracks leave out, is not walked', () => {
    const ws = words(0x0123456789abcdefn, 0x0fedcba987654321n, 5);
    const sums = [0, 1, 2].map((u) => halves(((ws[u]! + ws[u + 1]!) & M64) >> 11n << 11n));
    // The third sum's top bit flipped: the state made the others, no state makes all three.
    const bad = sums.map((z, u): [number, number] => (u === 2 ? [z[0] ^ (1 << 31), z[1]] : z));
    const found: Int32Array[] = [];
    const r = solveTracks({ t0: 0, sums: bad, lo: 11, hi: 64, carryInKnown: false, model: 'logical' }, (x) => found.push(x) > 0);
    expect(r.solved).toBe(true);
    expect(found).toEqual([]);
    expect(runTracks(2, 11, 64, false)).toBeUndefined();
    expect(runTracks(4, 0, 52, true)).toBeUndefined();
    // Buckets: only the top 16 bits known — the tracks need levels below them.
    expect(solveTracks({ t0: 0, sums, lo: 48, hi: 64, carryInKnown: false, model: 'logical' }, () => true).solved).toBe(false);
  });

  it('a sparse state (s0 = s1 = 1) under `>> 11`: the walk stops at its cap, unsolved (the caller then meets the halves in the middle), having emitted nothing false', () => {
    const ws = words(1n, 1n, 5);
    const mask = M64 >> 11n << 11n;
    const sums = [0, 1, 2].map((u) => (ws[u]! + ws[u + 1]!) & mask);
    const r = solveTracks({ t0: 0, sums: sums.map(halves), lo: 11, hi: 64, carryInKnown: false, model: 'logical' }, (x) => {
      const f = words(word(x[0]!, x[1]!), word(x[2]!, x[3]!), 5);
      for (let u = 0; u < 3; u++) expect((f[u]! + f[u + 1]!) & mask).toBe(sums[u]);
      return true;
    });
    expect(r.solved).toBe(false);
  });
});

describe('every state of a pair of consecutive (s0 + s1) >> 11 sums (listPairStates)', () => {
  const mask = M64 >> 11n << 11n;
  it('lists about 2^22 distinct states, the true one among them, each showing both sums; filtered by the next sum, exactly the states the run-of-3 walk finds (fast-check)', () => {
    const w64 = fc.noBias(fc.bigInt({ min: 1n, max: M64 }));
    fc.assert(
      fc.property(w64, w64, fc.integer({ min: 0, max: 5 }), (s0, s1, t0) => {
        const ws = words(s0, s1, t0 + 4);
        const sums = [0, 1, 2].map((u) => (ws[t0 + u]! + ws[t0 + u + 1]!) & mask);
        const pair: SumChain = { t0, sums: sums.slice(0, 2).map(halves), lo: 11, hi: 64, carryInKnown: false, model: 'logical' };
        const truth = [...halves(s0), ...halves(s1)].join();
        const keys = new BigUint64Array(1 << 23);
        let count = 0;
        let sawTruth = false;
        let wrongSums = 0;
        const third: string[] = [];
        const x = new Int32Array(4);
        const r = listPairStates(pair, (st) => {
          const key = `${st[0]},${st[1]},${st[2]},${st[3]}`;
          if (key === truth) sawTruth = true;
          // Distinctness: a 64-bit mix of the 4 words, sorted below.
          keys[count++] = (word(st[0]!, st[1]!) * 0x9e3779b97f4a7c15n + word(st[2]!, st[3]!)) & M64;
          // Every state's three sums, by core's xorshift128Step (not the walk's own arithmetic).
          x.set(st);
          for (let t = 0; t < t0; t++) xorshift128Step(x);
          const sum = (): bigint => (word(x[0]!, x[1]!) + word(x[2]!, x[3]!)) & mask;
          const shown = [0, 1, 2].map((u) => {
            const z = sum();
            if (u < 2) xorshift128Step(x);
            return z;
          });
          if (shown[0] !== sums[0] || shown[1] !== sums[1]) wrongSums++;
          if (shown[2] === sums[2]) third.push(key);
          return true;
        });
        expect(r.solved).toBe(true);
        expect(sawTruth).toBe(true);
        expect(wrongSums).toBe(0);
        expect(count).toBeGreaterThan(2 ** 21);
        expect(count).toBeLessThan(2 ** 23);
        const sorted = keys.subarray(0, count).sort();
        let dupes = 0;
        for (let i = 1; i < count; i++) if (sorted[i] === sorted[i - 1]) dupes++;
        expect(dupes).toBe(0);
        const run: string[] = [];
        const tr = solveTracks({ ...pair, sums: sums.map(halves) }, (st) => run.push([...st].join()) > 0);
        if (tr.solved) expect([...third].sort()).toEqual([...run].sort());
      }),
      { numRuns: Number(process.env.EMU_PAIR_RUNS ?? 2) },
    );
  }, 600_000);

  it('listPairCosets: the states of its cosets that show both sums are exactly listPairStates\'s (one fixed pair, by a 53-bit key per state)', () => {
    // At t0 = 2 (the frame 2 steps before the pair) every word of the cosets' basis is in play.
    const ws = words(0x0123456789abcdefn, 0xfedcba9876543210n, 5);
    const sums = [2, 3].map((u) => (ws[u]! + ws[u + 1]!) & mask);
    const pair: SumChain = { t0: 2, sums: sums.map(halves), lo: 11, hi: 64, carryInKnown: false, model: 'logical' };
    // A 53-bit key of the 4 words (two 32-bit mixes; a collision among 2^22 states: about 2^-10).
    const key = (a: number, b: number, c: number, d: number): number => (Math.imul(a ^ Math.imul(b, 0x9e3779b1), 0x85ebca6b) ^ c) * 2 ** 21 + ((Math.imul(c ^ Math.imul(d, 0x7feb352d), 0x27d4eb2f) ^ a) >>> 11);
    const listed: number[] = [];
    expect(listPairStates(pair, (st) => listed.push(key(st[0]!, st[1]!, st[2]!, st[3]!)) > 0).solved).toBe(true);
    const fromCosets: number[] = [];
    let scanned = 0;
    const x = new Int32Array(4);
    const r = listPairCosets(pair, (base, basis, dim) => {
      for (let c = 0; c < 2 ** dim; c++) {
        scanned++;
        x.set(base);
        for (let j = 0; j < dim; j++) if ((c >>> j) & 1) for (let w = 0; w < 4; w++) x[w]! ^= basis[4 * j + w]!;
        const st = [x[0]!, x[1]!, x[2]!, x[3]!] as const;
        xorshift128Step(x);
        xorshift128Step(x);
        // both sums' bits 11 … 63 (32-bit halves), stepped by core's step (not the walk's arithmetic)
        const shows = (z: readonly [number, number]): boolean => {
          const lo = (x[1]! >>> 0) + (x[3]! >>> 0);
          return ((x[0]! + x[2]! + (lo > 0xffffffff ? 1 : 0)) | 0) === z[0] && ((lo | 0) & ~0x7ff) === z[1];
        };
        if (!shows(pair.sums[0]!)) continue;
        xorshift128Step(x);
        if (shows(pair.sums[1]!)) fromCosets.push(key(...st));
      }
      return true;
    });
    expect(r.solved).toBe(true);
    expect(scanned).toBeGreaterThan(2 * listed.length);
    expect(fromCosets.length).toBe(listed.length);
    const a = Float64Array.from(fromCosets).sort();
    const b = Float64Array.from(listed).sort();
    let differ = 0;
    for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) differ++;
    expect(differ).toBe(0);
  }, 600_000);

  it('other shapes are not listed', () => {
    const sums: [number, number][] = [[1, 0], [2, 0]];
    expect(listPairStates({ t0: 0, sums, lo: 0, hi: 52, carryInKnown: true, model: 'logical' }, () => true).solved).toBe(false);
    expect(listPairStates({ t0: 0, sums: [...sums, [3, 0]], lo: 11, hi: 64, carryInKnown: false, model: 'logical' }, () => true).solved).toBe(false);
  });
});

describe('the walk in WebAssembly (walk.wat) and the JavaScript loop', () => {
  /** What a walk emitted, in order, and its result, with the kernel on or off. */
  function both<T>(walk: (emit: (x: T) => boolean) => TracksResult, show: (x: T) => string, stopAt = Infinity): [string[], TracksResult][] {
    return [true, false].map((on) => {
      useWalkKernel(on);
      try {
        const seen: string[] = [];
        const r = walk((x) => seen.push(show(x)) < stopAt);
        return [seen, r];
      } finally {
        useWalkKernel(true);
      }
    });
  }
  const words4 = (x: Int32Array): string => `${x[0]},${x[1]},${x[2]},${x[3]}`;

  it('walk-wasm.ts is what walk.wat assembles to; the kernel is there in Node (so the tests below compare two paths)', async () => {
    const committed = readFileSync(new URL('./walk-wasm.ts', import.meta.url), 'utf8');
    expect(render(await assemble())).toBe(committed);
    expect(walkKernel()).not.toBeNull();
  });

  it('runs of 3, every shape: the same states in the same order, the same nodes and leaves; stopped by emit after k states, the same (fast-check)', () => {
    const w64 = fc.noBias(fc.bigInt({ min: 1n, max: M64 }));
    fc.assert(
      fc.property(fc.constantFrom(...SHAPES), w64, w64, fc.integer({ min: 0, max: 5 }), fc.integer({ min: 1, max: 3 }), (shape, s0, s1, t0, k) => {
        const known = ((1n << BigInt(shape.hi)) - 1n) ^ ((1n << BigInt(shape.lo)) - 1n);
        const ws = words(s0, s1, t0 + 4);
        const sums = [0, 1, 2].map((u) => halves((ws[t0 + u]! + ws[t0 + u + 1]!) & known));
        const chain: SumChain = { t0, sums, lo: shape.lo, hi: shape.hi, carryInKnown: shape.known, model: 'logical' };
        const [kernel, js] = both((emit) => solveTracks(chain, emit), words4);
        expect(kernel).toEqual(js);
        expect(kernel[1].leaves).toBeGreaterThan(0);
        const [ks, jss] = both((emit) => solveTracks(chain, emit), words4, k);
        expect(ks).toEqual(jss);
      }),
      { numRuns: 24 },
    );
  }, 300_000);

  it('a walk past its node cap (the sparse state s0 = s1 = 1): both stop unsolved at the same node count', () => {
    const ws = words(1n, 1n, 5);
    const mask = M64 >> 11n << 11n;
    const sums = [0, 1, 2].map((u) => halves((ws[u]! + ws[u + 1]!) & mask));
    const [kernel, js] = both((emit) => solveTracks({ t0: 0, sums, lo: 11, hi: 64, carryInKnown: false, model: 'logical' }, emit), words4);
    expect(kernel[1].solved).toBe(false);
    expect(kernel).toEqual(js);
  });

  it('a pair\'s cosets: the same bases in the same order, the same nodes and leaves (two random pairs, one stopped after 1,000 cosets)', () => {
    const mask = M64 >> 11n << 11n;
    for (const [s0, s1, t0, stop] of [[0x9e3779b97f4a7c15n, 0xbf58476d1ce4e5b9n, 3, Infinity], [0x94d049bb133111ebn, 0x2545f4914f6cdd1dn, 0, 1000]] as const) {
      const ws = words(s0, s1, t0 + 3);
      const sums = [0, 1].map((u) => halves((ws[t0 + u]! + ws[t0 + u + 1]!) & mask));
      const pair: SumChain = { t0, sums, lo: 11, hi: 64, carryInKnown: false, model: 'logical' };
      const [kernel, js] = both<Int32Array>((emit) => listPairCosets(pair, (base) => emit(base)), words4, stop);
      expect(kernel[1].leaves).toBeGreaterThanOrEqual(Math.min(stop, 2 ** 12));
      expect(kernel).toEqual(js);
    }
  }, 300_000);

  it('a walk started from inside another\'s emit runs in JavaScript (the kernel is busy) and finds the same states', () => {
    const ws = words(0x0123456789abcdefn, 0x0fedcba987654321n, 5);
    const sums = [0, 1, 2].map((u) => halves((ws[u]! + ws[u + 1]!) & (M64 >> 11n << 11n)));
    const chain: SumChain = { t0: 0, sums, lo: 11, hi: 64, carryInKnown: false, model: 'logical' };
    const outer: string[] = [];
    solveTracks(chain, (x) => outer.push(words4(x)) > 0);
    const inner: string[][] = [];
    solveTracks(chain, () => {
      expect(walkKernel()!.busy).toBe(true);
      const got: string[] = [];
      solveTracks(chain, (x) => got.push(words4(x)) > 0);
      inner.push(got);
      return true;
    });
    expect(inner).toEqual(outer.map(() => outer));
    expect(walkKernel()!.busy).toBe(false);
  });
});
