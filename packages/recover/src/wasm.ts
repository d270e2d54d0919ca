/**
 * recover's WebAssembly modules compiled and instantiated (walk.wat, jsc.wat): where WebAssembly
 * is missing or refuses them (a Content-Security-Policy without 'wasm-unsafe-eval'), or the host
 * stores typed arrays big-endian (the modules' memory is little-endian, and the callers write it
 * through Int32Array views), null — the callers then run their JavaScript loops.
 */
function instantiate<E>(bytes: Uint8Array): E | null {
  const wasm = (globalThis as { WebAssembly?: { Module: new (b: Uint8Array) => object; Instance: new (m: object) => { exports: unknown } } }).WebAssembly;
  if (wasm === undefined || new Uint8Array(Uint16Array.of(1).buffer)[0] !== 1) return null;
  try {
    return new wasm.Instance(new wasm.Module(bytes)).exports as E;
  } catch {
    return null;
  }
}

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
        const exports = instantiate<E>(bytes);
        kernel = exports === null ? null : make(exports);
      }
      return kernel;
    },
    use(enabled: boolean): void {
      disabled = !enabled;
    },
  };
}
