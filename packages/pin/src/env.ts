import type { EntryMode } from '@emu/engines';
import { readPinConfig } from './options.js';
import { type Restore, pin } from './pin.js';

/**
 * Pins Math.random from EMU_* variables (EMU_ENGINE, EMU_RANDOM_SEED or EMU_SEED, EMU_STATE,
 * EMU_ENTRY, EMU_FIRST_VALUE) in any string record: process.env, a page's query parameters, a
 * test runner's config. Returns the restore function, or undefined when EMU_ENGINE is not set.
 * Bad values throw an InvalidOptionError naming the variable and the value. `isProxy` tells
 * proxies apart for the key hashing of node@4.0 – 8.9.4 (see PinOptions.hashKeys).
 */
export function pinFromEnv(env: Readonly<Record<string, string | undefined>>, defaultEntry?: EntryMode, isProxy?: (x: unknown) => boolean): Restore | undefined {
  const config = readPinConfig(env, defaultEntry);
  // A whole process or page is pinned here: its collection keys take values as in the release (EMU_HASH_KEYS=0: not).
  return config === undefined ? undefined : pin(config.engine, { hashKeys: true, ...config.options, ...(isProxy ? { isProxy } : {}) });
}
