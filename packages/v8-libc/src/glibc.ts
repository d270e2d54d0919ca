/**
 * glibc's random() (stdlib/random_r.c, TYPE_3: degree 31, separation 3), as V8 ≤ 1.2.7 on Linux
 * called it twice per Math.random().
 *
 *   srandom(seed): r[0] = seed (0 → 1); r[i] = 16807 · r[i−1] mod (2^31 − 1) for i = 1 … 30
 *                  (Schrage's method on int32, negative results + 2^31 − 1); then 310 outputs discarded
 *   random():      r[f] += r[r] (mod 2^32), output r[f] >>> 1, both pointers advance cyclically (f = r + 3)
 *
 * State: the 31 table words (uint32) starting at the rear pointer — the table as glibc holds it,
 * rotated so that the next call adds word 0 into word 3. Period ≈ 16 · (2^31 − 1).
 */
import {
  type Emulator,
  type VariantInfo,
  InvalidStateError,
  readIntegerSeed,
  readSkipCount,
  readStateWords,
} from '@emu/core';

const ENGINE = 'v8-libc';
const DEG = 31;
const SEP = 3;
const TWO31 = 2147483648;

/** Names of glibc's 31 state words, `r0` … `r30`, in getState() order (from the rear pointer). */
export const GLIBC_STATE_WORDS: readonly string[] = Array.from({ length: DEG }, (_, i) => `r${i}`);

/** The `v8-0.1-glibc` variant's metadata: engines, dates, algorithm, precision, state words, source. */
export const GLIBC_VARIANT: VariantInfo = {
  id: 'v8-0.1-glibc',
  engines: 'V8 0.1 – 1.2.7 on Linux (glibc); no Chrome stable shipped on Linux with it',
  dates: '2008-07 … 2009-06-15',
  algorithm: 'glibc random() TYPE_3 (r[i] = r[i−31] + r[i−3], >> 1), twice: (hi + lo / 2^31) / 2^31, one rounding to 53 bits',
  precisionBits: 53,
  stateWords: GLIBC_STATE_WORDS,
  source: 'v8/v8 src/runtime.cc Runtime_Math_random, src/platform-linux.cc OS::Setup @ aa176ce815355f5c7e9d4b91e8f5627f12e7109b^; glibc stdlib/random_r.c',
};

/** V8 ≤ 1.2.7's Math.random on Linux, two glibc random() calls per value: createGlibc() or create() builds one. */
export class GlibcRandom implements Emulator<readonly number[]> {
  readonly engine = ENGINE;
  readonly variant = 'v8-0.1-glibc';
  private readonly t: Int32Array;
  private r = 0;

  constructor(words: readonly number[]) {
    this.t = Int32Array.from(words);
  }

  /** One glibc random(): a 31-bit integer. */
  nextInt(): number {
    const t = this.t;
    let f = this.r + SEP;
    if (f >= DEG) f -= DEG;
    t[f] = (t[f]! + t[this.r]!) | 0;
    const out = t[f]! >>> 1;
    this.r = this.r + 1 === DEG ? 0 : this.r + 1;
    return out;
  }

  /** Runtime_Math_random: the first call is the low part. */
  random(): number {
    const lo = this.nextInt() / TWO31;
    const hi = this.nextInt();
    return (hi + lo) / TWO31;
  }

  fill(out: Float64Array): Float64Array {
    for (let i = 0; i < out.length; i++) out[i] = this.random();
    return out;
  }

  /**
   * Pass over n values (2n random() calls) in O(n): TYPE_3 is an additive lagged Fibonacci
   * generator mod 2^32 (r[i] = r[i−31] + r[i−3]); a jump would need polynomial arithmetic on the
   * 31-word table, which is not done here. Each value costs two table additions.
   */
  skip(n: number): void {
    const steps = readSkipCount(ENGINE, n);
    for (let i = 0; i < steps; i++) {
      this.nextInt();
      this.nextInt();
    }
  }

  getState(): readonly number[] {
    return Array.from({ length: DEG }, (_, i) => this.t[(this.r + i) % DEG]! >>> 0);
  }

  clone(): GlibcRandom {
    return new GlibcRandom(this.getState());
  }
}

/**
 * srandom's table fill, before any output is discarded: word 0 = the seed (0 → 1) as int32_t, then
 * each word 16807 × the previous mod 2^31 − 1 by Schrage's method. Writes the 31 words into `out`
 * (allocation-free, for seed searches); `seed` is an unsigned 32-bit integer.
 */
export function glibcSeedTable(seed: number, out: Int32Array): void {
  let word = (seed === 0 ? 1 : seed) | 0; // int32_t word = seed
  out[0] = word;
  for (let i = 1; i < DEG; i++) {
    const hi = Math.trunc(word / 127773);
    const lo = word % 127773;
    word = 16807 * lo - 2836 * hi;
    if (word < 0) word += 2147483647;
    out[i] = word;
  }
}

/** glibc srandom(seed): the table after seeding and the 310 discarded outputs, in getState() order. */
export function glibcStateFromSeed(seed: number | bigint | string): number[] {
  const t = new Int32Array(DEG);
  glibcSeedTable(Number(readIntegerSeed(ENGINE, seed, 0n, 0xffffffffn)), t);
  const g = new GlibcRandom(Array.from(t, (x) => x >>> 0));
  for (let i = 0; i < DEG * 10; i++) g.nextInt();
  return [...g.getState()];
}

/** V8's OS::Setup seed: srandom((unsigned int) TimeCurrentMillis()) — the low 32 bits of the epoch milliseconds. */
export function seedFromEpochMs(ms: number): number {
  if (!Number.isSafeInteger(ms) || ms < 0) throw new InvalidStateError(`${ENGINE}: epoch milliseconds ${String(ms)} must be a non-negative safe integer`);
  return ms % 0x100000000;
}

/** What createGlibc() takes: the raw `state` or the srandom `seed` (exactly one). */
export interface CreateGlibcOptions {
  /** Raw state: 31 uint32 words from the rear pointer (see getState()). */
  state?: readonly unknown[];
  /** The unsigned int given to srandom (for V8: the epoch milliseconds, mod 2^32 — seedFromEpochMs). */
  seed?: number | bigint | string;
}

/** A glibc generator from { state } (31 uint32 words, not all 0) or { seed } (srandom's unsigned int); errors name the bad value. */
export function createGlibc(options: CreateGlibcOptions): GlibcRandom {
  if (options.seed !== undefined) return new GlibcRandom(glibcStateFromSeed(options.seed));
  const words = readStateWords(ENGINE, options.state, GLIBC_STATE_WORDS, 32).map(Number);
  if (words.every((w) => w === 0)) {
    throw new InvalidStateError(`${ENGINE}: the all-zero glibc state is not allowed: random() would return 0 forever (srandom never produces it)`);
  }
  return new GlibcRandom(words);
}
