import { describe, expect, it } from 'vitest';
import { InvalidOptionError, UnknownEngineError, doubleToHex, hexToDouble } from '@emu/core';
import {
  AmbiguousEngineError, ERAS, MAX_CHROME_MILESTONE, NODE_RELEASES, NODE_VERSIONS, PACKAGE_IDS, createEngine, eraId, findNodeRelease, knownEngineIds, resolveEngine, selectNodeVersions, v8RandomSeedFlag,
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
    expect(() => createEngine('node@99.1', { seed: 1 })).toThrow(/unknown engine "node@99.1"; nearest known ids: node@/);
    expect(() => createEngine('v8@0.0.5', { seed: 1 })).toThrow(/nearest known ids: v8@0.1…<1.2.8/);
    expect(() => createEngine('chrome@0', { seed: 1 })).toThrow(UnknownEngineError);
    expect(() => createEngine('opera@12', { seed: 1 })).toThrow(/not emulated: Presto.*stream cipher/);
    expect(() => createEngine('safari@4', { seed: 1 })).toThrow(/not emulated: WTF randomNumber\(\): arc4random/);
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
    ['v8@7.1', 'v8-7.1-s0-flagseed'],
    ['v8@7.2', 'v8-7.1-s0'],
    ['v8@14.9.207', 'v8-14.4-sum-53'],
    ['v8@15.0', 'v8-15.6-sum-53-asc'],
    ['chrome@149', 'v8-14.4-sum-53'],
    ['chrome@150', 'v8-15.6-sum-53-asc'],
    ['chrome@72', 'v8-7.1-s0'],
    ['chrome@45', 'v8-3.30-js'],
    ['chrome@47', 'v8-3.30-js'],
    ['chrome@48', 'v8-4.8-constructdouble'],
    ['v8@5.8.283', 'v8-5.6-lazy62'],
    ['safari@9.1', 'jsc-gamerand'],
    ['chakra@1.2', 'chakra'],
    ['chrome@49', 'v8-4.9-asc62'],
    ['chrome@71', 'v8-7.1-s0-flagseed'],
    ['chrome@136', 'v8-13.5-s0-53'],
    ['firefox@43', 'spidermonkey-lcg'],
    ['firefox@45', 'spidermonkey'],
    ['spidermonkey@102', 'spidermonkey'],
    ['safari@9', 'jsc-gamerand'],
    ['jsc@10', 'jsc'],
    // WebKitGTK's own numbering, as people type it: 2.10 branched before trunk r192855, 2.12 after.
    ['jsc@2.50', 'jsc'],
    ['jsc@2.50.6', 'jsc'],
    ['webkitgtk@2.12.0', 'jsc'],
    ['jsc@2.10.9', 'jsc-gamerand'],
    ['webkitgtk@2.4', 'jsc-gamerand'],
    // Safari 2.0.4 (not WebKitGTK): before GameRand, WTF's randomNumber() on arc4random — not emulated.
    ['jsc@2.0.4', undefined],
  ])('%s resolves to %s', (id, variant) => {
    expect(resolveEngine(id).era?.variant).toBe(variant);
  });

  it('WebKitGTK 2.11.x snapshots straddle the change and are refused with the reason', () => {
    expect(() => resolveEngine('jsc@2.11.2')).toThrow(/straddle .* ≤ 2\.10 is GameRand, ≥ 2\.12 xorshift128\+/);
    expect(() => resolveEngine('webkitgtk@3.0')).toThrow(/WebKitGTK versions are 2\.x/);
  });

  it('every era names its source, dates and what verified it', () => {
    for (const e of ERAS) {
      expect(e.source.repo).toMatch(/\//);
      expect(e.source.path.length).toBeGreaterThan(3);
      expect(e.verified.length).toBeGreaterThan(5);
      expect(e.dates.length).toBeGreaterThan(3);
    }
  });

  describe('issue 15', () => {
    it('every era id the registry prints (family@from…<to, family@from…) resolves to that era', () => {
      for (const e of ERAS) {
        const id = eraId(e);
        expect(id).toMatch(/^[a-z0-9]+@[0-9.]+…(<[0-9.]+)?$/);
        expect(resolveEngine(id).era).toBe(e);
      }
      expect(createEngine('v8@3.11…<3.15', { seed: 42 }).variant).toBe('v8-3.11-cpp');
      // Every id knownEngineIds() lists resolves too.
      for (const id of knownEngineIds()) expect(() => resolveEngine(id), id).not.toThrow();
    });

    it('an unknown id lists at most 8 nearest known ids, on one short line', () => {
      for (const id of ['nope', 'v8@0.0.1', 'node@99.1', 'chrome@0', 'firefox@x', 'v8-2016', 'node@4.2.9']) {
        let e: UnknownEngineError | undefined;
        try {
          resolveEngine(id);
        } catch (x) {
          e = x as UnknownEngineError;
        }
        expect(e, id).toBeInstanceOf(UnknownEngineError);
        expect(e!.known.length, id).toBeLessThanOrEqual(8);
        expect(e!.known.length, id).toBeGreaterThan(0);
        expect(e!.message.length, id).toBeLessThan(300);
        expect(e!.message).not.toContain('\n');
      }
      expect(() => resolveEngine('v8-2016')).toThrow(/nearest known ids: v8-2015/);
      expect(() => resolveEngine('node@4.2.9')).toThrow(/nearest known ids: node@4\.2\.5, .*node@4\.2\.2/);
    });

    it(`chrome@ milestones beyond the newest the registry knows (${MAX_CHROME_MILESTONE}) are refused, naming it`, () => {
      expect(resolveEngine(`chrome@${MAX_CHROME_MILESTONE}`).era?.variant).toBeDefined();
      expect(() => resolveEngine(`chrome@${MAX_CHROME_MILESTONE + 1}`)).toThrow(UnknownEngineError);
      expect(() => resolveEngine('chrome@999')).toThrow(new RegExp(`chrome@999.*newest.*${MAX_CHROME_MILESTONE}`));
    });

    it('options that do not apply to the engine are refused, not ignored', () => {
      expect(() => createEngine('v8-2015', { seed: 1, flavor: 'jsc' })).toThrow(/flavor "jsc".*v8-2015/);
      expect(() => createEngine('v8-patched', { seed: 1, flavor: 'v8' })).toThrow(InvalidOptionError);
      expect(() => createEngine('node@4.2.2', { seed: 1, variant: 'v8-3.11-cpp' })).toThrow(/variant "v8-3.11-cpp".*node@4.2.2.*v8-3.30-js/);
      expect(() => createEngine('node@20', { seed: 1, flavor: 'jsc' })).toThrow(InvalidOptionError);
      expect(() => createEngine('v8@4.2', { seed: 1, variant: 'v8-3.11-cpp' })).toThrow(InvalidOptionError);
      // Where they apply, they still work.
      expect(createEngine('xorshift128plus', { state: ['0x1', '0x2'], flavor: 'spidermonkey' }).variant).toBe('spidermonkey');
      expect(createEngine('v8-2015', { seed: 1, variant: 'v8-3.30-js' }).variant).toBe('v8-3.30-js');
    });
  });
});
