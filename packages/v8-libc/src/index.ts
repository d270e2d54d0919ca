/**
 * V8's first Math.random (V8 0.1 – 1.2.7, 2008-07 … 2009-06-15; Chrome 1 and 2): no generator of
 * its own, but the host C library's random() called twice per value (src/runtime.cc,
 * Runtime_Math_random):
 *
 *   lo = random() / (RAND_MAX + 1);  hi = random();  Math.random() = (hi + lo) / (RAND_MAX + 1)
 *
 * The first call gives the low-order bits. RAND_MAX is 2^31 − 1 with glibc (Linux), so the sum has
 * 62 significant bits and is rounded once to 53 (ties to even); with MSVCRT (Windows, where V8
 * defines random() as rand()) RAND_MAX is 0x7FFF and the value is exact, 30 bits.
 *
 * Seeding: OS::Setup() calls srandom((unsigned) TimeCurrentMillis()) (srand on Windows) once per
 * process, so the state follows from the millisecond clock — but anything else in the process that
 * calls random()/rand() advances the same stream.
 *
 * Source: v8/v8 src/runtime.cc (Runtime_Math_random), src/platform-linux.cc and
 * src/platform-win32.cc (OS::Setup, random()) at aa176ce815355f5c7e9d4b91e8f5627f12e7109b^
 * (the parent of the commit that replaced it, 2009-06-15, V8 1.2.8).
 */
export * from './glibc.js';
export * from './msvcrt.js';
export * from './recover.js';
import { InvalidOptionError, requireStateOrSeed } from '@emu/core';
import { GlibcRandom, createGlibc, type CreateGlibcOptions } from './glibc.js';
import { MsvcrtRand, createMsvcrt } from './msvcrt.js';

/** The host C libraries V8 0.1 – 1.2.7 called: glibc random() (Linux) and MSVCRT rand() (Windows). */
export const VARIANT_IDS = ['v8-0.1-glibc', 'v8-0.1-msvcrt'] as const;
/** One of VARIANT_IDS. */
export type VariantId = (typeof VARIANT_IDS)[number];

/** create()'s options: state or seed, and the variant. */
export interface CreateOptions extends CreateGlibcOptions {
  variant?: VariantId | (string & {});
}

/** A generator of the variant (default v8-0.1-glibc) from { state } or { seed } (the srandom/srand argument). */
export function create(options: CreateOptions): GlibcRandom | MsvcrtRand {
  requireStateOrSeed('v8-libc', options);
  const variant = options.variant ?? 'v8-0.1-glibc';
  if (variant === 'v8-0.1-glibc') return createGlibc(options);
  if (variant === 'v8-0.1-msvcrt') return createMsvcrt(options);
  throw new InvalidOptionError(`v8-libc: unknown variant ${JSON.stringify(variant)}; known variants: ${VARIANT_IDS.join(', ')}`);
}
