/**
 * JavaScriptCore's mid-stream seed search in WebAssembly (wasm/jsc.wat): each call index whole
 * (`call`: columns, rows, elimination, bucketed loop; its candidates in `cand`), and the
 * elimination alone for the JavaScript search (the reference path, and the only one where
 * WebAssembly is missing or refused), which takes the call indices `call` hands back; the views of
 * the module's memory both use, and the switch the tests use to compare the two paths.
 */
import { JSC_WASM } from './jsc-wasm.js';
import { lazyKernel } from './wasm.js';

interface Exports {
  readonly memory: { readonly buffer: ArrayBuffer };
  jscEliminate(n: number): number;
  jscCall(advance: number, sar: number, v0Lo: number, v1Lo: number): number;
}

/** Int32 offsets of jsc.wat's ROWS, SEEDOF and CHECKOF; rows at most. */
const ROWS = 0;
const SEEDOF = 192;
const CHECKOF = 256;
/** Int32 offset of jsc.wat's CAND (2^14 seeds at most). */
const CAND = 17408;
export const JSC_KERNEL_CAND = 2 ** 14;
/** Int32 offsets of jsc.wat's COLS and NEXT (32 states each, two little-endian i64s a state). */
const COLS = 33792;
const NEXT = 33920;
/** Rows the kernel's memory holds (3 words' low bits: 3 · 20 at most). */
export const JSC_KERNEL_ROWS = 64;

/** The kernel's rows and shares as views of its memory (one page, never grown). */
export class JscKernel {
  private readonly exports: Exports;
  /** The elimination's rows (seed masks), then each row's share of the seed and of the checks. */
  readonly rows: Int32Array;
  readonly seedOf: Int32Array;
  readonly checkOf: Int32Array;
  /** The seeds a call found (its candidates). */
  readonly cand: Int32Array;
  /** Per seed bit its state after call c and after c + 1 (call's input and, stepped, its state between calls). */
  readonly cols: Int32Array;
  readonly next: Int32Array;
  /** A search is using the views (a search started meanwhile eliminates in JavaScript). */
  busy = false;

  constructor(exports: Exports) {
    this.exports = exports;
    const i32 = new Int32Array(exports.memory.buffer);
    this.rows = i32.subarray(ROWS, ROWS + JSC_KERNEL_ROWS);
    this.seedOf = i32.subarray(SEEDOF, SEEDOF + JSC_KERNEL_ROWS);
    this.checkOf = i32.subarray(CHECKOF, CHECKOF + JSC_KERNEL_ROWS);
    this.cand = i32.subarray(CAND, CAND + JSC_KERNEL_CAND);
    this.cols = i32.subarray(COLS, COLS + 128);
    this.next = i32.subarray(NEXT, NEXT + 128);
  }

  /**
   * One call index of the pair search (jsc.wat's jscCall): with `advance` the columns one call on
   * first; then the rows, the elimination and the bucketed loop. How many candidates `cand` holds,
   * or −1 / −2 / −3 when the JavaScript search must take this call index (see jsc.wat).
   */
  call(advance: boolean, sar: boolean, v0Lo: number, v1Lo: number): number {
    return this.exports.jscCall(advance ? 1 : 0, sar ? 1 : 0, v0Lo, v1Lo);
  }

  /** Gauss–Jordan on the first n rows as written: false below rank 32, else each row's shares in seedOf and checkOf. */
  eliminate(n: number): boolean {
    if (n > JSC_KERNEL_ROWS) throw new RangeError(`jsc kernel: ${n} rows, it holds ${JSC_KERNEL_ROWS}`);
    return this.exports.jscEliminate(n) === 1;
  }
}

const jsc = lazyKernel(JSC_WASM, (exports: Exports) => new JscKernel(exports));

/** The kernel, compiled on first use; null where WebAssembly is unavailable or refuses it, or after useJscKernel(false). */
export function jscKernel(): JscKernel | null {
  return jsc.get();
}

/** Turns the WebAssembly search off (false: every call index, elimination included, in JavaScript) or back on. For tests and benchmarks of the two paths. */
export function useJscKernel(enabled: boolean): void {
  jsc.use(enabled);
}
