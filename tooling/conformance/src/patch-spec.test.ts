import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { create as createPatched } from '@emu/v8-patched';
import { create as createV82015 } from '@emu/v8-2015';
import { loadPatchSide, readPatch, shimConstructDouble, sideOfPatch } from './patch-spec.js';

const patch = readPatch();

/** Bits of a double as 16 hex digits, computed without @emu/core. */
function bits(x: number): string {
  const f = new Float64Array([x]);
  return new BigUint64Array(f.buffer)[0]!.toString(16).padStart(16, '0');
}

describe('the seed patch as an executable spec', () => {
  it('has both sides: 4 scalar words before, an {a,b,c,d} object after', () => {
    const old = sideOfPatch(patch, 'old');
    const neu = sideOfPatch(patch, 'new');
    expect(old).toContain('rngstate_0 = r0 & 0xFFFF;');
    expect(old).toContain('%_ConstructDouble(0x3FF00000 | (r0 & 0x000FFFFF), r1 & 0xFFF00000) - 1');
    expect(neu).toContain('var r = r0 ^ r1;');
    expect(neu).toContain('MathImul(36969, rngstate.d) + rngstate.c');
    expect(old).not.toContain('rngstate.a');
    expect(neu).not.toContain('rngstate_0');
  });

  it('the ConstructDouble shim is IEEE-754 exact', () => {
    expect(shimConstructDouble(0x3ff00000, 0)).toBe(1);
    expect(bits(shimConstructDouble(0x3ff00000 | 0xfffff, 0xfff00000) - 1)).toBe('3fefffffffe00000');
  });

  const word16 = fc.integer({ min: 0, max: 0xffff });
  const state4 = fc.tuple(word16, word16, word16, word16);
  // true → MathRandom, false → MathRandomRaw, in any interleaving.
  const calls = fc.array(fc.boolean(), { minLength: 20, maxLength: 80 });

  for (const [side, label, make] of [
    ['old', '"-" side = @emu/v8-2015 (v8-4.8-constructdouble)', (s: number[]) => createV82015({ state: s })],
    ['new', '"+" side = @emu/v8-patched', (s: number[]) => createPatched({ state: s })],
  ] as const) {
    it(`${label}: MathRandom and MathRandomRaw interleaved, bit for bit`, () => {
      let compared = 0;
      fc.assert(
        fc.property(state4, calls, (state, pattern) => {
          const spec = loadPatchSide(patch, side, state);
          const emu = make([...state]);
          for (const useRandom of pattern) {
            if (useRandom) expect(bits(emu.random())).toBe(bits(spec.MathRandom()));
            else expect(emu.raw!()).toBe(spec.MathRandomRaw());
            compared++;
          }
          expect([...emu.getState()]).toEqual(spec.state());
        }),
        { numRuns: 400 },
      );
      expect(compared).toBeGreaterThan(5000);
    });
  }

  it('the two sides really differ (the test can fail)', () => {
    const state = [1, 2, 3, 4];
    const a = loadPatchSide(patch, 'old', state);
    const b = loadPatchSide(patch, 'new', state);
    expect(bits(a.MathRandom())).not.toBe(bits(b.MathRandom()));
    const patched = createPatched({ state });
    const pre = createV82015({ state });
    expect(bits(patched.random())).not.toBe(bits(pre.random()));
  });

  it('MathRandomRaw after the patch reads d and c the other way round from MathRandom', () => {
    // From a state with c ≠ d, raw() and random() advance the second generator differently.
    const viaRaw = createPatched({ state: [1, 2, 3, 4] });
    const viaRandom = createPatched({ state: [1, 2, 3, 4] });
    viaRaw.raw();
    viaRandom.random();
    expect(viaRaw.getState()[2]).toBe((36969 * 4 + 3) & 0xffff);
    expect(viaRandom.getState()[2]).toBe((36969 * 3 + 4) & 0xffff);
    const spec = loadPatchSide(patch, 'new', [1, 2, 3, 4]);
    const specRaw = spec.MathRandomRaw();
    const emu = createPatched({ state: [1, 2, 3, 4] });
    expect(emu.raw()).toBe(specRaw);
  });
});
