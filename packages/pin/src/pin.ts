/**
 * pin(): replaces Math.random with an emulator of a chosen engine version, and gives back the
 * function that puts the original back. Browser-safe (no Node built-ins).
 */
import { type Emulator, InvalidOptionError, describeValue } from '@emu/core';
import { createEngine } from '@emu/engines';
import type { PinOptions } from './options.js';

/** Puts the original Math.random back; calling it twice is harmless. */
export type Restore = () => void;

/** The emulator a pin uses, for callers that want it (e.g. to read its state). */
export interface Pinned {
  /** The emulator behind the pinned Math.random. */
  readonly emulator: Emulator;
  /** Puts the original Math.random back. */
  readonly restore: Restore;
}

/** Creates the emulator a pin would install, without installing it. */
export function pinnedEmulator(id: string, options: PinOptions): Emulator {
  if (typeof id !== 'string' || id === '') throw new InvalidOptionError(`@emu/pin: engine id must be a non-empty string, got ${describeValue(id)}`);
  if (options.seed === undefined && options.state === undefined) {
    throw new InvalidOptionError(`@emu/pin: pin(${JSON.stringify(id)}) needs { seed } or { state }`);
  }
  return createEngine(id, {
    ...(options.seed !== undefined ? { seed: options.seed } : {}),
    ...(options.state !== undefined ? { state: options.state } : {}),
    ...(options.entry !== undefined ? { entry: options.entry } : {}),
    // node@ ids: the start-up position is searched so the pinned code's first value is this one.
    ...(options.firstValue !== undefined ? { firstValue: options.firstValue } : {}),
  });
}

/**
 * Replaces `Math.random` (or `options.target.random`) with the emulator of engine `id`
 * (any id @emu/engines knows: `node@4.2.2`, `chrome@49`, `v8-2015`, …) started from
 * `options.seed` or `options.state`, and returns the function that restores the original.
 * For node@… ids with a seed, the first value is the one the emulated Node's script got first
 * (Node's own start-up draws are passed over, per `options.entry`).
 *
 * ```ts
 * // vitest.setup.ts / jest.setup.js
 * import { pin } from '@emu/pin';
 * const restore = pin('node@4.2.2', { seed: 42 });
 * afterAll(restore);
 * ```
 */
export function pin(id: string, options: PinOptions): Restore {
  return pinWith(id, options).restore;
}

/** pin(), also returning the emulator. */
export function pinWith(id: string, options: PinOptions): Pinned {
  const emulator = pinnedEmulator(id, options);
  const target = options.target ?? Math;
  const original = target.random;
  const random = function random(): number {
    return emulator.random();
  };
  target.random = random;
  let restored = false;
  return {
    emulator,
    restore: () => {
      if (restored) return;
      restored = true;
      if (target.random === random) target.random = original;
    },
  };
}
