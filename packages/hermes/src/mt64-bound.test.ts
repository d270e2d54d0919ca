/**
 * How many consecutive mt19937_64 values fix the next one: 622. Proof by construction, written
 * independently of recover.ts's solver: for k < 622 a second state is built whose first k values
 * equal the first state's bit for bit while value k differs — so no method can predict value k
 * from k values — and for k = 622 the same construction finds no such state. recoverMt64State must
 * never claim a unique state below the bound, and must find it at the bound (here and on the real
 * libstdc++ run of tooling/conformance/fixtures/hermes-libstdcxx.json).
 *
 * The construction: the window's first 312 untempered words W[0 … 311] fix the state
 * (mt64StateBefore), subject to 31 linear relations (lower(unmag(W[311] ^ W[155])) = lower(W[0])).
 * A double shows its output x exactly up to a linear subspace (ties aside): with r the rounding
 * bit's position and m = the double · 2^64 >> (r + 1), x >> r is 2m or 2m − 1, which differ by the
 * all-ones run D over bits r … r + t + 1 (t = m's lowest set bit), and bits below r are free. So a
 * change δ of W[0 … 311] keeps the first k doubles iff every tempered δW[j] (j < k, the later words
 * by the recurrence, linear in δ) lies in span(bits < r, D) of value j — a kernel computed by
 * Gaussian elimination over GF(2). A kernel vector that moves value k's visible bits gives the pair,
 * which is then checked by running both states through the emulator (16 hex digits).
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { doubleToHex, hexToDouble } from '@emu/core';
import { type Mt64VariantId, mt64Spans, mt64StateBefore, recoverMt64State, temper64, untemper64 } from './index.js';
import { createMt64 } from './mt64.js';

const A = 0xb5026f5aa96619e9n;
const TEMPER_ROWS: readonly bigint[] = (() => {
  const cols = Array.from({ length: 64 }, (_, i) => temper64(1n << BigInt(i)));
  return Array.from({ length: 64 }, (_, b) => {
    let m = 0n;
    for (let i = 0; i < 64; i++) if (((cols[i]! >> BigInt(b)) & 1n) === 1n) m |= 1n << BigInt(i);
    return m;
  });
})();
const bitOf = (x: bigint, i: number): number => Number((x >> BigInt(i)) & 1n);
const ALL: readonly bigint[] = Array.from({ length: 64 }, (_, i) => 1n << BigInt(i));

/** The directions of x a double does not show, and the linear forms on x it does (from the double alone). */
function shown(value: number): { hidden: bigint[]; forms: bigint[] } {
  const v = BigInt(value * 2 ** 64);
  const len = v.toString(2).length;
  if (len <= 53) return { hidden: [], forms: [...ALL] }; // exact
  if ((v & (v - 1n)) === 0n) throw new Error(`a power of two (${value}) straddles two binades; pick another seed`);
  const r = len - 54;
  let tv = 0;
  while (bitOf(v, tv) === 0) tv++;
  const hidden = ALL.slice(0, r);
  let d = 0n;
  for (let b = r; b <= tv; b++) d |= 1n << BigInt(b);
  hidden.push(d);
  const forms = ALL.slice(tv + 1);
  for (let b = r; b < tv; b++) forms.push((1n << BigInt(b)) | (1n << BigInt(b + 1)));
  return { hidden, forms };
}

/**
 * A second state whose first k values are the same doubles as `state`'s and whose value k is not,
 * or undefined when the kernel leaves value k's visible bits fixed.
 */
function ambiguousPartner(state: readonly (string | number)[], k: number, variant: Mt64VariantId): (string | number)[] | undefined {
  const g = createMt64(variant, { state });
  const raw = g.clone();
  const n = Math.max(k + 1, 312);
  const values = Array.from({ length: n }, () => g.random());
  const words = Array.from({ length: 312 }, () => untemper64(BigInt(raw.raw64())));
  const model = values.map((v, j) => (j < k ? shown(v) : j < 312 ? { hidden: [...ALL], forms: [] } : shown(v)));
  // unknowns: each of W[0 … 311]'s hidden directions (untempered)
  const offset: number[] = [];
  let nu = 0;
  for (let j = 0; j < 312; j++) {
    offset.push(nu);
    nu += model[j]!.hidden.length;
  }
  const nw = (nu >> 5) + 1;
  const xor = (a: Uint32Array, b: Uint32Array): Uint32Array => a.map((x, i) => x ^ b[i]!);
  // dW[j][b]: bit b of δW[j] as a linear form over the unknowns
  const dW: Uint32Array[][] = [];
  for (let j = 0; j < 312; j++) {
    const rows = Array.from({ length: 64 }, () => new Uint32Array(nw));
    model[j]!.hidden.forEach((h, i) => {
      const u = offset[j]! + i;
      const w = untemper64(h);
      for (let b = 0; b < 64; b++) if (bitOf(w, b) === 1) rows[b]![u >> 5]! ^= 1 << (u & 31);
    });
    dW.push(rows);
  }
  for (let j = 312; j <= k; j++) {
    // W[j] = W[j − 156] ^ mag(upper33(W[j − 312]) | lower31(W[j − 311])), mag(c) = c >> 1 ^ (c & 1 ? A : 0)
    const c = (i: number): Uint32Array => (i >= 31 ? dW[j - 312]![i]! : dW[j - 311]![i]!);
    dW.push(Array.from({ length: 64 }, (_, i) => {
      let v = i < 63 ? c(i + 1) : new Uint32Array(nw);
      if (bitOf(A, i) === 1) v = xor(v, c(0));
      return xor(v, dW[j - 156]![i]!);
    }));
  }
  const formRow = (j: number, phi: bigint): Uint32Array => {
    let m = 0n;
    for (let b = 0; b < 64; b++) if (bitOf(phi, b) === 1) m ^= TEMPER_ROWS[b]!;
    let o: Uint32Array = new Uint32Array(nw);
    for (let i = 0; i < 64; i++) if (bitOf(m, i) === 1) o = xor(o, dW[j]![i]!);
    return o;
  };
  const pivot: (Uint32Array | undefined)[] = new Array<Uint32Array | undefined>(nu);
  const reduce = (row: Uint32Array): number => {
    for (let w = 0; w < nw; w++) {
      while (row[w] !== 0) {
        const col = (w << 5) + (31 - Math.clz32(row[w]! & -row[w]!));
        const p = pivot[col];
        if (!p) return col;
        for (let x = w; x < nw; x++) row[x]! ^= p[x]!;
      }
    }
    return -1;
  };
  const add = (row: Uint32Array): void => {
    const col = reduce(row);
    if (col >= 0) pivot[col] = row;
  };
  // lower31(unmag(δW[311] ^ δW[155])) = lower31(δW[0]); unmag(t) = ((t ^ t63·A) << 1) | t63
  const t = (i: number): Uint32Array => xor(dW[311]![i]!, dW[155]![i]!);
  for (let i = 0; i < 31; i++) {
    let v = i === 0 ? t(63) : t(i - 1);
    if (i >= 1 && bitOf(A, i - 1) === 1) v = xor(v, t(63));
    add(xor(v, dW[0]![i]!));
  }
  for (let j = 312; j < k; j++) for (const phi of model[j]!.forms) add(formRow(j, phi));
  // a form of value k that is not constant on the kernel, and a kernel vector it is 1 on
  let witness: Uint32Array | undefined;
  for (const phi of shown(values[k]!).forms) {
    const row = formRow(k, phi);
    if (reduce(row) >= 0) {
      witness = row;
      break;
    }
  }
  if (!witness) return undefined;
  let f = 0;
  while (((witness[f >> 5]! >>> (f & 31)) & 1) === 0 || pivot[f]) f++;
  const val = new Uint32Array(nw);
  val[f >> 5] = 1 << (f & 31);
  for (let col = nu - 1; col >= 0; col--) {
    const p = pivot[col];
    if (!p) continue;
    let acc = 0;
    for (let x = 0; x < nw; x++) {
      let m = p[x]! & val[x]!;
      while (m !== 0) {
        acc ^= 1;
        m &= m - 1;
      }
    }
    if (acc === 1) val[col >> 5]! |= 1 << (col & 31);
  }
  const changed = words.map((w, j) => {
    let d = 0n;
    model[j]!.hidden.forEach((h, i) => {
      const u = offset[j]! + i;
      if (((val[u >> 5]! >>> (u & 31)) & 1) === 1) d ^= untemper64(h);
    });
    return `0x${(w ^ d).toString(16).padStart(16, '0')}`;
  });
  return mt64StateBefore([...changed, 0], 0);
}

const run = (state: readonly (string | number)[], n: number, variant: Mt64VariantId): string[] => {
  const g = createMt64(variant, { state });
  return Array.from({ length: n }, () => doubleToHex(g.random()));
};
const V: Mt64VariantId = 'hermes-mt64-libstdcxx';
/** A mid-stream state: seeded, then `skip` values on. */
const stateAt = (seed: bigint, skip: number): (string | number)[] => {
  const g = createMt64(V, { seed });
  g.skip(skip);
  return [...g.getState()];
};

describe('mt19937_64 through generate_canonical: 622 consecutive values are the minimum for the next one', () => {
  for (const [k, seed, skip] of [[300, 11n, 0], [400, 0x2023n, 1000], [500, 0x1175n, 77], [600, 0xfeedn, 312], [621, 0x20c11c44n, 5000], [621, 0xdeadbeefn, 9]] as const) {
    it(`k = ${k} (seed ${seed}, ${skip} values in): a second state agrees on ${k} values bit for bit and differs at value ${k}`, () => {
      const a = stateAt(seed, skip);
      const b = ambiguousPartner(a, k, V);
      expect(b).toBeDefined();
      const ra = run(a, k + 1, V);
      const rb = run(b!, k + 1, V);
      expect(rb.slice(0, k)).toEqual(ra.slice(0, k));
      expect(rb[k]).not.toBe(ra[k]);
      // recovery never claims one state from these k values: it gives up (too many) or lists both
      const values = ra.slice(0, k).map(hexToDouble);
      const states = k >= 312 ? recoverMt64State(values, V, k) : undefined;
      if (states !== undefined) {
        const nexts = states.map((s) => run(s, k + 1, V)[k]);
        expect(nexts).toContain(ra[k]);
        expect(nexts).toContain(rb[k]);
      }
      // mt64Spans fixes no value the two states disagree on, and bounds every value of both
      if (k >= 312) {
        const n = 400;
        const after = [run(a, k + n, V).slice(k), run(b!, k + n, V).slice(k)];
        const back = 200;
        const before = [run(mt64StateBefore(a, back), back, V), run(mt64StateBefore(b!, back), back, V)];
        const spans = mt64Spans(values, V, n, back)!;
        expect(spans.next[0]![0]).not.toBe(spans.next[0]![1]);
        let fixed = 0;
        const check = (span: readonly [number, number], truths: string[]): void => {
          for (const t of truths) {
            const x = hexToDouble(t);
            expect(span[0] <= x && x <= span[1]).toBe(true);
          }
          if (span[0] === span[1]) {
            fixed++;
            for (const t of truths) expect(doubleToHex(span[0])).toBe(t);
          }
        };
        spans.next.forEach((s, i) => check(s, [after[0]![i]!, after[1]![i]!]));
        spans.previous.forEach((s, i) => check(s, [before[0]![i]!, before[1]![i]!]));
        console.log(`k = ${k}: ${spans.free} free unknowns; ${fixed} of ${n + back} values (${n} after, ${back} before) fixed, both states agreeing on each`);
      }
    });
  }

  for (const [seed, skip] of [[0x20c11c44n, 5000], [0xdeadbeefn, 9], [3n, 100]] as const) {
    it(`k = 622 (seed ${seed}, ${skip} values in): no second state, and recovery finds the one state`, () => {
      const a = stateAt(seed, skip);
      expect(ambiguousPartner(a, 622, V)).toBeUndefined();
      const ra = run(a, 1500, V);
      const states = recoverMt64State(ra.slice(0, 622).map(hexToDouble), V, 622)!;
      expect(states).toHaveLength(1);
      expect(run(states[0]!, 1500, V)).toEqual(ra);
    });
  }

  it('the real libstdc++ run (hermes-libstdcxx.json, g++): any 622 consecutive values give the whole run, 621 do not fix value 621', () => {
    const fixture = JSON.parse(readFileSync(new URL('../../../tooling/conformance/fixtures/hermes-libstdcxx.json', import.meta.url), 'utf8')) as { randomDevice: { values: string[] } };
    const real = fixture.randomDevice.values;
    expect(real).toHaveLength(1700);
    for (const at of [0, 1, 311, 700, real.length - 622]) {
      const t0 = performance.now();
      const states = recoverMt64State(real.slice(at, at + 622).map(hexToDouble), V, 622)!;
      const ms = performance.now() - t0;
      expect(states).toHaveLength(1);
      expect(run(states[0]!, real.length - at, V)).toEqual(real.slice(at));
      expect(run(mt64StateBefore(states[0]!, at), at, V)).toEqual(real.slice(0, at));
      console.log(`hermes-libstdcxx.json, window at ${at}: 622 values → 1 state in ${ms.toFixed(0)} ms`);
    }
    // one value fewer: the pair construction on the real stream's own state, and recovery does not claim one state
    const before = recoverMt64State(real.slice(700, 1322).map(hexToDouble), V, 622)![0]!;
    const partner = ambiguousPartner(before, 621, V);
    expect(partner).toBeDefined();
    const rb = run(partner!, 622, V);
    expect(rb.slice(0, 621)).toEqual(real.slice(700, 1321));
    expect(rb[621]).not.toBe(real[1321]);
    const states = recoverMt64State(real.slice(700, 1321).map(hexToDouble), V, 621);
    if (states !== undefined) expect(new Set(states.map((s) => run(s, 622, V)[621])).size).toBeGreaterThan(1);
  });
});

describe('mt64Spans: bad input is named', () => {
  it('fewer than 312 values, a negative count, values that contradict each other', () => {
    const values = run(stateAt(1n, 0), 400, V).map(hexToDouble);
    expect(() => mt64Spans(values.slice(0, 311), V, 1, 0)).toThrow(/at least 312 consecutive values, got 311/);
    expect(() => mt64Spans(values, V, -1, 0)).toThrow(/next must be a non-negative integer, got -1/);
    expect(() => mt64Spans(values, V, 1, 0.5)).toThrow(/previous must be a non-negative integer, got 0.5/);
    expect(mt64Spans(Array.from({ length: 400 }, (_, i) => (i * 0.618033988749895) % 1), V, 1, 0)).toBeUndefined();
  });
});
