/**
 * QuickJS's Math.random (bellard/quickjs and quickjs-ng, quickjs.c js_math_random):
 *
 *   x ^= x >> 12;  x ^= x << 25;  x ^= x >> 27;  v = x · 0x2545F4914F6CDD1D (mod 2^64)
 *   Math.random() = bits(0x3FF << 52 | v >> 12) − 1.0 = (v >> 12) / 2^52
 *
 * State: ctx->random_state, one 64-bit word per JSContext, never 0. Seeding (js_random_init, at
 * context creation): the microseconds since the epoch from gettimeofday (tv_sec · 10^6 + tv_usec;
 * quickjs-ng: js__gettimeofday_us()), 0 → 1. Period 2^64 − 1. Precision 52 bits.
 *
 * Source: bellard/quickjs quickjs.c (xorshift64star, js_random_init, js_math_random) @
 * 83c426d8ac1aeaf1f600b7a891824c6eafe59646; quickjs-ng/quickjs quickjs.c @ 614020a5b7999b70925e474fee1ccfb4c468fccc.
 */
import {
  type Emulator,
  type VariantInfo,
  InvalidOptionError,
  InvalidStateError,
  mul64Hi,
  mul64Lo,
  readIntegerSeed,
  readSkipCount,
  readStateWords,
  requireStateOrSeed,
  u64ToHex,
} from '@emu/core';

const ENGINE = 'quickjs';
const M_HI = 0x2545f491;
const M_LO = 0x4f6cdd1d;

/** QuickJS has one variant (bellard and quickjs-ng share the generator). */
export type VariantId = 'quickjs-xorshift64star';

/** The variant's metadata. */
export const VARIANTS: readonly VariantInfo[] = [
  {
    id: 'quickjs-xorshift64star',
    engines: 'QuickJS (bellard, 2019 …) and quickjs-ng; quickjs-emscripten builds of both',
    dates: '2019-07 …',
    algorithm: 'xorshift64* (12, 25, 27; multiplier 0x2545F4914F6CDD1D); double = (v >> 12) / 2^52',
    precisionBits: 52,
    stateWords: ['random_state'],
    source: 'bellard/quickjs quickjs.c (xorshift64star, js_math_random) @ 83c426d8ac1aeaf1f600b7a891824c6eafe59646; quickjs-ng/quickjs quickjs.c @ 614020a5b7999b70925e474fee1ccfb4c468fccc',
  },
];

/** What create() takes: a raw `state` or a `seed` (exactly one), and optionally the only variant, `quickjs-xorshift64star`. */
export interface CreateOptions {
  /** Raw state `[random_state]` as a 64-bit word (`"0x…"` string, bigint or decimal string), non-zero. */
  state?: readonly unknown[];
  /** js_random_init's clock reading: microseconds since the epoch (0 becomes 1). */
  seed?: number | bigint | string;
  variant?: string;
}

/** QuickJS's Math.random generator: create() builds one. */
export class QuickJsRandom implements Emulator<readonly [string]> {
  readonly engine = ENGINE;
  readonly variant: VariantId = 'quickjs-xorshift64star';
  private hi: number;
  private lo: number;

  constructor(hi: number, lo: number) {
    this.hi = hi | 0;
    this.lo = lo | 0;
  }

  /** xorshift64star(): the 64-bit output, as [hi, lo] int32 halves. */
  next64(): [number, number] {
    let hi = this.hi;
    let lo = this.lo;
    // x ^= x >> 12
    lo ^= (lo >>> 12) | (hi << 20);
    hi ^= hi >>> 12;
    // x ^= x << 25
    hi ^= (hi << 25) | (lo >>> 7);
    lo ^= lo << 25;
    // x ^= x >> 27
    lo ^= (lo >>> 27) | (hi << 5);
    hi ^= hi >>> 27;
    this.hi = hi;
    this.lo = lo;
    return [mul64Hi(hi, lo, M_HI, M_LO), mul64Lo(hi, lo, M_HI, M_LO)];
  }

  random(): number {
    const [vh, vl] = this.next64();
    // (v >> 12) / 2^52 = high 32 bits · 2^-32 + (low 32 bits >>> 12) · 2^-52, exact
    return (vh >>> 0) * 2 ** -32 + (vl >>> 12) * 2 ** -52;
  }

  fill(out: Float64Array): Float64Array {
    for (let i = 0; i < out.length; i++) out[i] = this.random();
    return out;
  }

  /**
   * Pass over n values in O(log n): the xorshift half is linear over GF(2) (the multiply only
   * shapes the output), so n steps are T^n of its 64 × 64 matrix, applied as the product of the
   * cached powers T^(2^k) for the set bits of n (xorshift64Jump).
   */
  skip(n: number): void {
    const steps = readSkipCount(ENGINE, n);
    const x = xorshift64Jump((BigInt(this.hi >>> 0) << 32n) | BigInt(this.lo >>> 0), steps);
    this.hi = Number(BigInt.asIntN(32, x >> 32n));
    this.lo = Number(BigInt.asIntN(32, x & 0xffffffffn));
  }

  getState(): readonly [string] {
    return [`0x${u64ToHex(this.hi, this.lo)}`];
  }

  clone(): QuickJsRandom {
    return new QuickJsRandom(this.hi, this.lo);
  }
}

const MASK64 = (1n << 64n) - 1n;
const MULT = 0x2545f4914f6cdd1dn;
/** The inverse of the multiplier modulo 2^64 (Newton iteration, checked in the tests). */
export const MULT_INVERSE = (() => {
  let y = MULT; // correct to 3 bits (odd m: m·m ≡ 1 mod 8)
  for (let i = 0; i < 6; i++) y = (y * (2n - MULT * y)) & MASK64;
  return y;
})();

/** One xorshift step (12, 25, 27) of the 64-bit state, without the output multiply. */
function xorshift64Step(x: bigint): bigint {
  x ^= x >> 12n;
  x ^= (x << 25n) & MASK64;
  x ^= x >> 27n;
  return x;
}

/** T^(2^k) for k = 0, 1, …: 64 columns each (the image of bit j), computed on first use by squaring. */
const XORSHIFT64_POWERS: bigint[][] = [];

/** M·v over GF(2): the XOR of the columns of M at v's set bits. */
function applyMatrix(m: readonly bigint[], v: bigint): bigint {
  let r = 0n;
  for (let j = 0; v !== 0n; j++, v >>= 1n) if ((v & 1n) !== 0n) r ^= m[j]!;
  return r;
}

function xorshift64Power(k: number): readonly bigint[] {
  if (XORSHIFT64_POWERS.length === 0) XORSHIFT64_POWERS.push(Array.from({ length: 64 }, (_, j) => xorshift64Step(1n << BigInt(j))));
  while (XORSHIFT64_POWERS.length <= k) {
    const m = XORSHIFT64_POWERS[XORSHIFT64_POWERS.length - 1]!;
    XORSHIFT64_POWERS.push(m.map((col) => applyMatrix(m, col)));
  }
  return XORSHIFT64_POWERS[k]!;
}

/** The xorshift64 state `steps` steps after `x`, in O(log steps) matrix-vector products (small counts step). */
export function xorshift64Jump(x: bigint, steps: number): bigint {
  if (steps < 64) {
    for (let i = 0; i < steps; i++) x = xorshift64Step(x);
    return x;
  }
  let n = steps;
  for (let k = 0; n > 0; k++) {
    if (n % 2 === 1) x = applyMatrix(xorshift64Power(k), x);
    n = Math.floor(n / 2);
  }
  return x;
}

/** The xorshift half of one step, inverted: the state before the step that produced state `x` (64-bit BigInt). */
export function xorshift64StepBack(x: bigint): bigint {
  const undoRight = (y: bigint, s: bigint) => {
    let r = y;
    for (let k = s; k < 64n; k += s) r = y ^ (r >> s);
    return r & MASK64;
  };
  const undoLeft = (y: bigint, s: bigint) => {
    let r = y;
    for (let k = s; k < 64n; k += s) r = (y ^ (r << s)) & MASK64;
    return r;
  };
  return undoRight(undoLeft(undoRight(x, 27n), 25n), 12n);
}

/**
 * The states that explain consecutive outputs: the first value fixes the top 52 bits of v, the
 * 2^12 choices of its low bits each give x = v · M⁻¹, and the later values must follow. Returns
 * the state before the first value (what create({ state }) takes).
 */
export function recoverState(values: readonly number[]): string[] {
  if (values.length < 2) throw new InvalidOptionError(`${ENGINE}: recovery needs at least 2 values, got ${values.length}`);
  const top = BigInt(values[0]! * 2 ** 52);
  const found: string[] = [];
  for (let low = 0n; low < 4096n; low++) {
    const x = (((top << 12n) | low) * MULT_INVERSE) & MASK64;
    if (x === 0n) continue;
    const g = new QuickJsRandom(Number(BigInt.asIntN(32, x >> 32n)), Number(BigInt.asIntN(32, x & 0xffffffffn)));
    if (values.slice(1).every((v) => g.random() === v)) {
      const before = xorshift64StepBack(x);
      found.push(`0x${before.toString(16).padStart(16, '0')}`);
    }
  }
  return found;
}

/** A generator from { state } (the 64-bit random_state) or { seed } (js_random_init's microseconds). */
export function create(options: CreateOptions): QuickJsRandom {
  requireStateOrSeed(ENGINE, options);
  if (options.variant !== undefined && options.variant !== 'quickjs-xorshift64star') {
    throw new InvalidOptionError(`${ENGINE}: unknown variant ${JSON.stringify(options.variant)}; known variants: quickjs-xorshift64star`);
  }
  let s: bigint;
  if (options.seed !== undefined) {
    s = BigInt.asUintN(64, readIntegerSeed(ENGINE, options.seed, 0n, MASK64));
    if (s === 0n) s = 1n;
  } else {
    [s] = readStateWords(ENGINE, options.state, ['random_state'], 64) as [bigint];
    if (s === 0n) throw new InvalidStateError(`${ENGINE}: state word random_state (index 0) = 0 is not allowed: xorshift64* would stay 0 (js_random_init turns 0 into 1)`);
  }
  return new QuickJsRandom(Number(BigInt.asIntN(32, s >> 32n)), Number(BigInt.asIntN(32, s & 0xffffffffn)));
}

