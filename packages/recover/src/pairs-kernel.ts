/**
 * The WebAssembly walk of the pair search (wasm/pairs.wat): sum-pairs.ts's walkOne over a walk's
 * tables laid into the module's memory, the join's bitmap and the kept leaves in that memory too.
 * sum-pairs.ts's walkOne stays the reference and the path where WebAssembly is missing.
 */
import { PAIRS_WASM } from './pairs-wasm.js';
import { lazyKernel } from './wasm.js';

interface Exports {
  readonly memory: { readonly buffer: ArrayBuffer };
  walkOne(c0: number, idBase: number, mode: number, mult: number, shift: number, stored: number): number;
}

/** Byte offsets of pairs.wat's regions (see its header). */
const WIDTH = 64;
const INTO = 192;
const OSHIFT = 320;
const OMASK = 448;
const TAB = 4096;
const VALID = 266240;
const BITMAP = 327680;
const KEYS = 2424832;
const IDS = 4521984;
/** Steps a walk may have, entries of TAB, bytes of VALID, bits of BITMAP, leaves KEYS holds. */
export const PAIRS_MAX_STEPS = 32;
const TAB_INTS = 4 * (PAIRS_MAX_STEPS << 9);
export const PAIRS_BITMAP_BITS = 24;
export const PAIRS_MAX_KEPT = 2 ** 19;

/** What pairs.wat needs of a walk (sum-pairs.ts's Walk). */
export interface PairsWalkTables {
  readonly steps: number;
  readonly width: Int8Array;
  readonly intoTrack: Int8Array;
  readonly oShift: Int8Array;
  readonly oMask: Int8Array;
  readonly tab: Int32Array;
  readonly valid: Uint8Array;
}

export class PairsKernel {
  private readonly exports: Exports;
  private readonly i32: Int32Array;
  private readonly u8: Uint8Array;
  /** The join's bitmap (2^24 bits), the kept leaves' keys and ids: views of the module's memory. */
  readonly bitmap: Int32Array;
  readonly keys: Int32Array;
  readonly ids: Float64Array;
  /** The walk whose tables the memory holds. */
  private loaded: PairsWalkTables | undefined;

  constructor(exports: Exports) {
    this.exports = exports;
    const buf = exports.memory.buffer;
    this.i32 = new Int32Array(buf);
    this.u8 = new Uint8Array(buf);
    this.bitmap = new Int32Array(buf, BITMAP, 1 << (PAIRS_BITMAP_BITS - 5));
    this.keys = new Int32Array(buf, KEYS, PAIRS_MAX_KEPT);
    this.ids = new Float64Array(buf, IDS, PAIRS_MAX_KEPT);
  }

  /** Whether the kernel takes this walk (its steps and tables fit the memory's regions). */
  fits(w: PairsWalkTables): boolean {
    return w.steps <= PAIRS_MAX_STEPS && w.tab.length <= TAB_INTS && w.valid.length <= PAIRS_MAX_STEPS << 10;
  }

  /** One carry-in's walk of `w` (walkOne's arguments): the new count, or −1 when KEYS is full. */
  walkOne(w: PairsWalkTables, c0: number, idBase: number, mode: number, mult: number, shift: number, stored: number): number {
    if (this.loaded !== w) {
      const m = this.i32;
      m[0] = w.steps;
      for (let s = 0; s < w.steps; s++) {
        m[(WIDTH >> 2) + s] = w.width[s]!;
        m[(INTO >> 2) + s] = w.intoTrack[s]!;
        m[(OSHIFT >> 2) + s] = w.oShift[s]!;
        m[(OMASK >> 2) + s] = w.oMask[s]!;
      }
      m.set(w.tab, TAB >> 2);
      this.u8.set(w.valid, VALID);
      this.loaded = w;
    }
    return this.exports.walkOne(c0, idBase, mode, mult, shift, stored);
  }
}

const pairs = lazyKernel(PAIRS_WASM, (exports: Exports) => new PairsKernel(exports));

/** The kernel, compiled on first use; null where WebAssembly is unavailable or refuses it, or after usePairsKernel(false). */
export function pairsKernel(): PairsKernel | null {
  return pairs.get();
}

/** Turns the WebAssembly pair walk off (false: sum-pairs.ts walks in JavaScript) or back on. For tests and benchmarks of the two paths. */
export function usePairsKernel(enabled: boolean): void {
  pairs.use(enabled);
}
