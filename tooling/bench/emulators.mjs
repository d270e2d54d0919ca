// Every variant of every package, as [bench name, () => emulator], shared by bench.mjs and profile.mjs.
// xorshift128+ starts from a fixed raw state (the lazily seeded V8 eras need more than a seed).
import { create as v82015, VARIANTS as V8_2015_VARIANTS } from '@emu/v8-2015';
import { create as v8Patched } from '@emu/v8-patched';
import { create as firefoxLcg } from '@emu/firefox-lcg';
import { create as gameRand } from '@emu/webkit-gamerand';
import { create as xorshift, VARIANTS as XORSHIFT_VARIANTS } from '@emu/xorshift128plus';

const XS_STATE = ['0x0123456789abcdef', '0xfedcba9876543210'];

export const emulators = [
  ...V8_2015_VARIANTS.map((v) => [`v8-2015 (${v.id})`, () => v82015({ seed: 42, variant: v.id })]),
  ['v8-patched', () => v8Patched({ seed: 42 })],
  ['firefox-lcg', () => firefoxLcg({ state: [0x123456789ab] })],
  ['webkit-gamerand', () => gameRand({ seed: 42 })],
  ...XORSHIFT_VARIANTS.map((v) => [`xorshift128plus (${v.id})`, () => xorshift({ state: XS_STATE, variant: v.id })]),
];
