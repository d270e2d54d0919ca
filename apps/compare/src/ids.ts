/** Seeds of simulated processes for the Betable experiment, shared by the CLI and the page. */
import type { Emulator } from '@emu/core';

/**
 * The seed of the i-th simulated process: a hash of (seed, i) to a non-zero int32, so that the
 * seeds look like the OS entropy real processes drew (consecutive seeds through V8's LCG seeding
 * would land on a regular lattice and hide the birthday collisions).
 */
export function processSeed(seed: number, i: number, kind: SeedKind): string {
  const mix = (x: number) => {
    let h = x;
    h ^= h >>> 16;
    h = Math.imul(h, 0x7feb352d);
    h ^= h >>> 15;
    h = Math.imul(h, 0x846ca68b);
    h ^= h >>> 16;
    return h;
  };
  const h = mix(Math.imul(seed ^ 0x9e3779b9, 0x85ebca6b) ^ Math.imul(i + 1, 0xc2b2ae35));
  if (kind === 'uint32') return String(h >>> 0);
  if (kind === 'uint64') return String((BigInt(h >>> 0) << 32n) | BigInt(mix(h ^ 0x68e31da4) >>> 0));
  return String(h === 0 ? 1 : h); // V8's --random_seed: a non-zero int32
}

export type SeedKind = 'int32' | 'uint32' | 'uint64';

/** The seed domain of an emulator's own seeding routine. */
export function seedKind(emu: Emulator): SeedKind {
  if (emu.engine === 'firefox-lcg') return 'uint64';
  if (emu.engine === 'webkit-gamerand' || emu.variant === 'jsc') return 'uint32';
  return 'int32';
}

