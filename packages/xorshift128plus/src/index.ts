/**
 * XorShift128+ (Vigna 2014, shifts 23/17/26) as each engine's Math.random used it, with each
 * engine's own output mapping and, for V8, its cache. See VARIANTS for every variant, the engine
 * versions that shipped it and what it was checked against.
 *
 * V8 caches doubles per native context and refills the cache in generation order; from V8 5.1
 * on it hands them out from the END (the last generated is returned first). The state is
 * [state0, state1] as 16-hex-digit strings; V8 variants add a third word, the number of cached
 * values still to be handed out (V8's index), the state being the one V8 holds after its last refill.
 */
import {
  type Emulator,
  type StateWord,
  type VariantInfo,
  InvalidOptionError,
  InvalidSeedError,
  InvalidStateError,
  describeValue,
  murmurHash3Fmix64,
  readIntegerSeed,
  readSkipCount,
  xorshift128Jump,
  xorshift128Step,
  readStateWords,
  requireStateOrSeed,
  u64FromBigInt,
  u64ToHex,
  v8SeedValue,
  v8XorshiftRngBytes,
  xorshift128StepBack,
  type FillKernels,
  type XorShiftKernelMapping,
  KERNEL_MIN,
  fillKernels,
  S0_HI,
  S0_LO,
  S1_HI,
  S1_LO,
} from '@emu/core';
export { xorshift128Step, xorshift128StepBack } from '@emu/core';
import { JscJitXorShift128Plus } from './jsc-jit.js';
export { JscJitXorShift128Plus } from './jsc-jit.js';

const ENGINE = 'xorshift128plus';

/** The variant ids this package emulates (see VARIANTS). */
export type VariantId =
  | 'v8-4.9-asc62' | 'v8-5.1-desc62' | 'v8-5.3-desc62' | 'v8-5.6-lazy62' | 'v8-5.9-seeded62' | 'v8-7.1-s0' | 'v8-7.1-s0-flagseed'
  | 'v8-13.5-s0-53' | 'v8-14.4-sum-53' | 'v8-15.6-sum-53-asc' | 'spidermonkey' | 'jsc' | 'jsc-jit-sar' | 'chakra';

/** The engine families whose Math.random was xorshift128+. */
export type Flavor = 'v8' | 'spidermonkey' | 'jsc' | 'chakra';
/**
 * How a state becomes a double: `sum52` bits(0x3FF | ((s0 + s1) & (2^52 − 1))) − 1 (V8 4.9–7.0, Chakra),
 * `s0-52` bits(0x3FF | (s0 >> 12)) − 1 (V8 7.1), `s0-53` (s0 >> 11) / 2^53 (V8 13.5),
 * `sum-53` ((s0 + s1) >> 11) / 2^53 (V8 14.4), `sum53-low` ((s0 + s1) & (2^53 − 1)) / 2^53 (SpiderMonkey, JSC).
 */
export type Mapping = 'sum52' | 's0-52' | 's0-53' | 'sum-53' | 'sum53-low';

/** How V8 caches doubles: how many per refill, which end it hands out first, and NaN canonicalisation of the stored state. */
export interface V8CacheLayout {
  /** Doubles generated per refill (62 when the last two slots of the 64-slot array held the state). */
  readonly perRefill: 62 | 64;
  /** 'asc': handed out in generation order; 'desc': from the end, last generated first. */
  readonly order: 'asc' | 'desc';
  /** The state words were stored as doubles in a FixedDoubleArray, which turns every NaN pattern into 0x7FF8000000000000 (V8 bug 8212). */
  readonly canonicalizesNaN: boolean;
}

/**
 * How `--random_seed=N` turns into the xorshift state: 'murmur' (math-random.cc), 'flag'
 * (state0 = state1 = N), or lazily from base::RandomNumberGenerator at the first call:
 * 'lazy-rng' (its state1 = MurmurHash3(state0), V8 4.9–5.2) / 'lazy-rng-not' (MurmurHash3(~state0), V8 5.3–5.8).
 */
export type V8Seeding = 'murmur' | 'flag' | 'lazy-rng' | 'lazy-rng-not';

/** One xorshift128+ variant: its VariantInfo, flavor, output mapping and (V8) cache layout and seeding. */
export interface Variant extends VariantInfo {
  readonly id: VariantId;
  readonly flavor: Flavor;
  readonly mapping: Mapping;
  readonly cache?: V8CacheLayout;
  readonly seeding?: V8Seeding;
}

const SUM52 = 'bits(0x3FF | ((s0 + s1) & (2^52 − 1))) − 1';

/** Every variant: engine versions and dates, flavor, mapping, V8 cache layout and seeding, source and what it was checked against. */
export const VARIANTS: readonly Variant[] = [
  {
    id: 'v8-4.9-asc62', flavor: 'v8', mapping: 'sum52', cache: { perRefill: 62, order: 'asc', canonicalizesNaN: false }, seeding: 'lazy-rng',
    engines: 'V8 4.9.41 … 5.0 (Chrome 49 … 50, Node 6.0 … 6.3)',
    dates: '2015-11-24 … 2016-03',
    algorithm: `xorshift128+; double = ${SUM52}; math.js keeps a Float64Array(64), slots 0–1 the state, 62 doubles handed out in generation order`,
    precisionBits: 52, stateWords: ['state0', 'state1', 'index'],
    source: 'v8/v8 085fed0fb5c3b0136827b5d7c190b4bd1c23a23e (src/js/math.js, runtime-maths.cc); checked against node 6.0.0, 6.1.0, 6.2.0, 6.2.2, 6.3.0',
  },
  {
    id: 'v8-5.1-desc62', flavor: 'v8', mapping: 'sum52', cache: { perRefill: 62, order: 'desc', canonicalizesNaN: false }, seeding: 'lazy-rng',
    engines: 'V8 5.1 … 5.2 (Chrome 51 … 52, Node 6.4 … 6.x)',
    dates: '2016-03 … 2016-06',
    algorithm: `xorshift128+; double = ${SUM52}; 62 doubles per refill handed out from the end (i[--h])`,
    precisionBits: 52, stateWords: ['state0', 'state1', 'index'],
    source: 'v8/v8 4513e077 (2016-03-16, src/js/math.js); checked against node 6.9.0, 6.17.1',
  },
  {
    id: 'v8-5.3-desc62', flavor: 'v8', mapping: 'sum52', cache: { perRefill: 62, order: 'desc', canonicalizesNaN: false }, seeding: 'lazy-rng-not',
    engines: 'V8 5.3 … 5.5 (Chrome 53 … 55, Node 7.x)',
    dates: '2016-06 … 2016-10',
    algorithm: `as v8-5.1-desc62; base::RandomNumberGenerator now seeds state1 = MurmurHash3(~state0)`,
    precisionBits: 52, stateWords: ['state0', 'state1', 'index'],
    source: 'v8/v8 d75baead (2016-06-06, src/base/utils/random-number-generator.cc); checked against node 7.0.0, 7.10.1',
  },
  {
    id: 'v8-5.6-lazy62', flavor: 'v8', mapping: 'sum52', cache: { perRefill: 62, order: 'desc', canonicalizesNaN: true }, seeding: 'lazy-rng-not',
    engines: 'V8 5.6 … 5.8 (Chrome 56 … 58, Node 8.0 … 8.2)',
    dates: '2016-10 … 2017-03',
    algorithm: `xorshift128+; double = ${SUM52}; cache in the native context's FixedDoubleArray(64): values 0–61 handed out from 61 down, state in 62–63 (NaN patterns canonicalised, bug 8212)`,
    precisionBits: 52, stateWords: ['state0', 'state1', 'index'],
    source: 'v8/v8 0d8e5212 (2016-10-10, src/runtime/runtime-maths.cc); checked against node 8.0.0, 8.2.1',
  },
  {
    id: 'v8-5.9-seeded62', flavor: 'v8', mapping: 'sum52', cache: { perRefill: 62, order: 'desc', canonicalizesNaN: true }, seeding: 'flag',
    engines: 'V8 5.9 … 7.0 (Chrome 59 … 70, Node 8.3 … 11)',
    dates: '2017-06 … 2018-10',
    algorithm: `xorshift128+; double = ${SUM52}; FixedDoubleArray(64): 62 doubles from the end, state in slots 62–63 (NaN patterns canonicalised, bug 8212); --random_seed=N sets state0 = state1 = N`,
    precisionBits: 52, stateWords: ['state0', 'state1', 'index'],
    source: 'v8/v8 9b152fda (2017-03-23, src/runtime/runtime-maths.cc: a fixed --random_seed resets the state); checked against node 8.3.0 (V8 6.0), 8.17.0, 9.0.0, 10.24.1, 11.15.0',
  },
  {
    id: 'v8-7.1-s0-flagseed', flavor: 'v8', mapping: 's0-52', cache: { perRefill: 64, order: 'desc', canonicalizesNaN: false }, seeding: 'flag',
    engines: 'V8 7.1 before MurmurHash3 seeding (measured: Chromium 71.0.3563.0, V8 7.1.180)',
    dates: '2018-10',
    algorithm: 'as v8-7.1-s0 (double = bits(0x3FF | (s0 >> 12)) − 1, 64 values from the end), but --random_seed=N still sets state0 = state1 = N',
    precisionBits: 52, stateWords: ['state0', 'state1', 'index'],
    source: 'observed: chrome-aws-lambda@1.9.1 (HeadlessChrome 71.0.3563.0, V8 7.1.180) --js-flags=--random-seed=N; the seeding commit not identified',
  },
  {
    id: 'v8-7.1-s0', flavor: 'v8', mapping: 's0-52', cache: { perRefill: 64, order: 'desc', canonicalizesNaN: false }, seeding: 'murmur',
    engines: 'V8 7.1 … 13.4 (Chrome 71 … 134, Node 12 … 23)',
    dates: '2018-10 … 2025',
    algorithm: 'xorshift128+ state only (no +); double = bits(0x3FF | (s0 >> 12)) − 1; cache of 64 handed out from the end; s0 = MurmurHash3(N), s1 = MurmurHash3(~N)',
    precisionBits: 52, stateWords: ['state0', 'state1', 'index'],
    source: 'v8/v8 src/numbers/math-random.cc RefillCache; src/base/utils/random-number-generator.h ToDouble(state0); checked against node 20.20.2',
  },
  {
    id: 'v8-13.5-s0-53', flavor: 'v8', mapping: 's0-53', cache: { perRefill: 64, order: 'desc', canonicalizesNaN: false }, seeding: 'murmur',
    engines: 'V8 13.5 … 14.3 (Node 24, 25)',
    dates: '2025',
    algorithm: 'double = (s0 >> 11) · 2^-53; cache of 64 handed out from the end',
    precisionBits: 53, stateWords: ['state0', 'state1', 'index'],
    source: 'v8/v8 src/base/utils/random-number-generator.h ToDouble',
  },
  {
    id: 'v8-14.4-sum-53', flavor: 'v8', mapping: 'sum-53', cache: { perRefill: 64, order: 'desc', canonicalizesNaN: false }, seeding: 'murmur',
    engines: 'V8 14.4 … 14.9 (Node 26, Chromium 147 … 149, deno 2.7 … 2.9.0)',
    dates: '2025 …',
    algorithm: 'double = ((s0 + s1) >> 11) · 2^-53; cache of 64 handed out from the end',
    precisionBits: 53, stateWords: ['state0', 'state1', 'index'],
    source: 'v8/v8 src/base/utils/random-number-generator.h ToDouble',
  },
  {
    id: 'v8-15.6-sum-53-asc', flavor: 'v8', mapping: 'sum-53', cache: { perRefill: 64, order: 'asc', canonicalizesNaN: false }, seeding: 'murmur',
    engines: 'V8 15.0 … (deno 2.9.6, Chromium 152, 153, 156); named after the first build it was seen in, the change lies between V8 14.9.207 and 15.0.245',
    dates: '2026',
    algorithm: 'as v8-14.4-sum-53, but each refill of 64 is handed out in generation order',
    precisionBits: 53, stateWords: ['state0', 'state1', 'index'],
    source: 'observed: deno 2.9.6 --seed N and Chromium 152/153/156 --js-flags=--random-seed=N give node 26\'s values, each refill of 64 reversed',
  },
  {
    id: 'spidermonkey', flavor: 'spidermonkey', mapping: 'sum53-low',
    engines: 'SpiderMonkey / Firefox 45 …',
    dates: '2015-12 …',
    algorithm: 'mozilla::non_crypto::XorShift128PlusRNG; double = ((s0 + s1) & (2^53 − 1)) / 2^53',
    precisionBits: 53, stateWords: ['state0', 'state1'],
    source: 'mozilla/gecko-dev mfbt/XorShift128PlusRNG.h nextDouble()',
  },
  {
    id: 'jsc', flavor: 'jsc', mapping: 'sum53-low',
    engines: 'JavaScriptCore / Safari 10 … (its C++ and FTL paths; the DFG/thunk JIT used an arithmetic shift until 2025, WebKit bug 299242)',
    dates: '2016-09 …',
    algorithm: 'WTF::WeakRandom (xorshift128+, logical shifts); double = ((s0 + s1) & (2^53 − 1)) / 2^53',
    precisionBits: 53, stateWords: ['state0', 'state1'],
    source: 'Apple WTF-7602.1.50 wtf/WeakRandom.h (Safari 10); WebKit Source/WTF/wtf/WeakRandom.h',
  },
  {
    id: 'jsc-jit-sar', flavor: 'jsc', mapping: 'sum53-low',
    engines: 'JavaScriptCore calls through the Math.random JIT thunk before WebKit PR #51077 (2025-09): Bun 0.6.0 … 1.3.5 from the first call; Bun 1.3.6 … and WebKitGTK 2.50 jsc give variant jsc',
    dates: '2016-09 … 2025-09',
    algorithm: 'WeakRandom advanced by emitRandomThunkImpl: x >> 17 and y >> 26 shifted ARITHMETICALLY (SAR); double = ((s0 + s1) & (2^53 − 1)) / 2^53',
    precisionBits: 53, stateWords: ['state0', 'state1'],
    source: 'WebKit/WebKit Source/JavaScriptCore/jit/AssemblyHelpers.cpp emitRandomThunkImpl (rshift64) before PR #51077 / bug 299242 (cf0e17e6)',
  },
  {
    id: 'chakra', flavor: 'chakra', mapping: 'sum52',
    engines: 'ChakraCore from dbda0182 (2016-01-21; Edge, probably EdgeHTML 14)',
    dates: '2016-01 …',
    algorithm: 'xorshift128+; double = bits(0x3FF | ((s0 + s1) & (2^52 − 1))) − 1, no cache',
    precisionBits: 52, stateWords: ['state0', 'state1'],
    source: 'chakra-core/ChakraCore dbda0182dc0a983dfb37d90c05000e79b6fc75b0 lib/Runtime/Library/JavascriptMath.cpp',
  },
];

const DEFAULT_VARIANT: Record<Flavor, string> = { v8: 'v8-7.1-s0', spidermonkey: 'spidermonkey', jsc: 'jsc', chakra: 'chakra' };

/** What create() takes: a raw `state` or a `seed` (exactly one), and the flavor and/or variant. */
export interface CreateOptions {
  /** [state0, state1] (64-bit words as 0x-hex or decimal strings, bigints or safe integers); V8 adds [.., index]. */
  state?: readonly unknown[];
  /** V8 flavors: --random_seed (non-zero int32). */
  seed?: number | bigint | string;
  /** Which engine family's mapping (default `v8`); must match the variant's flavor when both are given. */
  flavor?: Flavor;
  /** Which historical variant; default: the flavor's newest (`v8-7.1-s0` for V8). */
  variant?: VariantId;
  /** Lazily seeded V8 variants (4.9.41–5.8): draws of the isolate RNG before the first Math.random call. */
  rngDrawsBefore?: number;
}

/**
 * The raw state getState() returns: [state0, state1] as `0x…` 16-hex-digit strings; V8 variants add the
 * cache index (values still to hand out), and V8 5.6–7.0 add the state before the last refill when
 * that refill canonicalised a NaN word (5 words).
 */
export type XorShift128PlusState = readonly StateWord[];

const enum K {
  CANONICAL_NAN_HI = 0x7ff80000,
  EXPONENT_MASK = 0x7ff00000,
}

/**
 * Every engine's double is ((H & hiMask) >>> 0) · hiScale + (L >>> loShift) · loScale, where H:L
 * is s0 + (s1 & sumMask) just after the step, in int32 halves (sumMask 0: s0 alone; −1: s0 + s1).
 * Both terms are exact and so is their sum (at most 53 bits); for a 52-bit mantissa m, m · 2^-52
 * is what bits(0x3FF | m) − 1 is. One formula for all five mappings, so no hot loop branches on
 * the mapping. The tests check each against a BigInt + Float64Array transcription of the source.
 */
interface MappingParams {
  readonly sumMask: number;
  readonly hiMask: number;
  readonly hiScale: number;
  readonly loShift: number;
  readonly loScale: number;
  /** The same mapping for the WebAssembly fill kernel of @emu/core, on whole 64-bit words. */
  readonly kernel: XorShiftKernelMapping;
}

const MAPPINGS: Record<Mapping, MappingParams> = {
  // V8 7.1: bits(0x3FF | (s0 >> 12)) − 1 = s0's high word · 2^-32 + its low word's top 20 bits · 2^-52
  's0-52': { sumMask: 0, hiMask: -1, hiScale: 2 ** -32, loShift: 12, loScale: 2 ** -52, kernel: { sumAll: 0, maskBits: 64, shift: 12, scale: 2 ** -52 } },
  // V8 13.5: (s0 >> 11) / 2^53
  's0-53': { sumMask: 0, hiMask: -1, hiScale: 2 ** -32, loShift: 11, loScale: 2 ** -53, kernel: { sumAll: 0, maskBits: 64, shift: 11, scale: 2 ** -53 } },
  // V8 4.9–7.0, Chakra: bits(0x3FF | ((s0 + s1) & (2^52 − 1))) − 1
  sum52: { sumMask: -1, hiMask: 0xfffff, hiScale: 2 ** -20, loShift: 0, loScale: 2 ** -52, kernel: { sumAll: 1, maskBits: 52, shift: 0, scale: 2 ** -52 } },
  // V8 14.4: ((s0 + s1) >> 11) / 2^53
  'sum-53': { sumMask: -1, hiMask: -1, hiScale: 2 ** -32, loShift: 11, loScale: 2 ** -53, kernel: { sumAll: 1, maskBits: 64, shift: 11, scale: 2 ** -53 } },
  // SpiderMonkey, JSC: ((s0 + s1) & (2^53 − 1)) / 2^53
  'sum53-low': { sumMask: -1, hiMask: 0x1fffff, hiScale: 2 ** -21, loShift: 0, loScale: 2 ** -53, kernel: { sumAll: 1, maskBits: 53, shift: 0, scale: 2 ** -53 } },
};

/** True when the 64-bit pattern hi:lo is a NaN as a double (exponent all ones, mantissa non-zero). */
export function isNaNPattern(hi: number, lo: number): boolean {
  return (hi & K.EXPONENT_MASK) === K.EXPONENT_MASK && ((hi & 0xfffff) !== 0 || lo !== 0);
}

/** True when hi:lo is the NaN V8 5.6–7.0 stored every NaN pattern as (0x7FF8000000000000, bug 8212). */
export function isCanonicalNaN(hi: number, lo: number): boolean {
  return hi === K.CANONICAL_NAN_HI && lo === 0;
}

/**
 * The state words and the mapping, shared by both emulator classes below (which share no hot
 * method: in one process running several variants, a method shared by two classes sees both
 * shapes and V8 compiles it polymorphic).
 */
abstract class XorShift128PlusCore {
  readonly engine = ENGINE;
  readonly variant: string;
  readonly flavor: Flavor;
  // Numeric fields start as numbers of their final kind (see "Hot paths" in @emu/core emulator.ts).
  protected s0h = 0;
  protected s0l = 0;
  protected s1h = 0;
  protected s1l = 0;
  protected readonly sumMask: number = 0;
  protected readonly hiMask: number = -1;
  protected readonly hiScale: number = 2 ** -32;
  protected readonly loShift: number = 12;
  protected readonly loScale: number = 2 ** -52;
  protected readonly kernelMapping: XorShiftKernelMapping;

  constructor(info: Variant, s0: readonly [number, number], s1: readonly [number, number]) {
    this.variant = info.id;
    this.flavor = info.flavor;
    this.kernelMapping = MAPPINGS[info.mapping].kernel;
    ({ sumMask: this.sumMask, hiMask: this.hiMask, hiScale: this.hiScale, loShift: this.loShift, loScale: this.loScale } = MAPPINGS[info.mapping]);
    this.setState(s0[0], s0[1], s1[0], s1[1]);
  }

  protected setState(s0h: number, s0l: number, s1h: number, s1l: number): void {
    this.s0h = s0h | 0;
    this.s0l = s0l | 0;
    this.s1h = s1h | 0;
    this.s1l = s1l | 0;
  }

  /** FillKernels.xorshift() from this state, which it then advances (see there for per, desc, canon). */
  protected fillByKernel(k: FillKernels, out: Float64Array, at: number, count: number, per: number, desc: boolean, canon: boolean): void {
    k.setXorshiftState(this.s0h, this.s0l, this.s1h, this.s1l);
    k.xorshift(out, at, count, per, desc, canon, this.kernelMapping);
    this.setState(k.xorshiftWord(0), k.xorshiftWord(1), k.xorshiftWord(2), k.xorshiftWord(3));
  }

  protected stateWords(): [string, string] {
    return [`0x${u64ToHex(this.s0h, this.s0l)}`, `0x${u64ToHex(this.s1h, this.s1l)}`];
  }
}

/** SpiderMonkey, JSC and Chakra: no cache, one step per value. */
export class XorShift128Plus extends XorShift128PlusCore implements Emulator<XorShift128PlusState> {
  constructor(variant: string, s0: readonly [number, number], s1: readonly [number, number]) {
    super(VARIANTS.find((v) => v.id === variant)!, s0, s1);
  }

  random(): number {
    let xh = this.s0h;
    let xl = this.s0l;
    const yh = this.s1h;
    const yl = this.s1l;
    // xorshift128Step of @emu/core on int32 halves (tests check the two agree)
    xh ^= (xh << 23) | (xl >>> 9); // x ^= x << 23
    xl ^= xl << 23;
    xl ^= (xl >>> 17) | (xh << 15); // x ^= x >> 17
    xh ^= xh >>> 17;
    xl ^= yl ^ ((yl >>> 26) | (yh << 6)); // x ^= y ^ (y >> 26)
    xh ^= yh ^ (yh >>> 26);
    this.s0h = yh;
    this.s0l = yl;
    this.s1h = xh;
    this.s1l = xl;
    // H:L = s0 + (s1 & sumMask) (MAPPINGS); the carry out of the low words is the top bit of
    // (a & b) | ((a | b) & ~(a + b)): branch-free, where a compare would mispredict half the time.
    const ch = xh & this.sumMask;
    const cl = xl & this.sumMask;
    const lo = (yl + cl) | 0;
    const hi = yh + ch + (((yl & cl) | ((yl | cl) & ~lo)) >>> 31);
    return ((hi & this.hiMask) >>> 0) * this.hiScale + (lo >>> this.loShift) * this.loScale;
  }

  /** random() out.length times: the WebAssembly kernel of @emu/core where there is one, else fillInJs(). */
  fill(out: Float64Array): Float64Array {
    const k = fillKernels();
    if (k === null || out.length < KERNEL_MIN) return this.fillInJs(out);
    this.fillByKernel(k, out, 0, out.length, 0, false, false);
    return out;
  }

  /** random() n times, with the state and the mapping in locals (the same arithmetic; tests check the equality): the reference fill. */
  fillInJs(out: Float64Array): Float64Array {
    const sumMask = this.sumMask;
    const hiMask = this.hiMask;
    const hiScale = this.hiScale;
    const loShift = this.loShift;
    const loScale = this.loScale;
    let ah = this.s0h;
    let al = this.s0l;
    let bh = this.s1h;
    let bl = this.s1l;
    for (let i = 0; i < out.length; i++) {
      let xh = ah;
      let xl = al;
      xh ^= (xh << 23) | (xl >>> 9);
      xl ^= xl << 23;
      xl ^= (xl >>> 17) | (xh << 15);
      xh ^= xh >>> 17;
      xl ^= bl ^ ((bl >>> 26) | (bh << 6));
      xh ^= bh ^ (bh >>> 26);
      ah = bh;
      al = bl;
      bh = xh;
      bl = xl;
      const ch = bh & sumMask;
      const cl = bl & sumMask;
      const lo = (al + cl) | 0;
      const hi = ah + ch + (((al & cl) | ((al | cl) & ~lo)) >>> 31);
      out[i] = ((hi & hiMask) >>> 0) * hiScale + (lo >>> loShift) * loScale;
    }
    this.s0h = ah;
    this.s0l = al;
    this.s1h = bh;
    this.s1l = bl;
    return out;
  }

  /** Passes over n values in O(log n): n steps of the GF(2)-linear state map (xorshift128Jump of @emu/core). */
  skip(n: number): void {
    const s = new Int32Array([this.s0h, this.s0l, this.s1h, this.s1l]);
    xorshift128Jump(s, readSkipCount(ENGINE, n));
    this.setState(s[S0_HI]!, s[S0_LO]!, s[S1_HI]!, s[S1_LO]!);
  }

  getState(): XorShift128PlusState {
    return this.stateWords();
  }

  clone(): XorShift128Plus {
    return new XorShift128Plus(this.variant, [this.s0h, this.s0l], [this.s1h, this.s1l]);
  }
}

/**
 * V8: a Float64Array cache refilled perRefill values at a time, in generation order, and handed
 * out one by one from its end ('desc') or its start ('asc'), so random() is one decrement and one
 * read. The state words are those of V8 after its last refill; for V8 5.6–7.0, which kept them in
 * a FixedDoubleArray that stores every NaN as the canonical quiet NaN (bug 8212), the fields hold
 * them as the refill's steps left them and the canonicalisation is applied where they are used:
 * before the next refill, and by getState() (a seeded state was never stored, so it is used as is).
 */
export class V8XorShift128Plus extends XorShift128PlusCore implements Emulator<XorShift128PlusState> {
  private readonly layout: V8CacheLayout;
  private readonly canonicalizesNaN: boolean;
  private readonly cache: Float64Array;
  /** Values still to hand out from the cache. */
  private left = 0;
  /** 1 when the state words came from a refill of a canonicalising variant and are not canonicalised yet. */
  private storedRaw = 0;
  /** 1 for the canonicalising variants, else 0 (what refill() leaves in storedRaw). */
  private readonly canonicalizing: number = 0;
  /** 1 for the engines that hand the cache out in generation order ('asc'), 0 for 'desc'. */
  private readonly asc: number = 0;

  constructor(variant: string, s0: readonly [number, number], s1: readonly [number, number], left = 0, pre?: readonly number[]) {
    const info = VARIANTS.find((v) => v.id === variant)!;
    super(info, s0, s1);
    this.layout = info.cache!;
    this.canonicalizesNaN = this.layout.canonicalizesNaN;
    this.canonicalizing = this.canonicalizesNaN ? 1 : 0;
    this.asc = this.layout.order === 'asc' ? 1 : 0;
    this.cache = new Float64Array(this.layout.perRefill);
    if (left > 0 && pre) {
      // The last refill canonicalised a NaN state word: rebuild the cache from the state before it.
      this.setState(pre[0]!, pre[1]!, pre[2]!, pre[3]!);
      this.refill();
      this.canonicalize();
      if (this.s0h !== (s0[0] | 0) || this.s0l !== (s0[1] | 0) || this.s1h !== (s1[0] | 0) || this.s1l !== (s1[1] | 0)) {
        throw new InvalidStateError(`${ENGINE}: state words 3–4 (the state before the last refill) do not lead to state words 0–1`);
      }
      // Back to the words as the steps left them (the canonical NaN is never one of them).
      this.setState(pre[0]!, pre[1]!, pre[2]!, pre[3]!);
      this.refill();
      this.left = left;
    } else if (left > 0) {
      // V8 holds the state as it was after the last refill: rewind, refill, keep `left` values.
      if (this.canonicalizesNaN && (isCanonicalNaN(s0[0], s0[1]) || isCanonicalNaN(s1[0], s1[1]))) {
        throw new InvalidStateError(
          `${ENGINE}: state word is the canonical NaN 0x7ff8000000000000, so the cache it came from cannot be rebuilt from it; give index 0, or the 5-word state getState() returns`,
        );
      }
      const s = this.rewound();
      this.setState(s[S0_HI]!, s[S0_LO]!, s[S1_HI]!, s[S1_LO]!);
      this.refill();
      this.left = left;
    }
  }

  /** The state words perRefill steps back: the state before the last refill. */
  private rewound(): Int32Array {
    const s = new Int32Array([this.s0h, this.s0l, this.s1h, this.s1l]);
    for (let i = 0; i < this.layout.perRefill; i++) xorshift128StepBack(s);
    return s;
  }

  /** What V8 5.6–7.0 did when it stored the state: every NaN pattern becomes 0x7FF8000000000000. */
  private canonicalize(): void {
    if (this.storedRaw === 0) return;
    this.storedRaw = 0;
    if (isNaNPattern(this.s0h, this.s0l)) this.setState(K.CANONICAL_NAN_HI, 0, this.s1h, this.s1l);
    if (isNaNPattern(this.s1h, this.s1l)) this.setState(this.s0h, this.s0l, K.CANONICAL_NAN_HI, 0);
  }

  /**
   * One refill: cache.length steps with the state and the mapping in locals, each double stored in
   * generation order. Free of calls and small (326 bytes of bytecode; random() 227) so that V8
   * inlines it through random() into the caller's loop even when it counts it twice, as it does
   * once random() has optimised code of its own (2 × 326 + 227 is under V8's budget of 920): a
   * refill that is called instead makes that loop spill its registers, and random() ran 30 %
   * slower. A call in here (TypedArray#reverse for 'asc' did it) or a second one in random() too.
   */
  private refill(): void {
    const cache = this.cache;
    const sumMask = this.sumMask;
    const hiMask = this.hiMask;
    const hiScale = this.hiScale;
    const loShift = this.loShift;
    const loScale = this.loScale;
    let ah = this.s0h;
    let al = this.s0l;
    let bh = this.s1h;
    let bl = this.s1l;
    for (let k = 0; k < cache.length; k++) {
      // The step and the mapping of XorShift128Plus.random() (tests check both against references).
      let xh = ah;
      let xl = al;
      xh ^= (xh << 23) | (xl >>> 9);
      xl ^= xl << 23;
      xl ^= (xl >>> 17) | (xh << 15);
      xh ^= xh >>> 17;
      xl ^= bl ^ ((bl >>> 26) | (bh << 6));
      xh ^= bh ^ (bh >>> 26);
      ah = bh;
      al = bl;
      bh = xh;
      bl = xl;
      const ch = bh & sumMask;
      const cl = bl & sumMask;
      const lo = (al + cl) | 0;
      const hi = ah + ch + (((al & cl) | ((al | cl) & ~lo)) >>> 31);
      cache[k] = ((hi & hiMask) >>> 0) * hiScale + (lo >>> loShift) * loScale;
    }
    this.s0h = ah;
    this.s0l = al;
    this.s1h = bh;
    this.s1l = bl;
    this.storedRaw = this.canonicalizing;
    this.left = cache.length;
  }

  random(): number {
    if (this.left === 0) {
      if (this.storedRaw !== 0) {
        // canonicalize(), written out: random() makes one call only, so V8 keeps inlining refill().
        if ((this.s0h & K.EXPONENT_MASK) === K.EXPONENT_MASK && ((this.s0h & 0xfffff) | this.s0l) !== 0) {
          this.s0h = K.CANONICAL_NAN_HI;
          this.s0l = 0;
        }
        if ((this.s1h & K.EXPONENT_MASK) === K.EXPONENT_MASK && ((this.s1h & 0xfffff) | this.s1l) !== 0) {
          this.s1h = K.CANONICAL_NAN_HI;
          this.s1l = 0;
        }
      }
      this.refill();
    }
    // 'desc' hands the cache out from its end, 'asc' from its start.
    const left = --this.left;
    return this.cache[this.asc === 0 ? left : this.cache.length - 1 - left]!;
  }

  fill(out: Float64Array): Float64Array {
    const n = out.length;
    const cache = this.cache;
    const per = cache.length;
    let i = 0;
    while (i < n && this.left > 0) out[i++] = this.random();
    const whole = per * Math.floor((n - i) / per);
    const k = fillKernels();
    if (k !== null && whole >= KERNEL_MIN) {
      // Whole refills in the WebAssembly kernel, each written out in hand-out order.
      this.canonicalize();
      this.fillByKernel(k, out, i, whole, per, this.asc === 0, this.canonicalizesNaN);
      this.storedRaw = this.canonicalizing;
      i += whole;
    }
    // Whole refills: into the cache (the loop random() inlines), then out in hand-out order.
    for (; n - i >= per; i += per) {
      this.canonicalize();
      this.refill();
      if (this.asc === 0) for (let k = 0; k < per; k++) out[i + k] = cache[per - 1 - k]!;
      else out.set(cache, i);
      this.left = 0;
    }
    while (i < n) out[i++] = this.random();
    return out;
  }

  /**
   * Passes over n values, crossing refills as V8 does: values still in the cache are passed by
   * moving the cache position; whole refills in between are passed over by moving the state
   * (their doubles are never made); the refill the n-th value falls into is made, and the position
   * set inside it, so the hand-out order ('asc' / 'desc') applies as in random().
   * O(log n) for the variants that store the state as it is. O(n) for V8 5.6–7.0, which stored it
   * in a FixedDoubleArray that canonicalised NaN patterns before every refill (bug 8212): that map
   * is not linear, so the state at every refill boundary is computed (62 plain steps each) and checked.
   */
  skip(n: number): void {
    let todo = readSkipCount(ENGINE, n);
    if (todo <= this.left) {
      this.left -= todo;
      return;
    }
    todo -= this.left;
    this.left = 0;
    const per = this.cache.length;
    const refills = Math.ceil(todo / per); // the last one is where the n-th value lies
    const s = new Int32Array(4);
    if (this.canonicalizesNaN) {
      for (let r = 1; r < refills; r++) {
        this.canonicalize();
        s[S0_HI] = this.s0h;
        s[S0_LO] = this.s0l;
        s[S1_HI] = this.s1h;
        s[S1_LO] = this.s1l;
        for (let i = 0; i < per; i++) xorshift128Step(s);
        this.setState(s[S0_HI]!, s[S0_LO]!, s[S1_HI]!, s[S1_LO]!);
        this.storedRaw = this.canonicalizing;
      }
    } else if (refills > 1) {
      s.set([this.s0h, this.s0l, this.s1h, this.s1l]);
      xorshift128Jump(s, (refills - 1) * per);
      this.setState(s[S0_HI]!, s[S0_LO]!, s[S1_HI]!, s[S1_LO]!);
    }
    this.canonicalize();
    this.refill();
    this.left = refills * per - todo;
  }

  getState(): XorShift128PlusState {
    const raw = [this.s0h, this.s0l, this.s1h, this.s1l, this.storedRaw] as const;
    this.canonicalize();
    const [s0, s1] = this.stateWords();
    const canonicalized = this.s0h !== raw[0] || this.s0l !== raw[1] || this.s1h !== raw[2] || this.s1l !== raw[3];
    this.setState(raw[0], raw[1], raw[2], raw[3]);
    this.storedRaw = raw[4];
    // After a refill that canonicalised a NaN word the cache cannot be rebuilt from [s0, s1]:
    // then two more words, the state before that refill.
    if (canonicalized && this.left > 0) {
      const p = this.rewound();
      return [s0, s1, this.left, `0x${u64ToHex(p[S0_HI]!, p[S0_LO]!)}`, `0x${u64ToHex(p[S1_HI]!, p[S1_LO]!)}`];
    }
    return [s0, s1, this.left];
  }

  clone(): V8XorShift128Plus {
    const c = new V8XorShift128Plus(this.variant, [this.s0h, this.s0l], [this.s1h, this.s1l]);
    c.cache.set(this.cache);
    c.left = this.left;
    c.storedRaw = this.storedRaw;
    return c;
  }
}

/** The emulator create() returns: V8XorShift128Plus for V8's variants, JscJitXorShift128Plus for jsc-jit-sar, XorShift128Plus for the others. */
export type XorShift128PlusEmulator = XorShift128Plus | V8XorShift128Plus | JscJitXorShift128Plus;

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

/**
 * A generator from { state } or { seed } (V8: --random_seed, with `rngDrawsBefore` for the lazily
 * seeded 4.9–5.8 variants; JSC: WeakRandom's uint32 seed; SpiderMonkey and Chakra take only a state).
 * The variant defaults to the flavor's newest; errors name the bad value.
 */
export function create(options: CreateOptions): XorShift128PlusEmulator {
  requireStateOrSeed(ENGINE, options);
  const info = resolveVariant(options);
  if (options.seed !== undefined) {
    if (info.flavor === 'jsc') {
      // WeakRandom::setSeed(unsigned): 0 → 1; m_low = m_high = seed; advance() once.
      // The seeding advance runs in C++ (logical shifts; with 32-bit words both shifts agree anyway).
      const seed = Number(readIntegerSeed(ENGINE, options.seed, 0n, 0xffffffffn)) || 1;
      const e = new XorShift128Plus('jsc', [0, seed | 0], [0, seed | 0]);
      e.random();
      if (info.id === 'jsc-jit-sar') {
        const [s0, s1] = e.getState().map((w) => u64FromBigInt(BigInt(w)));
        return new JscJitXorShift128Plus(s0!, s1!);
      }
      return e;
    }
    if (info.flavor !== 'v8') {
      throw new InvalidSeedError(`${ENGINE}: flavor ${info.flavor} has no deterministic seeding routine (it seeds from OS entropy); give { state }`);
    }
    const [h, l] = u64FromBigInt(BigInt(v8SeedValue(ENGINE, options.seed))); // (uint64) of the int flag
    if (info.seeding === 'flag') {
      // runtime-maths.cc: "If a fixed random seed was requested, use it": state0 = state1 = N.
      return new V8XorShift128Plus(info.id, [h, l], [h, l]);
    }
    if (info.seeding === 'lazy-rng' || info.seeding === 'lazy-rng-not') {
      // The first Math.random call drew 16 bytes from the isolate's base::RandomNumberGenerator
      // (seeded with N) after `rngDrawsBefore` draws that the embedder's start-up and the script
      // made; both words little-endian, redrawn while either is 0.
      const draws = options.rngDrawsBefore;
      if (draws === undefined || !Number.isSafeInteger(draws) || draws < 0) {
        throw new InvalidSeedError(
          `${ENGINE}: variant ${info.id} seeded its state lazily from the isolate RNG after draws that depend on the embedder and the script: give rngDrawsBefore (a non-negative integer; @emu/engines has it for each recorded Node release), got ${describeValue(draws)}`,
        );
      }
      const seedInt = v8SeedValue(ENGINE, options.seed);
      for (let skip = draws; ; skip += 16) {
        const b = v8XorshiftRngBytes(seedInt, skip, 16, info.seeding === 'lazy-rng-not');
        const w = (o: number) => (b[o]! | (b[o + 1]! << 8) | (b[o + 2]! << 16) | (b[o + 3]! << 24)) | 0;
        const s0: [number, number] = [w(4), w(0)];
        const s1: [number, number] = [w(12), w(8)];
        if ((s0[0] | s0[1]) !== 0 && (s1[0] | s1[1]) !== 0) return new V8XorShift128Plus(info.id, s0, s1);
      }
    }
    // math-random.cc: s0 = MurmurHash3(seed), s1 = MurmurHash3(~seed).
    return new V8XorShift128Plus(info.id, murmurHash3Fmix64(h, l), murmurHash3Fmix64(~h, ~l));
  }
  const state = options.state;
  let index = 0;
  let words = state;
  let pre: number[] | undefined;
  if (info.cache?.canonicalizesNaN && Array.isArray(state) && state.length === 5) {
    const [p0, p1] = readStateWords(ENGINE, state.slice(3), ['pre0', 'pre1'], 64);
    pre = [...u64FromBigInt(p0!), ...u64FromBigInt(p1!)];
  }
  if (info.cache && Array.isArray(state) && (state.length === 3 || pre)) {
    const raw = state[2];
    const max = info.cache.perRefill;
    if (typeof raw !== 'number' || !Number.isInteger(raw) || raw < 0 || raw > max) {
      throw new InvalidStateError(`${ENGINE}: state word index (index 2) = ${describeValue(raw)} is out of range: must be an integer in [0, ${max}]`);
    }
    index = raw;
    words = state.slice(0, 2);
  }
  const [s0, s1] = readStateWords(ENGINE, words, ['state0', 'state1'], 64);
  if (info.cache?.canonicalizesNaN) {
    for (const [i, w] of [s0!, s1!].entries()) {
      const [hi, lo] = u64FromBigInt(w);
      if (isNaNPattern(hi, lo) && !isCanonicalNaN(hi, lo)) {
        throw new InvalidStateError(
          `${ENGINE}: state word state${i} (index ${i}) = 0x${w.toString(16)} cannot occur in ${info.id}: V8 stored the state as doubles and canonicalised every NaN to 0x7ff8000000000000`,
        );
      }
    }
  }
  if (s0 === 0n && s1 === 0n) {
    throw new InvalidStateError(`${ENGINE}: state [0, 0] is not allowed: xorshift128+ never leaves the all-zero state (every engine rejects or reseeds it)`);
  }
  const [w0, w1] = [u64FromBigInt(s0!), u64FromBigInt(s1!)];
  if (info.id === 'jsc-jit-sar') return new JscJitXorShift128Plus(w0, w1);
  return info.cache ? new V8XorShift128Plus(info.id, w0, w1, index, pre) : new XorShift128Plus(info.id, w0, w1);
}
