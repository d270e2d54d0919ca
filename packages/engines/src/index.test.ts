import { describe, expect, it } from 'vitest';
import { UnknownEngineError, doubleToHex } from '@emu/core';
import { ERAS, NODE_RELEASES, PACKAGE_IDS, createEngine, findNodeRelease, knownEngineIds, resolveEngine } from './index.js';

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
    expect(() => createEngine('node@99.1', { seed: 1 })).toThrow(/unknown engine "node@99.1"; known engines: node@26/);
    expect(() => createEngine('v8@3.20', { seed: 1 })).toThrow(/known engines: v8@3.11…<3.15, v8@3.26…<3.30/);
    expect(() => createEngine('chrome@12', { seed: 1 })).toThrow(UnknownEngineError);
    expect(() => createEngine('chakra@1.0', { seed: 1 })).toThrow(/not emulated/);
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
