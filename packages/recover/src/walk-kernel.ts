/**
 * The WebAssembly depth-first search of sum-tracks.ts's walk (wasm/walk.wat): the module, its
 * memory laid out for one walk, and the switch the tests use to compare it with the JavaScript
 * loop (the reference path, and the only one where WebAssembly is missing or refused). No BigInt
 * crosses the boundary: every 64-bit word goes through two int32 halves of the memory.
 */
import { putStateI64 } from '@emu/core';
import { WALK_WASM } from './walk-wasm.js';
import { lazyKernel } from './wasm.js';

/** Header offsets (bytes) of walk.wat's memory; see its comment. */
export const enum WalkMem {
  STEPS = 0,
  CB = 4,
  N = 8,
  CINS = 16,
  LEAF_CAP = 20,
  D = 24,
  CIN = 28,
  PEND = 32,
  PEND_CAR = 36,
  NLEAVES = 40,
  C0 = 44,
  NODES = 48,
  MAX_NODES = 56,
  ROWOF_AT = 64,
  TAB_AT = 72,
  LEAVES_AT = 76,
  CLOSE = 256,
  END_T = 768,
  INTO_T = 1024,
  SIG_AT = 1280,
  SIG_N = 1536,
  C0S = 3328,
  HEAD = 5376,
  TABLES = 8192,
}

/** What walk() returned. */
export const enum WalkCode {
  DONE = 0,
  LEAVES = 1,
  ROW = 2,
  CAP = 3,
}

/** Steps and carry-ins the header holds at most. */
export const WALK_MAX_STEPS = 64;
export const WALK_MAX_CINS = 512;
/** Leaves the buffer holds (walk() returns when it is full). */
export const WALK_LEAF_CAP = 256;
/** Words of a leaf record past its STEPS entries: its carry-in word, the nodes counted at it (two halves). */
export const WALK_LEAF_EXTRA = 3;

interface Exports {
  readonly memory: { readonly buffer: ArrayBuffer; grow(pages: number): number };
  walk(): number;
  sumScan(d: number, cap: number): number;
}

/** Int32 indexes of walk.wat's SCAN_BASE, SCAN_SUM, SCAN_BASIS and SCAN_FOUND (bytes 5632, 5648, 5664, 6176). */
const SCAN_BASE = 1408;
const SCAN_SUM = 1412;
const SCAN_BASIS = 1416;
const SCAN_FOUND = 1544;
/** Basis vectors and matches sumScan takes and hands back at most. */
export const SUM_SCAN_MAX_DIM = 32;
const SUM_SCAN_CAP = 64;

/** The tables of one walk as views of the module's memory (valid until the next prepare). */
export interface WalkViews {
  readonly i32: Int32Array;
  readonly rowOf: Int32Array;
  readonly tab: Int32Array;
  /** Int32 indexes in i32 of the table and of the leaf buffer. */
  readonly tabAt: number;
  readonly leavesAt: number;
}

export class WalkKernel {
  private readonly exports: Exports;
  /** A walk is under way (a walk started from inside another's emit runs in JavaScript). */
  busy = false;

  constructor(exports: Exports) {
    this.exports = exports;
  }

  /** Lays out (growing the memory if needed) the header (zeroed), rowOf for `rowKeys` keys (filled −1), the table of `tabInts` int32s and the leaf buffer for `steps` steps; the views. */
  prepare(rowKeys: number, tabInts: number, steps: number): WalkViews {
    const rowOfAt = WalkMem.TABLES;
    const tabAt = rowOfAt + 4 * rowKeys;
    const leavesAt = tabAt + 4 * tabInts;
    const end = leavesAt + 4 * WALK_LEAF_CAP * (steps + WALK_LEAF_EXTRA);
    const mem = this.exports.memory;
    if (mem.buffer.byteLength < end) mem.grow(Math.ceil((end - mem.buffer.byteLength) / 65536));
    const i32 = new Int32Array(mem.buffer);
    i32.fill(0, 0, rowOfAt >> 2);
    const rowOf = i32.subarray(rowOfAt >> 2, tabAt >> 2);
    rowOf.fill(-1);
    i32[WalkMem.ROWOF_AT >> 2] = rowOfAt;
    i32[WalkMem.TAB_AT >> 2] = tabAt;
    i32[WalkMem.LEAVES_AT >> 2] = leavesAt;
    i32[WalkMem.LEAF_CAP >> 2] = WALK_LEAF_CAP;
    return { i32, rowOf, tab: i32.subarray(tabAt >> 2, leavesAt >> 2), tabAt: tabAt >> 2, leavesAt: leavesAt >> 2 };
  }

  walk(): WalkCode {
    return this.exports.walk() as WalkCode;
  }

  /**
   * The Gray-code indexes k (the state base ⊕ the basis vectors of k ^ (k >> 1)'s bits) of the
   * states of base ⊕ span(basis[0 … d)) whose sum state0 + state1 shows `sum` ([high, low]) on
   * bits 11 … 63, in order; undefined when more than 64 do (the caller then looks itself). States
   * as [state0 hi, state0 lo, state1 hi, state1 lo].
   */
  sumMatches(base: Int32Array, basis: Int32Array, d: number, sum: readonly [number, number]): number[] | undefined {
    const mem = new Int32Array(this.exports.memory.buffer);
    putStateI64(mem, SCAN_BASE, base);
    mem[SCAN_SUM] = sum[1] & ~0x7ff;
    mem[SCAN_SUM + 1] = sum[0];
    for (let j = 0; j < d; j++) putStateI64(mem, SCAN_BASIS + 4 * j, basis, 4 * j);
    const n = this.exports.sumScan(d, SUM_SCAN_CAP);
    return n > SUM_SCAN_CAP ? undefined : Array.from(mem.subarray(SCAN_FOUND, SCAN_FOUND + n));
  }
}

const walk = lazyKernel(WALK_WASM, (exports: Exports) => new WalkKernel(exports));

/** The kernel, compiled on first use; null where WebAssembly is unavailable or refuses it, or after useWalkKernel(false). */
export function walkKernel(): WalkKernel | null {
  return walk.get();
}

/** Turns the WebAssembly walk off (false: every walk runs its JavaScript loop) or back on. For tests and benchmarks of the two paths. */
export function useWalkKernel(enabled: boolean): void {
  walk.use(enabled);
}
