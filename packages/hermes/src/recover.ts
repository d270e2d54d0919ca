/**
 * The 64-bit seed of Hermes's mt19937_64 from a runtime's first Math.random() values, and the state from
 * 622 consecutive values anywhere in its stream.
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
import { type Mt64VariantId, MT_N, createMt64, mt64Value } from './mt64.js';

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

/** Values the solve uses (more are only checked): the fewest that fix the next value from anywhere in the stream (mt64-bound.test.ts). */
export const MT64_RECOVERY_VALUES = 622;

/**
 * The GF(2) system of `count` consecutive outputs W[0 … count − 1] of mt19937_64 (anywhere in the
 * stream: the recurrence W[i] = W[i − 156] ^ mag(upper(W[i − 312]) | lower(W[i − 311])) holds for
 * every i ≥ 312 of the output sequence, whatever the twist block), solved: the particular solution
 * and, per free unknown, the change it makes, read out as the words asked for. Undefined when the
 * values contradict each other (not one generator's consecutive outputs).
 */
interface Mt64System {
  /** The words `indices` of the particular solution (freeCol −1) or the change one free unknown makes. */
  wordsOf: (indices: readonly number[], freeCol: number) => bigint[];
  freeCols: number[];
  unknowns: number;
  equations: number;
  /** Equations that reduced to 0 = 0: each a check a stream of another generator passes with probability 1/2. */
  dependent: number;
  /** Every solution's words W[0 … count − 1] as affine forms (see AffineWord). */
  affineWords: () => AffineWord[];
}

/**
 * A 64-bit word as affine forms over the free unknowns: bit b is the parity of row[b] & (the free
 * unknowns' values, then a constant 1 at index `free`).
 */
type AffineWord = Uint32Array[];

function solveMt64System(values: readonly number[], count: number): Mt64System | undefined {
  const spaces: { w0: bigint; basis: bigint[] }[] = [];
  for (let j = 0; j < count; j++) {
    const s = affineSpace(equationsOf(values[j]!));
    if (s === undefined) return undefined;
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
  let dependent = 0;
  const order: number[] = [];
  for (let r = 0; r < H; r++) for (let i = MT_N + r; i < count; i += H) if (r !== H - 1) order.push(i);
  for (let i = MT_N + H - 1; i < count; i += H) order.push(i); // the rows that wrap from residue 155 to 0 last
  // W[311] = W[155] ^ mag(upper(W[−1]) | lower(W[0])): W[−1] is not in the window, but unmag of
  // W[311] ^ W[155] still gives lower(W[0]) — 31 equations tying W[0], W[155] and W[311]
  if (count >= MT_N) order.push(MT_N - 1);
  for (const i of order) {
    // the four words' contributions, as 64-bit images of each basis vector and of the particular word
    const terms: { w: number; img: (n: bigint) => bigint }[] =
      i >= MT_N
        ? [
            { w: i, img: (n) => n },
            { w: i - H, img: (n) => n },
            { w: i - MT_N, img: fUpper },
            { w: i - MT_N + 1, img: fLower },
          ]
        : [
            { w: i, img: (n) => unmag(n) & LOWER },
            { w: i - H, img: (n) => unmag(n) & LOWER },
            { w: 0, img: (n) => n & LOWER },
          ];
    let constant = 0n;
    const cols: { col: number; img: bigint }[] = [];
    for (const t of terms) {
      const sp = spaces[t.w]!;
      constant ^= t.img(sp.w0);
      sp.basis.forEach((n, q) => cols.push({ col: offset[t.w]! + q, img: t.img(n) }));
    }
    for (let b = 0n; b < (i >= MT_N ? 64n : 31n); b++) {
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
      else if (k === 0) dependent++;
    }
  }
  if (inconsistent > 0) return undefined;

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
  const wordsOf = (indices: readonly number[], freeCol: number): bigint[] => {
    const val = solve(freeCol);
    return indices.map((j) => {
      let w = freeCol >= 0 ? 0n : spaces[j]!.w0;
      spaces[j]!.basis.forEach((n, i) => {
        const col = offset[j]! + i;
        if (((val[col >> 5]! >>> (col & 31)) & 1) === 1) w ^= n;
      });
      return w;
    });
  };
  const freeCols: number[] = [];
  for (let col = 0; col < nv; col++) if (pivotRow[col] === undefined) freeCols.push(col);
  // every unknown as an affine form over the free ones: back-substitution with forms for values
  const affineWords = (): AffineWord[] => {
    const nf = freeCols.length;
    const fw = (nf >> 5) + 1;
    const freeIndex = new Int32Array(nv).fill(-1);
    freeCols.forEach((c, i) => (freeIndex[c] = i));
    const form: Uint32Array[] = new Array<Uint32Array>(nv);
    for (let col = nv - 1; col >= 0; col--) {
      const f = new Uint32Array(fw);
      const p = pivotRow[col];
      if (p === undefined) {
        const i = freeIndex[col]!;
        f[i >> 5] = 1 << (i & 31);
      } else {
        if (pivotConst[col] === 1) f[nf >> 5]! |= 1 << (nf & 31);
        const ph = pivotHi[col]!;
        for (let x = col >> 5; x <= ph; x++) {
          let bits = p[x]!;
          while (bits !== 0) {
            const c = (x << 5) + (31 - Math.clz32(bits & -bits));
            bits &= bits - 1;
            if (c === col) continue;
            const g = form[c]!;
            for (let q = 0; q < fw; q++) f[q]! ^= g[q]!;
          }
        }
      }
      form[col] = f;
    }
    return spaces.map((sp, j) =>
      Array.from({ length: 64 }, (_, b) => {
        const f = new Uint32Array(fw);
        if (((sp.w0 >> BigInt(b)) & 1n) === 1n) f[nf >> 5]! |= 1 << (nf & 31);
        sp.basis.forEach((n, i) => {
          if (((n >> BigInt(b)) & 1n) === 0n) return;
          const g = form[offset[j]! + i]!;
          for (let q = 0; q < fw; q++) f[q]! ^= g[q]!;
        });
        return f;
      }),
    );
  };
  return { wordsOf, freeCols, unknowns: nv, equations, dependent, affineWords };
}

/**
 * The distinct assignments of the words `indices` over every solution of the system: the
 * particular words, XORed with every combination of the free unknowns' (reduced) effects on them.
 * Undefined when more than 2^maxFree combinations would have to be listed.
 */
function wordCandidates(sys: NonNullable<ReturnType<typeof solveMt64System>>, indices: readonly number[], maxFree: number): bigint[][] | undefined {
  const base = sys.wordsOf(indices, -1);
  const deltas: bigint[][] = [];
  const seen: bigint[] = [];
  for (const f of sys.freeCols) {
    const dw = sys.wordsOf(indices, f);
    let key = dw.reduce((k, w) => (k << 64n) | w, 0n);
    for (const s of seen) if ((key ^ s) < key) key ^= s;
    if (key === 0n) continue;
    seen.push(key);
    seen.sort((x, y) => (x > y ? -1 : x < y ? 1 : 0));
    deltas.push(dw);
    if (deltas.length > maxFree) return undefined;
  }
  const out: bigint[][] = [];
  for (let m = 0; m < 1 << deltas.length; m++) {
    const w = [...base];
    deltas.forEach((dw, i) => {
      if (((m >> i) & 1) === 1) for (let q = 0; q < w.length; q++) w[q] = w[q]! ^ dw[q]!;
    });
    out.push(w);
  }
  return out;
}

/**
 * The seeds of a Hermes runtime's mt19937_64 from its FIRST Math.random() values (at least `use`,
 * MT64_RECOVERY_VALUES by default; measured on the real libstdc++ run: 469 pin the seed, 468 do
 * not). Refuses fewer values; returns no seed if the values are not a runtime's first ones or not
 * this generator's.
 */
export function recoverMt64Seed(values: readonly number[], variant: Mt64VariantId = 'hermes-mt64-libcxx', use = MT64_RECOVERY_VALUES): Mt64Recovery {
  if (values.length < use) throw new InvalidOptionError(`hermes: mt19937_64 recovery needs the runtime's first ${use} values, got ${values.length}`);
  const sys = solveMt64System(values, use);
  if (!sys) return { seeds: [], unknowns: 0, equations: 0, free: -1 };
  const seeds: bigint[] = [];
  for (const w of wordCandidates(sys, [1, 2, 157, 158], 12) ?? []) {
    const seed = seedFrom(w[0]!, w[1]!, w[2]!, w[3]!);
    const g = createMt64(variant, { seed });
    if (values.every((v) => Object.is(g.random(), v)) && !seeds.includes(seed)) seeds.push(seed);
  }
  return { seeds, unknowns: sys.unknowns, equations: sys.equations, free: sys.freeCols.length };
}

/**
 * The mt19937_64 state `count` calls before `state` ([_M_x[0] … _M_x[311], _M_p] as getState()
 * gives it), with _M_p = 312. The state's array holds the words W[−p … 311 − p] around the next
 * output W[0]; the recurrence W[i] = W[i − 156] ^ mag(upper(W[i − 312]) | lower(W[i − 311])) is run
 * backwards: upper(W[j]) from W[j + 312] ^ W[j + 156], lower(W[j]) from W[j + 311] ^ W[j + 155]
 * (mag is invertible: MATRIX_A's top bit tells whether it was applied). O(count).
 */
export function mt64StateBefore(state: readonly (string | number)[], count: number): (string | number)[] {
  if (!Number.isInteger(count) || count < 0) throw new InvalidOptionError(`hermes: count must be a non-negative integer, got ${count}`);
  const p = state[MT_N] as number;
  if (!Number.isInteger(p) || p < 0 || p > MT_N) throw new InvalidOptionError(`hermes: state word _M_p = ${String(p)} is out of range [0, ${MT_N}]`);
  // ext[k] = W[k − depth]: the words to find first, then the state's own
  const depth = MT_N + count;
  const ext: bigint[] = new Array<bigint>(depth + MT_N - p).fill(0n);
  for (let i = 0; i < MT_N; i++) {
    const k = i - p + depth;
    if (k < ext.length) ext[k] = BigInt(state[i] as string);
  }
  for (let k = depth - p - 1; k >= 0; k--) {
    ext[k] = (unmag(ext[k + MT_N]! ^ ext[k + MT_N / 2]!) & UPPER) | (unmag(ext[k + MT_N - 1]! ^ ext[k + MT_N / 2 - 1]!) & LOWER);
  }
  return [...ext.slice(0, MT_N).map((x) => `0x${x.toString(16).padStart(16, '0')}`), MT_N];
}

/**
 * Every mt19937_64 state (the 312 words and position `_M_p`, as getState() gives them) just before
 * the first of `values`: consecutive Math.random() values from ANYWHERE in a Hermes runtime's
 * stream (at least MT64_RECOVERY_VALUES; more are only checked). The GF(2) system of the first
 * `use` values is solved for the words W[use − 312 … use − 1], which are then rewound to the 312
 * words before W[0] (mt64StateBefore). Each state is kept only if it reproduces every value bit
 * for bit; `undefined` when the free unknowns leave more than 2^12 word assignments (nothing is
 * claimed then).
 *
 * Why 622 and not the ~377 that 19,937 bits of state over 53 bits per value suggest: in
 * W[i] = W[i − 156] ^ mag(…) the words W[i] and W[i − 156] hide the same low bits (the rounding
 * hides about 11 of each output's low bits, and tempering maps them alike), so the relation fixes
 * only their difference; a word's hidden bits are pinned once it is also a twist input
 * (upper(W[i − 312]) | lower(W[i − 311])), i.e. with two blocks of outputs — and the window's
 * first relation, W[311] = W[155] ^ mag(upper(W[−1]) | lower(W[0])), still gives lower(W[0]),
 * which pins W[311] without output 623. Measured (free unknowns): 1,684–1,692 at 468 values,
 * 771–810 at 550, 230–252 at 600, 9–12 at 621, 0 at 622. 622 is the minimum for ANY method:
 * mt64-bound.test.ts builds, for k ≤ 621, a second state whose first k values are the same doubles
 * and whose value k is not (from the kernel of the exact linear description of what a double
 * shows), and finds none at 622.
 */
export function recoverMt64State(values: readonly number[], variant: Mt64VariantId = 'hermes-mt64-libcxx', use = MT64_RECOVERY_VALUES): (string | number)[][] | undefined {
  if (values.length < use) throw new InvalidOptionError(`hermes: mt19937_64 state recovery needs ${use} consecutive values, got ${values.length}`);
  const sys = solveMt64System(values, use);
  if (!sys) return [];
  const first = use - MT_N;
  const indices = Array.from({ length: MT_N }, (_, j) => first + j);
  const candidates = wordCandidates(sys, indices, 12);
  if (!candidates) return undefined;
  const states: (string | number)[][] = [];
  const keys = new Set<string>();
  for (const w of candidates) {
    // W[first … first + 311] as the state (words, _M_p = 0) whose next output is W[first], rewound to before W[0]
    const state = mt64StateBefore([...w.map((x) => `0x${x.toString(16).padStart(16, '0')}`), 0], first);
    const key = state.join();
    if (keys.has(key)) continue;
    let g;
    try {
      g = createMt64(variant, { state });
    } catch {
      continue; // all-zero words: no state
    }
    if (values.every((v) => Object.is(g.random(), v))) {
      keys.add(key);
      states.push(state);
    }
  }
  return states;
}

/** What every solution of fewer than MT64_RECOVERY_VALUES consecutive values says of the values around them. */
export interface Mt64Spans {
  /** Per requested value after the window: the lowest and highest double any solution gives (equal: the value is fixed). */
  readonly next: (readonly [number, number])[];
  /** The same for the values before the window, earliest first. */
  readonly previous: (readonly [number, number])[];
  /** Free unknowns of the GF(2) system (its solutions: 2^free, a superset of the states that fit). */
  readonly free: number;
  /** Equations the others implied (0 = 0): each a check that values of another generator pass with probability 1/2. */
  readonly dependent: number;
}

const xorWord = (a: AffineWord, b: AffineWord): AffineWord => a.map((f, i) => f.map((x, q) => x ^ b[i]![q]!));
const MATRIX_A_BITS = Array.from({ length: 64 }, (_, i) => ((MATRIX_A >> BigInt(i)) & 1n) === 1n);
/** TEMPER_BITS[b]: the word bits whose parity is bit b of temper64(w). */
const TEMPER_BITS: readonly number[][] = TEMPER_ROWS.map((m) => Array.from({ length: 64 }, (_, i) => i).filter((i) => ((m >> BigInt(i)) & 1n) === 1n));

/**
 * Consecutive values from anywhere in the stream, at least MT_N and typically fewer than
 * MT64_RECOVERY_VALUES (622, the fewest that fix the next value): the range of doubles that every
 * solution of the GF(2) system gives for each of the `next` values after them and `previous` values
 * before them. The solutions are a superset of the states that explain the values (each value's
 * certain bits only), so a range of one double is that value, proven; the conversion is monotone
 * in x, so a wider range bounds it (what ⌊x · n⌋ needs). Undefined when the values contradict
 * each other. Measured: none of values k … 622 of the window is fixed by k < 622 values (pairs
 * prove they cannot be), but from value 623 on many are (README).
 */
export function mt64Spans(values: readonly number[], variant: Mt64VariantId, next: number, previous: number): Mt64Spans | undefined {
  const k = values.length;
  if (k < MT_N) throw new InvalidOptionError(`hermes: mt19937_64 spans need at least ${MT_N} consecutive values, got ${k}`);
  for (const [name, n] of [['next', next], ['previous', previous]] as const) {
    if (!Number.isInteger(n) || n < 0) throw new InvalidOptionError(`hermes: ${name} must be a non-negative integer, got ${n}`);
  }
  const sys = solveMt64System(values, k);
  if (!sys) return undefined;
  const nf = sys.freeCols.length;
  const fw = (nf >> 5) + 1;
  const zero = new Uint32Array(fw);
  // words[j + previous] = W[j], for j in [−previous, k + next); each is dropped once nothing
  // further out needs it (at most 312 + k are held)
  const words: (AffineWord | undefined)[] = new Array<AffineWord | undefined>(previous + k + next);
  sys.affineWords().forEach((w, j) => (words[j + previous] = w));
  const at = (j: number): AffineWord => words[j + previous]!;
  // mag(upper(a) | lower(b)) and unmag, on forms (both linear)
  const mag = (a: AffineWord, b: AffineWord): AffineWord => {
    const c = (i: number): Uint32Array => (i >= 31 ? a[i]! : b[i]!);
    return Array.from({ length: 64 }, (_, i) => {
      const v = i < 63 ? c(i + 1) : zero;
      return MATRIX_A_BITS[i] ? v.map((x, q) => x ^ c(0)[q]!) : v;
    });
  };
  const unmagW = (t: AffineWord): AffineWord => Array.from({ length: 64 }, (_, i) => (i === 0 ? t[63]! : MATRIX_A_BITS[i - 1] ? t[i - 1]!.map((x, q) => x ^ t[63]![q]!) : t[i - 1]!));
  const clamp = variant === 'hermes-mt64-libstdcxx';
  const constBit = (f: Uint32Array): number => (f[nf >> 5]! >>> (nf & 31)) & 1;
  const varies = (f: Uint32Array): boolean => {
    for (let q = 0; q < fw; q++) {
      const m = q === nf >> 5 ? f[q]! & ~(1 << (nf & 31)) : f[q]!;
      if (m !== 0) return true;
    }
    return false;
  };
  const span = (w: AffineWord): readonly [number, number] => {
    // x = temper(W): from the top bit down, the bits every solution shares
    let x = 0n;
    let s = 0;
    for (let b = 63; b >= 0; b--) {
      const f = new Uint32Array(fw);
      for (const i of TEMPER_BITS[b]!) for (let q = 0; q < fw; q++) f[q]! ^= w[i]![q]!;
      if (varies(f)) {
        s = b + 1;
        break;
      }
      if (constBit(f) === 1) x |= 1n << BigInt(b);
    }
    const hi = x | ((1n << BigInt(s)) - 1n);
    const value = (v: bigint) => mt64Value(Number(v >> 32n), Number(v & 0xffffffffn), clamp);
    return [value(x), value(hi)];
  };
  // backwards first (the window's words stay), then forwards
  const before: (readonly [number, number])[] = new Array<readonly [number, number]>(previous);
  for (let j = -1; j >= -previous; j--) {
    const up = unmagW(xorWord(at(j + MT_N), at(j + MT_N / 2)));
    const low = unmagW(xorWord(at(j + MT_N - 1), at(j + MT_N / 2 - 1)));
    words[j + previous] = up.map((f, i) => (i >= 31 ? f : low[i]!));
    before[j + previous] = span(at(j));
    if (j + MT_N < 0) words[j + MT_N + previous] = undefined;
  }
  const after: (readonly [number, number])[] = [];
  for (let j = k; j < k + next; j++) {
    words[j + previous] = xorWord(at(j - MT_N / 2), mag(at(j - MT_N), at(j - MT_N + 1)));
    after.push(span(at(j)));
    words[j - MT_N + previous] = undefined;
  }
  return { next: after, previous: before, free: nf, dependent: sys.dependent };
}
