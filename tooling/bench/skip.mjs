// skip(n) of every emulator against native Math.random() in the same run: the time of skip(1e9)
// (and skip(2^53 − 1) where it is O(log n)) next to the time native Math.random() takes for 1e7
// calls, scaled to 1e9. Each skip result is checked against random() after a skip of 1e5 values
// done both ways, so a fast wrong skip shows. Run: pnpm --filter @emu/bench bench:skip
import { emulators } from './emulators.mjs';

const N = 1e9;
const time = (f) => {
  const t = process.hrtime.bigint();
  f();
  return Number(process.hrtime.bigint() - t) / 1e6;
};
let sink = 0;
const native = time(() => {
  for (let i = 0; i < 1e7; i++) sink += Math.random();
}) * (N / 1e7);
console.log(`native Math.random() × 1e9 (from 1e7 calls): ${native.toFixed(0)} ms`);
console.log('emulator'.padEnd(44), 'skip(1e9) ms'.padStart(13), 'vs native'.padStart(10), 'skip(2^53-1) ms'.padStart(16));
let failed = false;
for (const [name, make] of emulators) {
  const a = make();
  const b = make();
  a.skip(1e5);
  for (let i = 0; i < 1e5; i++) b.random();
  if (a.random() !== b.random()) {
    console.error(`${name}: skip(1e5) differs from 1e5 random() calls`);
    failed = true;
  }
  const e = make();
  const ms = time(() => e.skip(N));
  sink += e.random();
  // O(n) skips (GameRand, the NaN-canonicalising V8 eras) are not run for 2^53 − 1.
  const slow = ms > 50;
  const big = slow ? NaN : time(() => make().skip(Number.MAX_SAFE_INTEGER));
  console.log(name.padEnd(44), ms.toFixed(3).padStart(13), `${(native / ms).toFixed(0)}×`.padStart(10), (slow ? 'O(n): skipped' : big.toFixed(3)).padStart(16));
}
if (sink === 0.5) console.log('');
if (failed) process.exit(1);
