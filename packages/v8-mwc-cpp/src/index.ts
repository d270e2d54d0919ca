/**
 * V8's C++ multiply-with-carry Math.random between the libc era and the JavaScript one:
 *
 *  - `v8-1.2.8-smi30` (V8 1.2.8 – 2.2.1, 2009-06-15 … 2010-04-07; Chrome 3–5):
 *      hi = 36969·(hi & 0xFFFF) + (hi >> 16);  lo = 18273·(lo & 0xFFFF) + (lo >> 16)
 *      V8::Random() = (hi << 16) + (lo & 0xFFFF);  Math.random() = (V8::Random() & Smi::kMaxValue) / 2^30
 *    with Smi::kMaxValue = 2^30 − 1 on 32-bit builds (every Chrome of the time): 30 bits.
 *  - `v8-2.2-cpp32` (V8 2.2.2 – 3.4.8, 2010-04-07 … 2011-07; Chrome 6–13): the same V8::Random(),
 *      all 32 bits through FillHeapNumberWithRandom: bits of 1.0 | (random << 20), minus 1.0 = random / 2^32.
 *  - `v8-3.21-cpp` (V8 3.21.13 – 3.23.10, 2013-09 … 2013-11; Chrome 31–32): random_base's
 *      (s0 << 14) + (s1 & 0x3FFFF) with s0 on 18273 and s1 on 36969 (as V8 3.4.9–3.21 and @emu/v8-2015's
 *      `v8-3.11-cpp`), but each native context's two words drawn from the isolate's
 *      RandomNumberGenerator at bootstrap, so the flag no longer sets them: state only.
 *
 * Seeding (first two variants): each word that is 0 at a call is (re)seeded from random_seed():
 * the --random_seed=N flag (from V8 2.1.9, fd284bedb) or else libc random(); the state is one per
 * process (a static in V8::Random, per Isolate from 3.2.4). `create({ seed: N })` is --random_seed=N.
 *
 * Source: v8/v8 history (read in the v8mips/v8mips mirror): src/v8.cc (V8::Random, random_base,
 * FillHeapNumberWithRandom) and src/math.js (MathRandom) at aa176ce815355f5c7e9d4b91e8f5627f12e7109b
 * (1.2.8) and the later commits named in VARIANTS.
 */
import {
  type Emulator,
  type VariantInfo,
  InvalidOptionError,
  InvalidSeedError,
  InvalidStateError,
  mwcJump,
  readIntegerSeed,
  readSkipCount,
  readStateWords,
  requireStateOrSeed,
} from '@emu/core';

const ENGINE = 'v8-mwc-cpp';

/** The variants, each named by the first V8 version that shipped it (see VARIANTS). */
export type VariantId = 'v8-1.2.8-smi30' | 'v8-2.2-cpp32' | 'v8-3.21-cpp';

/** Every variant: engines, dates, algorithm, precision, state words, source. */
export const VARIANTS: readonly VariantInfo[] = [
  {
    id: 'v8-1.2.8-smi30',
    engines: 'V8 1.2.8 – 2.2.1 on 32-bit builds (Chrome 3, 4, 5)',
    dates: '2009-06-15 … 2010-04-07',
    algorithm: 'MWC: hi on 36969, lo on 18273; V8::Random() = (hi << 16) + (lo & 0xFFFF); Math.random() = (V8::Random() & 0x3FFFFFFF) / 2^30',
    precisionBits: 30,
    stateWords: ['hi', 'lo'],
    source: 'v8/v8 src/v8.cc V8::Random, V8::RandomPositiveSmi; src/math.js MathRandom = %_RandomPositiveSmi() / 0x40000000 @ aa176ce815355f5c7e9d4b91e8f5627f12e7109b (r2159)',
  },
  {
    id: 'v8-2.2-cpp32',
    engines: 'V8 2.2.2 – 3.4.8 (Chrome 6 – 13)',
    dates: '2010-04-07 … 2011-07-04',
    algorithm: 'the same V8::Random(); Math.random() = V8::Random() / 2^32 (FillHeapNumberWithRandom: 1.0 | random << 20, − 1.0)',
    precisionBits: 32,
    stateWords: ['hi', 'lo'],
    source: 'v8/v8 src/v8.cc V8::FillHeapNumberWithRandom; src/math.js MathRandom = %_RandomHeapNumber() @ b72b13798be06654a83bcf3881ca7f55c88052e9 (r4354, "return 32 bits of random goodness, instead of 30"); random_base with a separate private state from a4edd0d86aba (2.5.7); per Isolate from 29a64c40c2f2 (3.2.4)',
  },
  {
    id: 'v8-3.21-cpp',
    engines: 'V8 3.21.13 – 3.23.10 (Chrome 31, 32)',
    dates: '2013-09-10 … 2013-11-22',
    algorithm: 'random_base: s0 = 18273·(s0 & 0xFFFF) + (s0 >> 16); s1 = 36969·(s1 & 0xFFFF) + (s1 >> 16); (s0 << 14) + (s1 & 0x3FFFF), / 2^32',
    precisionBits: 32,
    stateWords: ['state0', 'state1'],
    source: 'v8/v8 src/v8.cc V8::Random(Context*), src/bootstrapper.cc (Genesis seeds the context from the isolate RandomNumberGenerator) @ bb48e529f2a4e1084d82b7009374d29af3b7006c (3.21.13); replaced by the JS MathRandom in 31635debdb71e9c6d13d1dc1653361ff30eca0a9 (3.23.11)',
  },
];

const VARIANT_IDS = VARIANTS.map((v) => v.id);

/** What create() takes: a raw `state` or a `seed` (exactly one), and optionally the variant (default `v8-2.2-cpp32`). */
export interface CreateOptions {
  /** Raw state `[hi, lo]` (or `[state0, state1]` for v8-3.21-cpp): two non-zero uint32 words. */
  state?: readonly unknown[];
  /** --random_seed=N (V8 ≥ 2.1.9): both words = N (uint32, non-zero). Not for v8-3.21-cpp. */
  seed?: number | bigint | string;
  variant?: string;
}

/** V8's C++ multiply-with-carry generator: create() builds one. */
export class V8MwcCpp implements Emulator<readonly [number, number]> {
  readonly engine = ENGINE;
  readonly variant: VariantId;
  private a: number;
  private b: number;

  constructor(variant: VariantId, a: number, b: number) {
    this.variant = variant;
    this.a = a >>> 0;
    this.b = b >>> 0;
  }

  /** The 32-bit V8::Random() / random_base() output. */
  raw(): number {
    if (this.variant === 'v8-3.21-cpp') {
      this.a = (Math.imul(18273, this.a & 0xffff) + (this.a >>> 16)) >>> 0;
      this.b = (Math.imul(36969, this.b & 0xffff) + (this.b >>> 16)) >>> 0;
      return ((this.a << 14) + (this.b & 0x3ffff)) >>> 0;
    }
    this.a = (Math.imul(36969, this.a & 0xffff) + (this.a >>> 16)) >>> 0; // hi
    this.b = (Math.imul(18273, this.b & 0xffff) + (this.b >>> 16)) >>> 0; // lo
    return ((this.a << 16) + (this.b & 0xffff)) >>> 0;
  }

  random(): number {
    const r = this.raw();
    return this.variant === 'v8-1.2.8-smi30' ? (r & 0x3fffffff) / 0x40000000 : r / 0x100000000;
  }

  fill(out: Float64Array): Float64Array {
    for (let i = 0; i < out.length; i++) out[i] = this.random();
    return out;
  }

  /** Pass over n values in O(log n): each 16-bit MWC half jumps on its own multiplier (mwcJump). */
  skip(n: number): void {
    const steps = readSkipCount(ENGINE, n);
    const [ma, mb] = this.variant === 'v8-3.21-cpp' ? [18273, 36969] : [36969, 18273];
    this.a = mwcJump(this.a, ma, steps) >>> 0;
    this.b = mwcJump(this.b, mb, steps) >>> 0;
  }

  getState(): readonly [number, number] {
    return [this.a, this.b];
  }

  clone(): V8MwcCpp {
    return new V8MwcCpp(this.variant, this.a, this.b);
  }
}

/** A generator from { state } (two non-zero uint32 words) or { seed } (--random_seed=N; not v8-3.21-cpp). */
export function create(options: CreateOptions): V8MwcCpp {
  requireStateOrSeed(ENGINE, options);
  const variant = (options.variant ?? 'v8-2.2-cpp32') as VariantId;
  if (!VARIANT_IDS.includes(variant)) {
    throw new InvalidOptionError(`${ENGINE}: unknown variant ${JSON.stringify(options.variant)}; known variants: ${VARIANT_IDS.join(', ')}`);
  }
  const names = VARIANTS.find((v) => v.id === variant)!.stateWords;
  if (options.seed !== undefined) {
    if (variant === 'v8-3.21-cpp') {
      throw new InvalidSeedError(`${ENGINE}: seed ${String(options.seed)} refused for v8-3.21-cpp: the context's words come from the isolate RNG at bootstrap after an unknown number of draws; give { state }`);
    }
    const n = Number(readIntegerSeed(ENGINE, options.seed, 1n, 0xffffffffn));
    return new V8MwcCpp(variant, n, n);
  }
  const [a, b] = readStateWords(ENGINE, options.state, names, 32).map(Number);
  const zero = [a, b].findIndex((w) => w === 0);
  if (zero >= 0) {
    throw new InvalidStateError(`${ENGINE}: state word ${names[zero]} (index ${zero}) = 0 is not allowed: V8 reseeds a zero word from random() at the next call`);
  }
  return new V8MwcCpp(variant, a!, b!);
}
