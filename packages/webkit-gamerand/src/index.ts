/**
 * JavaScriptCore's Math.random before XorShift128+: WTF::WeakRandom, the "GameRand" generator
 * (Source/WTF/wtf/WeakRandom.h, until WebKit r192855, 2015-11-30; Safari ≤ 9.0).
 *
 *   high = rotl32(high, 16) + low;  low = low + high;  output = high
 *   Math.random() = output / 2^32
 *
 * Two 32-bit words; the constructor sets low = seed ^ 0x49616E42 ("IanB"), high = seed.
 */
import {
  type Emulator,
  type VariantInfo,
  InvalidOptionError,
  readIntegerSeed,
  readSkipCount,
  readStateWords,
  refuseAllZero,
  requireStateOrSeed,
} from '@emu/core';

const ENGINE = 'webkit-gamerand';
const SEED_XOR = 0x49616e42; // "IanB": the constructor's mask for the low word
/** Numeric constants as a const enum: the build inlines them as literals, so hot paths pay no
 * module-context load per use (see "Hot paths" in @emu/core emulator.ts). */
const enum K {
  INV_TWO_POW_32 = 2 ** -32, // 1 / (UINT_MAX + 1.0), exact
}

/** The variant ids this package emulates. */
export type VariantId = 'jsc-gamerand';

/** Names of the state words, in getState() order. */
export const STATE_WORDS = ['m_low', 'm_high'] as const;
/** The raw state getState() returns: [m_low, m_high], unsigned 32-bit integers, not both 0. */
export type WebkitGameRandState = readonly [m_low: number, m_high: number];

/** The variant's metadata: engines, dates, algorithm, precision, state words, source. */
export const VARIANTS: readonly VariantInfo[] = [
  {
    id: 'jsc-gamerand',
    engines: 'JavaScriptCore / Safari up to 9.1.x (JavaScriptCore-7600 … 7601 tags; XorShift128+ from Safari 10)',
    dates: '… 2016-09',
    algorithm: 'GameRand: high = rotl(high,16) + low; low += high; double = high / 2^32',
    precisionBits: 32,
    stateWords: STATE_WORDS,
    source: 'Apple JavaScriptCore-7601.7.2 runtime/WeakRandom.h; JSGlobalObject.cpp seeds it with one cryptographically random uint32',
  },
];

/** What create() takes: a raw `state` or a `seed` (exactly one), and optionally the variant. */
export interface CreateOptions {
  /** Raw state [m_low, m_high], each an unsigned 32-bit integer. */
  state?: readonly unknown[];
  /** The unsigned seed given to WeakRandom(unsigned seed) (JSGlobalObject drew it from cryptographic randomness). */
  seed?: number | bigint | string;
  /** The only variant, `jsc-gamerand`. */
  variant?: VariantId;
}

/** JavaScriptCore's pre-2016 Math.random generator (WeakRandom / GameRand): create() builds one. */
export class WebkitGameRand implements Emulator<WebkitGameRandState> {
  readonly engine = ENGINE;
  readonly variant = 'jsc-gamerand';
  private low = 0; // int32 fields start as Smis (see "Hot paths" in @emu/core emulator.ts)
  private high = 0;

  constructor(low: number, high: number) {
    this.low = low | 0;
    this.high = high | 0;
  }

  /** WeakRandom::getUint32(): one advance, the new high word. */
  raw(): number {
    const h = (((this.high << 16) | (this.high >>> 16)) + this.low) | 0;
    this.high = h;
    this.low = (this.low + h) | 0;
    return h >>> 0;
  }

  /** WeakRandom::get(): advance() / (UINT_MAX + 1.0) — the same as · 2^-32, exactly. */
  random(): number {
    const h = (((this.high << 16) | (this.high >>> 16)) + this.low) | 0;
    this.high = h;
    this.low = (this.low + h) | 0;
    return (h >>> 0) * K.INV_TWO_POW_32;
  }

  /** random() n times, with the state in locals (the same arithmetic; tests check the equality). */
  fill(out: Float64Array): Float64Array {
    let low = this.low;
    let high = this.high;
    for (let i = 0; i < out.length; i++) {
      high = (((high << 16) | (high >>> 16)) + low) | 0;
      low = (low + high) | 0;
      out[i] = (high >>> 0) * K.INV_TWO_POW_32;
    }
    this.low = low;
    this.high = high;
    return out;
  }

  /**
   * Passes over n values in O(n): GameRand mixes a 32-bit rotation with additions mod 2^32, so a
   * step is neither linear over GF(2) (the carries of the additions) nor affine mod 2^32 (the
   * rotation), and no jump by squaring is known for it. This is the step loop, without the doubles.
   */
  skip(n: number): void {
    const steps = readSkipCount(ENGINE, n);
    let low = this.low;
    let high = this.high;
    for (let i = 0; i < steps; i++) {
      high = (((high << 16) | (high >>> 16)) + low) | 0;
      low = (low + high) | 0;
    }
    this.low = low;
    this.high = high;
  }

  getState(): WebkitGameRandState {
    return [this.low >>> 0, this.high >>> 0];
  }

  clone(): WebkitGameRand {
    return new WebkitGameRand(this.low, this.high);
  }
}

/**
 * A generator from { state } ([m_low, m_high], not both 0) or { seed } (the uint32 WeakRandom's
 * constructor took: m_low = seed ^ 0x49616E42, m_high = seed); errors name the bad value.
 */
export function create(options: CreateOptions): WebkitGameRand {
  requireStateOrSeed(ENGINE, options);
  if (options.variant !== undefined && options.variant !== 'jsc-gamerand') {
    throw new InvalidOptionError(`${ENGINE}: unknown variant ${JSON.stringify(options.variant)}; known variants: jsc-gamerand`);
  }
  if (options.seed !== undefined) {
    const seed = Number(readIntegerSeed(ENGINE, options.seed, 0n, 0xffffffffn));
    return new WebkitGameRand(seed ^ SEED_XOR, seed);
  }
  const [low, high] = readStateWords(ENGINE, options.state, STATE_WORDS, 32).map(Number);
  refuseAllZero(ENGINE, [low!, high!], 'WeakRandom(seed) sets m_low = seed ^ 0x49616E42 and m_high = seed, never both 0, and the step is a bijection with [0, 0] as a fixed point, so no other state leads there');
  return new WebkitGameRand(low!, high!);
}
