import { readFileSync, readdirSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { doubleToHex, hexToDouble } from '@emu/core';
import { resolveEngine } from '@emu/engines';
import { create } from '@emu/xorshift128plus';
import { JSC_SEED_MAX_CALLS, bucketRange, parseUuids, predict, searchJscSeed, searchJscSeedTop, searchJscSeedWithin } from './index.js';
import { useJscBuckets } from './jsc-seed.js';
import { jscKernel, useJscKernel } from './jsc-kernel.js';
// @ts-expect-error: a plain .mjs script without types
import { assemble, render } from '../wasm/build.mjs';

describe('JavaScriptCore: the realm seed from its first value', () => {
  it.each(['jsc', 'jsc-jit-sar'] as const)('%s: the first value of any 32-bit seed gives that seed back, and only seeds that give it (fast-check)', (variant) => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 2 ** 32 - 1 }), (seed) => {
        const first = create({ seed, variant }).random();
        const r = searchJscSeed(first, variant);
        expect(r.complete).toBe(true);
        expect(r.seeds).toContain(seed);
        for (const s of r.seeds) expect(create({ seed: s, variant }).random()).toBe(first);
      }),
      { numRuns: 200 },
    );
  });

  it('the real builds\' recorded values (tooling/conformance/fixtures: Debian jsc 2.50.6, every Bun build, forced seeds): the first value gives back the seed each was forced to', () => {
    const dir = new URL('../../../tooling/conformance/fixtures/', import.meta.url);
    let checked = 0;
    for (const f of readdirSync(dir).filter((x) => /^(bun-[\d.]+|jsc-webkitgtk-[\d.]+)\.json$/.test(x))) {
      const golden = JSON.parse(readFileSync(new URL(f, dir), 'utf8')) as { version: string; seeds: Record<string, string[]> };
      const variant = f.startsWith('jsc') ? 'jsc' : resolveEngine(`bun@${golden.version}`).embedder!.release.variant;
      expect(['jsc', 'jsc-jit-sar'], f).toContain(variant);
      for (const [seed, hex] of Object.entries(golden.seeds)) {
        expect(searchJscSeed(hexToDouble(hex[0]!), variant as 'jsc' | 'jsc-jit-sar').seeds, `${f} seed ${seed}`).toEqual([Number(seed)]);
        checked++;
      }
    }
    expect(checked).toBeGreaterThanOrEqual(17 * 3 + 4);
  });

  it('no seed for a value no seed gives: off the 2^-53 grid, or from a state no 32-bit seed makes', () => {
    expect(searchJscSeed(0.1 + 2 ** -60, 'jsc').seeds).toEqual([]);
    expect(searchJscSeed(0.3, 'jsc').seeds.every((s) => create({ seed: s, variant: 'jsc' }).random() === 0.3)).toBe(true);
    const e = create({ state: ['0x0123456789abcdef', '0xfedcba9876543210'], variant: 'jsc' });
    expect(searchJscSeed(e.random(), 'jsc').seeds).toEqual([]);
  });

  it('predict --from-start on jsc and Bun ≤ 1.3.5: one value gives every later one, bit for bit; a stream that no seed made falls back to the 128-bit search', () => {
    for (const [id, variant] of [['jsc@17', 'jsc'], ['bun@1.2.0', 'jsc-jit-sar'], ['bun@1.4.5', 'jsc']] as const) {
      for (const seed of [1, 42, 3_141_592_653, 2 ** 32 - 1]) {
        const e = create({ seed, variant });
        const xs = Array.from({ length: 21 }, () => e.random());
        const r = predict(id, xs.slice(0, 1), 20, 0, { fromStart: true });
        expect(r.kind, `${id} seed ${seed}: ${r.note}`).toBe('ok');
        if (r.kind === 'ok') {
          expect(r.next.map(doubleToHex)).toEqual(xs.slice(1).map(doubleToHex));
          expect(r.note).toContain(`seed ${seed} `);
        }
        // Without fromStart nothing says the value is the realm's first: not enough.
        expect(predict(id, xs.slice(0, 1), 1, 0).kind).toBe('insufficient');
      }
    }
    // A state no seed makes (an embedder that seeds otherwise), from its first call: no seed fits, the 128-bit search answers from 3.
    const e = create({ state: ['0x0123456789abcdef', '0xfedcba9876543210'], variant: 'jsc' });
    const xs = Array.from({ length: 5 }, () => e.random());
    expect(predict('jsc@17', xs.slice(0, 1), 1, 0, { fromStart: true }).kind).toBe('insufficient');
    const r = predict('jsc@17', xs.slice(0, 3), 2, 0, { fromStart: true });
    expect(r.kind, r.note).toBe('ok');
    if (r.kind === 'ok') expect(r.next.map(doubleToHex)).toEqual(xs.slice(3).map(doubleToHex));
  });

  it('buckets from the first call: the seed from the top bits of each sum (hex digits, IDs of 64, percentages), complete; every seed found fits', () => {
    for (const variant of ['jsc', 'jsc-jit-sar'] as const) {
      for (const [n, count] of [[16, 31], [64, 8], [100, 12]] as const) {
        for (const seed of [7, 99_999, 2 ** 31 + 12_345]) {
          const e = create({ seed, variant });
          const obs = Array.from({ length: count }, () => ({ n, value: Math.floor(e.random() * n) }));
          const fits = (s: number) => {
            const g = create({ seed: s, variant });
            return obs.every((o) => Math.floor(g.random() * n) === o.value);
          };
          const r = searchJscSeedTop(obs.map((o) => [bucketRange(o, 53)]), variant, fits);
          expect(r.complete, `${variant} ⌊x·${n}⌋ × ${count} seed ${seed}`).toBe(true);
          expect(r.seeds, `${variant} ⌊x·${n}⌋ × ${count} seed ${seed}`).toContain(seed);
          for (const s of r.seeds) expect(fits(s)).toBe(true);
        }
      }
    }
  });

  it('one UUID from a fresh JavaScriptCore realm (jsc, Bun ≤ 1.3.5, Bun ≥ 1.3.6) gives every later one; the real builds\' recorded values as hex digits give back their forced seeds', () => {
    const uuidOf = (next: () => number) => 'xxxxxxxx-xxxx-4xxx-yxxx-xxxxxxxxxxxx'.replace(/[xy]/g, (c) => {
      const r = (next() * 16) | 0;
      return (c === 'x' ? r : (r & 3) | 8).toString(16);
    });
    for (const [id, variant] of [['jsc@17', 'jsc'], ['bun@1.2.0', 'jsc-jit-sar'], ['bun@1.4.5', 'jsc']] as const) {
      for (const seed of [1, 20_261_205, 2 ** 32 - 1]) {
        const e = create({ seed, variant });
        const uuids = Array.from({ length: 3 }, () => uuidOf(() => e.random()));
        const r = predict(id, parseUuids(uuids[0]!), 2 * 31, 0, { bucket: 16, fromStart: true });
        expect(r.kind, `${id} seed ${seed}: ${r.note}`).toBe('ok');
        if (r.kind === 'ok') {
          const g = create({ seed, variant });
          const xs = Array.from({ length: 93 }, () => g.random());
          expect(r.next.map(doubleToHex)).toEqual(xs.slice(31).map(doubleToHex));
        }
      }
    }
    const dir = new URL('../../../tooling/conformance/fixtures/', import.meta.url);
    let checked = 0;
    for (const f of readdirSync(dir).filter((x) => /^(bun-[\d.]+|jsc-webkitgtk-[\d.]+)\.json$/.test(x))) {
      const golden = JSON.parse(readFileSync(new URL(f, dir), 'utf8')) as { version: string; seeds: Record<string, string[]> };
      const variant = (f.startsWith('jsc') ? 'jsc' : resolveEngine(`bun@${golden.version}`).embedder!.release.variant) as 'jsc' | 'jsc-jit-sar';
      for (const [seed, hex] of Object.entries(golden.seeds)) {
        const obs = hex.slice(0, 31).map((h) => ({ n: 16, value: Math.floor(hexToDouble(h) * 16) }));
        const fits = (s: number) => {
          const g = create({ seed: s, variant });
          return obs.every((o) => Math.floor(g.random() * 16) === o.value);
        };
        expect(searchJscSeedTop(obs.map((o) => [bucketRange(o, 53)]), variant, fits).seeds, `${f} seed ${seed}`).toEqual([Number(seed)]);
        checked++;
      }
    }
    expect(checked).toBeGreaterThanOrEqual(55);
  });

  it('coin flips and thirds (p = 1: every constraint allows as many settings as its forms can take) do not start the walk — it could only enumerate seeds up to its cap (6–12 s in an audit, 2026-12-05); n = 4 and dice still give the seed', () => {
    for (const n of [2, 3]) {
      const e = create({ seed: 3_269_359_222, variant: 'jsc' });
      const obs = Array.from({ length: 80 }, () => ({ n, value: Math.floor(e.random() * n) }));
      const r = searchJscSeedTop(obs.map((o) => [bucketRange(o, 53)]), 'jsc', () => true);
      expect([r.complete, r.nodes, r.seeds]).toEqual([false, 0, []]);
    }
    for (const [n, count] of [[4, 40], [6, 20]] as const) {
      const e = create({ seed: 3_269_359_222, variant: 'jsc' });
      const obs = Array.from({ length: count }, () => ({ n, value: Math.floor(e.random() * n) }));
      const fits = (s: number) => {
        const g = create({ seed: s, variant: 'jsc' });
        return obs.every((o) => Math.floor(g.random() * n) === o.value);
      };
      const r = searchJscSeedTop(obs.map((o) => [bucketRange(o, 53)]), 'jsc', fits);
      expect([r.complete, r.seeds], `⌊x·${n}⌋ × ${count}`).toEqual([true, [3_269_359_222]]);
    }
  }, 60_000);

  it('a residue of a fine bucket (⌊x·10^6⌋ % 4: 250,000 ranges) is checked, not walked — once a stack overflow (an audit, 2026-12-05)', () => {
    const e = create({ seed: 2394579474, variant: 'jsc' });
    const xs = Array.from({ length: 33 }, () => e.random());
    const n = 1_000_000;
    const obs = xs.slice(0, 13).map((x, i) => (i === 7 ? { n, mod: 4, value: Math.floor(x * n) % 4 } : { n, value: Math.floor(x * n) }));
    const r = predict('jsc@10', obs, 20, 0, { fromStart: true });
    expect(r.kind, r.note).toBe('ok');
    if (r.kind === 'ok') expect(r.next.map(doubleToHex)).toEqual(xs.slice(13).map(doubleToHex));
  });
});

describe('JavaScriptCore mid-stream: the realm seed and the call index from two values', () => {
  const goldens = () => {
    const dir = new URL('../../../tooling/conformance/fixtures/', import.meta.url);
    return readdirSync(dir)
      .filter((x) => /^(bun-[\d.]+|jsc-webkitgtk-[\d.]+)\.json$/.test(x))
      .map((f) => {
        const golden = JSON.parse(readFileSync(new URL(f, dir), 'utf8')) as { version: string; seeds: Record<string, string[]> };
        const variant = (f.startsWith('jsc') ? 'jsc' : resolveEngine(`bun@${golden.version}`).embedder!.release.variant) as 'jsc' | 'jsc-jit-sar';
        return { f, id: f.startsWith('jsc') ? 'jsc@17' : `bun@${golden.version}`, variant, seeds: golden.seeds };
      });
  };

  it('the real builds\' recorded values (Debian jsc 2.50.6, every Bun build, forced seeds): two consecutive values at calls 37 and 150 give back the seed and the call, and predict gives the rest of the recording bit for bit', () => {
    let checked = 0;
    for (const { f, id, variant, seeds } of goldens()) {
      for (const [seed, hex] of Object.entries(seeds)) {
        for (const k of [37, 150]) {
          const r = searchJscSeedWithin(hex.slice(k, k + 2).map(hexToDouble), variant)!;
          expect(r.complete, `${f} seed ${seed} at ${k}`).toBe(true);
          expect([r.seeds, r.calls], `${f} seed ${seed} at ${k}`).toEqual([[Number(seed)], [k]]);
        }
        const p = predict(id, hex.slice(37, 39).map(hexToDouble), 40, 37);
        expect(p.kind, `${f} seed ${seed}: ${p.note}`).toBe('ok');
        if (p.kind === 'ok') {
          expect(p.next.map(doubleToHex), `${f} seed ${seed}`).toEqual(hex.slice(39, 79));
          expect(p.previous.map(doubleToHex), `${f} seed ${seed}`).toEqual(hex.slice(0, 37));
        }
        checked++;
      }
    }
    expect(checked).toBeGreaterThanOrEqual(17 * 3 + 4);
  }, 300_000);

  it.each(['jsc', 'jsc-jit-sar'] as const)('%s: any seed, any call below 1,024, two values: that seed and call, nothing else (fast-check)', (variant) => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 2 ** 32 - 1 }), fc.integer({ min: 0, max: JSC_SEED_MAX_CALLS - 1 }), (seed, k) => {
        const e = create({ seed, variant });
        e.skip(k);
        const r = searchJscSeedWithin([e.random(), e.random()], variant)!;
        expect(r.complete).toBe(true);
        expect(r.seeds).toEqual([seed]);
        expect(r.calls).toEqual([k]);
      }),
      { numRuns: 25 },
    );
  }, 60_000);

  it('the first calls of a realm too (where the words are still simple functions of the seed), and a pair after unseen calls or buckets', () => {
    for (const variant of ['jsc', 'jsc-jit-sar'] as const) {
      for (let k = 0; k < 6; k++) {
        const e = create({ seed: 0x9e3779b9, variant });
        e.skip(k);
        expect(searchJscSeedWithin([e.random(), e.random()], variant)!.seeds, `${variant} at ${k}`).toEqual([0x9e3779b9]);
      }
      const e = create({ seed: 4_000_000_007 % 2 ** 32, variant });
      e.skip(300);
      const xs = Array.from({ length: 5 }, () => e.random());
      // A bucket and an unseen call first: the pair after them, and its call counted from the first observation.
      const r = searchJscSeedWithin([{ n: 64, value: Math.floor(xs[0]! * 64) }, null, xs[2]!, xs[3]!, xs[4]!], variant)!;
      expect([r.seeds, r.calls]).toEqual([[4_000_000_007 % 2 ** 32], [300]]);
      expect(searchJscSeedWithin([xs[0]!, null, xs[2]!], variant)).toBeUndefined();
    }
  }, 60_000);

  it('predict without a position: 2 values name the seed (the realm\'s earlier calls only, none before its first); further back than 1,024 calls, or a state no seed made: not enough, never a guess', () => {
    for (const [id, variant] of [['jsc@17', 'jsc'], ['bun@1.2.0', 'jsc-jit-sar'], ['bun@1.4.5', 'jsc']] as const) {
      const e = create({ seed: 20_261_205, variant });
      const xs = Array.from({ length: 6000 }, () => e.random());
      const r = predict(id, xs.slice(3, 5), 20, 10);
      expect(r.kind, `${id}: ${r.note}`).toBe('ok');
      if (r.kind === 'ok') {
        expect(r.previous.map(doubleToHex)).toEqual(xs.slice(0, 3).map(doubleToHex));
        expect(r.next.map(doubleToHex)).toEqual(xs.slice(5, 25).map(doubleToHex));
        expect(r.note).toContain('made 3 calls before');
      }
      // 5,000 calls in: not searched — 2 values leave the state open; 3 settle it (the 128-bit
      // search; 4 on the JIT's step, which forgets a direction).
      expect(predict(id, xs.slice(5000, 5002), 1, 0).kind).toBe('insufficient');
      const m = variant === 'jsc-jit-sar' ? 4 : 3;
      const more = predict(id, xs.slice(5000, 5000 + m), 5, 0);
      expect(more.kind, more.note).toBe('ok');
      if (more.kind === 'ok') expect(more.next.map(doubleToHex)).toEqual(xs.slice(5000 + m, 5005 + m).map(doubleToHex));
      // identify does not run the seed search (bounded time).
      expect(predict(id, xs.slice(3, 5), 1, 0, { seedWithin: false }).kind).toBe('insufficient');
    }
    const g = create({ state: ['0x0123456789abcdef', '0xfedcba9876543210'], variant: 'jsc' });
    expect(predict('jsc@17', [g.random(), g.random()], 1, 0).kind).toBe('insufficient');
  }, 60_000);

  it('jsc-wasm.ts is what jsc.wat assembles to; the kernel is there in Node (so the tests below compare two paths)', async () => {
    const committed = readFileSync(new URL('./jsc-wasm.ts', import.meta.url), 'utf8');
    expect(render(await assemble('jsc.wat'), 'jsc.wat')).toBe(committed);
    expect(jscKernel()).not.toBeNull();
  });

  it('mid-stream: WebAssembly (elimination and bucketed loop) and JavaScript, the buckets and every tuple tried, give the same seeds, calls and candidates (random seeds and call indices, both steps; values no seed makes)', () => {
    fc.assert(
      fc.property(fc.constantFrom<'jsc' | 'jsc-jit-sar'>('jsc', 'jsc-jit-sar'), fc.integer({ min: 1, max: 2 ** 32 - 1 }), fc.integer({ min: 0, max: 300 }), fc.boolean(), (variant, seed, k, noise) => {
        const e = create({ seed, variant });
        e.skip(k);
        const xs = [e.random(), e.random()];
        // half the runs: the second value's low bits changed (most likely no seed fits)
        if (noise) xs[1] = (Math.floor(xs[1]! * 2 ** 53) ^ 0x155) / 2 ** 53;
        const runs: unknown[] = [];
        for (const [kernelOn, bucketsOn] of [[true, true], [false, true], [true, false], [false, false]] as const) {
          useJscKernel(kernelOn);
          useJscBuckets(bucketsOn);
          try {
            const r = searchJscSeedWithin(xs, variant, 320)!;
            runs.push([r.seeds, r.calls, r.tried, r.complete, r.candidates]);
          } finally {
            useJscKernel(true);
            useJscBuckets(true);
          }
        }
        for (const r of runs.slice(1)) expect(r).toEqual(runs[0]);
        if (!noise) expect((runs[0] as number[][])[0]).toContain(seed);
      }),
      { numRuns: 16 },
    );
  }, 300_000);
});
