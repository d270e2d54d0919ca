/**
 * Where a Node script's Math.random starts, and finding it from the first value(s) the real script
 * saw. A release's position is one of three kinds:
 *  - 'mwc-draws'  (V8 3.26–4.6, node 0.11–5.x): bytes of the LCG-era isolate RNG consumed before a
 *                 context took its 8 state bytes (when the context was created);
 *  - 'lazy-draws' (V8 4.9.41–5.8, node 6.0–8.2): bytes of the xorshift128+ isolate RNG consumed
 *                 before the first Math.random call took 16 (so it depends on the script);
 *  - 'values'     (every other era): Math.random values drawn before the script's first call.
 */
import { type Emulator, InvalidOptionError, describeValue, doubleToHex, hexToDouble, v8RngBytes, v8XorshiftRngBytes } from '@emu/core';
import * as v82015 from '@emu/v8-2015';
import * as xorshift from '@emu/xorshift128plus';

/**
 * What a Node release's start-up position counts: 'mwc-draws' isolate-RNG bytes consumed before a context
 * took its MWC state (V8 3.26–4.6), 'lazy-draws' xorshift128+ isolate-RNG bytes consumed before the first
 * call took its state (V8 4.9.41–5.8), 'values' Math.random values drawn before the script's first call.
 */
export type PositionKind = 'mwc-draws' | 'lazy-draws' | 'values';

/** Default upper end of the first-value search: 20,000 draws or values (the largest measured start-up is under 2,000). */
export const DEFAULT_SEARCH_LIMIT = 20000;

/** The position kind of a variant id: 'mwc-draws' for v8-3.26-js and v8-3.30-js, 'lazy-draws' for the lazily seeded V8 4.9–5.8 variants, else 'values'. */
export function positionKind(variant: string): PositionKind {
  if (variant === 'v8-3.26-js' || variant === 'v8-3.30-js') return 'mwc-draws';
  if (['v8-4.9-asc62', 'v8-5.1-desc62', 'v8-5.3-desc62', 'v8-5.6-lazy62'].includes(variant)) return 'lazy-draws';
  return 'values';
}

/** A first value as given: a number in [0, 1), its decimal text, or the 16 hex digits of its bits. */
export function parseFirstValues(input: unknown): string[] {
  const list = Array.isArray(input) ? input : [input];
  if (list.length === 0) throw new InvalidOptionError('firstValue: give at least one value');
  return list.map((v) => {
    let d: number | undefined;
    if (typeof v === 'number') d = v;
    else if (typeof v === 'string' && /^[0-9a-fA-F]{16}$/.test(v)) d = hexToDouble(v.toLowerCase());
    else if (typeof v === 'string' && /^(0|0?\.[0-9]+|[0-9]\.[0-9]+e-[0-9]+)$/.test(v.trim())) d = Number(v.trim());
    if (d === undefined || !(d >= 0 && d < 1)) {
      throw new InvalidOptionError(`firstValue: ${describeValue(v)} is not a Math.random() value (a number in [0, 1), as printed, or the 16 hex digits of its IEEE-754 bits)`);
    }
    return doubleToHex(d);
  });
}

interface Base {
  readonly variant: string;
  readonly seed: number;
}

/** The 'mwc-draws' / 'lazy-draws' emulator whose state came from the RNG bytes at `at`. */
function fromBytes(kind: PositionKind, base: Base, bytes: Uint8Array, at: number): Emulator | undefined {
  const variant = base.variant as never; // each package refuses an id not its own at run time
  const w = (o: number) => (bytes[o]! | (bytes[o + 1]! << 8) | (bytes[o + 2]! << 16) | (bytes[o + 3]! << 24)) >>> 0;
  if (kind === 'mwc-draws') {
    if (at + 8 > bytes.length) return undefined;
    return v82015.create({ state: [w(at), w(at + 4)], variant });
  }
  // Both words little-endian, redrawn (16 bytes further) while either is 0.
  for (let o = at; o + 16 <= bytes.length; o += 16) {
    const s0 = (BigInt(w(o + 4)) << 32n) | BigInt(w(o));
    const s1 = (BigInt(w(o + 12)) << 32n) | BigInt(w(o + 8));
    if (s0 === 0n || s1 === 0n) continue;
    try {
      return xorshift.create({ state: [s0, s1], variant });
    } catch {
      // A word with a NaN bit pattern, which { state } refuses for the variants that stored their
      // state as doubles (they could not hold one after a refill); the seeding path takes it as
      // V8's seeding did (about 1 candidate in 1,000).
      return xorshift.create({ seed: base.seed, variant, rngDrawsBefore: at });
    }
  }
  return undefined;
}

function rngBytes(kind: PositionKind, variant: string, seed: number, count: number): Uint8Array {
  return kind === 'mwc-draws' ? v8RngBytes(seed, 0, count) : v8XorshiftRngBytes(seed, 0, count, variant !== 'v8-4.9-asc62' && variant !== 'v8-5.1-desc62');
}

/** The seeded emulator of a variant before any draw ('values' kind only). */
function seededBase(variant: string, seed: number): Emulator {
  return positionKind(variant) === 'values' && variant.startsWith('v8-3.11')
    ? v82015.create({ seed, variant: variant as never })
    : xorshift.create({ seed, variant: variant as never });
}

/** The emulator at a position, then `skip` values further (Node's own start-up draws, keys hashed before the script's first call). */
export function placeEmulator(base: Base, kind: PositionKind, position: number, skip: number): Emulator {
  let emu: Emulator;
  if (kind === 'values') {
    emu = seededBase(base.variant, base.seed);
    skip += position;
  } else {
    emu = fromBytes(kind, base, rngBytes(kind, base.variant, base.seed, position + 16 * 8), position)!;
  }
  for (let i = 0; i < skip; i++) emu.random();
  return emu;
}

/**
 * Finds the position in [from, limit] whose emulator, after `skip` values, prints `targets` (hex) in
 * order. Throws InvalidOptionError naming the searched range when none does, and when several do.
 */
export function searchPosition(base: Base, kind: PositionKind, skip: number, targets: readonly string[], limit = DEFAULT_SEARCH_LIMIT, what = 'start-up', from = 0): number {
  if (!Number.isSafeInteger(limit) || limit < 0) throw new InvalidOptionError(`searchLimit must be a non-negative integer, got ${describeValue(limit)}`);
  if (!Number.isSafeInteger(from) || from < 0 || from > limit) throw new InvalidOptionError(`searchFrom must be an integer in [0, searchLimit = ${limit}], got ${describeValue(from)}`);
  const found: number[] = [];
  const matches = (emu: Emulator) => {
    for (let i = 0; i < skip; i++) emu.random();
    return targets.every((t) => doubleToHex(emu.random()) === t);
  };
  if (kind === 'values') {
    // One stream, slid along.
    const emu = seededBase(base.variant, base.seed);
    const total = limit + skip + targets.length;
    const hex: string[] = new Array<string>(total);
    for (let i = 0; i < total; i++) hex[i] = doubleToHex(emu.random());
    for (let p = from; p <= limit && found.length < 2; p++) {
      if (targets.every((t, j) => hex[p + skip + j] === t)) found.push(p);
    }
  } else {
    const bytes = rngBytes(kind, base.variant, base.seed, limit + 16 * 8);
    for (let d = from; d <= limit && found.length < 2; d++) {
      const emu = fromBytes(kind, base, bytes, d);
      if (emu && matches(emu)) found.push(d);
    }
  }
  const unit = kind === 'values' ? 'Math.random values drawn before' : kind === 'mwc-draws' ? 'isolate-RNG bytes drawn before the context took its state' : 'isolate-RNG bytes drawn before the first Math.random call';
  if (found.length === 0) {
    throw new InvalidOptionError(
      `firstValue ${targets.join(', ')}: no ${what} position gives ${targets.length > 1 ? 'these values' : 'this value'} for --random_seed=${base.seed} (${base.variant}; searched ${from}…${limit} ${unit}${skip ? `, then ${skip} values skipped` : ''}); check the seed, the release and the value, or raise searchLimit`,
    );
  }
  if (found.length > 1) {
    throw new InvalidOptionError(
      `firstValue ${targets.join(', ')} is ambiguous for --random_seed=${base.seed} (${base.variant}): positions ${found.join(' and ')} (${unit}) both give it; give the next value(s) too`,
    );
  }
  return found[0]!;
}
