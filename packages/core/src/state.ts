/** Validation of raw states and seeds, shared by every emulator's `create`. */
import { InvalidSeedError, InvalidStateError, describeValue } from './errors.js';
import { parseUnsigned } from './u64.js';

/**
 * Checks that `state` is an array of `names.length` words, each an unsigned integer below
 * 2^bits (numbers; or decimal / 0x-hex strings and bigints for 64-bit words), and returns them
 * as BigInts. Errors name the engine, the word and the bad value.
 */
export function readStateWords(engine: string, state: unknown, names: readonly string[], bits: number): bigint[] {
  if (!Array.isArray(state)) {
    throw new InvalidStateError(`${engine}: state must be an array [${names.join(', ')}], got ${describeValue(state)}`);
  }
  if (state.length !== names.length) {
    throw new InvalidStateError(
      `${engine}: state must have ${names.length} words [${names.join(', ')}], got ${state.length}: ${describeValue(state)}`,
    );
  }
  return state.map((word: unknown, i) => {
    const v = parseUnsigned(word, bits);
    if (v === undefined) {
      const max = bits <= 48 ? String(2 ** bits - 1) : `0x${'f'.repeat(bits / 4)}`;
      throw new InvalidStateError(
        `${engine}: state word ${names[i]} (index ${i}) = ${describeValue(word)} is out of range: must be an integer in [0, ${max}]`,
      );
    }
    return v;
  });
}

/** An integer seed in [min, max] (safe integers, bigints, or decimal/hex strings; a leading '-' allowed). */
export function readIntegerSeed(engine: string, seed: unknown, min: bigint, max: bigint): bigint {
  let v: bigint | undefined;
  if (typeof seed === 'number' && Number.isSafeInteger(seed)) v = BigInt(seed);
  else if (typeof seed === 'bigint') v = seed;
  else if (typeof seed === 'string' && /^-?(?:[0-9]+|0x[0-9a-fA-F]+)$/.test(seed)) {
    v = seed.startsWith('-') ? -BigInt(seed.slice(1)) : BigInt(seed);
  }
  if (v === undefined) {
    throw new InvalidSeedError(`${engine}: seed must be an integer, got ${describeValue(seed)}`);
  }
  if (v < min || v > max) {
    throw new InvalidSeedError(`${engine}: seed ${describeValue(seed)} is out of range [${min}, ${max}]`);
  }
  return v;
}

/** Throws unless exactly one of `state` / `seed` is given. */
export function requireStateOrSeed(engine: string, options: { state?: unknown; seed?: unknown } | undefined): void {
  const hasState = options?.state !== undefined;
  const hasSeed = options?.seed !== undefined;
  if (hasState === hasSeed) {
    throw new InvalidStateError(`${engine}: give exactly one of { state } or { seed }`);
  }
}

/**
 * Refuses an all-zero state for a generator that maps it to itself (it would print 0 forever);
 * `why` says why the real engine never holds it.
 */
export function refuseAllZero(engine: string, words: readonly (number | bigint)[], why: string): void {
  if (words.every((w) => w === 0 || w === 0n)) {
    throw new InvalidStateError(`${engine}: state [${words.join(', ')}] is not allowed: it is all zero, which the generator never leaves (0 forever); ${why}`);
  }
}
