/**
 * Everything the page and its workers run, as one browser ESM bundle (dist/page/emu.js): the
 * emulator packages' own builds plus the CLI's shared modules. The page's only module load.
 */
export * as core from '@emu/core';
export * as engines from '@emu/engines';
export * as recover from '@emu/recover';
export * as battery from '@emu/battery';
export * as xorshift from '@emu/xorshift128plus';
export * as lcg from '@emu/firefox-lcg';
export { processSeed, seedKind } from '../ids.js';
export { runBatteryJob, splitTests, formatP } from '../battery.js';
