import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { readFileSync } from 'node:fs';
import { xorshift128Step } from '@emu/core';
import { solvePairs } from './sum-pairs.js';
import { pairsKernel, usePairsKernel } from './pairs-kernel.js';
import type { SumChain } from './sum-chain.js';
// @ts-expect-error: the build script is plain JavaScript
import { assemble, render } from '../wasm/build.mjs';

/** The 64-bit sums state0 + state1 at steps t … t + 1 from `frame` (step 0 = the frame itself), as [high, low]. */
function sumsAt(frame: Int32Array, t: number): [number, number][] {
  const s = frame.slice();
  for (let i = 0; i < t; i++) xorshift128Step(s);
  const out: [number, number][] = [];
  for (let u = 0; u < 2; u++) {
    const lo = (s[1]! >>> 0) + (s[3]! >>> 0);
    out.push([(s[0]! + s[2]! + (lo >= 2 ** 32 ? 1 : 0)) | 0, lo | 0]);
    xorshift128Step(s);
  }
  return out;
}

/** Every state solvePairs lists for the two pairs, as strings, and its counts; the WebAssembly walk on or off. */
function listed(a: SumChain, b: SumChain, kernel: boolean): { states: string[]; r: ReturnType<typeof solvePairs> } {
  usePairsKernel(kernel);
  try {
    const states: string[] = [];
    const r = solvePairs(a, b, (x) => {
      states.push(Array.from(x).join(','));
      return true;
    });
    return { states, r };
  } finally {
    usePairsKernel(true);
  }
}

describe('sum-pairs: two pairs of sums far apart', () => {
  it('pairs-wasm.ts is what pairs.wat assembles to; the kernel is there in Node', async () => {
    const committed = readFileSync(new URL('./pairs-wasm.ts', import.meta.url), 'utf8');
    expect(render(await assemble('pairs.wat'), 'pairs.wat')).toBe(committed);
    expect(pairsKernel()).not.toBeNull();
  });

  it.each([
    ['the 52-bit low sums, 62-value cache (node 6 – 11)', 0, 52, 62],
    ['(s0 + s1) >> 11, 64-value cache (node 26)', 11, 64, 64],
  ] as const)('%s: the WebAssembly walk and the JavaScript one list the same states with the same counts, the frame among them (fast-check)', (_, lo, hi, P) => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: -(2 ** 31), max: 2 ** 31 - 1 }), { minLength: 4, maxLength: 4 }), fc.integer({ min: 0, max: 20 }), (w, t) => {
        const frame = Int32Array.from(w);
        const chain = (at: number): SumChain => ({ t0: at, sums: sumsAt(frame, at), lo, hi, carryInKnown: lo === 0, model: 'logical' });
        const a = chain(t);
        const b = chain(t + 2 * P - 2);
        const wasm = listed(a, b, true);
        const js = listed(a, b, false);
        expect(wasm.r).toEqual(js.r);
        expect(wasm.states).toEqual(js.states);
        expect(wasm.r.solved).toBe(true);
        expect(wasm.states).toContain(Array.from(frame).join(','));
      }),
      { numRuns: 4 },
    );
  }, 600_000);
});
