/**
 * Linear algebra over GF(2) for the 128 unknown bits of a xorshift128 state, on packed rows.
 *
 * A row is 4 Int32 coefficient words plus a right-hand side: word 0 holds state0 bits 0–31,
 * word 1 state0 bits 32–63, words 2–3 the same for state1 (unknown i < 64 is bit i of state0,
 * 64 + i bit i of state1). The system is kept in echelon form with each pivot row's lowest set
 * bit as its pivot, so reducing a new row only ever XORs rows whose pivot is its lowest bit.
 */
import { xorshift128SarStep, xorshift128Step } from '@emu/core';

/** The unknowns: the 128 bits of a xorshift128 state (state0 bits 0–63, then state1 bits 0–63). */
export const UNKNOWNS = 128;
const WORDS = 4;
const STRIDE = WORDS + 1; // coefficient words + RHS
const RHS = WORDS;

/** Index of the lowest set bit of a non-zero int32. */
function lowBit(w: number): number {
  return 31 - Math.clz32(w & -w);
}

/** The parity (XOR of all bits) of an int32. */
export function parity(w: number): number {
  w ^= w >>> 16;
  w ^= w >>> 8;
  w ^= w >>> 4;
  w ^= w >>> 2;
  w ^= w >>> 1;
  return w & 1;
}

/**
 * A linear system over GF(2) in the 128 unknown bits of a xorshift128+ state, kept in reduced
 * form as rows are added (packed into int32 words), with undo for the alignment search.
 */
export class Gf2System {
  private readonly rows: Int32Array;
  private readonly has: Uint8Array;
  /** Pivot bits in the order they were added, for undo(). */
  private readonly log: Uint8Array;
  private _rank = 0;
  private _consistent = true;

  constructor(from?: Gf2System) {
    this.rows = from ? from.rows.slice() : new Int32Array(UNKNOWNS * STRIDE);
    this.has = from ? from.has.slice() : new Uint8Array(UNKNOWNS);
    this.log = from ? from.log.slice() : new Uint8Array(UNKNOWNS);
    if (from) {
      this._rank = from._rank;
      this._consistent = from._consistent;
    }
  }

  /** An independent copy of the system (rows, pivots and undo log). */
  clone(): Gf2System {
    return new Gf2System(this);
  }

  get rank(): number {
    return this._rank;
  }

  get consistent(): boolean {
    return this._consistent;
  }

  /**
   * Adds the equation (XOR of up to three 4-word rows of `src`, at offsets a, b, c; −1 = none)
   * · x = rhs. Returns false once the system has become inconsistent.
   */
  add(src: Int32Array, a: number, b: number, c: number, rhs: number): boolean {
    let w0 = src[a]!;
    let w1 = src[a + 1]!;
    let w2 = src[a + 2]!;
    let w3 = src[a + 3]!;
    if (b >= 0) {
      w0 ^= src[b]!;
      w1 ^= src[b + 1]!;
      w2 ^= src[b + 2]!;
      w3 ^= src[b + 3]!;
    }
    if (c >= 0) {
      w0 ^= src[c]!;
      w1 ^= src[c + 1]!;
      w2 ^= src[c + 2]!;
      w3 ^= src[c + 3]!;
    }
    let r = rhs & 1;
    const rows = this.rows;
    for (;;) {
      let bit: number;
      if (w0 !== 0) bit = lowBit(w0);
      else if (w1 !== 0) bit = 32 + lowBit(w1);
      else if (w2 !== 0) bit = 64 + lowBit(w2);
      else if (w3 !== 0) bit = 96 + lowBit(w3);
      else {
        // 0 = r: redundant when r = 0, a contradiction when r = 1.
        if (r !== 0) this._consistent = false;
        return this._consistent;
      }
      const o = bit * STRIDE;
      if (this.has[bit] === 0) {
        rows[o] = w0;
        rows[o + 1] = w1;
        rows[o + 2] = w2;
        rows[o + 3] = w3;
        rows[o + RHS] = r;
        this.has[bit] = 1;
        this.log[this._rank++] = bit;
        return this._consistent;
      }
      w0 ^= rows[o]!;
      w1 ^= rows[o + 1]!;
      w2 ^= rows[o + 2]!;
      w3 ^= rows[o + 3]!;
      r ^= rows[o + RHS]!;
    }
  }

  /**
   * Back to the system as it was at rank `rank` (taken while consistent): rows are only ever
   * added, never changed, so dropping the newer pivots restores it exactly.
   */
  undo(rank: number): void {
    while (this._rank > rank) this.has[this.log[--this._rank]!] = 0;
    this._consistent = true;
  }

  /** The unknowns no pivot determines, ascending. */
  freeBits(): number[] {
    const free: number[] = [];
    for (let i = 0; i < UNKNOWNS; i++) if (this.has[i] === 0) free.push(i);
    return free;
  }

  /**
   * A solution as [state0 hi, state0 lo, state1 hi, state1 lo] (the @emu/core layout): the free
   * unknowns take the bits of `freeValues` (bit j → the j-th free unknown), the rest follow.
   */
  solution(freeValues = 0, free: readonly number[] = []): Int32Array | undefined {
    if (!this._consistent) return undefined;
    const x = new Int32Array(WORDS);
    for (let j = 0; j < free.length; j++) if ((freeValues >>> j) & 1) x[free[j]! >>> 5]! |= 1 << (free[j]! & 31);
    // Back-substitution from the highest pivot: row p only has bits ≥ p.
    for (let bit = UNKNOWNS - 1; bit >= 0; bit--) {
      if (this.has[bit] === 0) continue;
      const o = bit * STRIDE;
      const rows = this.rows;
      const v = parity((rows[o]! & x[0]!) ^ (rows[o + 1]! & x[1]!) ^ (rows[o + 2]! & x[2]!) ^ (rows[o + 3]! & x[3]!)) ^ rows[o + RHS]!;
      if (v) x[bit >>> 5]! |= 1 << (bit & 31);
    }
    return new Int32Array([x[1]!, x[0]!, x[3]!, x[2]!]);
  }
}

/** The value of row `src[off … off + 3]` at x = [state0 hi, state0 lo, state1 hi, state1 lo]. */
export function evalRow(src: Int32Array, off: number, x: Int32Array): number {
  return parity((src[off]! & x[1]!) ^ (src[off + 1]! & x[0]!) ^ (src[off + 2]! & x[3]!) ^ (src[off + 3]! & x[2]!));
}

/**
 * Which state transition the symbolic tables and the solvers' concrete steps follow:
 * - `logical`: xorshift128 as every engine but one computes it (core's xorshift128Step);
 * - `sar-extended`: JavaScriptCore's JIT thunk before WebKit PR #51077 (variant `jsc-jit-sar`,
 *   core's xorshift128SarStep, shifts right arithmetic) on the states it can reach after two
 *   steps — both words below 2^63, where that step is a bijection — extended to every state by
 *   a map of its own so that the solvers' 128 unknowns stay full rank: bit 63 of state0 moves to
 *   bit 63 of the new state1, bit 63 of state1 stays in the new state0 and is XORed into the new
 *   state1's bit 0. On the 2^126 reachable states it is the engine's step; a solution outside
 *   them is no state the engine has after two calls, and the caller drops it.
 */
export type StepModel = 'logical' | 'sar-extended';

/** One step of `model`, in place on [s0hi, s0lo, s1hi, s1lo]. */
export function stepOf(model: StepModel): (s: Int32Array) => void {
  if (model === 'logical') return xorshift128Step;
  if (model === 'sar-extended') return sarExtendedStep;
  throw new RangeError(`unknown step model ${String(model)} (logical or sar-extended)`);
}

const SIGN = -0x80000000;

function sarExtendedStep(s: Int32Array): void {
  const x63 = s[0]! & SIGN;
  const y63 = s[2]! & SIGN;
  s[0]! ^= x63;
  s[2]! ^= y63;
  xorshift128SarStep(s); // new state1's bit 63 is clear
  s[0]! |= y63;
  s[2]! |= x63;
  s[3]! ^= y63 >>> 31;
}

/**
 * Symbolic xorshift128 states, shared by every recovery and computed lazily (one table per step
 * model): row block t holds, for each bit i of state0 after t steps, its coefficients over the
 * initial state (4 words at t·256 + 4i). state1 after t steps is state0 after t + 1, so one
 * table serves both words.
 */
const BLOCK = 64 * WORDS;
const tables: Record<StepModel, { table: Int32Array; steps: number }> = {
  logical: { table: new Int32Array(0), steps: -1 }, // steps: the last block filled
  'sar-extended': { table: new Int32Array(0), steps: -1 },
};

/** Offset in `symbolicRows()` of state0 bit `bit` after `t` steps (state1: use t + 1). */
export function s0Offset(t: number, bit: number): number {
  return t * BLOCK + bit * WORDS;
}

/** The table of `model` (default: the logical step), filled at least up to state0 after `t` steps. */
export function symbolicRows(t: number, model: StepModel = 'logical'): Int32Array {
  const memo = tables[model];
  if (!memo) throw new RangeError(`unknown step model ${String(model)} (logical or sar-extended)`);
  if (t <= memo.steps) return memo.table;
  let table = memo.table;
  if ((t + 1) * BLOCK > table.length) {
    const grown = new Int32Array(Math.max((t + 1) * BLOCK, table.length * 2, 4 * BLOCK));
    grown.set(table);
    table = memo.table = grown;
  }
  if (memo.steps < 1) {
    // Block 0: state0 bit i is unknown i; block 1 (state1 initially): unknown 64 + i.
    for (let i = 0; i < 64; i++) {
      table[s0Offset(0, i) + (i >>> 5)] = 1 << (i & 31);
      table[s0Offset(1, i) + 2 + (i >>> 5)] = 1 << (i & 31);
    }
    memo.steps = 1;
  }
  const sar = model === 'sar-extended';
  /** Row i of (v >> k), logical or arithmetic, as an offset into v's block (−1: zero). */
  const shifted = (i: number, k: number): number => (i + k < 64 ? (i + k) * WORDS : sar ? 63 * WORDS : -1);
  for (; memo.steps < t; memo.steps++) {
    const steps = memo.steps;
    // Block steps + 1 (state1 after `steps` steps) = step(x = block steps − 1, y = block steps):
    // x ^= x << 23; x ^= x >> 17; x ^= y ^ (y >> 26). The extended SAR step takes x and y
    // without their bit 63 (rows zeroed), then puts x's bit 63 in the result's and XORs y's
    // into its bit 0.
    const x = table.subarray((steps - 1) * BLOCK, steps * BLOCK).slice();
    const y = table.subarray(steps * BLOCK, (steps + 1) * BLOCK).slice();
    const x63 = x.slice(63 * WORDS, 64 * WORDS);
    const y63 = y.slice(63 * WORDS, 64 * WORDS);
    if (sar) {
      x.fill(0, 63 * WORDS, 64 * WORDS);
      y.fill(0, 63 * WORDS, 64 * WORDS);
    }
    for (let i = 63; i >= 23; i--) for (let w = 0; w < WORDS; w++) x[i * WORDS + w]! ^= x[(i - 23) * WORDS + w]!;
    // x ^= x >> 17 reads x before it changes: from the low rows up, a row i + 17 > i is still
    // unchanged; the arithmetic shift's rows 47…63 all read row 63, changed last.
    for (let i = 0; i < 64; i++) {
      const from = shifted(i, 17);
      if (from >= 0) for (let w = 0; w < WORDS; w++) x[i * WORDS + w]! ^= x[from + w]!;
    }
    for (let i = 0; i < 64; i++) {
      const from = shifted(i, 26);
      for (let w = 0; w < WORDS; w++) x[i * WORDS + w]! ^= y[i * WORDS + w]! ^ (from >= 0 ? y[from + w]! : 0);
    }
    if (sar) {
      for (let w = 0; w < WORDS; w++) {
        x[63 * WORDS + w]! ^= x63[w]!;
        x[w]! ^= y63[w]!;
      }
    }
    table.set(x, (steps + 1) * BLOCK);
  }
  return table;
}
