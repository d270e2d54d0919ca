/**
 * recover's WebAssembly modules (walk.wat, jsc.wat, pairs.wat), each compiled and instantiated on
 * first use by core's instantiateWasm: null where WebAssembly is missing or refuses them (a
 * Content-Security-Policy without 'wasm-unsafe-eval') or the host stores typed arrays big-endian —
 * the callers then run their JavaScript loops.
 */
import { instantiateWasm } from '@emu/core';

/**
 * A kernel made from a module on first use, with a switch: `get()` is the kernel, or null where
 * the module cannot be instantiated or after `use(false)`; `use(true)` turns it back on (for the
 * tests and benchmarks that compare it with the JavaScript path).
 */
export function lazyKernel<E, K>(bytes: Uint8Array, make: (exports: E) => K): { get(): K | null; use(enabled: boolean): void } {
  let kernel: K | null | undefined;
  let disabled = false;
  return {
    get(): K | null {
      if (disabled) return null;
      if (kernel === undefined) {
        const exports = instantiateWasm<E>(bytes);
        kernel = exports === null ? null : make(exports);
      }
      return kernel;
    },
    use(enabled: boolean): void {
      disabled = !enabled;
    },
  };
}
