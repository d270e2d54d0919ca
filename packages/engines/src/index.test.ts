import { describe, expect, it } from 'vitest';
import { UnknownEngineError, doubleToHex } from '@emu/core';
import { NODE_RELEASES, PACKAGE_IDS, createEngine, findNodeRelease, knownEngineIds } from './index.js';

describe('@emu/engines', () => {
  it('resolves every package id', () => {
    for (const id of PACKAGE_IDS) expect(createEngine(id, { seed: 42 }).engine).toBe(id);
  });

  it('resolves node@VERSION and node@LINE to a measured release', () => {
    expect(findNodeRelease('4.2.2')?.variant).toBe('v8-4.5-js');
    expect(findNodeRelease('0.12')?.node).toBe('0.12.18');
    expect(findNodeRelease('4')?.node).toBe(NODE_RELEASES.filter((r) => r.node.startsWith('4.')).at(-1)!.node);
    expect(findNodeRelease('4.2')?.node).toBe('4.2.2');
    expect(findNodeRelease('99')).toBeUndefined();
  });

  it('an unknown id is an UnknownEngineError listing the known ids', () => {
    expect(() => createEngine('chakra', { seed: 1 })).toThrow(UnknownEngineError);
    expect(() => createEngine('node@99.1', { seed: 1 })).toThrow(/unknown engine "node@99.1"; known engines: v8-2015, /);
    expect(knownEngineIds()).toContain('node@4.2.2');
  });

  it('node@ ids with a seed differ from the bare package seeding when Node drew first', () => {
    const viaNode = createEngine('node@4.2.2', { seed: 42 });
    const bare = createEngine('v8-2015', { seed: 42, variant: 'v8-4.5-js' });
    expect(doubleToHex(viaNode.random())).not.toBe(doubleToHex(bare.random()));
  });
});
