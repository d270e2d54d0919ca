/**
 * Microsoft's C runtime rand() (MSVCRT / the Visual C++ CRT), which V8 ≤ 1.2.7 on Windows used as
 * random() (platform-win32.cc: `int random() { return rand(); }`), twice per Math.random():
 *
 *   holdrand = holdrand · 214013 + 2531011 (mod 2^32);  rand() = (holdrand >> 16) & 0x7FFF
 *   Math.random() = (hi + lo / 2^15) / 2^15   (lo drawn first; exact: 30 bits)
 *
 * Seeding: srand((unsigned) TimeCurrentMillis()) in OS::Setup: holdrand = seed. The CRT keeps
 * holdrand per thread (multithreaded CRT); V8 seeded and ran on the same thread.
 * Period 2^32 steps, two per value.
 */
import { type Emulator, type VariantInfo, InvalidStateError, readIntegerSeed, readSkipCount, readStateWords } from '@emu/core';

const ENGINE = 'v8-libc';

/** The `v8-0.1-msvcrt` variant's metadata: engines, dates, algorithm, precision, state words, source. */
export const MSVCRT_VARIANT: VariantInfo = {
  id: 'v8-0.1-msvcrt',
  engines: 'V8 0.1 – 1.2.7 on Windows: Chrome 1 and 2',
  dates: '2008-09 … 2009-09',
  algorithm: 'MSVCRT rand(): x = 214013·x + 2531011 mod 2^32, (x >> 16) & 0x7FFF; twice: (hi + lo / 2^15) / 2^15',
  precisionBits: 30,
  stateWords: ['holdrand'],
  source: 'v8/v8 src/runtime.cc Runtime_Math_random, src/platform-win32.cc (random() = rand(), OS::Setup srand) @ aa176ce815355f5c7e9d4b91e8f5627f12e7109b^; the CRT LCG constants from Microsoft\'s rand.c',
};

/** V8 ≤ 1.2.7's Math.random on Windows, two MSVCRT rand() calls per value: createMsvcrt() or create() builds one. */
export class MsvcrtRand implements Emulator<readonly [number]> {
  readonly engine = ENGINE;
  readonly variant = 'v8-0.1-msvcrt';
  private x: number;

  constructor(holdrand: number) {
    this.x = holdrand >>> 0;
  }

  /** One rand(): 15 bits. */
  nextInt(): number {
    this.x = (Math.imul(this.x, 214013) + 2531011) >>> 0;
    return (this.x >>> 16) & 0x7fff;
  }

  random(): number {
    const lo = this.nextInt() / 32768;
    const hi = this.nextInt();
    return (hi + lo) / 32768;
  }

  fill(out: Float64Array): Float64Array {
    for (let i = 0; i < out.length; i++) out[i] = this.random();
    return out;
  }

  /**
   * Pass over n values (2n rand() calls) in O(log n): the two-step affine map mod 2^32,
   * (a², c·(a + 1)), squared per bit of n.
   */
  skip(n: number): void {
    let k = readSkipCount(ENGINE, n);
    let ma = Math.imul(214013, 214013);
    let mc = (Math.imul(2531011, 214013) + 2531011) | 0;
    let x = this.x;
    while (k > 0) {
      if (k % 2 === 1) x = (Math.imul(x, ma) + mc) >>> 0;
      mc = (Math.imul(mc, ma) + mc) | 0;
      ma = Math.imul(ma, ma);
      k = Math.floor(k / 2);
    }
    this.x = x;
  }

  getState(): readonly [number] {
    return [this.x];
  }

  clone(): MsvcrtRand {
    return new MsvcrtRand(this.x);
  }
}

/** An MSVCRT generator from { state } (`[holdrand]`, a uint32) or { seed } (srand's unsigned int, which becomes holdrand). */
export function createMsvcrt(options: { state?: readonly unknown[]; seed?: number | bigint | string }): MsvcrtRand {
  if (options.seed !== undefined) return new MsvcrtRand(Number(readIntegerSeed(ENGINE, options.seed, 0n, 0xffffffffn)));
  const [x] = readStateWords(ENGINE, options.state, ['holdrand'], 32).map(Number);
  if (x === undefined) throw new InvalidStateError(`${ENGINE}: missing holdrand`);
  return new MsvcrtRand(x);
}
