import { readFileSync } from 'node:fs';
import { afterEach, describe, expect, it, vi } from 'vitest';
import fc from 'fast-check';
import { KERNEL_CHUNK, KERNEL_MIN, fillKernels, useFillKernels } from './kernels.js';
import { LCG48_MASK, Lcg48 } from './lcg48.js';
import { doubleToHex } from './double.js';
// @ts-expect-error: a plain .mjs script without types
import { assemble, render } from '../wasm/build.mjs';

const M = 0x5deece66dn;
const MASK = (1n << 48n) - 1n;

/** java.util.Random#nextDouble n times from x, on BigInt: independent of both fill paths. */
function javaNextDoubles(x: bigint, n: number): [string[], bigint] {
  const out: string[] = [];
  for (let i = 0; i < n; i++) {
    x = (x * M + 0xbn) & MASK;
    const a = x >> 22n;
    x = (x * M + 0xbn) & MASK;
    out.push(doubleToHex(Number((a << 27n) + (x >> 21n)) / 2 ** 53));
  }
  return [out, x];
}

/** fill() of a fresh Lcg48 at x through the kernel (on = true) or the JavaScript loop. */
function lcgFill(x: number, n: number, on: boolean): [string[], number] {
  const g = new Lcg48(x);
  useFillKernels(on);
  try {
    return [Array.from(g.fillNextDouble(new Float64Array(n)), doubleToHex), g.state];
  } finally {
    useFillKernels(true);
  }
}

describe('WebAssembly fill kernels', () => {
  it.each(['kernels', 'seeded-simd'])('%s.wat assembles to the committed src/*-wasm.ts', async (name) => {
    const committed = readFileSync(new URL(`./${name}-wasm.ts`, import.meta.url), 'utf8');
    expect(render(await assemble(`${name}.wat`), `${name}.wat`)).toBe(committed);
  });

  it('are available in Node (so the tests below compare two different paths), and can be turned off', () => {
    expect(fillKernels()).not.toBeNull();
    useFillKernels(false);
    expect(fillKernels()).toBeNull();
    useFillKernels(true);
    expect(fillKernels()).not.toBeNull();
  });

  it('the LCG kernel is java.util.Random#nextDouble: every length, odd and even, across chunks', () => {
    for (const n of [KERNEL_MIN, KERNEL_MIN + 1, KERNEL_CHUNK - 1, KERNEL_CHUNK, KERNEL_CHUNK + 1, 2 * KERNEL_CHUNK + 3]) {
      for (const x of [1, 0x5deece66d, LCG48_MASK, 2 ** 47]) {
        const [expected, end] = javaNextDoubles(BigInt(x), n);
        const [got, state] = lcgFill(x, n, true);
        expect(got).toEqual(expected);
        expect(BigInt(state)).toBe(end);
      }
    }
  });

  it('the LCG kernel and the JavaScript loop agree bit for bit, values and end state', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: LCG48_MASK }), fc.integer({ min: 0, max: 3 * KERNEL_CHUNK }), (x, n) => {
        expect(lcgFill(x, n, true)).toEqual(lcgFill(x, n, false));
      }),
      { numRuns: 60 },
    );
  });

  describe('where WebAssembly is missing or refuses the module (a CSP without wasm-unsafe-eval)', () => {
    afterEach(() => {
      vi.unstubAllGlobals();
      vi.resetModules();
    });
    const refusing = {
      Module: class {
        constructor() {
          throw new Error('WebAssembly.Module(): Refused to compile or instantiate WebAssembly module');
        }
      },
      Instance: class {},
    };
    for (const [what, global] of [['missing', undefined], ['refusing', refusing]] as const) {
      it(`${what}: fillKernels() is null and fill() still gives java.util.Random's values`, async () => {
        vi.stubGlobal('WebAssembly', global);
        vi.resetModules();
        const fresh = await import('./index.js');
        expect(fresh.fillKernels()).toBeNull();
        const g = new fresh.Lcg48(0x123456789ab);
        const [expected, end] = javaNextDoubles(0x123456789abn, 5000);
        expect(Array.from(g.fillNextDouble(new Float64Array(5000)), doubleToHex)).toEqual(expected);
        expect(BigInt(g.state)).toBe(end);
      });
    }
  });
});
