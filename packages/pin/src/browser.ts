/**
 * @emu/pin for pages: the same pin() and pinFromEnv(), plus pinFromSearchParams() for a page
 * opened as `page.html?EMU_ENGINE=chrome@49&EMU_RANDOM_SEED=42`. No Node built-ins.
 */
import { pinFromEnv } from './env.js';
import type { Restore } from './pin.js';

export { type Pinned, type Restore, pin, pinWith, pinnedEmulator } from './pin.js';
export { type PinConfig, type PinOptions, ENV_VARIABLES, readPinConfig } from './options.js';
export { pinFromEnv } from './env.js';

/**
 * Pins Math.random from the EMU_* parameters of a query string (default: the page's own,
 * `location.search`); returns the restore function, or undefined when EMU_ENGINE is absent.
 */
export function pinFromSearchParams(search?: string): Restore | undefined {
  const query = search ?? (globalThis as { location?: { search?: string } }).location?.search ?? '';
  const env: Record<string, string> = {};
  for (const [k, v] of new URLSearchParams(query)) if (k.startsWith('EMU_')) env[k] = v;
  return pinFromEnv(env);
}
