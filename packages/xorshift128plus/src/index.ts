/**
 * XorShift128+ (Vigna 2014, shifts 23/17/26) as each engine's Math.random used it, with each
 * engine's own output mapping and, for V8, its cache.
 *
 * Flavors and variants (named by the engine versions that shipped them):
 *  - `v8`: V8 keeps a cache of doubles per native context, refilled 64 at a time and handed out
 *    from the END (the last value generated is returned first). Output mappings:
 *      `v8-4.9-sum52`  mantissa = (s0 + s1) & (2^52 − 1)            (V8 4.9 … 7.0)
 *      `v8-7.1-s0`     mantissa = s0 >> 12                           (V8 7.1 … 13.4; Node 12 … 23)
 *      `v8-13.5-s0-53` double = (s0 >> 11) / 2^53                    (V8 13.5 … 14.3; Node 24, 25)
 *      `v8-14.4-sum-53` double = ((s0 + s1) >> 11) / 2^53            (V8 14.4 …; Node 26)
 *    `--random_seed=N` seeds s0 = MurmurHash3(N), s1 = MurmurHash3(~N) (math-random.cc).
 *  - `spidermonkey`: double = ((s0 + s1) & (2^53 − 1)) / 2^53, no cache (Firefox 45+).
 *  - `jsc`: the same 53-bit mapping (WTF::WeakRandom, Safari 9.1+).
 *
 * The state is [state0, state1] as 16-hex-digit strings, and for V8 a third word: how many
 * cached values are still to be handed out (0 … 64), V8's math_random_index.
 */
import {
  type Emulator,
  type StateWord,
  type VariantInfo,
  InvalidOptionError,
  InvalidSeedError,
  InvalidStateError,
  add64Hi,
  add64Lo,
  constructDouble,
  describeValue,
  murmurHash3Fmix64,
  readStateWords,
  requireStateOrSeed,
  u64FromBigInt,
  u64ToHex,
  v8SeedValue,
} from '@emu/core';
import { S0_HI, S0_LO, S1_HI, S1_LO, xorshift128Step, xorshift128StepBack } from './xorshift128.js';

export { xorshift128Step, xorshift128StepBack } from './xorshift128.js';

const ENGINE = 'xorshift128plus';
const V8_CACHE_SIZE = 64; // kCacheSize in math-random.h
const EXPONENT_ONE = 0x3ff00000;
const TWO_POW_32 = 0x100000000;
const TWO_POW_MINUS_53 = 2 ** -53;

export type Flavor = 'v8' | 'spidermonkey' | 'jsc';
export type Mapping = 'sum52' | 's0-52' | 's0-53' | 'sum-53' | 'sum53-low';

interface Variant extends VariantInfo {
  readonly flavor: Flavor;
  readonly mapping: Mapping;
  readonly cached: boolean;
}

export const VARIANTS: readonly Variant[] = [
  {
    id: 'v8-4.9-sum52', flavor: 'v8', mapping: 'sum52', cached: true,
    engines: 'V8 4.9 … 7.0 (Chrome 49 … 70, Node 6 … 11)',
    dates: '2015-12 … 2018-10',
    algorithm: 'xorshift128+; double = bits(0x3FF | ((s0 + s1) & (2^52 − 1))) − 1; cache of 64 handed out from the end',
    precisionBits: 52, stateWords: ['state0', 'state1', 'index'],
    source: 'v8/v8 src/base/utils/random-number-generator.h ToDouble(state0, state1)',
  },
  {
    id: 'v8-7.1-s0', flavor: 'v8', mapping: 's0-52', cached: true,
    engines: 'V8 7.1 … 13.4 (Chrome 71 … 134, Node 12 … 23)',
    dates: '2018-10 … 2025',
    algorithm: 'xorshift128+ state only (no +); double = bits(0x3FF | (s0 >> 12)) − 1; cache of 64 handed out from the end',
    precisionBits: 52, stateWords: ['state0', 'state1', 'index'],
    source: 'v8/v8 src/numbers/math-random.cc RefillCache; src/base/utils/random-number-generator.h ToDouble(state0); checked against node 20',
  },
  {
    id: 'v8-13.5-s0-53', flavor: 'v8', mapping: 's0-53', cached: true,
    engines: 'V8 13.5 … 14.3 (Node 24, 25)',
    dates: '2025',
    algorithm: 'double = (s0 >> 11) · 2^-53; cache of 64 handed out from the end',
    precisionBits: 53, stateWords: ['state0', 'state1', 'index'],
    source: 'v8/v8 src/base/utils/random-number-generator.h ToDouble',
  },
  {
    id: 'v8-14.4-sum-53', flavor: 'v8', mapping: 'sum-53', cached: true,
    engines: 'V8 14.4 … (Node 26)',
    dates: '2025 …',
    algorithm: 'double = ((s0 + s1) >> 11) · 2^-53; cache of 64 handed out from the end',
    precisionBits: 53, stateWords: ['state0', 'state1', 'index'],
    source: 'v8/v8 src/base/utils/random-number-generator.h ToDouble',
  },
  {
    id: 'spidermonkey', flavor: 'spidermonkey', mapping: 'sum53-low', cached: false,
    engines: 'SpiderMonkey / Firefox 45 …',
    dates: '2015-12 …',
    algorithm: 'mozilla::non_crypto::XorShift128PlusRNG; double = ((s0 + s1) & (2^53 − 1)) / 2^53',
    precisionBits: 53, stateWords: ['state0', 'state1'],
    source: 'mozilla/gecko-dev mfbt/XorShift128PlusRNG.h nextDouble()',
  },
  {
    id: 'jsc', flavor: 'jsc', mapping: 'sum53-low', cached: false,
    engines: 'JavaScriptCore / Safari 9.1 …',
    dates: '2015-11-30 …',
    algorithm: 'WTF::WeakRandom (xorshift128+); double = ((s0 + s1) & (2^53 − 1)) / 2^53',
    precisionBits: 53, stateWords: ['state0', 'state1'],
    source: 'WebKit/WebKit Source/WTF/wtf/WeakRandom.h (r192855 and later)',
  },
];

const DEFAULT_VARIANT: Record<Flavor, string> = { v8: 'v8-7.1-s0', spidermonkey: 'spidermonkey', jsc: 'jsc' };

export interface CreateOptions {
  /** [state0, state1] (64-bit words as 0x-hex or decimal strings, bigints or safe integers); V8 adds [.., index]. */
  state?: readonly unknown[];
  /** V8 flavors: --random_seed (non-zero int32). */
  seed?: number | bigint | string;
  flavor?: string;
  variant?: string;
}

export type XorShift128PlusState = readonly StateWord[];

export class XorShift128Plus implements Emulator<XorShift128PlusState> {
  readonly engine = ENGINE;
  readonly variant: string;
  readonly flavor: Flavor;
  private readonly mapping: Mapping;
  private readonly s = new Int32Array(4);
  private readonly cache: Float64Array | undefined;
  private index = 0;

  constructor(variant: string, s0: readonly [number, number], s1: readonly [number, number], index = 0) {
    const info = VARIANTS.find((v) => v.id === variant)!;
    this.variant = variant;
    this.flavor = info.flavor;
    this.mapping = info.mapping;
    this.s[S0_HI] = s0[0];
    this.s[S0_LO] = s0[1];
    this.s[S1_HI] = s1[0];
    this.s[S1_LO] = s1[1];
    if (info.cached) {
      this.cache = new Float64Array(V8_CACHE_SIZE);
      if (index > 0) {
        // V8 holds the state as it was after the last refill: rewind, refill, keep `index` values.
        for (let i = 0; i < V8_CACHE_SIZE; i++) xorshift128StepBack(this.s);
        this.refill();
        this.index = index;
      }
    }
  }

  /** The double the current state maps to. */
  private output(): number {
    const s = this.s;
    switch (this.mapping) {
      case 's0-52':
        // bits(0x3FF0000000000000 | (s0 >> 12)) − 1
        return constructDouble(EXPONENT_ONE | (s[S0_HI]! >>> 12), (s[S0_HI]! << 20) | (s[S0_LO]! >>> 12)) - 1;
      case 'sum52': {
        const hi = add64Hi(s[S0_HI]!, s[S0_LO]!, s[S1_HI]!, s[S1_LO]!);
        const lo = add64Lo(s[S0_HI]!, s[S0_LO]!, s[S1_HI]!, s[S1_LO]!);
        return constructDouble(EXPONENT_ONE | (hi & 0xfffff), lo) - 1;
      }
      case 's0-53':
        return ((s[S0_HI]! >>> 11) * TWO_POW_32 + ((((s[S0_HI]! << 21) | (s[S0_LO]! >>> 11)) >>> 0))) * TWO_POW_MINUS_53;
      case 'sum-53': {
        const hi = add64Hi(s[S0_HI]!, s[S0_LO]!, s[S1_HI]!, s[S1_LO]!);
        const lo = add64Lo(s[S0_HI]!, s[S0_LO]!, s[S1_HI]!, s[S1_LO]!);
        return ((hi >>> 11) * TWO_POW_32 + (((hi << 21) | (lo >>> 11)) >>> 0)) * TWO_POW_MINUS_53;
      }
      case 'sum53-low': {
        const hi = add64Hi(s[S0_HI]!, s[S0_LO]!, s[S1_HI]!, s[S1_LO]!);
        const lo = add64Lo(s[S0_HI]!, s[S0_LO]!, s[S1_HI]!, s[S1_LO]!);
        return ((hi & 0x1fffff) * TWO_POW_32 + (lo >>> 0)) * TWO_POW_MINUS_53;
      }
    }
  }

  /** V8's MathRandom::RefillCache: 64 steps, each output stored in generation order. */
  private refill(): void {
    const cache = this.cache!;
    for (let i = 0; i < V8_CACHE_SIZE; i++) {
      xorshift128Step(this.s);
      cache[i] = this.output();
    }
    this.index = V8_CACHE_SIZE;
  }

  random(): number {
    const cache = this.cache;
    if (cache === undefined) {
      xorshift128Step(this.s);
      return this.output();
    }
    if (this.index === 0) this.refill();
    return cache[--this.index]!;
  }

  fill(out: Float64Array): Float64Array {
    for (let i = 0; i < out.length; i++) out[i] = this.random();
    return out;
  }

  getState(): XorShift128PlusState {
    const s0 = `0x${u64ToHex(this.s[S0_HI]!, this.s[S0_LO]!)}`;
    const s1 = `0x${u64ToHex(this.s[S1_HI]!, this.s[S1_LO]!)}`;
    return this.cache ? [s0, s1, this.index] : [s0, s1];
  }

  clone(): XorShift128Plus {
    const c = new XorShift128Plus(this.variant, [this.s[S0_HI]!, this.s[S0_LO]!], [this.s[S1_HI]!, this.s[S1_LO]!]);
    if (this.cache) {
      c.cache!.set(this.cache);
      c.index = this.index;
    }
    return c;
  }
}

function resolveVariant(options: CreateOptions): Variant {
  const flavors = Object.keys(DEFAULT_VARIANT);
  if (options.flavor !== undefined && !flavors.includes(options.flavor)) {
    throw new InvalidOptionError(`${ENGINE}: unknown flavor ${describeValue(options.flavor)}; known flavors: ${flavors.join(', ')}`);
  }
  const id = options.variant ?? DEFAULT_VARIANT[(options.flavor ?? 'v8') as Flavor];
  const info = VARIANTS.find((v) => v.id === id);
  if (!info) {
    throw new InvalidOptionError(`${ENGINE}: unknown variant ${describeValue(id)}; known variants: ${VARIANTS.map((v) => v.id).join(', ')}`);
  }
  if (options.flavor !== undefined && info.flavor !== options.flavor) {
    throw new InvalidOptionError(`${ENGINE}: variant ${id} belongs to flavor ${info.flavor}, not ${options.flavor}`);
  }
  return info;
}

export function create(options: CreateOptions): XorShift128Plus {
  requireStateOrSeed(ENGINE, options);
  const info = resolveVariant(options);
  if (options.seed !== undefined) {
    if (info.flavor !== 'v8') {
      throw new InvalidSeedError(`${ENGINE}: flavor ${info.flavor} has no deterministic seeding routine (it seeds from OS entropy); give { state }`);
    }
    // math-random.cc: s0 = MurmurHash3(seed), s1 = MurmurHash3(~seed), seed = (uint64) --random_seed.
    const seed = BigInt(v8SeedValue(ENGINE, options.seed));
    const [h, l] = u64FromBigInt(seed);
    const s0 = murmurHash3Fmix64(h, l);
    const s1 = murmurHash3Fmix64(~h, ~l);
    return new XorShift128Plus(info.id, s0, s1);
  }
  const state = options.state;
  let index = 0;
  let words = state;
  if (info.cached && Array.isArray(state) && state.length === 3) {
    const raw = state[2];
    if (typeof raw !== 'number' || !Number.isInteger(raw) || raw < 0 || raw > V8_CACHE_SIZE) {
      throw new InvalidStateError(`${ENGINE}: state word index (index 2) = ${describeValue(raw)} is out of range: must be an integer in [0, ${V8_CACHE_SIZE}]`);
    }
    index = raw;
    words = state.slice(0, 2);
  }
  const [s0, s1] = readStateWords(ENGINE, words, ['state0', 'state1'], 64);
  if (s0 === 0n && s1 === 0n) {
    throw new InvalidStateError(`${ENGINE}: state [0, 0] is not allowed: xorshift128+ never leaves the all-zero state (every engine rejects or reseeds it)`);
  }
  return new XorShift128Plus(info.id, u64FromBigInt(s0!), u64FromBigInt(s1!), index);
}
