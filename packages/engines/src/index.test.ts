import { describe, expect, it } from 'vitest';
import { InvalidOptionError, UnknownEngineError, doubleToHex } from '@emu/core';
import { ERAS, MAX_CHROME_MILESTONE, NODE_RELEASES, PACKAGE_IDS, createEngine, eraId, findNodeRelease, knownEngineIds, resolveEngine } from './index.js';

describe('@emu/engines', () => {
  it('resolves every package id', () => {
    for (const id of PACKAGE_IDS) expect(createEngine(id, { seed: 42 }).engine).toBe(id);
  });

  it('resolves node@VERSION and node@LINE to a measured release', () => {
    expect(findNodeRelease('4.2.2')?.variant).toBe('v8-3.30-js');
    expect(findNodeRelease('0.12')?.node).toBe('0.12.18');
    expect(findNodeRelease('4')?.node).toBe(NODE_RELEASES.filter((r) => r.node.startsWith('4.')).at(-1)!.node);
    expect(findNodeRelease('4.2')?.node).toBe('4.2.2');
    expect(findNodeRelease('99')).toBeUndefined();
  });

  it('an unknown id is an UnknownEngineError listing the known ids', () => {
    expect(() => createEngine('chakra', { seed: 1 })).toThrow(UnknownEngineError);
    expect(() => createEngine('node@99.1', { seed: 1 })).toThrow(/unknown engine "node@99.1"; nearest known ids: node@26/);
    expect(() => createEngine('v8@0.0.5', { seed: 1 })).toThrow(/nearest known ids: v8@0.1…<1.2.8/);
    expect(() => createEngine('chrome@0', { seed: 1 })).toThrow(UnknownEngineError);
    expect(() => createEngine('opera@12', { seed: 1 })).toThrow(/not emulated: Presto.*stream cipher/);
    expect(() => createEngine('safari@4', { seed: 1 })).toThrow(/not emulated: WTF randomNumber\(\): arc4random/);
    expect(() => createEngine('node@6.0.0', { seed: 1, rngDrawsBefore: -1 })).toThrow(/rngDrawsBefore/);
    expect(knownEngineIds()).toContain('node@4.2.2');
  });

  it('node@ ids with a seed differ from the bare package seeding when Node drew first', () => {
    const viaNode = createEngine('node@4.2.2', { seed: 42 });
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
      expect(() => resolveEngine('node@4.2.9')).toThrow(/nearest known ids: node@4.2.2/);
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
