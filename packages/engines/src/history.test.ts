import { describe, expect, it } from 'vitest';
import { InvalidSeedError, UnknownEngineError, doubleToHex } from '@emu/core';
import { create as createJscript } from '@emu/jscript-lcg';
import { CHROME_EARLY_V8, ERAS, chromeToV8, createEngine, resolveEngine } from './index.js';

describe('historical engines in the registry', () => {
  it.each([
    ['chrome@1', 'v8-0.1-msvcrt'],
    ['chrome@2', 'v8-0.1-msvcrt'],
    ['chrome@3', 'v8-1.2.8-smi30'],
    ['chrome@5', 'v8-1.2.8-smi30'],
    ['chrome@6', 'v8-2.2-cpp32'],
    ['chrome@13', 'v8-2.2-cpp32'],
    ['chrome@14', 'v8-3.11-cpp'],
    ['chrome@21', 'v8-3.11-cpp'],
    ['chrome@28', 'v8-3.11-cpp'],
    ['v8@1.2.7', 'v8-0.1-msvcrt'],
    ['v8@1.2.8', 'v8-1.2.8-smi30'],
    ['v8@2.2.2', 'v8-2.2-cpp32'],
    ['v8@3.4.9', 'v8-3.11-cpp'],
    ['v8@3.21.13', 'v8-3.21-cpp'],
    ['v8@3.23.11', 'v8-3.26-js'],
    ['ie@6', 'jscript-lcg'],
    ['ie@8', 'jscript-lcg'],
    ['ie@9', 'chakra-lcg'],
    ['ie@11', 'chakra-lcg'],
    ['edge@12', 'chakra-lcg'],
    ['edge@13', 'chakra-lcg'],
    ['edge@14', 'chakra'],
    ['edge@18', 'chakra'],
    ['chakra@1.0', 'chakra-lcg'],
    ['netscape@3', 'netscape-mocha'],
    ['netscape@4', 'netscape-mocha'],
    ['firefox@1', 'spidermonkey-runtime'],
    ['firefox@3', 'spidermonkey-runtime'],
    ['firefox@3.5', 'spidermonkey-lcg'],
    ['safari@5', 'jsc-gamerand'],
    ['safari@5.1', 'jsc-gamerand'],
  ])('%s resolves to %s', (id, variant) => {
    expect(resolveEngine(id).era?.variant).toBe(variant);
  });

  it('every Chrome milestone from 1 to 28 resolves, through the early V8 table', () => {
    for (let m = 1; m <= 28; m++) {
      expect(chromeToV8(m)).toBe(CHROME_EARLY_V8[m]);
      expect(resolveEngine(`chrome@${m}`).era).toBeDefined();
      expect(() => createEngine(`chrome@${m}`, { state: m === 1 || m === 2 ? [12345] : [1, 2] })).not.toThrow();
    }
  });

  it('edge@79+ and opera@15–22 resolve as the Chromium they were built on', () => {
    expect(resolveEngine('edge@79')).toMatchObject({ chromium: 79, era: resolveEngine('chrome@79').era });
    expect(resolveEngine('edge@120').era).toBe(resolveEngine('chrome@120').era);
    expect(resolveEngine('opera@15')).toMatchObject({ chromium: 28, era: resolveEngine('chrome@28').era });
    expect(resolveEngine('opera@22').chromium).toBe(35);
    expect(() => resolveEngine('opera@40')).toThrow(/Chromium version is not recorded/);
    expect(() => resolveEngine('edge@50')).toThrow(UnknownEngineError);
  });

  it('ie@11 creates the Chakra LCG; a seed is refused (entropy); ie@8 takes a clock reading', () => {
    const e = createEngine('ie@11', { state: [0x123456789ab] });
    expect(doubleToHex(e.random())).toBe(doubleToHex(createJscript({ state: [0x123456789ab] }).random()));
    expect(() => createEngine('ie@11', { seed: 5 })).toThrow(InvalidSeedError);
    expect(createEngine('ie@8', { seed: 1262304000000 }).variant).toBe('jscript-lcg');
  });

  it('chrome@3 (V8 1.2.14) refuses a --random_seed: the flag came in V8 2.1.9', () => {
    expect(() => createEngine('chrome@3', { seed: 42 })).toThrow(/no --random_seed flag/);
    expect(createEngine('chrome@5', { seed: 42 }).getState()).toEqual([42, 42]);
  });

  it('firefox@2 and netscape@4 are seeded from the epoch milliseconds of the first call', () => {
    const ms = 1167609600000n;
    expect(createEngine('firefox@2', { seed: ms }).getState()).toEqual([Number((ms ^ 0x5deece66dn) & ((1n << 48n) - 1n))]);
    expect(createEngine('netscape@4', { seed: ms }).getState()).toEqual([Number((ms ^ 0x5d0eece66dn) & ((1n << 48n) - 1n))]);
  });

  it('no two eras of a family overlap', () => {
    for (const a of ERAS) {
      for (const b of ERAS) {
        if (a === b || a.family !== b.family) continue;
        const overlap = resolveEngine(`${a.family === 'v8' ? 'v8' : a.family}@${a.from}`).era;
        expect(overlap).toBe(a);
      }
    }
  });
});
