/**
 * `--random_seed=N` as V8 reads it: an int flag parsed with strtol (base 10, saturating at the
 * 64-bit long range) and stored into an `int`, i.e. its low 32 bits as an int32. 0 means "not
 * set": V8 then seeds from entropy, so no value can be predicted.
 *
 * Measured on the real binaries (tooling/conformance/fixtures/node-releases.jsonl, `wrap`):
 * 4294967295 prints what -1 prints and 2147483648 what -2147483648 prints in every release
 * from 0.8.6 to 26; 4294967296 prints other values on every run (unseeded).
 */
import { InvalidSeedError, describeValue } from '@emu/core';

const INT64_MAX = 2n ** 63n - 1n;
const INT64_MIN = -(2n ** 63n);

/** The int32 V8 uses for `--random_seed=<seed>`; throws InvalidSeedError for non-integers and for seeds V8 treats as unset. */
export function v8RandomSeedFlag(seed: unknown): number {
  let big: bigint | undefined;
  if (typeof seed === 'number' && Number.isSafeInteger(seed)) big = BigInt(seed);
  else if (typeof seed === 'bigint') big = seed;
  else if (typeof seed === 'string' && /^[+-]?[0-9]+$/.test(seed.trim())) big = BigInt(seed.trim());
  if (big === undefined) {
    throw new InvalidSeedError(
      `--random_seed must be a decimal integer (V8 parses the flag with strtol, base 10), got ${describeValue(seed)}` +
        (typeof seed === 'number' && Number.isInteger(seed) ? ' (beyond 2^53 give it as a string or a bigint)' : ''),
    );
  }
  const long = big > INT64_MAX ? INT64_MAX : big < INT64_MIN ? INT64_MIN : big; // strtol saturates
  const int32 = Number(BigInt.asIntN(32, long));
  if (int32 === 0) {
    throw new InvalidSeedError(
      `--random_seed=${describeValue(seed)} is 0 as V8 stores it (the flag keeps the low 32 bits): V8 treats 0 as "no seed" and seeds from entropy, so the real run is unseeded and no value can be predicted`,
    );
  }
  return int32;
}
