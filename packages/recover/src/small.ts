/**
 * Recovery for the pre-2016 generators, each by the algebra of its output:
 *  - java.util.Random LCG (SpiderMonkey): one double is 53 bits of two consecutive 48-bit states;
 *    the 22 hidden low bits of the first are searched (2^22 candidates, each checked against the
 *    27 visible bits of the next state).
 *  - GameRand (JSC ≤ Safari 9.1): each output is the new high word; two outputs fix the state.
 *  - MWC1616 in JS (V8 3.26–4.7): each 32-bit output shows both 16-bit values; two outputs fix
 *    each generator's carry (carry ≡ value' − a·value mod 2^16).
 *  - MWC1616 with %_ConstructDouble (V8 4.8): the 18030 generator as above; the 36969 generator
 *    shows only its carry's top 12 bits, so its 20 hidden bits are searched and filtered.
 */
import { LCG48_MODULUS, LCG48_MULTIPLIER, Lcg48, lcg48Step, lcg48StepBack } from '@emu/core';

const TWO21 = 2 ** 21;
import { mwcStep, recoverMwcBuckets } from './mwc-bucket.js';

/** The states a small-state search (LCG, GameRand, MWC1616) found for the observations. */
export interface SmallRecovery {
  /** Raw states (in the emulator's state-word order) positioned just before the first observation. */
  readonly states: number[][];
  /** How many candidates the search kept before checking the rest of the observations. */
  readonly searched: number;
}

const TWO22 = 0x400000;

/** firefox-lcg: states x0 with random() ⇒ values[0], values[1], … */
export function recoverLcg(values: readonly number[]): SmallRecovery {
  if (values.length < 1) return { states: [], searched: 0 };
  const bits = values.map((x) => x * 2 ** 53);
  const hi26 = Math.floor(bits[0]! / 2 ** 27);
  const lo27 = bits[0]! - hi26 * 2 ** 27;
  const states: number[][] = [];
  let searched = 0;
  const g = new Lcg48(0);
  // x1 = hi26·2^22 + low is the state after the first draw; x2 = a·x1 + c moves by a (mod 2^48)
  // per step of low, so it is stepped by one addition. x2 >> 21 must be the value's low 27 bits.
  const base = hi26 * TWO22;
  let x2 = lcg48Step(base);
  const lo = lo27 * TWO21;
  const hi = lo + TWO21;
  const A = LCG48_MULTIPLIER;
  const M = LCG48_MODULUS;
  for (let low = 0; low < TWO22; low++) {
    const hit = x2 >= lo && x2 < hi;
    x2 += A;
    if (x2 >= M) x2 -= M;
    if (!hit) continue;
    const x1 = base + low;
    g.hi = Math.floor(x1 / 0x1000000);
    g.lo = x1 - g.hi * 0x1000000;
    g.step();
    searched++;
    // Check the remaining values from x2.
    let ok = true;
    for (let k = 1; k < bits.length && ok; k++) {
      g.step();
      const a = g.hi * 4 + (g.lo >>> 22);
      g.step();
      const b = g.hi * 8 + (g.lo >>> 21);
      ok = a * 2 ** 27 + b === bits[k];
    }
    if (ok) states.push([lcg48StepBack(x1)]);
  }
  return { states, searched };
}

/** webkit-gamerand: [m_low, m_high] before the first observation. */
export function recoverGameRand(values: readonly number[]): SmallRecovery {
  if (values.length < 2) return { states: [], searched: 0 };
  const h = values.map((x) => x * 2 ** 32);
  if (!h.every((v) => Number.isInteger(v))) return { states: [], searched: 0 };
  const rotl16 = (x: number) => ((x << 16) | (x >>> 16)) >>> 0;
  // After output 1 the state is (low1, h1); output 2: h2 = rotl16(h1) + low1.
  const low1 = (h[1]! - rotl16(h[0]!)) >>> 0;
  // Step back once: low1 = low0 + h1, h1 = rotl16(high0) + low0.
  const low0 = (low1 - h[0]!) >>> 0;
  const high0 = rotl16((h[0]! - low0) >>> 0);
  return { states: [[low0, high0]], searched: 1 };
}

/**
 * The MWC step x' = a·(x & 0xFFFF) + (x >>> 16) backwards: a predecessor value v < 2^16 and carry
 * c < 2^16 with a·v + c = x'. States on the generator's cycle have c < a and a unique
 * predecessor; a freshly seeded state may have a larger carry, and then the largest v is taken
 * (it leads to the same x', so the same outputs from there on).
 */
export function mwcStepBack(a: number, x: number): number {
  const v = Math.min(Math.floor(x / a), 0xffff);
  const c = x - a * v;
  return (c * 0x10000 + v) >>> 0;
}

/**
 * Whether state x has two predecessors among the states MWC1616 can reach by stepping (carry ≤ a):
 * (x/a, 0) and (x/a − 1, a) when a divides x. A carry of exactly a only follows a seeded state
 * with a larger carry, so this is where "previous values" stop being determined.
 */
export function mwcBackIsAmbiguous(a: number, x: number): boolean {
  const v = x / a;
  return Number.isInteger(v) && v >= 1 && v <= 0xffff;
}

/**
 * Whether state x is one of two states with the same successor (carry 0, and carry a with the value
 * one less): then its own output, the call just before observation 0, is not known from later ones.
 */
export function mwcStateIsAmbiguous(a: number, x: number): boolean {
  return mwcBackIsAmbiguous(a, mwcStep(a, x));
}

const mwcBack = mwcStepBack;

/** v8-3.26-js / v8-3.30-js: [rngstate0, rngstate1] before the first observation. */
export function recoverMwcJs(values: readonly number[], mult0: number): SmallRecovery {
  if (values.length < 2) return { states: [], searched: 0 };
  const o = values.map((x) => x * 2 ** 32);
  if (!o.every((v) => Number.isInteger(v))) return { states: [], searched: 0 };
  const gen = (shift: number, a: number) => {
    const v0 = (o[0]! >>> shift) & 0xffff;
    const v1 = (o[1]! >>> shift) & 0xffff;
    const carry = (v1 - Math.imul(a, v0)) & 0xffff;
    return mwcBack(a, (carry * 0x10000 + v0) >>> 0); // state before output 1 (x1 = carry:value)
  };
  return { states: [[gen(16, mult0), gen(0, 36969)]], searched: 1 };
}

/** v8-4.8-constructdouble: [rngstate_0 … rngstate_3] before the first observation. */
export function recoverMwcConstructDouble(values: readonly number[]): SmallRecovery {
  if (values.length < 3) return { states: [], searched: 0 };
  const o = values.map((x) => x * 2 ** 32);
  if (!o.every((v) => Number.isInteger(v))) return { states: [], searched: 0 };
  // Generator 1: output bits 31..12 are r0's low 20 bits: a' (16) and b' & 0xF.
  const a = o.map((v) => (v >>> 12) & 0xffff);
  const b0 = (a[1]! - Math.imul(18030, a[0]!)) & 0xffff; // carry after output 1
  if ((b0 & 0xf) !== ((o[0]! >>> 28) & 0xf)) return { states: [], searched: 0 };
  // Generator 2: output bits 11..0 are r1's top 12 bits (the carry d' >> 4); search c' and d' & 0xF.
  const top = o.map((v) => v & 0xfff);
  const states: number[][] = [];
  let searched = 0;
  for (let c = 0; c < 0x10000; c++) {
    for (let dl = 0; dl < 16; dl++) {
      const d = (top[0]! << 4) | dl;
      let cc = c;
      let dd = d;
      let ok = true;
      for (let k = 1; k < o.length && ok; k++) {
        const r1 = (Math.imul(36969, cc) + dd) | 0;
        cc = r1 & 0xffff;
        dd = r1 >>> 16;
        ok = r1 >>> 20 === top[k];
      }
      if (!ok) continue;
      searched++;
      // State after output 1: [a0, b0, c, d]; step each generator back once.
      const g1 = mwcBack(18030, (b0 * 0x10000 + a[0]!) >>> 0);
      const g2 = mwcBack(36969, (d * 0x10000 + c) >>> 0);
      states.push([g1 & 0xffff, g1 >>> 16, g2 & 0xffff, g2 >>> 16]);
    }
  }
  return { states, searched };
}

/**
 * v8-patched (MWC1616, r = r0 ^ r1; MathRandom's double is r rotated by 12 over 2^32, so each
 * output shows all 32 bits of r). After an output, r0 alone fixes the state (r1 = r ^ r0). r0's
 * low half a and high half b are found from the next output: low16(r') = low16(18030·a + b) ^
 * low16(36969·(a ^ L) + (b ^ H)), which is solved bit by bit from the least significant end for
 * each a (carries tracked), then the high half and every later output are checked.
 */
export function recoverMwcPatched(values: readonly number[]): SmallRecovery {
  if (values.length < 3) return { states: [], searched: 0 };
  const o = values.map((x) => x * 2 ** 32);
  if (!o.every((v) => Number.isInteger(v))) return { states: [], searched: 0 };
  const r = o.map((v) => ((v >>> 12) | (v << 20)) >>> 0); // undo the rotation by 12
  const L = r[0]! & 0xffff;
  const H = r[0]! >>> 16;
  const L2 = r[1]! & 0xffff;
  const states: number[][] = [];
  let searched = 0;
  const stack = new Int32Array(2 * 2 * 17);
  for (let a = 0; a < 0x10000; a++) {
    const c = a ^ L;
    const K1 = Math.imul(18030, a);
    const K2 = Math.imul(36969, c);
    // Depth-first over the bits of b, low to high: bit i of the two sums depends on bits ≤ i only.
    let top = 0;
    stack[top++] = 0;
    stack[top++] = 0;
    while (top > 0) {
      const i = stack[--top]!;
      const b = stack[--top]!;
      if (i === 16) {
        searched++;
        const d = b ^ H;
        // State after output 1: a, b, c, d; check every later output.
        let [sa, sb, sc, sd] = [a, b, c, d];
        let ok = true;
        for (let k = 1; k < r.length && ok; k++) {
          const r0 = (Math.imul(18030, sa) + sb) | 0;
          const r1 = (Math.imul(36969, sc) + sd) | 0;
          ok = ((r0 ^ r1) >>> 0) === r[k];
          [sa, sb, sc, sd] = [r0 & 0xffff, r0 >>> 16, r1 & 0xffff, r1 >>> 16];
        }
        if (ok) states.push([a, b, c, d]);
        continue;
      }
      const mask = (2 << i) - 1;
      const want = L2 & mask;
      for (let bit = 0; bit < 2; bit++) {
        const bb = b | (bit << i);
        if ((((K1 + bb) ^ (K2 + (bb ^ H))) & mask) === want) {
          stack[top++] = bb;
          stack[top++] = i + 1;
        }
      }
    }
  }
  // These are states AFTER output 1; step back once (each generator's MWC inverse).
  const back = mwcStepBack;
  return {
    states: states.map(([a, b, c, d]) => {
      const g1 = back(18030, ((b! << 16) | a!) >>> 0);
      const g2 = back(36969, ((d! << 16) | c!) >>> 0);
      return [g1 & 0xffff, g1 >>> 16, g2 & 0xffff, g2 >>> 16];
    }),
    searched,
  };
}

/**
 * v8-3.11-cpp (C++ random_base): out = (s0' << 14) + (s1' & 0x3FFFF). The top 18 bits are
 * s0' mod 2^18 plus a 4-bit carry from s1', so the first generator is found alone by the split
 * search of mwc-bucket.ts (about 16 candidates per value); for each, s1' mod 2^18 follows from
 * the output exactly, its 14 hidden carry bits are searched against the second output, and every
 * later output checks the survivors.
 */
export function recoverMwcCpp(values: readonly number[]): SmallRecovery {
  if (values.length < 3) return { states: [], searched: 0 };
  const o = values.map((x) => x * 2 ** 32);
  if (!o.every((v) => Number.isInteger(v))) return { states: [], searched: 0 };
  const first = recoverMwcBuckets(values, 'v8-3.11-cpp');
  const step1 = (x: number) => (Math.imul(36969, x & 0xffff) + (x >>> 16)) >>> 0;
  const states: number[][] = [];
  let searched = 0;
  for (const x0 of first.states) {
    // The first generator's states after each call.
    const g: number[] = [];
    for (let k = 0, x = x0; k < o.length; k++) g.push((x = mwcStep(18273, x)));
    const low = (o[0]! - ((g[0]! << 14) >>> 0) + 2 ** 32) % 2 ** 32; // s1' mod 2^18
    if (low >= 1 << 18) continue;
    for (let hi = 0; hi < 1 << 14; hi++) {
      let b = (hi * 2 ** 18 + low) >>> 0;
      const s1 = b;
      let ok = true;
      for (let k = 1; k < o.length && ok; k++) {
        b = step1(b);
        ok = (((g[k]! << 14) + (b & 0x3ffff)) >>> 0) === o[k];
      }
      if (!ok) continue;
      searched++;
      states.push([x0, mwcStepBack(36969, s1)]);
    }
  }
  return { states, searched };
}
