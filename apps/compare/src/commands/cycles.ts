import { brentCycle } from '@emu/battery';
import { doubleToHex, lcg48Step } from '@emu/core';
import { createEngine } from '@emu/engines';
import type { Command, Io } from '../io.js';
import { DEFAULT_SEED, parse } from '../options.js';
import { startProgress } from '../progress.js';

export const HELP = `Usage: compare cycles

Measures cycle lengths with Brent's algorithm where the state is small enough: each MWC1616
sub-generator (V8 ≤ 4.9; a few seconds each), and the low k bits of the 48-bit LCG (period 2^k).
GameRand's 64-bit state is walked for 2^32 steps from seed 42 (a lower bound on its cycle).
`;

const GAMERAND_WALK = 2 ** 32;

/**
 * GameRand's whole state is 64 bits — too many to walk — but its step is a bijection (high =
 * rotl(high, 16) + low, low += high can be undone), so every state lies on a pure cycle and the
 * first return to the start is the cycle length. Walk 2^32 steps from seed 42: a lower bound.
 */
function gameRandCycle(io: Io): void {
  const emu = createEngine('webkit-gamerand', { seed: DEFAULT_SEED });
  const [low0, high0] = (emu.getState() as readonly number[]).map((w) => w | 0) as [number, number];
  let low = low0;
  let high = high0;
  const step = () => {
    high = (((high << 16) | (high >>> 16)) + low) | 0;
    low = (low + high) | 0;
  };
  // The inline step is the emulator's, checked on its first 1,000 outputs before the walk.
  for (let i = 0; i < 1000; i++) {
    step();
    if (doubleToHex((high >>> 0) / 2 ** 32) !== doubleToHex(emu.random())) throw new Error('cycles: GameRand step differs from @emu/webkit-gamerand');
  }
  const start = Date.now();
  const progress = startProgress(io, GAMERAND_WALK, 'GameRand');
  // The same step written inline on locals: a closure over `low`/`high` runs 4× slower here.
  let l = low0;
  let h = high0;
  let n = 0;
  do {
    h = (((h << 16) | (h >>> 16)) + l) | 0;
    l = (l + h) | 0;
    n++;
    if ((n & 0xffffff) === 0) progress.tick(n);
  } while ((l !== low0 || h !== high0) && n < GAMERAND_WALK);
  progress.done();
  const found = l === low0 && h === high0;
  io.out(`GameRand (JSC ≤ Safari 9), 64-bit state: ${found ? `cycle ${n} ≈ 2^${Math.log2(n).toFixed(2)}` : `no return to the seed-${DEFAULT_SEED} state within 2^32 steps, so its cycle is longer than 2^32`} (${Date.now() - start} ms)\n`);
}

function cyclesCmd(args: string[], io: Io): number {
  const values = parse(args, {});
  if (values.help) {
    io.out(HELP);
    return 0;
  }
  const mwc = (a: number) => (x: number) => (Math.imul(a, x & 0xffff) + (x >>> 16)) >>> 0;
  for (const [a, where] of [[18273, 'V8 ≤ 3.29, first half'], [18030, 'V8 3.30–4.9, first half (the top bits of every double before the patch)'], [36969, 'V8, second half']] as const) {
    const start = Date.now();
    // Brent walks about 2λ steps; the bar is scaled to the known order of 2^16 mod a·2^16 − 1.
    const progress = startProgress(io, 2.2 * a * 0x8000, `cycle a=${a}`);
    const { lambda, mu } = brentCycle(mwc(a), 0x12345678, 2 ** 34, (n) => progress.tick(n));
    progress.done();
    io.out(`MWC a=${a} (${where}): cycle ${lambda} ≈ 2^${Math.log2(lambda).toFixed(2)}, reached after ${mu} steps from 0x12345678 (${Date.now() - start} ms)\n`);
  }
  for (const k of [8, 16, 24]) {
    const mod = 2 ** k;
    const step = (x: number) => (lcg48Step(x) % mod);
    const { lambda } = brentCycle((x) => step(x), 1);
    io.out(`LCG (java.util.Random) low ${k} bits: cycle ${lambda} = 2^${Math.log2(lambda)}\n`);
  }
  gameRandCycle(io);
  io.out('Combined MWC1616 period: lcm of the halves ≈ 2^59.3; but before the patch a double\'s top 20 bits come from the 18030 half alone, so anything built from them (IDs, dice) repeats with that half\'s ≈ 2^29.1 cycle and collides after ≈ 2^15 draws from random starting points.\n');
  return 0;
}

export const command: Command = { name: 'cycles', summary: "cycle lengths of the MWC1616 halves and the LCG's low bits (Brent)", help: HELP, run: cyclesCmd };
