/**
 * @emu/pin: make Math.random in existing code behave like a chosen engine version.
 *  - `node --import @emu/pin/register script.js` with EMU_ENGINE and EMU_RANDOM_SEED (see register);
 *  - `pin(id, options)` returning a restore function, for vitest/jest setup files;
 *  - `@emu/pin/browser` for pages (no Node built-ins anywhere but the register hook).
 */
export { type Pinned, type Restore, pin, pinWith, pinnedEmulator } from './pin.js';
export { type PinConfig, type PinOptions, ENV_VARIABLES, readPinConfig } from './options.js';
export { pinFromEnv } from './env.js';
export { detectEntryMode } from './entry.js';
