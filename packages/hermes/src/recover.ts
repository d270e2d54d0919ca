/**
 * The 64-bit seed of Hermes's mt19937_64 from the first 468 Math.random() values of a runtime.
 *
 * Each value is (double) x / 2^64 for one tempered output x, so x is known only up to the rounding
 * to 53 significant bits. Which bits are certain: for V = value · 2^64 with lowest set bit t, every
 * x that rounds to V agrees with V above bit t (rounding down leaves them, rounding up by at most
 * half an ulp cannot carry past t); below 2^53 the conversion is exact and all 64 bits are known.
 * That is about 51 linear equations per output (tempering is linear over GF(2)).
 *
 * Outputs 0 … 311 are the words y[0 … 311] of the first twist; outputs 312 … 467 are
 * z[j] = y[j + 156] ^ mag((y[j] & upper 33) | (y[j + 1] & lower 31)), linear too. Each y word
 * keeps a small affine space of candidates (its own equations leave ~13 free bits); the z equations
 * tie neighbouring words together and are solved by Gaussian elimination over GF(2) in block order
 * (y[j] and y[j + 156] side by side, so each equation touches two neighbouring blocks). From the
 * solved words the seeding is undone: y[157] ^ y[1] and y[158] ^ y[2] give the initial word w[158]
 * (the twist's mag is invertible: MATRIX_A's top bit says whether it was applied), and
 * w[i − 1] ^ (w[i − 1] >> 62) = (w[i] − i) · 6364136223846793005⁻¹ mod 2^64 walks back to w[0] = seed.
 * Each candidate seed is kept only if it reproduces every given value bit for bit.
 */
import { InvalidOptionError } from '@emu/core';
import { type Mt64VariantId, MT_N, createMt64 } from './mt64.js';

const MASK64 = (1n << 64n) - 1n;
const UPPER = 0xffffffff80000000n;
const LOWER = 0x7fffffffn;
const MATRIX_A = 0xb5026f5aa96619e9n;
const INIT_MULT = 6364136223846793005n;
const INIT_INVERSE = (() => {
  let y = INIT_MULT;
  for (let i = 0; i < 6; i++) y = (y * (2n - INIT_MULT * y)) & MASK64;
  return y;
})();

/** mt19937_64's tempering (linear over GF(2)). */
export function temper64(x: bigint): bigint {
  x ^= (x >> 29n) & 0x5555555555555555n;
  x ^= (x << 17n) & 0x71d67fffeda60000n;
  x ^= (x << 37n) & 0xfff7eee000000000n;
  x ^= x >> 43n;
  return x & MASK64;
}

/** The inverse of temper64. */
export function untemper64(y: bigint): bigint {
  let x = y;
  x ^= x >> 43n;
  x ^= (x << 37n) & 0xfff7eee000000000n;
  let t = x;
  for (let i = 0; i < 4; i++) t = x ^ ((t << 17n) & 0x71d67fffeda60000n);
  x = t & MASK64;
  t = x;
  for (let i = 0; i < 3; i++) t = x ^ ((t >> 29n) & 0x5555555555555555n);
  return t & MASK64;
}

/** TEMPER_ROWS[k]: the mask m with bit k of temper64(w) = parity(m & w). */
const TEMPER_ROWS: readonly bigint[] = (() => {
  const cols = Array.from({ length: 64 }, (_, i) => temper64(1n << BigInt(i)));
  return Array.from({ length: 64 }, (_, k) => {
    let m = 0n;
    for (let i = 0; i < 64; i++) if (((cols[i]! >> BigInt(k)) & 1n) === 1n) m |= 1n << BigInt(i);
    return m;
  });
})();

interface Row {
  mask: bigint;
  c: number;
}

/** The certain-bit equations on the untempered word behind one value. */
function equationsOf(value: number): Row[] {
  if (!(value >= 0 && value <= 1)) throw new InvalidOptionError(`hermes: ${value} is not a Math.random() value in [0, 1]`);
  const rows: Row[] = [];
  if (value === 1) {
    // libc++'s 1.0: x ≥ 2^64 − 2^10, bits 10 … 63 set
    for (let k = 10; k < 64; k++) rows.push({ mask: TEMPER_ROWS[k]!, c: 1 });
    return rows;
  }
  const v = BigInt(value * 2 ** 64);
  let from = 0;
  if (v >= 1n << 53n) {
    let t = 0;
    while (((v >> BigInt(t)) & 1n) === 0n) t++;
    from = t + 1;
  }
  for (let k = from; k < 64; k++) rows.push({ mask: TEMPER_ROWS[k]!, c: Number((v >> BigInt(k)) & 1n) });
  return rows;
}

/** The affine space of 64-bit words satisfying rows: a particular word and a basis of the rest. */
function affineSpace(rows: readonly Row[]): { w0: bigint; basis: bigint[] } | undefined {
  const pivots: { bit: bigint; mask: bigint; c: number }[] = [];
  for (const r of rows) {
    let { mask, c } = r;
    for (const p of pivots) if ((mask & p.bit) !== 0n) {
      mask ^= p.mask;
      c ^= p.c;
    }
    if (mask === 0n) {
      if (c !== 0) return undefined;
      continue;
    }
    const bit = 1n << BigInt(mask.toString(2).length - 1);
    for (const p of pivots) if ((p.mask & bit) !== 0n) {
      p.mask ^= mask;
      p.c ^= c;
    }
    pivots.push({ bit, mask, c });
  }
  let pivotBits = 0n;
  let w0 = 0n;
  for (const p of pivots) {
    pivotBits |= p.bit;
    if (p.c === 1) w0 |= p.bit;
  }
  const basis: bigint[] = [];
  for (let i = 0; i < 64; i++) {
    const f = 1n << BigInt(i);
    if ((pivotBits & f) !== 0n) continue;
    let n = f;
    for (const p of pivots) if ((p.mask & f) !== 0n) n |= p.bit;
    basis.push(n);
  }
  return { w0, basis };
}

const mag = (c: bigint): bigint => (c >> 1n) ^ ((c & 1n) === 1n ? MATRIX_A : 0n);
const fUpper = (a: bigint): bigint => mag(a & UPPER);
const fLower = (b: bigint): bigint => mag(b & LOWER);
function unmag(t: bigint): bigint {
  const low = t >> 63n;
  if (low === 1n) t ^= MATRIX_A;
  return ((t << 1n) | low) & MASK64;
}

/** The seed whose first twist produced y[1], y[2], y[157], y[158]. */
function seedFrom(y1: bigint, y2: bigint, y157: bigint, y158: bigint): bigint {
  const c157 = unmag(y157 ^ y1); // upper(w[157]) | lower(w[158])
  const c158 = unmag(y158 ^ y2); // upper(w[158]) | lower(w[159])
  let w = (c158 & UPPER) | (c157 & LOWER);
  for (let i = 158; i >= 1; i--) {
    const u = ((w - BigInt(i)) * INIT_INVERSE) & MASK64;
    w = u ^ (u >> 62n);
  }
  return w;
}

/** What recoverMt64Seed found, and the size of the GF(2) system it solved. */
export interface Mt64Recovery {
  /** Every 64-bit seed that reproduces all given values (one, unless the values are too few). */
  readonly seeds: bigint[];
  /** GF(2) unknowns after each word's own equations, equations used, and free unknowns left. */
  readonly unknowns: number;
  readonly equations: number;
  readonly free: number;
}

/** Values the solve uses (more are only checked): two twists' worth, measured to leave no ambiguity. */
export const MT64_RECOVERY_VALUES = 624;

/**
 * The seeds of a Hermes runtime's mt19937_64 from its FIRST Math.random() values (at least 624:
 * two twists). Refuses fewer values; returns no seed if the values are not a runtime's first ones
 * or not this generator's.
 */
export function recoverMt64Seed(values: readonly number[], variant: Mt64VariantId = 'hermes-mt64-libcxx', use = MT64_RECOVERY_VALUES): Mt64Recovery {
  if (values.length < use) throw new InvalidOptionError(`hermes: mt19937_64 recovery needs the runtime's first ${use} values, got ${values.length}`);
  const count = use;
  const spaces: { w0: bigint; basis: bigint[] }[] = [];
  for (let j = 0; j < count; j++) {
    const s = affineSpace(equationsOf(values[j]!));
    if (s === undefined) return { seeds: [], unknowns: 0, equations: 0, free: 0 };
    spaces.push(s);
  }
  // W[i] = W[i − 156] ^ mag(upper(W[i − 312]) | lower(W[i − 311])) for i ≥ 312 links residues r and
  // r + 1 (mod 156): columns are laid out residue by residue, so every row stays in two neighbouring blocks
  const H = MT_N / 2;
  const offset: number[] = new Array<number>(count);
  let nv = 0;
  for (let r = 0; r < H; r++) {
    for (let i = r; i < count; i += H) {
      offset[i] = nv;
      nv += spaces[i]!.basis.length;
    }
  }
  const words = (nv >> 5) + 1;
  const pivotRow: (Int32Array | undefined)[] = new Array<Int32Array | undefined>(nv);
  const pivotConst = new Uint8Array(nv);
  const pivotHi = new Int32Array(nv);
  let equations = 0;
  let inconsistent = 0;
  const order: number[] = [];
  for (let r = 0; r < H; r++) for (let i = MT_N + r; i < count; i += H) if (r !== H - 1) order.push(i);
  for (let i = MT_N + H - 1; i < count; i += H) order.push(i); // the rows that wrap from residue 155 to 0 last
  for (const i of order) {
    // the four words' contributions, as 64-bit images of each basis vector and of the particular word
    const terms: { w: number; img: (n: bigint) => bigint }[] = [
      { w: i, img: (n) => n },
      { w: i - H, img: (n) => n },
      { w: i - MT_N, img: fUpper },
      { w: i - MT_N + 1, img: fLower },
    ];
    let constant = 0n;
    const cols: { col: number; img: bigint }[] = [];
    for (const t of terms) {
      const sp = spaces[t.w]!;
      constant ^= t.img(sp.w0);
      sp.basis.forEach((n, q) => cols.push({ col: offset[t.w]! + q, img: t.img(n) }));
    }
    for (let b = 0n; b < 64n; b++) {
      equations++;
      const row = new Int32Array(words);
      let k = Number((constant >> b) & 1n);
      let lo = nv;
      let hi = 0;
      for (const { col, img } of cols) {
        if (((img >> b) & 1n) === 0n) continue;
        row[col >> 5]! ^= 1 << (col & 31);
        lo = Math.min(lo, col >> 5);
        hi = Math.max(hi, col >> 5);
      }
      // reduce by the pivots, lowest column first
      for (let w = lo; w <= hi; ) {
        const bits = row[w]!;
        if (bits === 0) { w++; continue; }
        const col = (w << 5) + (31 - Math.clz32(bits & -bits));
        const p = pivotRow[col];
        if (p === undefined) {
          pivotRow[col] = row;
          pivotConst[col] = k;
          pivotHi[col] = hi;
          k = -1;
          break;
        }
        const ph = pivotHi[col]!;
        for (let x = w; x <= ph; x++) row[x]! ^= p[x]!;
        k ^= pivotConst[col]!;
        if (ph > hi) hi = ph;
      }
      if (k === 1) inconsistent++;
    }
  }
  if (inconsistent > 0) return { seeds: [], unknowns: nv, equations, free: -1 };

  // back-substitution (free unknowns 0), then one homogeneous solution per free unknown
  const solve = (freeCol: number): Int32Array => {
    const val = new Int32Array(words);
    if (freeCol >= 0) val[freeCol >> 5] = 1 << (freeCol & 31);
    for (let col = nv - 1; col >= 0; col--) {
      const p = pivotRow[col];
      if (p === undefined) continue;
      let acc = freeCol >= 0 ? 0 : pivotConst[col]!;
      const ph = pivotHi[col]!;
      for (let x = col >> 5; x <= ph; x++) {
        let m = p[x]! & val[x]!;
        m ^= m >>> 16;
        m ^= m >>> 8;
        m ^= m >>> 4;
        m ^= m >>> 2;
        m ^= m >>> 1;
        acc ^= m & 1;
      }
      if (acc === 1) val[col >> 5]! |= 1 << (col & 31);
    }
    return val;
  };
  const KEY = [1, 2, 157, 158];
  const wordsOf = (val: Int32Array, homogeneous: boolean): bigint[] =>
    KEY.map((j) => {
      let w = homogeneous ? 0n : spaces[j]!.w0;
      spaces[j]!.basis.forEach((n, i) => {
        const col = offset[j]! + i;
        if (((val[col >> 5]! >>> (col & 31)) & 1) === 1) w ^= n;
      });
      return w;
    });
  const base = wordsOf(solve(-1), false);
  const freeCols: number[] = [];
  for (let col = 0; col < nv; col++) if (pivotRow[col] === undefined) freeCols.push(col);
  // the free unknowns' effect on the four words that fix the seed, reduced to a basis
  const deltas: bigint[][] = [];
  const seen: bigint[] = [];
  for (const f of freeCols) {
    const dw = wordsOf(solve(f), true);
    let key = (dw[0]! << 192n) | (dw[1]! << 128n) | (dw[2]! << 64n) | dw[3]!;
    for (const s of seen) if ((key ^ s) < key) key ^= s;
    if (key === 0n) continue;
    seen.push(key);
    seen.sort((x, y) => (x > y ? -1 : x < y ? 1 : 0));
    deltas.push(dw);
  }
  const seeds: bigint[] = [];
  if (deltas.length <= 12) {
    for (let m = 0; m < 1 << deltas.length; m++) {
      const w = [...base];
      deltas.forEach((dw, i) => { if (((m >> i) & 1) === 1) for (let q = 0; q < 4; q++) w[q] = w[q]! ^ dw[q]!; });
      const seed = seedFrom(w[0]!, w[1]!, w[2]!, w[3]!);
      const g = createMt64(variant, { seed });
      if (values.every((v) => Object.is(g.random(), v)) && !seeds.includes(seed)) seeds.push(seed);
    }
  }
  return { seeds, unknowns: nv, equations, free: freeCols.length };
}
