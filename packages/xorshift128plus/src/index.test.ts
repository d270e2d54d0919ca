import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { emulatorContract } from '@emu/testkit';
import { KERNEL_CHUNK, doubleToHex, fillKernels, useFillKernels } from '@emu/core';
import { type Flavor, type VariantId, VARIANTS, create, xorshift128Step, xorshift128StepBack } from './index.js';

const U = (1n << 64n) - 1n;
const w64 = fc.bigInt({ min: 0n, max: U });
const nonZeroState = fc.tuple(w64, w64).filter(([a, b]) => a !== 0n || b !== 0n);
const hex = (v: bigint) => `0x${v.toString(16)}`;
const isNaNBits = (v: bigint) => ((v >> 52n) & 0x7ffn) === 0x7ffn && (v & ((1n << 52n) - 1n)) !== 0n;

/** xorshift128+'s step on BigInt, independent of @emu/core; `arith`: right shifts arithmetic (JSC's JIT thunk before PR #51077). */
function refStep(s0: bigint, s1: bigint, arith = false): [bigint, bigint] {
  const shr = (w: bigint, k: bigint) => (arith ? BigInt.asUintN(64, BigInt.asIntN(64, w) >> k) : w >> k);
  let x = s0;
  const y = s1;
  x ^= (x << 23n) & U;
  x ^= shr(x, 17n);
  x ^= y ^ shr(y, 26n);
  return [y, x];
}

for (const v of VARIANTS) {
  emulatorContract(`xorshift128plus ${v.id}`, {
    fromState: (state) => create({ state, variant: v.id }),
    state: v.cache
      ? fc
          .tuple(v.cache.canonicalizesNaN ? nonZeroState.filter(([a, b]) => !isNaNBits(a) && !isNaNBits(b)) : nonZeroState, fc.integer({ min: 0, max: v.cache.perRefill }))
          .map(([[a, b], i]) => [hex(a), hex(b), i])
      : nonZeroState.map(([a, b]) => [hex(a), hex(b)]),
    badStates: [
      [['0x0', '0x0'], 'state [0, 0] is not allowed'],
      [['0x1'], 'must have 2 words'],
      [['0x1', '0x10000000000000000'], 'state1 (index 1) = "0x10000000000000000"'],
      ...(v.cache ? [[['0x1', '0x2', 65], 'index (index 2) = 65'] as const] : []),
      ...(v.cache?.canonicalizesNaN ? [[['0x7ff0000000000001', '0x2', 0], 'cannot occur'] as const] : []),
    ],
    ...(v.flavor === 'v8'
      ? {
          fromSeed: (seed: unknown) => create({ seed: seed as number, variant: v.id, rngDrawsBefore: v.seeding?.startsWith('lazy') ? 100 : undefined }),
          seed: fc.integer({ min: -0x80000000, max: 0x7fffffff }).filter((s) => s !== 0),
          badSeeds: [[0, '0 means'], [0.25, '0.25']] as const,
        }
      : {}),
    runs: 60,
  });
}

describe('xorshift128plus specifics', () => {
  it('after a refill that canonicalised a NaN word, getState() carries the pre-refill state and resumes exactly', () => {
    let found = 0;
    for (let seed = 1; seed < 100000 && found < 2; seed++) {
      const e = create({ seed, variant: 'v8-5.9-seeded62' });
      e.random();
      const st = e.getState();
      if (st.length !== 5) continue;
      found++;
      const resumed = create({ state: JSON.parse(JSON.stringify(st)), variant: 'v8-5.9-seeded62' });
      for (let i = 0; i < 200; i++) expect(doubleToHex(resumed.random())).toBe(doubleToHex(e.random()));
      expect(() => create({ state: st.slice(0, 3), variant: 'v8-5.9-seeded62' })).toThrow(/cannot be rebuilt/);
    }
    expect(found).toBe(2);
  });

  it('V8 5.9–7.0 canonicalises a NaN state word after a refill (bug 8212)', () => {
    // Search a state whose 62nd successor has a NaN pattern in state0, then compare with a pure xorshift run.
    const seedState = (x: bigint) => create({ state: [hex(x), hex(x ^ 0x9e3779b97f4a7c15n), 0], variant: 'v8-5.9-seeded62' });
    let found = false;
    for (let x = 1n; x < 200000n && !found; x++) {
      const e = seedState(x);
      e.random();
      const [s0, s1] = e.getState() as [string, string, number];
      if (s0 === '0x7ff8000000000000' || s1 === '0x7ff8000000000000') {
        found = true;
        const pure = create({ state: [hex(x), hex(x ^ 0x9e3779b97f4a7c15n), 0], variant: 'v8-5.1-desc62' });
        pure.random();
        expect(pure.getState()[0] === s0 && pure.getState()[1] === s1).toBe(false);
      }
    }
    expect(found).toBe(true);
  });

  it('the step agrees with a BigInt transcription and inverts exactly', () => {
    fc.assert(
      fc.property(w64, w64, (a, b) => {
        const s = new Int32Array([Number(a >> 32n) | 0, Number(a & 0xffffffffn) | 0, Number(b >> 32n) | 0, Number(b & 0xffffffffn) | 0]);
        xorshift128Step(s);
        const [ra, rb] = refStep(a, b);
        const got = (i: number) => (BigInt(s[i]! >>> 0) << 32n) | BigInt(s[i + 1]! >>> 0);
        expect([got(0), got(2)]).toEqual([ra, rb]);
        xorshift128StepBack(s);
        expect([got(0), got(2)]).toEqual([a, b]);
      }),
    );
  });

  it('SpiderMonkey/JSC map the low 53 bits of s0 + s1 over 2^53', () => {
    const [a, b] = refStep(1n, 2n);
    const e = create({ state: ['0x1', '0x2'], flavor: 'spidermonkey' });
    expect(e.random()).toBe(Number((a + b) & ((1n << 53n) - 1n)) / 2 ** 53);
    expect(create({ state: ['0x1', '0x2'], flavor: 'jsc' }).random()).toBe(Number((a + b) & ((1n << 53n) - 1n)) / 2 ** 53);
  });

  it('V8 hands the cache out from its end', () => {
    const e = create({ state: ['0x1', '0x2', 0], variant: 'v8-7.1-s0' });
    const got = Array.from({ length: 64 }, () => doubleToHex(e.random()));
    let s: [bigint, bigint] = [1n, 2n];
    const generated: string[] = [];
    for (let i = 0; i < 64; i++) {
      s = refStep(...s);
      const bits = (s[0] >> 12n) | 0x3ff0000000000000n;
      const f = new Float64Array(new BigUint64Array([bits]).buffer)[0]! - 1;
      generated.push(doubleToHex(f));
    }
    expect(got).toEqual(generated.reverse());
  });

  it('flavor and variant must agree; unknown ones are listed', () => {
    expect(() => create({ state: ['0x1', '0x2'], flavor: 'rhino' as Flavor })).toThrow(/unknown flavor "rhino"; known flavors: v8, spidermonkey, jsc, chakra/);
    expect(() => create({ state: ['0x1', '0x2'], flavor: 'jsc', variant: 'spidermonkey' })).toThrow(/belongs to flavor spidermonkey/);
    expect(() => create({ seed: 5, flavor: 'spidermonkey' })).toThrow(/no deterministic seeding/);
    expect(() => create({ seed: 5, variant: 'v8-5.6-lazy62' })).toThrow(/give rngDrawsBefore/);
  });

  it('JSC seeding is WeakRandom::setSeed: low = high = seed (0 → 1), one advance', () => {
    const a = create({ seed: 0, flavor: 'jsc' });
    const b = create({ state: ['0x1', '0x1'], flavor: 'jsc' });
    b.random();
    expect(a.getState()).toEqual(b.getState());
    expect(() => create({ seed: -1, flavor: 'jsc' })).toThrow(/out of range/);
  });
});

describe('xorshift128plus fast paths against a BigInt transcription of each engine', () => {
  const M52 = (1n << 52n) - 1n;
  const M53 = (1n << 53n) - 1n;
  const bitsToDouble = (b: bigint) => new Float64Array(new BigUint64Array([b]).buffer)[0]!;
  /** Each mapping as the engines' source writes it: bit patterns via Float64Array, or a division. */
  const MAP: Record<string, (s0: bigint, s1: bigint) => number> = {
    's0-52': (s0) => bitsToDouble(0x3ff0000000000000n | (s0 >> 12n)) - 1,
    sum52: (s0, s1) => bitsToDouble(0x3ff0000000000000n | ((s0 + s1) & M52)) - 1,
    's0-53': (s0) => Number(s0 >> 11n) / 2 ** 53,
    'sum-53': (s0, s1) => Number(((s0 + s1) & U) >> 11n) / 2 ** 53,
    'sum53-low': (s0, s1) => Number((s0 + s1) & M53) / 2 ** 53,
  };
  const canonical = (w: bigint) => (isNaNBits(w) ? 0x7ff8000000000000n : w);

  /** The first n values: refills of perRefill generated in order, handed out 'asc' or 'desc'. */
  function reference(v: (typeof VARIANTS)[number], a: bigint, b: bigint, n: number): string[] {
    const out: string[] = [];
    let s: [bigint, bigint] = [a, b];
    while (out.length < n) {
      const block: number[] = [];
      for (let i = 0; i < (v.cache?.perRefill ?? 1); i++) {
        s = refStep(s[0], s[1], v.id === 'jsc-jit-sar');
        block.push(MAP[v.mapping]!(s[0], s[1]));
      }
      if (v.cache?.order === 'desc') block.reverse();
      if (v.cache?.canonicalizesNaN) s = [canonical(s[0]), canonical(s[1])];
      out.push(...block.map(doubleToHex));
    }
    return out.slice(0, n);
  }

  for (const v of VARIANTS) {
    it(`${v.id}: random() and fill() over several refills`, () => {
      fc.assert(
        fc.property(nonZeroState.filter(([a, b]) => !isNaNBits(a) && !isNaNBits(b)), fc.integer({ min: 0, max: 200 }), ([a, b], n) => {
          const state = v.cache ? [hex(a), hex(b), 0] : [hex(a), hex(b)];
          const expected = reference(v, a, b, n + 130);
          const e = create({ state, variant: v.id });
          expect(Array.from({ length: n }, () => doubleToHex(e.random()))).toEqual(expected.slice(0, n));
          expect(Array.from(e.fill(new Float64Array(130)), doubleToHex)).toEqual(expected.slice(n));
        }),
        { numRuns: 40 },
      );
    });
  }

  for (const v of VARIANTS) {
    it(`${v.id}: skip(n) lands where the BigInt reference's n-th value is, across refills`, () => {
      fc.assert(
        fc.property(nonZeroState.filter(([a, b]) => !isNaNBits(a) && !isNaNBits(b)), fc.integer({ min: 0, max: 80 }), fc.integer({ min: 0, max: 700 }), ([a, b], first, n) => {
          const state = v.cache ? [hex(a), hex(b), 0] : [hex(a), hex(b)];
          const expected = reference(v, a, b, first + n + 70);
          const e = create({ state, variant: v.id });
          for (let i = 0; i < first; i++) e.random();
          e.skip(n);
          expect(Array.from({ length: 70 }, () => doubleToHex(e.random()))).toEqual(expected.slice(first + n));
        }),
        { numRuns: 30 },
      );
    });
  }

  it('skip(n) across a NaN-canonicalising refill matches the reference', () => {
    const v = VARIANTS.find((x) => x.id === 'v8-5.9-seeded62')!;
    let found = 0;
    for (let x = 1n; x < 200000n && found < 3; x++) {
      const e = create({ state: [hex(x), hex(x ^ 0x9e3779b97f4a7c15n), 0], variant: v.id });
      e.random();
      const [s0, s1] = e.getState() as [string, string, number];
      if (s0 !== '0x7ff8000000000000' && s1 !== '0x7ff8000000000000') continue;
      found++;
      const expected = reference(v, x, x ^ 0x9e3779b97f4a7c15n, 400);
      for (const n of [61, 62, 63, 124, 200, 330]) {
        const f = create({ state: [hex(x), hex(x ^ 0x9e3779b97f4a7c15n), 0], variant: v.id });
        f.skip(n);
        expect(Array.from({ length: 60 }, () => doubleToHex(f.random())), `skip(${n})`).toEqual(expected.slice(n, n + 60));
      }
    }
    expect(found).toBe(3);
  });

  it('a NaN-canonicalising refill inside fill() matches the reference and random()', () => {
    // A state whose refill ends on a NaN pattern, found by search as in the test above.
    const v = VARIANTS.find((x) => x.id === 'v8-5.9-seeded62')!;
    for (let x = 1n; x < 200000n; x++) {
      const e = create({ state: [hex(x), hex(x ^ 0x9e3779b97f4a7c15n), 0], variant: v.id });
      e.random();
      const [s0, s1] = e.getState() as [string, string, number];
      if (s0 !== '0x7ff8000000000000' && s1 !== '0x7ff8000000000000') continue;
      const expected = reference(v, x, x ^ 0x9e3779b97f4a7c15n, 300);
      const f = create({ state: [hex(x), hex(x ^ 0x9e3779b97f4a7c15n), 0], variant: v.id });
      expect(Array.from(f.fill(new Float64Array(300)), doubleToHex)).toEqual(expected);
      return;
    }
    throw new Error('no canonicalising state found');
  });

  /** fill() of n values after `skip` random() calls, through the wasm kernel (on) or the JavaScript loops. */
  function fillHex(variant: VariantId, state: unknown[], skip: number, n: number, on: boolean): [string[], unknown] {
    const e = create({ state, variant });
    for (let i = 0; i < skip; i++) e.random();
    useFillKernels(on);
    try {
      return [Array.from(e.fill(new Float64Array(n)), doubleToHex), e.getState()];
    } finally {
      useFillKernels(true);
    }
  }

  it('fill() runs the WebAssembly kernel here (so the next tests compare two paths)', () => {
    expect(fillKernels()).not.toBeNull();
  });

  for (const v of VARIANTS) {
    it(`${v.id}: fill() through the kernel equals the JavaScript loops and the reference, across kernel chunks`, () => {
      fc.assert(
        fc.property(
          nonZeroState.filter(([a, b]) => !isNaNBits(a) && !isNaNBits(b)),
          fc.integer({ min: 0, max: 70 }),
          fc.integer({ min: 0, max: 3 * KERNEL_CHUNK }),
          ([a, b], skip, n) => {
            const state = v.cache ? [hex(a), hex(b), 0] : [hex(a), hex(b)];
            const kernel = fillHex(v.id, state, skip, n, true);
            expect(kernel).toEqual(fillHex(v.id, state, skip, n, false));
            expect(kernel[0]).toEqual(reference(v, a, b, skip + n).slice(skip));
          },
        ),
        { numRuns: 12 },
      );
    });
  }

  it('V8 5.6–7.0: a NaN state word at the boundary of two kernel calls is canonicalised there too', () => {
    // The kernel writes whole refills, 4092 values (66 refills of 62) a call; make the state
    // after the 66th refill a NaN pattern by walking a chosen end state back 66 · 62 steps.
    const v = VARIANTS.find((x) => x.id === 'v8-5.9-seeded62')!;
    const per = v.cache!.perRefill;
    const refills = Math.floor(KERNEL_CHUNK / per);
    for (let t = 1n; t < 1000n; t++) {
      const end = [0x7ff0000000000000n | t, (0x0123456789abcdefn * t) & U];
      const w = new Int32Array(end.flatMap((x) => [Number(x >> 32n) | 0, Number(x & 0xffffffffn) | 0]));
      for (let i = 0; i < refills * per; i++) xorshift128StepBack(w);
      const u = (hi: number, lo: number) => (BigInt(hi >>> 0) << 32n) | BigInt(lo >>> 0);
      const s = [u(w[0]!, w[1]!), u(w[2]!, w[3]!)] as const;
      const [a, b] = s;
      if (isNaNBits(a) || isNaNBits(b)) continue;
      const expected = reference(v, a, b, (refills + 2) * per);
      // The reference canonicalised nothing before refill 66 (else the walk back was not its path):
      // then its values differ from V8 5.3's (no canonicalisation) only after it.
      const plain = reference({ ...v, cache: { ...v.cache!, canonicalizesNaN: false } }, a, b, (refills + 2) * per);
      const firstDiff = expected.findIndex((x, i) => x !== plain[i]);
      if (firstDiff !== refills * per) continue;
      const state = [hex(a), hex(b), 0];
      const n = (refills + 2) * per;
      expect(fillHex(v.id, state, 0, n, true)[0]).toEqual(expected);
      expect(fillHex(v.id, state, 0, n, true)).toEqual(fillHex(v.id, state, 0, n, false));
      return;
    }
    throw new Error('no state found whose only canonicalisation is at the kernel boundary');
  });

  it('jsc-jit-sar is WeakRandom advanced with arithmetic right shifts (a BigInt transcription of emitRandomThunkImpl before PR #51077)', () => {
    const M = (1n << 64n) - 1n;
    const sar = (x: bigint, k: bigint) => BigInt.asUintN(64, BigInt.asIntN(64, x) >> k);
    for (const seed of [1, 42, 0xdeadbeef, 4294967295]) {
      let low = BigInt(seed);
      let high = low;
      const step = (arith: boolean) => {
        let x = low;
        const y = high;
        low = y;
        x ^= (x << 23n) & M;
        x ^= arith ? sar(x, 17n) : x >> 17n;
        x ^= y ^ (arith ? sar(y, 26n) : y >> 26n);
        high = x;
        return (x + y) & M;
      };
      step(false); // setSeed's advance, in C++
      const expected = Array.from({ length: 500 }, () => Number(step(true) & ((1n << 53n) - 1n)) / 2 ** 53);
      const e = create({ seed, variant: 'jsc-jit-sar' });
      expect(Array.from({ length: 500 }, () => e.random())).toEqual(expected);
      // it differs from the logical-shift stream once a shifted word has its top bit set
      const logical = create({ seed, flavor: 'jsc' });
      const l = Array.from({ length: 500 }, () => logical.random());
      expect(l).not.toEqual(expected);
      // state round trip, clone and fill agree
      const f = create({ seed, variant: 'jsc-jit-sar' });
      const c = create({ state: f.getState(), variant: 'jsc-jit-sar' });
      expect(Array.from(c.clone().fill(new Float64Array(500)))).toEqual(expected);
    }
  });
});
