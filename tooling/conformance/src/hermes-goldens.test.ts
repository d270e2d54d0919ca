/**
 * Hermes against real binaries and the real C++ library code its mathRandom calls, recorded by
 * scripts/record-hermes.mjs:
 *  - hermes-cli.json: npm hermes-engine-cli 0.5.0 … 0.12.0 (linux64), unseeded, 1,002 values each.
 *    No build takes a seed, so each run is proven by recovery: the minstd state from the first 2
 *    values, then the next 1,000 bit for bit through the registry id hermes@VERSION.
 *  - hermes-libstdcxx.json: both mathRandom bodies built by g++ (libstdc++): seeded goldens, and an
 *    mt19937_64 run seeded the way Hermes seeds it, whose seed the first 622 values recover.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { doubleToHex, hexToDouble } from '@emu/core';
import { createEngine, resolveEngine } from '@emu/engines';
import { recoverMinstd, recoverMt64Seed } from '@emu/hermes';
import { predict } from '@emu/recover';

const FIXTURES = new URL('../fixtures/', import.meta.url);
const load = <T>(name: string): T => JSON.parse(readFileSync(new URL(name, FIXTURES), 'utf8')) as T;
const take = (e: { random(): number }, n: number): string[] => Array.from({ length: n }, () => doubleToHex(e.random()));

interface CliBuild { package: string; release: string; exit: number | string; secondRunFirstValues: string[]; stableInstructionCountFirstValues: string[]; values: string[] }

describe('Hermes (hermes-engine-cli from npm, unseeded): the state from 2 values, the next 1,000 predicted', () => {
  const { builds } = load<{ builds: Record<string, CliBuild> }>('hermes-cli.json');
  it('every release on npm was recorded', () => {
    expect(Object.keys(builds)).toEqual(['0.5.0', '0.5.1', '0.7.0', '0.7.2', '0.8.1', '0.9.0', '0.10.0', '0.11.0', '0.12.0']);
  });
  for (const [version, b] of Object.entries(builds)) {
    it(`${b.package} (Hermes release ${b.release}): hermes@${version}`, () => {
      expect(b.release).toBe(version);
      expect(b.values).toHaveLength(1002);
      const states = recoverMinstd(b.values.slice(0, 2).map(hexToDouble));
      expect(states).toHaveLength(1);
      const id = `hermes@${version}`;
      expect(resolveEngine(id).era?.variant).toBe('hermes-minstd');
      const e = createEngine(id, { state: states });
      expect(take(e, 1002)).toEqual(b.values);
      // unseeded: the second run started elsewhere
      expect(b.secondRunFirstValues).not.toEqual(b.values.slice(0, 2));
      expect(recoverMinstd(b.secondRunFirstValues.map(hexToDouble))).toHaveLength(1);
      // -Xstable-instruction-count ("fix random seed") does not seed Math.random: 0.5.0 … 0.11.0
      // throw at the call (a trace-replay build path), 0.12.0 still differs run to run
      const [s1, s2] = b.stableInstructionCountFirstValues;
      if (version === '0.12.0') expect(s1).not.toBe(s2);
      else for (const s of [s1, s2]) expect(s).toMatch(/Replay of Math\.random\(\) without a traced seed/);
    });
  }
});

interface Cxx { version: string; minstd: Record<string, string[]>; mt64: Record<string, string[]>; randomDevice: { seed: string; values: string[] } }

describe('Hermes\'s mathRandom bodies against the real libstdc++ (g++)', () => {
  const g = load<Cxx>('hermes-libstdcxx.json');
  for (const [seed, values] of Object.entries(g.minstd)) {
    it(`minstd_rand seeded with random_device value ${seed}: hermes@0.12.0 { seed } (${g.version})`, () => {
      expect(take(createEngine('hermes@0.12.0', { seed }), values.length)).toEqual(values);
    });
  }
  for (const [seed, values] of Object.entries(g.mt64)) {
    it(`mt19937_64 seeded with ${seed}: variant hermes-mt64-libstdcxx`, () => {
      expect(take(createEngine('hermes', { seed, variant: 'hermes-mt64-libstdcxx' }), values.length)).toEqual(values);
      // the registry's era (libc++) agrees wherever no value rounds to 1.0
      expect(take(createEngine('hermes@0.13.0', { seed }), values.length)).toEqual(values);
    });
  }
  it('seeded as Hermes does ((rd() << 32) | rd()): the first 622 values recover the seed, all 1,700 follow', () => {
    const values = g.randomDevice.values.map(hexToDouble);
    const r = recoverMt64Seed(values, 'hermes-mt64-libstdcxx');
    expect(r.seeds).toEqual([BigInt(g.randomDevice.seed)]);
    expect(take(createEngine('hermes@250829098.0.0', { seed: g.randomDevice.seed }), values.length)).toEqual(g.randomDevice.values);
  });
  it('mid-stream: predict takes 622 consecutive values from anywhere and gives the real values before and after', () => {
    const real = g.randomDevice.values;
    for (const at of [1, 313, 700, real.length - 622]) {
      const window = real.slice(at, at + 622).map(hexToDouble);
      const after = Math.min(300, real.length - at - 622);
      const before = Math.min(300, at);
      const r = predict('hermes@0.13.0', window, after, before);
      expect(r.kind).toBe('ok');
      if (r.kind !== 'ok') return;
      expect(r.next.map(doubleToHex)).toEqual(real.slice(at + 622, at + 622 + after));
      expect(r.previous.map(doubleToHex)).toEqual(real.slice(at - before, at));
    }
    // fewer: only the values every solution agrees on (none of the window's values k … 621; many from 623 on)
    for (const [at, k] of [[0, 400], [313, 550], [700, 621]] as const) {
      const r = predict('hermes@0.13.0', real.slice(at, at + k).map(hexToDouble), Math.min(500, real.length - at - k), Math.min(at, 200));
      expect(r.kind).toBe('partial');
      if (r.kind !== 'partial') return;
      const after = real.slice(at + k, at + k + 500);
      const before = real.slice(at - Math.min(at, 200), at);
      const fixed = [...r.next.map((x, i) => [x, after[i]] as const), ...r.previous.map((x, i) => [x, before[i]] as const)].filter(([x]) => x !== null);
      expect(fixed.length).toBeGreaterThan(0);
      for (const [x, value] of fixed) expect(doubleToHex(x!)).toBe(value);
      expect(r.next[0]).toBeNull();
    }
    // one value fewer: not enough, never a guess (621 values do not fix the next: packages/hermes/src/mt64-bound.test.ts)
    const short = predict('hermes@0.13.0', real.slice(5, 626).map(hexToDouble), 1, 0);
    expect(short.kind).toBe('insufficient');
    if (short.kind === 'insufficient') expect(short.need).toBe(1);
  });
});
