import { describe, expect, it } from 'vitest';
import { UnknownEngineError, doubleToHex, hexToDouble } from '@emu/core';
import {
  AmbiguousEngineError, ERAS, NODE_RELEASES, NODE_VERSIONS, PACKAGE_IDS, createEngine, findNodeRelease, knownEngineIds, resolveEngine, selectNodeVersions, v8RandomSeedFlag,
} from './index.js';

const hex = (emu: { random(): number }, n: number) => Array.from({ length: n }, () => doubleToHex(emu.random()));

describe('@emu/engines', () => {
  it('resolves every package id', () => {
    for (const id of PACKAGE_IDS) expect(createEngine(id, { seed: 42 }).engine).toBe(id);
  });

  it('findNodeRelease takes exact versions only', () => {
    expect(findNodeRelease('0.10.0')?.variant).toBe('v8-3.11-cpp');
    expect(findNodeRelease('0.10')).toBeUndefined();
    expect(findNodeRelease('99')).toBeUndefined();
  });

  it('node@ specs: lines (4, 4.x, 4.2, 4.2.x) and comparator ranges over every published version', () => {
    expect(selectNodeVersions('0.10')).toEqual(NODE_VERSIONS.filter((v) => v.startsWith('0.10.')));
    expect(selectNodeVersions('0.10.x')).toEqual(selectNodeVersions('0.10'));
    expect(selectNodeVersions('>=0.10.2 <0.10.5')).toEqual(['0.10.2', '0.10.3', '0.10.4']);
    expect(selectNodeVersions('0.10.4')).toEqual(['0.10.4']);
    expect(selectNodeVersions('4.x')).toContain('4.1.0-pkg1');
    expect(selectNodeVersions('banana')).toBeUndefined();
    expect(NODE_VERSIONS.length).toBeGreaterThanOrEqual(683);
    // Every release of a line agreeing: 0.10 (seeded per context, no start-up draws) resolves to its newest.
    const r = resolveEngine('node@>=0.10.2 <0.10.5');
    expect(r.node?.node).toBe('0.10.4');
    expect(r.releases).toEqual(['0.10.2', '0.10.3', '0.10.4']);
  });

  it('a spec whose releases behave differently is refused with the groups', () => {
    const fake = (node: string, draws: number) => ({ ...findNodeRelease('0.10.0')!, node, rngDrawsBefore: { file: draws, eval: draws, stdin: draws } });
    const e = new AmbiguousEngineError('node@9', [[fake('0.10.0', 1), fake('0.10.1', 1)], [fake('0.10.2', 2)]]);
    expect(e.message).toMatch(/node@9 names 3 releases that do not all behave alike/);
    expect(e.message).toMatch(/isolate-RNG draws before the context's state: 2/);
    expect(e.groups.map((g) => g.releases)).toEqual([['0.10.0', '0.10.1'], ['0.10.2']]);
  });

  it('--random_seed as V8 parses it: the low 32 bits of a strtol long, 0 = unseeded', () => {
    expect(v8RandomSeedFlag('4294967295')).toBe(-1);
    expect(v8RandomSeedFlag(4294967295)).toBe(-1);
    expect(v8RandomSeedFlag(2147483648n)).toBe(-2147483648);
    expect(v8RandomSeedFlag('99999999999999999999999')).toBe(-1); // strtol saturates at 2^63 − 1
    expect(v8RandomSeedFlag('+7')).toBe(7);
    expect(() => v8RandomSeedFlag('4294967296')).toThrow(/unseeded/);
    expect(() => v8RandomSeedFlag(0)).toThrow(/no seed/);
    expect(() => v8RandomSeedFlag('1e3')).toThrow(/"1e3"/);
    expect(() => v8RandomSeedFlag(1.5)).toThrow(/1.5/);
    expect(doubleToHex(createEngine('node@0.10.0', { seed: '4294967295' }).random())).toBe(doubleToHex(createEngine('node@0.10.0', { seed: -1 }).random()));
  });

  it('firstValue finds the start-up position and continues from there; errors name the searched range', () => {
    const lazy = findNodeRelease('6.0.0') ?? NODE_RELEASES.find((r) => r.lazy);
    if (lazy) {
      const ref = createEngine(`node@${lazy.node}`, { seed: 99, rngDrawsBefore: 777 });
      const want = hex(ref, 5);
      expect(hex(createEngine(`node@${lazy.node}`, { seed: 99, firstValue: want[0]!, searchLimit: 2000 }), 5)).toEqual(want);
      expect(hex(createEngine(`node@${lazy.node}`, { seed: 99, firstValue: [hexToDouble(want[0]!)], searchFrom: 700, searchLimit: 800 }), 5)).toEqual(want);
      expect(() => createEngine(`node@${lazy.node}`, { seed: 99 })).toThrow(/give firstValue/);
      expect(() => createEngine(`node@${lazy.node}`, { seed: 99, firstValue: want[0]!, searchLimit: 500 })).toThrow(/searched 0…500/);
      expect(() => createEngine(`node@${lazy.node}`, { seed: 99, firstValue: 'zz' })).toThrow(/"zz"/);
      expect(() => createEngine(`node@${lazy.node}`, { seed: 99, firstValue: 1.5 })).toThrow(/1.5/);
    }
    const fresh = hex(createEngine('node@0.10.0', { seed: 5 }), 30);
    expect(hex(createEngine('node@0.10.0', { seed: 5, firstValue: [fresh[20]!, fresh[21]!] }), 3)).toEqual(fresh.slice(20, 23));
    expect(() => createEngine('node@0.10.0', { seed: 5, realm: -1 })).toThrow(/realm/);
  });

  it('an unknown id is an UnknownEngineError listing the known ids', () => {
    expect(() => createEngine('chakra', { seed: 1 })).toThrow(UnknownEngineError);
    expect(() => createEngine('node@99.1', { seed: 1 })).toThrow(/unknown engine "node@99.1"; known engines: node@/);
    expect(() => createEngine('v8@3.20', { seed: 1 })).toThrow(/known engines: v8@3.11…<3.15, v8@3.26…<3.30/);
    expect(() => createEngine('chrome@12', { seed: 1 })).toThrow(UnknownEngineError);
    expect(() => createEngine('chakra@1.0', { seed: 1 })).toThrow(/not emulated/);
    expect(() => createEngine(`node@${NODE_RELEASES.find((r) => r.lazy)?.node ?? '6.0.0'}`, { seed: 1, rngDrawsBefore: -1 })).toThrow(/rngDrawsBefore/);
    expect(knownEngineIds()).toContain('node@0.10.0');
  });

  it('node@ ids with a seed differ from the bare package seeding when Node drew first', () => {
    const viaNode = createEngine(`node@${NODE_RELEASES.find((r) => r.variant === 'v8-3.30-js')!.node}`, { seed: 42 });
    const bare = createEngine('v8-2015', { seed: 42, variant: 'v8-3.30-js' });
    expect(doubleToHex(viaNode.random())).not.toBe(doubleToHex(bare.random()));
  });

  it.each([
    ['v8@4.5.103.35', 'v8-3.30-js'],
    ['v8@3.14.5', 'v8-3.11-cpp'],
    ['v8@4.9.40', 'v8-4.9-patched'],
    ['v8@4.9.41', 'v8-4.9-asc62'],
    ['v8@7.0.276', 'v8-5.9-seeded62'],
    ['v8@7.1', 'v8-7.1-s0'],
    ['chrome@45', 'v8-3.30-js'],
    ['chrome@47', 'v8-3.30-js'],
    ['chrome@48', 'v8-4.8-constructdouble'],
    ['v8@5.8.283', 'v8-5.6-lazy62'],
    ['safari@9.1', 'jsc-gamerand'],
    ['chakra@1.2', 'chakra'],
    ['chrome@49', 'v8-4.9-asc62'],
    ['chrome@71', 'v8-7.1-s0'],
    ['chrome@136', 'v8-13.5-s0-53'],
    ['firefox@43', 'spidermonkey-lcg'],
    ['firefox@45', 'spidermonkey'],
    ['spidermonkey@102', 'spidermonkey'],
    ['safari@9', 'jsc-gamerand'],
    ['jsc@10', 'jsc'],
  ])('%s resolves to %s', (id, variant) => {
    expect(resolveEngine(id).era?.variant).toBe(variant);
  });

  it('every era names its source, dates and what verified it', () => {
    for (const e of ERAS) {
      expect(e.source.repo).toMatch(/\//);
      expect(e.source.path.length).toBeGreaterThan(3);
      expect(e.verified.length).toBeGreaterThan(5);
      expect(e.dates.length).toBeGreaterThan(3);
    }
  });
});
