/**
 * Hermes's Math.random from facebook/hermes 20c11c4418d4 (2023-11-08, "Switch Math.random() to
 * faster 64-bit seeded implementation", #1175) on — v0.13.0 and the hermes-v250829098 / v260318099
 * releases:
 *
 *   std::mt19937_64 randomEngine_;                     // JSLibStorage, one per Runtime
 *   seeded at the first Math.random() call: r1 = random_device(), r2 = random_device(),
 *   seed = (uint64_t(r1) << 32) | r2;  randomEngine_.seed(seed)
 *   std::uniform_real_distribution<>(0.0, 1.0)(randomEngine_)
 *
 * mt19937_64 (Matsumoto–Nishimura 2004): 312 64-bit words, twist with MATRIX_A 0xB5026F5AA96619E9
 * (upper 33 / lower 31 bits), tempering (29, 0x5555…; 17, 0x71D67FFFEDA60000; 37,
 * 0xFFF7EEE000000000; 43), seeding w[i] = 6364136223846793005 · (w[i−1] ^ w[i−1] >> 62) + i.
 * generate_canonical<double, 53> with R = 2^64 takes ONE output per double: (double) x / 2^64 — the
 * conversion rounds x to 53 significant bits (to nearest, ties to even), so the double is not a
 * truncation. libstdc++ (Linux builds) turns a result of 1.0 (x ≥ 2^64 − 2^10) into the double below
 * 1; libc++ (Android, iOS, macOS) returns 1.0 — the two variants differ only there (2^-54 of values).
 *
 * Source: facebook/hermes lib/VM/JSLib/Math.cpp (mathRandom), include/hermes/VM/JSLib/JSLibStorage.h
 * @ 20c11c4418d4cfb959970b72ceb44f9e32c74612 … 73855a1475e016cec814d67578f860112ef711e1 (hermes-v260318099.0.1).
 */
import {
  type Emulator,
  type VariantInfo,
  InvalidStateError,
  describeValue,
  parseUnsigned,
  readIntegerSeed,
  readSkipCount,
} from '@emu/core';

const ENGINE = 'hermes';
/** mt19937_64's state size: 312 words of 64 bits. */
export const MT_N = 312;
const MT_M = 156;

const enum K {
  A_HI = 0xb5026f5a | 0,
  A_LO = 0xa96619e9 | 0,
  TWO32 = 4294967296,
  INV_TWO64 = 5.421010862427522e-20, // 2^-64, exact
}

/** The mt19937_64 era's variants: by the C++ library's generate_canonical (they differ only at 1.0). */
export type Mt64VariantId = 'hermes-mt64-libcxx' | 'hermes-mt64-libstdcxx';

/** The mt19937_64 variants' metadata. */
export const MT64_VARIANTS: readonly VariantInfo[] = [
  {
    id: 'hermes-mt64-libcxx',
    engines: 'Hermes from 2023-11 (v0.13.0, hermes-v250829098.x, hermes-v260318099.x) built with libc++: React Native on Android and iOS',
    dates: '2023-11 …',
    algorithm: 'std::mt19937_64, one output per double: (double) x / 2^64 (x rounded to 53 bits); 1.0 possible (x ≥ 2^64 − 2^10)',
    precisionBits: 53,
    stateWords: [...Array.from({ length: MT_N }, (_, i) => `_M_x[${i}]`), '_M_p'],
    source: 'facebook/hermes lib/VM/JSLib/Math.cpp (mathRandom) @ 20c11c4418d4cfb959970b72ceb44f9e32c74612; llvm/llvm-project libcxx/include/__random/generate_canonical.h, log2.h @ 42f2dc6c7d5642cf274a9a02d57962068a8afa54 (k = 1, no clamp)',
  },
  {
    id: 'hermes-mt64-libstdcxx',
    engines: 'the same code built with libstdc++ (Linux builds of the hermes CLI)',
    dates: '2023-11 …',
    algorithm: 'as hermes-mt64-libcxx, a result of 1.0 replaced by 1 − 2^-53 (libstdc++ generate_canonical)',
    precisionBits: 53,
    stateWords: [...Array.from({ length: MT_N }, (_, i) => `_M_x[${i}]`), '_M_p'],
    source: 'facebook/hermes lib/VM/JSLib/Math.cpp (mathRandom) @ 20c11c4418d4cfb959970b72ceb44f9e32c74612; GCC libstdc++ bits/random.tcc generate_canonical (checked against g++ 12)',
  },
];

const MASK64 = (1n << 64n) - 1n;
const INIT_MULT = 6364136223846793005n;

/** mt19937_64::seed(s): the 312 words before the first twist. */
export function mt64SeedWords(seed: bigint): bigint[] {
  const w = [BigInt.asUintN(64, seed)];
  for (let i = 1; i < MT_N; i++) {
    const p = w[i - 1]!;
    w.push((INIT_MULT * (p ^ (p >> 62n)) + BigInt(i)) & MASK64);
  }
  return w;
}

/**
 * The double generate_canonical<double, 53> makes of one tempered output with uint32 halves h, l:
 * (double) x / 2^64; libstdc++ (clampOne) turns 1.0 into the double below it. Monotone in x.
 */
export function mt64Value(h: number, l: number, clampOne: boolean): number {
  // h · 2^32 is exact; adding l rounds once, to nearest even: the C++ uint64 → double conversion
  const r = (h * K.TWO32 + l) * K.INV_TWO64;
  return r >= 1 && clampOne ? 1 - 2 ** -53 : r;
}

/** Hermes's mt19937_64 generator: 312 words (hi/lo int32 halves) and the position in them. */
export class HermesMt64 implements Emulator<readonly (string | number)[]> {
  readonly engine = ENGINE;
  readonly variant: Mt64VariantId;
  private readonly hi = new Int32Array(MT_N);
  private readonly lo = new Int32Array(MT_N);
  private p = 0;
  private clampOne = 0;

  constructor(variant: Mt64VariantId, hi: Int32Array, lo: Int32Array, p: number) {
    this.variant = variant;
    this.hi.set(hi);
    this.lo.set(lo);
    this.p = p;
    this.clampOne = variant === 'hermes-mt64-libstdcxx' ? 1 : 0;
  }

  private twist(): void {
    const hi = this.hi;
    const lo = this.lo;
    for (let k = 0; k < MT_N; k++) {
      const k1 = k + 1 === MT_N ? 0 : k + 1;
      const km = k < MT_N - MT_M ? k + MT_M : k + MT_M - MT_N;
      const yh = hi[k]!;
      const yl = (lo[k]! & 0x80000000) | (lo[k1]! & 0x7fffffff);
      let nh = yh >>> 1;
      let nl = (yl >>> 1) | (yh << 31);
      if ((yl & 1) !== 0) {
        nh ^= K.A_HI;
        nl ^= K.A_LO;
      }
      hi[k] = hi[km]! ^ nh;
      lo[k] = lo[km]! ^ nl;
    }
    this.p = 0;
  }

  /** The next 64-bit output as [hi, lo] (uint32 halves). */
  next64(): [number, number] {
    if (this.p >= MT_N) this.twist();
    let hi = this.hi[this.p]!;
    let lo = this.lo[this.p]!;
    this.p++;
    // x ^= (x >> 29) & 0x5555555555555555
    lo ^= ((lo >>> 29) | (hi << 3)) & 0x55555555;
    hi ^= (hi >>> 29) & 0x55555555;
    // x ^= (x << 17) & 0x71D67FFFEDA60000
    hi ^= ((hi << 17) | (lo >>> 15)) & 0x71d67fff;
    lo ^= (lo << 17) & 0xeda60000;
    // x ^= (x << 37) & 0xFFF7EEE000000000
    hi ^= (lo << 5) & 0xfff7eee0;
    // x ^= x >> 43
    lo ^= hi >>> 11;
    return [hi >>> 0, lo >>> 0];
  }

  /** The raw 64-bit output as a `0x…` string (what randomEngine_() returns). */
  raw64(): string {
    const [h, l] = this.next64();
    return `0x${h.toString(16).padStart(8, '0')}${l.toString(16).padStart(8, '0')}`;
  }

  random(): number {
    const [h, l] = this.next64();
    return mt64Value(h, l, this.clampOne === 1);
  }

  fill(out: Float64Array): Float64Array {
    for (let i = 0; i < out.length; i++) out[i] = this.random();
    return out;
  }

  /** O(n): n outputs are generated and dropped (no jump polynomial is kept for mt19937_64). */
  skip(n: number): void {
    const count = readSkipCount(ENGINE, n);
    for (let i = 0; i < count; i++) this.next64();
  }

  getState(): readonly (string | number)[] {
    const words: (string | number)[] = [];
    for (let i = 0; i < MT_N; i++) {
      words.push(`0x${(this.hi[i]! >>> 0).toString(16).padStart(8, '0')}${(this.lo[i]! >>> 0).toString(16).padStart(8, '0')}`);
    }
    words.push(this.p);
    return words;
  }

  clone(): HermesMt64 {
    return new HermesMt64(this.variant, this.hi, this.lo, this.p);
  }
}

function fromWords(variant: Mt64VariantId, words: readonly bigint[], p: number): HermesMt64 {
  const hi = new Int32Array(MT_N);
  const lo = new Int32Array(MT_N);
  for (let i = 0; i < MT_N; i++) {
    hi[i] = Number(BigInt.asIntN(32, words[i]! >> 32n));
    lo[i] = Number(BigInt.asIntN(32, words[i]! & 0xffffffffn));
  }
  return new HermesMt64(variant, hi, lo, p);
}

/** An mt19937_64-era generator from { state } (312 words and the position) or { seed } (the 64-bit seed). */
export function createMt64(variant: Mt64VariantId, options: { state?: readonly unknown[]; seed?: number | bigint | string }): HermesMt64 {
  if (options.seed !== undefined) {
    // the 64-bit seed (r1 << 32) | r2 of two random_device() values
    return fromWords(variant, mt64SeedWords(readIntegerSeed(ENGINE, options.seed, 0n, MASK64)), MT_N);
  }
  const state = options.state;
  if (!Array.isArray(state) || state.length !== MT_N + 1) {
    throw new InvalidStateError(`${ENGINE}: state must have ${MT_N + 1} words [_M_x[0], …, _M_x[311], _M_p], got ${describeValue(state)}`);
  }
  const words = state.slice(0, MT_N).map((w: unknown, i) => {
    const v = parseUnsigned(w, 64);
    if (v === undefined) throw new InvalidStateError(`${ENGINE}: state word _M_x[${i}] (index ${i}) = ${describeValue(w)} is out of range: must be an integer in [0, 0xffffffffffffffff]`);
    return v;
  });
  const p: unknown = state[MT_N];
  if (typeof p !== 'number' || !Number.isInteger(p) || p < 0 || p > MT_N) {
    throw new InvalidStateError(`${ENGINE}: state word _M_p (index ${MT_N}) = ${describeValue(p)} is out of range: must be an integer in [0, ${MT_N}]`);
  }
  if (words.every((w) => w === 0n)) {
    throw new InvalidStateError(`${ENGINE}: state words _M_x are all zero, which mt19937_64 never leaves (0 forever); seed() never produces it`);
  }
  return fromWords(variant, words, p);
}
