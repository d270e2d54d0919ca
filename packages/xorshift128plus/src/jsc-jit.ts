/**
 * JavaScriptCore's Math.random as its JIT thunk computed it before WebKit PR #51077 (bug 299242,
 * 2025-09): emitRandomThunkImpl (jit/AssemblyHelpers.cpp) inlined WeakRandom::advance() with
 * rshift64, an ARITHMETIC shift (x86-64 SAR), for `x >> 17` and `y >> 26`, where WeakRandom.h
 * (the C++ host function, LLInt with the JIT off) and the FTL (lShr) shift logically. The state is
 * the same WeakRandom of the global object, so once a call runs through the thunk every later
 * value follows the other stream. Measured: Bun 1.2.0 with BUN_JSC_forcedWeakRandomSeed=N gives
 * this stream from its first call (20,000 values in a loop that tiers up), and the logical stream
 * with BUN_JSC_useJIT=false; Bun 1.4.5 and Debian's jsc (WebKitGTK 2.50.6) give the logical stream
 * either way. The output mapping is the C++ one: ((s0 + s1) & (2^53 − 1)) / 2^53.
 */
import type { Emulator } from '@emu/core';
import { readSkipCount, u64ToHex } from '@emu/core';

/** JavaScriptCore's JIT-thunk xorshift128+ (arithmetic right shifts), variant `jsc-jit-sar`: create() builds one. */
export class JscJitXorShift128Plus implements Emulator<readonly string[]> {
  readonly engine = 'xorshift128plus';
  readonly variant = 'jsc-jit-sar';
  readonly flavor = 'jsc';
  private s0h: number;
  private s0l: number;
  private s1h: number;
  private s1l: number;

  constructor(s0: readonly [number, number], s1: readonly [number, number]) {
    this.s0h = s0[0] | 0;
    this.s0l = s0[1] | 0;
    this.s1h = s1[0] | 0;
    this.s1l = s1[1] | 0;
  }

  /** One step of the thunk's advance() (shifts right arithmetic), then the C++ mapping. */
  random(): number {
    let xh = this.s0h;
    let xl = this.s0l;
    const yh = this.s1h;
    const yl = this.s1l;
    xh ^= (xh << 23) | (xl >>> 9); // x ^= x << 23
    xl ^= xl << 23;
    xl ^= (xl >>> 17) | (xh << 15); // x ^= x >> 17, arithmetic: the high word shifts in its sign
    xh ^= xh >> 17;
    xl ^= yl ^ ((yl >>> 26) | (yh << 6)); // x ^= y ^ (y >> 26), arithmetic
    xh ^= yh ^ (yh >> 26);
    this.s0h = yh;
    this.s0l = yl;
    this.s1h = xh;
    this.s1l = xl;
    // (s0 + s1) & (2^53 − 1), as two exact terms
    const lo = (yl + xl) | 0;
    const hi = (yh + xh + (((yl & xl) | ((yl | xl) & ~lo)) >>> 31)) | 0;
    return ((hi & 0x1fffff) >>> 0) * 2 ** -21 + (lo >>> 0) * 2 ** -53;
  }

  fill(out: Float64Array): Float64Array {
    for (let i = 0; i < out.length; i++) out[i] = this.random();
    return out;
  }

  /**
   * Pass over n values in O(n): the arithmetic shifts keep the step linear over GF(2), but its
   * matrix differs from @emu/core's xorshift128Jump (logical shifts), so this steps.
   */
  skip(n: number): void {
    const steps = readSkipCount('xorshift128plus', n);
    for (let i = 0; i < steps; i++) this.random();
  }

  getState(): readonly string[] {
    return [`0x${u64ToHex(this.s0h, this.s0l)}`, `0x${u64ToHex(this.s1h, this.s1l)}`];
  }

  clone(): JscJitXorShift128Plus {
    return new JscJitXorShift128Plus([this.s0h, this.s0l], [this.s1h, this.s1l]);
  }
}
