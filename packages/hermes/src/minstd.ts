/**
 * Hermes's Math.random from its first commit (2019-07) to 2023-11 — every hermes-engine-cli release
 * (0.5.0 … 0.12.0) and the React Native builds of that time:
 *
 *   static std::minstd_rand randomEngine_;           // RuntimeCommonStorage, one per Runtime
 *   seeded at the first Math.random() call with std::random_device()()  (32 bits)
 *   std::uniform_real_distribution<>(0.0, 1.0)(randomEngine_)
 *
 * minstd_rand: x ← 48271 · x mod (2^31 − 1), output x (1 … 2^31 − 2). uniform_real_distribution on
 * [0, 1) is generate_canonical<double, 53>: the engine's range R = max − min + 1 = 2^31 − 2 holds
 * 30 whole bits, so one double takes k = ⌈53 / 30⌉ = 2 draws (libstdc++ and libc++ alike):
 *
 *   sum = (x1 − 1) + (x2 − 1) · R       (double arithmetic, one rounding in the product and the sum)
 *   Math.random() = sum / fl(R · R)     (fl(R²) = 2^62 − 2^33)
 *
 * libstdc++ replaces a result ≥ 1 by the double below 1; with consecutive minstd outputs the sum
 * never gets there (checked in the tests), so libstdc++ (Linux, the npm CLI) and libc++ (Android,
 * iOS) give the same stream.
 *
 * Source: facebook/hermes lib/VM/JSLib/Math.cpp (mathRandom) and
 * include/hermes/VM/JSLib/RuntimeCommonStorage.h (randomEngine_) @
 * f22a18f67da3f03db59c1ec715d6ec3776b03fbf (initial commit) … 7d3e091b59ff5e5a9e722718c01d81dab52d4300 (v0.12.0).
 */
import {
  type Emulator,
  type VariantInfo,
  InvalidOptionError,
  InvalidStateError,
  readIntegerSeed,
  readSkipCount,
  readStateWords,
} from '@emu/core';

const ENGINE = 'hermes';

const enum K {
  M = 2147483647, // 2^31 − 1
  A = 48271,
  R = 2147483646, // max − min + 1 of minstd_rand (min 1, max 2^31 − 2)
  RR = 4611686009837453312, // fl((2^31 − 2)^2) = 2^62 − 2^33
}

/** 48271 · x mod (2^31 − 1), exact in doubles (the product is below 2^47). */
function step(x: number): number {
  return (x * K.A) % K.M;
}

/** The minstd_rand variant's metadata. */
export const MINSTD_VARIANT: VariantInfo = {
  id: 'hermes-minstd',
  engines: 'Hermes from its first commit to 2023-11 (hermes-engine-cli 0.5.0 … 0.12.0; React Native 0.60 … 0.73)',
  dates: '2019-07 … 2023-11',
  algorithm: 'std::minstd_rand (48271 · x mod 2^31 − 1) through generate_canonical<double, 53>: two draws, ((x1 − 1) + (x2 − 1) · R) / fl(R²), R = 2^31 − 2',
  precisionBits: 53,
  stateWords: ['_M_x'],
  source: 'facebook/hermes lib/VM/JSLib/Math.cpp (mathRandom), include/hermes/VM/JSLib/RuntimeCommonStorage.h @ f22a18f67da3f03db59c1ec715d6ec3776b03fbf … 7d3e091b59ff5e5a9e722718c01d81dab52d4300 (v0.12.0)',
};

/** Hermes ≤ 0.12's generator: the minstd_rand state x in [1, 2^31 − 2]. */
export class HermesMinstd implements Emulator<readonly [number]> {
  readonly engine = ENGINE;
  readonly variant = 'hermes-minstd';
  private x = 1;

  constructor(x: number) {
    this.x = x;
  }

  /** The next minstd_rand output (what the engine's operator() returns). */
  raw(): number {
    this.x = step(this.x);
    return this.x;
  }

  random(): number {
    const x1 = step(this.x);
    const x2 = step(x1);
    this.x = x2;
    const r = ((x1 - 1) + (x2 - 1) * K.R) / K.RR;
    return r >= 1 ? 1 - 2 ** -53 : r;
  }

  fill(out: Float64Array): Float64Array {
    let x = this.x;
    for (let i = 0; i < out.length; i++) {
      const x1 = (x * K.A) % K.M;
      x = (x1 * K.A) % K.M;
      const r = ((x1 - 1) + (x - 1) * K.R) / K.RR;
      out[i] = r >= 1 ? 1 - 2 ** -53 : r;
    }
    this.x = x;
    return out;
  }

  /** n values = 2n minstd steps: x · 48271^(2n) mod (2^31 − 1), by square-and-multiply (O(log n)). */
  skip(n: number): void {
    const count = readSkipCount(ENGINE, n);
    this.x = Number((BigInt(this.x) * powMod(48271n, 2n * BigInt(count), 2147483647n)) % 2147483647n);
  }

  getState(): readonly [number] {
    return [this.x];
  }

  clone(): HermesMinstd {
    return new HermesMinstd(this.x);
  }
}

function powMod(b: bigint, e: bigint, m: bigint): bigint {
  let r = 1n;
  b %= m;
  while (e > 0n) {
    if ((e & 1n) === 1n) r = (r * b) % m;
    b = (b * b) % m;
    e >>= 1n;
  }
  return r;
}

/** 48271⁻¹ mod (2^31 − 1): steps minstd_rand backwards. */
export const MINSTD_INVERSE = Number(powMod(48271n, 2147483647n - 2n, 2147483647n));

/** minstd_rand::seed(s) as both standard libraries do it: s mod (2^31 − 1), 0 → 1. */
export function minstdSeedState(seed: bigint): number {
  const x = Number(seed % 2147483647n);
  return x === 0 ? 1 : x;
}

/** A minstd_rand-era generator from { state } (the 31-bit word) or { seed } (a random_device value). */
export function createMinstd(options: { state?: readonly unknown[]; seed?: number | bigint | string }): HermesMinstd {
  if (options.seed !== undefined) {
    // std::random_device()() is an unsigned int: 32 bits
    return new HermesMinstd(minstdSeedState(readIntegerSeed(ENGINE, options.seed, 0n, 0xffffffffn)));
  }
  const [x] = readStateWords(ENGINE, options.state, ['_M_x'], 31) as [bigint];
  if (x === 0n || x === 2147483647n) {
    throw new InvalidStateError(`${ENGINE}: state word _M_x (index 0) = ${x} is not allowed: minstd_rand's state is in [1, 2147483646] (seed() maps 0 to 1)`);
  }
  return new HermesMinstd(Number(x));
}

/**
 * The minstd_rand states (before the first value) that explain `values`: the first value fixes the
 * second draw x2 (value · R = x2 − 1 + (x1 − 1)/R, so three candidates at most), the first draw is
 * x2 stepped back, and every further value must follow. Exact: the state is 31 bits, nothing is guessed.
 */
export function recoverMinstd(values: readonly number[]): number[] {
  if (values.length < 2) throw new InvalidOptionError(`${ENGINE}: recovery needs at least 2 values, got ${values.length}`);
  const v0 = values[0]!;
  if (!(v0 >= 0 && v0 < 1)) throw new InvalidOptionError(`${ENGINE}: ${v0} is not a Math.random() value in [0, 1)`);
  const found: number[] = [];
  const b0 = Math.floor(v0 * K.R);
  for (let b = b0 - 1; b <= b0 + 1; b++) {
    if (b < 0 || b > K.R - 1) continue;
    const x2 = b + 1;
    // stepping back multiplies by the inverse, a 31-bit number: the product needs BigInt
    const x1 = Number((BigInt(x2) * BigInt(MINSTD_INVERSE)) % 2147483647n);
    const x0 = Number((BigInt(x1) * BigInt(MINSTD_INVERSE)) % 2147483647n);
    const g = new HermesMinstd(x0);
    if (values.every((v) => Object.is(g.random(), v))) found.push(x0);
  }
  return found;
}
