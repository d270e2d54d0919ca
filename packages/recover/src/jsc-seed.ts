/**
 * JavaScriptCore's realm seed from its first Math.random() value.
 *
 * Each JSGlobalObject seeds its WeakRandom from one 32-bit number (WeakRandom::setSeed: state0 =
 * state1 = seed, 0 → 1, then one advance), and every step of xorshift128 — the C++ one and the
 * JIT thunk's arithmetic one (jsc-jit-sar) alike — is linear over GF(2). So the state the first
 * call sums is a linear function of the seed's 32 bits: bit j of each word is the parity of the
 * seed bits in a mask (the columns below, read off the emulator's own seeding for each seed
 * bit). The first value shows the low 53 bits of that sum; level by level from bit 0,
 *
 *   sum bit j = a_j ⊕ b_j ⊕ c_j     (one linear equation, c_j a linear form),
 *   c_{j+1}   = c_j when a_j ⊕ b_j = 1, else a_j,
 *
 * so the search branches only where a_j ⊕ b_j is not yet fixed by the equations so far (each
 * branch adds that equation): a few thousand nodes before the 32 unknowns are pinned. Every seed
 * follows exactly one path, so the seeds found are all of them; each is checked by the emulator.
 * Measured on unseeded real engines (Debian's jsc, WebKitGTK 2.50.6; Bun 1.2.0): the first value
 * gives the seed, and every later value follows.
 */
import { create } from '@emu/xorshift128plus';

/** The variants JavaScriptCore seeds this way (the C++ step, and the JIT thunk's arithmetic one). */
export type JscSeedVariant = 'jsc' | 'jsc-jit-sar';

/** A leaf with more unknowns than this left free is not enumerated (never seen: 53 levels pin 32 bits). */
const FREE_MAX = 16;
/** The sum bits a value shows (JSC's mapping: the low 53 bits of state0 + state1). */
const LEVELS = 53;

/** What searchJscSeed found: every seed whose first value is the one given (when complete), and the nodes visited. */
export interface JscSeedSearch {
  readonly seeds: readonly number[];
  /** False when a leaf left more than FREE_MAX unknowns free (then `seeds` may miss some). */
  readonly complete: boolean;
  readonly nodes: number;
}

const columnsMemo = new Map<JscSeedVariant, { a: Int32Array; b: Int32Array }>();

/** Bit j of state0 (a) and state1 (b) at the first call, as masks over the seed's bits (the seeding is linear: one seed bit at a time). */
function seedColumns(variant: JscSeedVariant): { a: Int32Array; b: Int32Array } {
  let c = columnsMemo.get(variant);
  if (!c) {
    c = { a: new Int32Array(64), b: new Int32Array(64) };
    for (let k = 0; k < 32; k++) {
      const e = create({ seed: 2 ** k, variant });
      e.random();
      const [s0, s1] = e.getState().map((w) => BigInt(w));
      for (let j = 0; j < 64; j++) {
        if ((s0! >> BigInt(j)) & 1n) c.a[j]! |= 1 << k;
        if ((s1! >> BigInt(j)) & 1n) c.b[j]! |= 1 << k;
      }
    }
    columnsMemo.set(variant, c);
  }
  return c;
}

function parity(w: number): number {
  w ^= w >>> 16;
  w ^= w >>> 8;
  w ^= w >>> 4;
  w ^= w >>> 2;
  w ^= w >>> 1;
  return w & 1;
}

/**
 * Every 32-bit seed (1 … 2^32 − 1; 0 seeds as 1) from which `variant` gives `first` as its
 * first value: a carry search over the sum's 53 bits with a GF(2) system of the seed's 32 bits.
 */
export function searchJscSeed(first: number, variant: JscSeedVariant): JscSeedSearch {
  const m = first * 2 ** LEVELS;
  // Not a value of this mapping (a multiple of 2^-53 in [0, 1)): no seed.
  if (!(first >= 0 && first < 1) || !Number.isInteger(m)) return { seeds: [], complete: true, nodes: 0 };
  const hi = Math.floor(m / 2 ** 32);
  const lo = m % 2 ** 32;
  const bit = (j: number): number => (j < 32 ? (lo / 2 ** j) & 1 : (hi / 2 ** (j - 32)) & 1);
  const { a, b } = seedColumns(variant);
  // The system: row `piv[p]` has lowest set bit p (its other bits above it), right-hand side rhs[p].
  const piv = new Int32Array(32);
  const rhs = new Uint8Array(32);
  const has = new Uint8Array(32);
  const log: number[] = [];
  let rank = 0;
  /** The form's value where the system fixes it, else −1. */
  const valueOf = (mask: number, r: number): number => {
    for (let p = 0; p < 32 && mask !== 0; p++) {
      if (has[p] && (mask >>> p) & 1) {
        mask ^= piv[p]!;
        r ^= rhs[p]!;
      }
    }
    return mask === 0 ? r : -1;
  };
  /** Adds form · seed = r; false when it contradicts the system. */
  const add = (mask: number, r: number): boolean => {
    for (let p = 0; p < 32 && mask !== 0; p++) {
      if ((mask >>> p) & 1 && has[p]) {
        mask ^= piv[p]!;
        r ^= rhs[p]!;
      }
    }
    if (mask === 0) return r === 0;
    const p = 31 - Math.clz32(mask & -mask);
    has[p] = 1;
    piv[p] = mask;
    rhs[p] = r;
    log.push(p);
    rank++;
    return true;
  };
  const undo = (to: number): void => {
    while (log.length > to) {
      has[log.pop()!] = 0;
      rank--;
    }
  };
  const seeds = new Set<number>();
  let complete = true;
  let nodes = 0;
  /** Every seed the system allows (its free bits enumerated, the pivots solved from the top down), kept when the emulator gives `first`. */
  const leaf = (): void => {
    const free: number[] = [];
    for (let p = 0; p < 32; p++) if (!has[p]) free.push(p);
    if (free.length > FREE_MAX) {
      complete = false;
      return;
    }
    for (let g = 0; g < 2 ** free.length; g++) {
      let seed = 0;
      for (let i = 0; i < free.length; i++) if ((g >>> i) & 1) seed |= 1 << free[i]!;
      for (let p = 31; p >= 0; p--) {
        if (!has[p]) continue;
        if (rhs[p]! ^ parity(piv[p]! & seed & ~(1 << p))) seed |= 1 << p;
        else seed &= ~(1 << p);
      }
      const s = seed >>> 0;
      if (s !== 0 && create({ seed: s, variant }).random() === first) seeds.add(s);
    }
  };
  /** Level j with the carry into it the form (cm, cc). */
  const walk = (j: number, cm: number, cc: number): void => {
    nodes++;
    if (j === LEVELS || rank === 32) return leaf();
    const at = log.length;
    if (add(a[j]! ^ b[j]! ^ cm, bit(j) ^ cc)) {
      const t = valueOf(a[j]! ^ b[j]!, 0);
      for (const x of t < 0 ? [0, 1] : [t]) {
        const here = log.length;
        if (t >= 0 || add(a[j]! ^ b[j]!, x)) {
          if (x === 1) walk(j + 1, cm, cc);
          else walk(j + 1, a[j]!, 0);
        }
        undo(here);
      }
    }
    undo(at);
  };
  walk(0, 0, 0);
  return { seeds: [...seeds].sort((x, y) => x - y), complete, nodes };
}
