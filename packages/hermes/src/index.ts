/**
 * Hermes (React Native's JavaScript engine) Math.random, bit-exact: std::minstd_rand through
 * std::uniform_real_distribution (2019-07 … 2023-11) and std::mt19937_64 (2023-11 on), each seeded
 * from std::random_device at the runtime's first Math.random() call. See the README.
 */
import { type VariantInfo, InvalidOptionError, requireStateOrSeed } from '@emu/core';
import { type HermesMinstd, MINSTD_VARIANT, createMinstd } from './minstd.js';
import { type HermesMt64, type Mt64VariantId, MT64_VARIANTS, createMt64 } from './mt64.js';

export { HermesMinstd, MINSTD_INVERSE, minstdSeedState, recoverMinstd } from './minstd.js';
export { HermesMt64, MT_N, mt64SeedWords, type Mt64VariantId } from './mt64.js';
export { MT64_RECOVERY_VALUES, mt64Spans, mt64StateBefore, recoverMt64Seed, recoverMt64State, temper64, untemper64, type Mt64Recovery, type Mt64Spans } from './recover.js';

/** Hermes's variants: the minstd_rand era and the mt19937_64 era on libc++ or libstdc++. */
export type VariantId = 'hermes-minstd' | Mt64VariantId;

/** The variants' metadata. */
export const VARIANTS: readonly VariantInfo[] = [MINSTD_VARIANT, ...MT64_VARIANTS];

/** What create() takes: exactly one of state or seed, and the variant. */
export interface CreateOptions {
  /** minstd: `[_M_x]` (1 … 2^31 − 2); mt19937_64: `[_M_x[0] … _M_x[311], _M_p]` (64-bit words as `"0x…"`). */
  state?: readonly unknown[];
  /** The seed as Hermes passes it to seed(): one random_device() value (minstd), or `(r1 << 32) | r2` (mt19937_64). */
  seed?: number | bigint | string;
  /** `hermes-minstd` (default), `hermes-mt64-libcxx` or `hermes-mt64-libstdcxx`. */
  variant?: string;
}

/** A generator from { state } or { seed }, for one variant. */
export function create(options: CreateOptions): HermesMinstd | HermesMt64 {
  requireStateOrSeed('hermes', options);
  const variant = options.variant ?? 'hermes-minstd';
  if (variant === 'hermes-minstd') return createMinstd(options);
  if (variant === 'hermes-mt64-libcxx' || variant === 'hermes-mt64-libstdcxx') return createMt64(variant, options);
  throw new InvalidOptionError(`hermes: unknown variant ${JSON.stringify(variant)}; known variants: ${VARIANTS.map((v) => v.id).join(', ')}`);
}
