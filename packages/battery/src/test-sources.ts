/**
 * Generators with known answers for the battery's own tests: a good one (xoshiro128**, two outputs
 * per 53-bit double) that must pass, and deliberately broken ones that specific tests must fail.
 */
import type { Source } from './types.js';

function rotl(x: number, k: number): number {
  return (x << k) | (x >>> (32 - k));
}

/** xoshiro128** (Blackman & Vigna), 53-bit doubles: the "perfect-looking" generator. */
export function goodSource(seed: number): Source {
  let a = seed | 0 || 1;
  let b = 0x9e3779b9;
  let c = 0x243f6a88;
  let d = 0xb7e15162;
  const next = () => {
    const out = Math.imul(rotl(Math.imul(b, 5), 7), 9) >>> 0;
    const t = b << 9;
    c ^= a;
    d ^= b;
    b ^= c;
    a ^= d;
    c ^= t;
    d = rotl(d, 11);
    return out;
  };
  for (let i = 0; i < 16; i++) next();
  return {
    fill(out) {
      for (let i = 0; i < out.length; i++) out[i] = ((next() >>> 5) * 67108864 + (next() >>> 6)) / 9007199254740992;
      return out;
    },
  };
}

/** A source transformed value by value (for biased or coarse variants of the good one). */
export function mapped(src: Source, f: (u: number) => number): Source {
  return {
    fill(out) {
      src.fill(out);
      for (let i = 0; i < out.length; i++) out[i] = f(out[i]!);
      return out;
    },
  };
}

/** A 2^16-period LCG: few distinct points. */
export function tinyLcg(seed: number): Source {
  let x = seed >>> 0;
  return {
    fill(out) {
      for (let i = 0; i < out.length; i++) {
        x = (Math.imul(x, 1103515245) + 12345) & 0xffff;
        out[i] = x / 65536;
      }
      return out;
    },
  };
}

/** Marsaglia's xorshift32: linear over GF(2) with 32 bits of state, so bit matrices have rank ≤ 32. */
export function xorshift32(seed: number): Source {
  let x = seed | 0 || 1;
  return {
    fill(out) {
      for (let i = 0; i < out.length; i++) {
        x ^= x << 13;
        x ^= x >>> 17;
        x ^= x << 5;
        out[i] = (x >>> 0) / 4294967296;
      }
      return out;
    },
  };
}

/** Every value twice in a row. */
export function doubled(src: Source): Source {
  const one = new Float64Array(1 << 15);
  return {
    fill(out) {
      for (let i = 0; i < out.length; i += 2 * one.length) {
        src.fill(one);
        for (let j = 0; j < one.length && i + 2 * j < out.length; j++) {
          out[i + 2 * j] = one[j]!;
          if (i + 2 * j + 1 < out.length) out[i + 2 * j + 1] = one[j]!;
        }
      }
      return out;
    },
  };
}
