/**
 * fill() in WebAssembly, for the generators whose 64-bit (or 48-bit) words cost JavaScript two
 * 32-bit halves per operation: xorshift128+ and the 48-bit LCG. A wasm i64 holds the whole word, so
 * the step is a handful of instructions; the doubles are written into the module's memory a chunk
 * at a time and copied into the caller's array with one TypedArray#set.
 *
 * The packages' JavaScript loops remain the reference path (and the only one where WebAssembly is
 * missing or forbidden, e.g. by a Content-Security-Policy without 'wasm-unsafe-eval'): fillKernels()
 * returns null there, and the tests prove the two paths bit-identical. No BigInt crosses the
 * boundary: the state goes through an Int32Array view of the memory, every parameter is i32 or f64.
 */
import { KERNELS_WASM } from './kernels-wasm.js';

/** Doubles one kernel call writes at most (the module's output area, 32 KiB: stays in L1). */
export const KERNEL_CHUNK = 4096;

const enum Mem {
  /** Int32 index of xorshift128+ state0's low word (byte 32768); state1 follows. */
  XS = 8192,
  /** Int32 index of the LCG state's low word (byte 32784). */
  LCG = 8196,
}

/** The module's exports. */
export interface Exports {
  readonly memory: { readonly buffer: ArrayBuffer };
  xorshiftFill(blocks: number, per: number, desc: number, canon: number, sumAll: number, maskBits: number, shift: number, scale: number): void;
  lcgFill(n: number): void;
  v8SeededScan(d: number, cap: number): number;
}

/** The parameters of one xorshift128+ mapping: ((s0 + (s1 & −sumAll)) & (2^maskBits − 1)) >>> shift, times scale. */
export interface XorShiftKernelMapping {
  readonly sumAll: 0 | 1;
  readonly maskBits: 52 | 53 | 64;
  readonly shift: number;
  readonly scale: number;
}

/**
 * Below this many values fill() stays in JavaScript. Measured (Node 20, fills of n values): at 16
 * the two paths are even (JSC flavour 217 vs 203 M/s, LCG 318 vs 319), at 32 the kernel is ahead
 * (512 vs 343, 493 vs 348), at 1,024 2.5× ahead.
 */
export const KERNEL_MIN = 32;

/**
 * The compiled WebAssembly fill kernels (get the shared instance from fillKernels()): set a state,
 * run xorshift() or lcg() into a Float64Array, read the state back word by word.
 */
export class FillKernels {
  private readonly exports: Exports;
  private readonly i32: Int32Array;
  private readonly f64: Float64Array;
  /** views[n]: the first n doubles of the output area, made on first use (at most KERNEL_CHUNK of them). */
  private readonly views: (Float64Array | undefined)[] = [];

  constructor(exports: Exports) {
    this.exports = exports;
    this.i32 = new Int32Array(exports.memory.buffer);
    this.f64 = new Float64Array(exports.memory.buffer);
  }

  /** out[at … at + n) = the first n doubles of the output area (a view per length, made once). */
  private copyOut(out: Float64Array, at: number, n: number): void {
    // TypedArray#set copies a whole view; measured faster than a copy loop already at 32 values.
    out.set((this.views[n] ??= this.f64.subarray(0, n)), at);
  }

  /** Sets the xorshift128+ state (int32 halves, high first) the next xorshift() starts from. */
  setXorshiftState(s0h: number, s0l: number, s1h: number, s1l: number): void {
    const mem = this.i32;
    mem[Mem.XS] = s0l;
    mem[Mem.XS + 1] = s0h;
    mem[Mem.XS + 2] = s1l;
    mem[Mem.XS + 3] = s1h;
  }

  /** The xorshift128+ state after the last xorshift(), as int32 halves: [s0hi, s0lo, s1hi, s1lo][word]. */
  xorshiftWord(word: 0 | 1 | 2 | 3): number {
    return this.i32[Mem.XS + (word ^ 1)]!;
  }

  /**
   * xorshift128+: the next `count` values into out[at …]. With per = 0 they are written in
   * generation order; else count is a multiple of per and they come in blocks of per (V8's
   * refills), each in generation order or reversed (desc), and with canon the NaN-pattern state
   * words are canonicalised before every block but the first.
   */
  xorshift(out: Float64Array, at: number, count: number, per: number, desc: boolean, canon: boolean, m: XorShiftKernelMapping): void {
    const chunk = per === 0 ? KERNEL_CHUNK : per * Math.floor(KERNEL_CHUNK / per);
    let first = true;
    while (count > 0) {
      const c = Math.min(count, chunk);
      if (per === 0) this.exports.xorshiftFill(1, c, 0, 0, m.sumAll, m.maskBits, m.shift, m.scale);
      else this.exports.xorshiftFill(c / per, per, desc ? 1 : 0, canon ? (first ? 1 : 3) : 0, m.sumAll, m.maskBits, m.shift, m.scale);
      this.copyOut(out, at, c);
      at += c;
      count -= c;
      first = false;
    }
  }

  /** Sets the 48-bit LCG state (high and low 24 bits) the next lcg() starts from. */
  setLcgState(hi24: number, lo24: number): void {
    this.i32[Mem.LCG] = (hi24 << 24) | lo24;
    this.i32[Mem.LCG + 1] = hi24 >>> 8;
  }

  /** The LCG state after the last lcg(): its high 24 bits (word 0) or low 24 bits (word 1). */
  lcgWord(word: 0 | 1): number {
    const lo32 = this.i32[Mem.LCG]!;
    return word === 0 ? ((this.i32[Mem.LCG + 1]! << 8) | (lo32 >>> 24)) & 0xffffff : lo32 & 0xffffff;
  }

  /** The 48-bit LCG: n doubles of two draws each into out[at …]. */
  lcg(out: Float64Array, at: number, n: number): void {
    while (n > 0) {
      const c = Math.min(n, KERNEL_CHUNK);
      this.exports.lcgFill(c);
      this.copyOut(out, at, c);
      at += c;
      n -= c;
    }
  }
}

/**
 * Writes a xorshift128+ state — 4 words of v from `from`: [state0 hi, state0 lo, state1 hi,
 * state1 lo] — into WebAssembly memory at Int32 index `at`, as the kernels read it: two
 * little-endian i64s, the low word of each first.
 */
export function putStateI64(mem: Int32Array, at: number, v: ArrayLike<number>, from = 0): void {
  mem[at] = v[from + 1]!;
  mem[at + 1] = v[from]!;
  mem[at + 2] = v[from + 3]!;
  mem[at + 3] = v[from + 2]!;
}

/** The state putStateI64 wrote at Int32 index `at`, back into `out` ([state0 hi, state0 lo, state1 hi, state1 lo]). */
export function getStateI64(mem: Int32Array, at: number, out: Int32Array): void {
  out[0] = mem[at + 1]!;
  out[1] = mem[at]!;
  out[2] = mem[at + 3]!;
  out[3] = mem[at + 2]!;
}

let compiled: Exports | null | undefined;
let kernels: FillKernels | null | undefined;
let disabled = false;

/** True when this host stores typed arrays little-endian, as WebAssembly memory always is. */
function littleEndianHost(): boolean {
  return new Uint8Array(Uint16Array.of(1).buffer)[0] === 1;
}

/**
 * A module's exports, or null where WebAssembly is unavailable, refuses the module (a
 * Content-Security-Policy without 'wasm-unsafe-eval'; SIMD on a host without it) or the host is
 * big-endian (the callers write the modules' little-endian memory through typed arrays). Core's
 * kernels and @emu/recover's instantiate their modules through it.
 */
export function instantiateWasm<E>(bytes: Uint8Array): E | null {
  const wasm = (globalThis as { WebAssembly?: { Module: new (b: Uint8Array) => object; Instance: new (m: object) => { exports: unknown } } }).WebAssembly;
  if (wasm === undefined || !littleEndianHost()) return null;
  try {
    return new wasm.Instance(new wasm.Module(bytes)).exports as E;
  } catch {
    return null;
  }
}

/**
 * The compiled module's exports (compiled on first use, shared by the fill kernels and the seed
 * scans); null where WebAssembly is unavailable or refuses the module. Internal to @emu/core.
 */
export function kernelModule(): Exports | null {
  if (compiled === undefined) compiled = instantiateWasm<Exports>(KERNELS_WASM);
  return compiled;
}

/**
 * The kernels, compiled on first use; null where WebAssembly is unavailable or refuses the module
 * (then every fill() runs its JavaScript loop), or after useFillKernels(false).
 */
export function fillKernels(): FillKernels | null {
  if (disabled) return null;
  if (kernels === undefined) {
    const m = kernelModule();
    kernels = m === null ? null : new FillKernels(m);
  }
  return kernels;
}

/**
 * Turns the WebAssembly fill kernels off (false) or back on (true), for every emulator in this
 * realm: fill() then runs the JavaScript reference loops. For tests and benchmarks of the two paths.
 */
export function useFillKernels(enabled: boolean): void {
  disabled = !enabled;
}
