import { recoverXorshift } from '@emu/recover';
for (const n of [64, 128, 256, 1000]) {
  const o = [{ n, value: 1 }, { n, value: 5 }, { n, value: 7 }];
  const r = recoverXorshift(o, 'v8-14.4-sum-53', {});
  const r2 = recoverXorshift(o, 'v8-14.4-sum-53', { fromStart: true });
  console.log(n, 'node26 start', r2.needValues, 'across', r.needValues);
}
