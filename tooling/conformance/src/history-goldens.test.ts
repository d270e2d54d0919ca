/**
 * The historical generators against real implementations recorded by scripts/record-history.mjs:
 * the JDK's java.util.Random (the LCG core of Chakra's Math.random) and the machine's glibc
 * random() driven the way V8 ≤ 1.2.7 drove it.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { doubleToHex, hexToDouble, lcg48ScrambleSeed, u64FromBigInt } from '@emu/core';
import { createEngine } from '@emu/engines';
import { predict, recoverLcg } from '@emu/recover';
import { create as createJscript } from '@emu/jscript-lcg';
import { create as createLibc } from '@emu/v8-libc';
import { recoverState as recoverQuickJs } from '@emu/quickjs';

const FIXTURES = new URL('../fixtures/', import.meta.url);
const load = <T>(name: string): T => JSON.parse(readFileSync(new URL(name, FIXTURES), 'utf8')) as T;

/** Chakra's double from two 27-bit draws, as an exact rational rounded half-to-even (BigInt, no floats). */
function chakraBits(hi: number, lo: number): string {
  let n = (BigInt(hi) << 27n) | BigInt(lo);
  let e = -54;
  if (n >= 1n << 53n) {
    const rem = n & 1n;
    n >>= 1n;
    e += 1;
    if (rem === 1n && (n & 1n) === 1n) n += 1n;
  }
  return doubleToHex(Number(n) * 2 ** e);
}

describe('jscript-lcg against the JDK', () => {
  const jdk = load<{ version: string; seeds: Record<string, number[]> }>('jdk-next27.json');
  for (const [seed, draws] of Object.entries(jdk.seeds)) {
    it(`new java.util.Random(${seed}): next(27) pairs → Chakra doubles, bit for bit (${jdk.version})`, () => {
      const [hi, lo] = u64FromBigInt(BigInt(seed));
      const e = createJscript({ state: [lcg48ScrambleSeed(hi, lo)] });
      const expected: string[] = [];
      for (let i = 0; i < draws.length; i += 2) expected.push(chakraBits(draws[i]!, draws[i + 1]!));
      expect(expected.map(() => doubleToHex(e.random()))).toEqual(expected);
    });
  }
});

describe('v8-libc against glibc', () => {
  const g = load<{ version: string; seeds: Record<string, { mathRandom: string[]; random: number[] }> }>('glibc-random.json');
  for (const [seed, d] of Object.entries(g.seeds)) {
    it(`srandom(${seed}): V8 ≤ 1.2.7 Math.random and the raw random() (${g.version})`, () => {
      const e = createLibc({ seed });
      expect(d.mathRandom.map(() => doubleToHex(e.random()))).toEqual(d.mathRandom);
      const r = createLibc({ seed }) as ReturnType<typeof createLibc> & { nextInt(): number };
      expect(d.random.map(() => r.nextInt())).toEqual(d.random);
    });
  }
});

describe('Rhino (real binary): recovered from 2 values, 1,000 predicted bit for bit', () => {
  const r = load<{ version: string; values: string[] }>('rhino.json');
  it(`${r.version}`, () => {
    const seen = r.values.slice(0, 2).map(hexToDouble);
    const rec = recoverLcg(seen);
    expect(rec.states).toHaveLength(1);
    const e = createEngine('rhino@1.7.14', { state: rec.states[0]! });
    expect(r.values.map(() => doubleToHex(e.random()))).toEqual(r.values);
    // and through the registry's predictor, as `compare predict --engine rhino@1.7.14` runs it
    const p = predict('rhino@1.7.14', seen, r.values.length - 2, 0);
    expect(p.kind).toBe('ok');
    if (p.kind === 'ok') expect(p.next.map(doubleToHex)).toEqual(r.values.slice(2));
    expect(() => createEngine('rhino@1.7.14', { seed: 1 })).toThrow(/unseeded java.util.Random/);
  });
});

describe('QuickJS and quickjs-ng (real builds from npm): recovered from 2 values, seeded from the clock', () => {
  const q = load<{ version: string; builds: Record<string, { package: string; contextCreatedMs: [number, number]; values: string[] }> }>('quickjs.json');
  for (const [name, b] of Object.entries(q.builds)) {
    it(`${name} (${b.package}): every value bit for bit, and the state before the first is the epoch µs of newContext()`, () => {
      const seen = b.values.slice(0, 2).map(hexToDouble);
      const states = recoverQuickJs(seen);
      expect(states).toHaveLength(1);
      const e = createEngine('quickjs@2024.1.13', { state: [states[0]!] });
      expect(b.values.map(() => doubleToHex(e.random()))).toEqual(b.values);
      const micros = Number(BigInt(states[0]!));
      expect(micros).toBeGreaterThanOrEqual(b.contextCreatedMs[0] * 1000);
      expect(micros).toBeLessThanOrEqual(b.contextCreatedMs[1] * 1000 + 999);
      // so a clock reading reproduces the stream: create({ seed: µs })
      const fromClock = createEngine('quickjs@0.10.1', { seed: micros });
      expect(b.values.map(() => doubleToHex(fromClock.random()))).toEqual(b.values);
    });
  }
});

describe('Hermes (real hermes-engine-cli builds): compare predict from 2 values in the middle of a run', () => {
  const h = load<{ builds: Record<string, { package: string; values: string[] }> }>('hermes-cli.json');
  for (const [version, b] of Object.entries(h.builds)) {
    it(`${b.package}: 2 values at positions 10–11 → the next 988 and the 10 before, bit for bit`, () => {
      const seen = b.values.slice(10, 12).map(hexToDouble);
      const p = predict(`hermes@${version}`, seen, b.values.length - 12, 10);
      expect(p.kind).toBe('ok');
      if (p.kind !== 'ok') return;
      expect(p.next.map(doubleToHex)).toEqual(b.values.slice(12));
      expect(p.previous.map(doubleToHex)).toEqual(b.values.slice(0, 10));
    });
  }
});
