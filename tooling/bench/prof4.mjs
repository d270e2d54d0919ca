import { recoverXorshift } from '@emu/recover';
import { create } from '@emu/xorshift128plus';
const hex = (t, k) => `0x${((BigInt(t) * 0x9e3779b97f4a7c15n + BigInt(k) * 0xbf58476d1ce4e5b9n) % (1n << 64n)).toString(16)}`;
const variant = process.argv[2] ?? 'v8-14.4-sum-53';
const times = [];
for (let t = 1; t <= 60; t++) {
  const e = create({ state: [hex(t, 1), hex(t, 2), 0], variant });
  const obs = Array.from({ length: 4 }, () => e.random());
  const c0 = performance.now();
  recoverXorshift(obs, variant, { fromStart: true });
  times.push(performance.now() - c0);
}
times.sort((a, b) => a - b);
console.log(variant, 'median', times[30].toFixed(1), 'p90', times[54].toFixed(1));
