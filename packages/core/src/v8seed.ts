/**
 * V8's seeding path for Math.random, shared by every V8 emulator.
 *
 * `--random_seed=N` (an int flag; 0 means "not set") seeds the isolate's
 * base::RandomNumberGenerator. Until V8 4.9 that class is the java.util.Random LCG:
 *   SetSeed(s): seed_ = (s ^ 0x5DEECE66D) & (2^48 − 1)
 *   Next(bits): seed_ = seed_·0x5DEECE66D + 0xB (mod 2^48); return seed_ >> (48 − bits)
 *   NextBytes(buf, n): buf[i] = Next(8) for each byte
 * The isolate draws from it during start-up (heap set-up, hash seed, …) before a native context
 * fetches its Math.random state, so emulating an embedder means skipping those draws first.
 */
import { InvalidSeedError, describeValue } from './errors.js';
import { lcg48ScrambleSeed, lcg48Step, lcg48TopBits } from './lcg48.js';
import { murmurHash3Fmix64 } from './murmur.js';
import { add64Hi } from './u64.js';
import { xorshift128Step } from './xorshift128.js';

/** Validates V8's --random_seed: a non-zero int32 (0 means "unseeded" to V8). */
export function v8SeedValue(engine: string, seed: unknown): number {
  let v: number | undefined;
  if (typeof seed === 'number') v = seed;
  else if (typeof seed === 'bigint' && seed >= -(2n ** 31n) && seed < 2n ** 31n) v = Number(seed);
  else if (typeof seed === 'string' && /^-?[0-9]+$/.test(seed)) v = Number(seed);
  if (v === undefined || !Number.isInteger(v)) {
    throw new InvalidSeedError(`${engine}: --random_seed must be an integer, got ${describeValue(seed)}`);
  }
  if (v < -0x80000000 || v > 0x7fffffff) {
    throw new InvalidSeedError(`${engine}: --random_seed ${describeValue(seed)} is out of range: V8's flag is an int32 [-2147483648, 2147483647]`);
  }
  if (v === 0) {
    throw new InvalidSeedError(`${engine}: --random_seed 0 means "no seed" to V8 (it seeds from entropy); use a non-zero seed`);
  }
  return v;
}

/**
 * The first `count` bytes NextBytes() hands out after `drawsBefore` steps of the LCG-era
 * base::RandomNumberGenerator seeded with the (sign-extended) int32 `seed`.
 */
export function v8RngBytes(seed: number, drawsBefore: number, count: number): Uint8Array {
  let x = lcg48ScrambleSeed(seed < 0 ? -1 : 0, seed);
  for (let i = 0; i < drawsBefore; i++) x = lcg48Step(x);
  const out = new Uint8Array(count);
  for (let i = 0; i < count; i++) {
    x = lcg48Step(x);
    out[i] = lcg48TopBits(x, 8);
  }
  return out;
}

/**
 * %InitializeRNG of V8 4.7–4.9 (runtime-maths.cc): four uint16 words drawn with NextBytes,
 * redrawn while any of them is zero, as [rngstate_0 … rngstate_3].
 */
export function v8InitializeRngWords(engine: string, seed: unknown, drawsBefore = 0): number[] {
  const s = v8SeedValue(engine, seed);
  for (let skip = drawsBefore; ; skip += 8) {
    const b = v8RngBytes(s, skip, 8);
    const words = [0, 2, 4, 6].map((i) => b[i]! | (b[i + 1]! << 8));
    if (words.every((w) => w !== 0)) return words;
  }
}

/**
 * V8's base::RandomNumberGenerator after commit 085fed0f (V8 4.9, 2015-11-24): xorshift128+,
 * SetSeed(s): state0 = MurmurHash3(s), state1 = MurmurHash3(state0) — from V8 5.3 (d75baead)
 * MurmurHash3(~state0); Next(bits) = (state0 + state1) >> (64 − bits) after one step;
 * NextBytes: one Next(8) per byte. V8 4.9–5.8 seeded Math.random's xorshift state from it.
 */
export function v8XorshiftRngBytes(seed: number, drawsBefore: number, count: number, notState0: boolean): Uint8Array {
  const [sh, sl] = [seed < 0 ? -1 : 0, seed | 0];
  const [ah, al] = murmurHash3Fmix64(sh, sl);
  const [bh, bl] = notState0 ? murmurHash3Fmix64(~ah, ~al) : murmurHash3Fmix64(ah, al);
  const s = new Int32Array([ah, al, bh, bl]);
  const out = new Uint8Array(count);
  for (let i = 0; i < drawsBefore + count; i++) {
    xorshift128Step(s);
    if (i >= drawsBefore) out[i - drawsBefore] = add64Hi(s[0]!, s[1]!, s[2]!, s[3]!) >>> 24; // top 8 bits of state0 + state1
  }
  return out;
}
