import { describe, expect, it } from 'vitest';
import { InvalidOptionError, doubleToHex } from '@emu/core';
import { createEngine } from './index.js';

const hex = (emu: { random(): number }, n: number) => Array.from({ length: n }, () => doubleToHex(emu.random()));

describe('keysAt: Map/Set/WeakMap keys hashed between a script\'s calls (node 4.0–8.9.4)', () => {
  it('matches the real binary: node 4.2.2 -e, --random_seed=5, a Set of 3 fresh objects between two calls', () => {
    // Measured: `node --random_seed=5 -e 'var a = Math.random(), s = new Set(); for (…3…) s.add({}); var b = Math.random()'`
    // printed 3fef25cbbfc00000 3fd611fb70800000 (the emulator's values 1 and 5).
    expect(hex(createEngine('node@4.2.2', { seed: 5, entry: 'eval', keysAt: [[1, 3]] }), 2)).toEqual(['3fef25cbbfc00000', '3fd611fb70800000']);
    expect(hex(createEngine('node@4.2.2', { seed: 5, entry: 'eval' }), 5)[4]).toBe('3fd611fb70800000');
  });

  it('is the plain stream with the gaps removed; clone, skip, fill and getState stand at the script\'s next value', () => {
    const plain = hex(createEngine('node@4.6.0', { seed: 77 }), 40);
    const want = [...plain.slice(0, 3), ...plain.slice(8, 10), ...plain.slice(11)];
    const emu = createEngine('node@4.6.0', { seed: 77, keysAt: [[0, 0], [3, 5], [5, 1]] });
    expect(hex(emu.clone(), want.length)).toEqual(want);
    const a = createEngine('node@4.6.0', { seed: 77, keysAt: [[3, 5], [5, 1]] });
    a.skip(4);
    expect(hex(a, 3)).toEqual(want.slice(4, 7));
    const b = createEngine('node@4.6.0', { seed: 77, keysAt: [[3, 5], [5, 1]] });
    hex(b, 3);
    const c = b.clone();
    expect(Array.from(b.fill(new Float64Array(4)), doubleToHex)).toEqual(want.slice(3, 7));
    expect(hex(c, 4)).toEqual(want.slice(3, 7));
    // After 3 values the 5 hashed ones are already taken: the state is the one giving want[3].
    const d = createEngine('node@4.6.0', { seed: 77, keysAt: [[3, 5]] });
    hex(d, 3);
    expect(hex(createEngine('v8-2015', { state: d.getState(), variant: 'v8-3.30-js' }), 1)).toEqual([want[3]]);
    // [0, K] is keysBefore K.
    expect(hex(createEngine('node@4.6.0', { seed: 77, keysAt: [[0, 2]] }), 3)).toEqual(hex(createEngine('node@4.6.0', { seed: 77, keysBefore: 2 }), 3));
  });

  it('with firstValue in the lazily seeded era; no effect where keys draw nothing; refusals name the bad value', () => {
    const base = createEngine('node@7.4.0', { seed: 3, rngDrawsBefore: 500 });
    const seq = hex(base, 12);
    expect(hex(createEngine('node@7.4.0', { seed: 3, firstValue: seq[0]!, keysAt: [[2, 4]] }), 4)).toEqual([seq[0], seq[1], seq[6], seq[7]]);
    expect(() => createEngine('node@7.4.0', { seed: 3, firstValue: [seq[0]!, seq[1]!, seq[2]!], keysAt: [[2, 4]] })).toThrow(/keysAt hashes keys after value 2/);
    expect(hex(createEngine('node@10.24.1', { seed: 3, keysAt: [[2, 4]] }), 6)).toEqual(hex(createEngine('node@10.24.1', { seed: 3 }), 6));
    expect(() => createEngine('node@0.10.48', { seed: 3, keysAt: [[2, 4]] })).toThrow(/no Map\/WeakMap/);
    expect(() => createEngine('node@4.6.0', { seed: 3, keysAt: [[2, -1]] as never })).toThrow(InvalidOptionError);
    expect(() => createEngine('node@4.6.0', { seed: 3, keysAt: [[5, 1], [5, 2]] })).toThrow(/strictly ascending, got 5 after 5/);
    expect(() => createEngine('node@4.6.0', { seed: 3, keysAt: '1:2' as never })).toThrow(/"1:2"/);
    expect(() => createEngine('node@4.6.0', { state: [1, 2], keysAt: [[1, 1]] })).toThrow(/keysAt needs a seed/);
  });
});
