/**
 * XorShift128+ state recovery by Gaussian elimination over GF(2).
 *
 * The state transition is linear over GF(2); each output mapping exposes some state bits
 * linearly: V8's `s0 >> 12` mapping shows 52 bits of state0 per double, `(s0 >> 11) / 2^53` 53,
 * and a bucket Math.floor(x · n) the leading bits its interval pins. The `(s0 + s1)` mappings
 * show their two lowest bits: bit 0 is s0₀ ⊕ s1₀, and the carry into bit 1 is 0 when bit 0 is 1
 * and s0₀ when it is 0, so bit 1 is linear too.
 *
 * V8 hands cached values out from the end of each refill, so observed order ≠ generation order.
 * In the frame of observation 0, observation k of refill block b (0 = the refill observation 0
 * came from) is output 2·P·b − k, whatever the alignment (values of that refill handed out
 * before observation 0); the alignment only decides whether observation k is in block ⌊k/P⌋
 * or the next. Each placement is therefore valid for an interval of alignments, and the
 * alignments are searched as a segment tree: a node adds the placements valid for all its
 * alignments to a copy of its parent's system, so shared equations are eliminated once; a
 * subtree stops at a contradiction or at full rank, where the unique state is checked against
 * every observation by running the emulator for each alignment below.
 */
import { xorshift128Step } from '@emu/core';
import { VARIANTS, type Variant, V8XorShift128Plus, XorShift128Plus, create } from '@emu/xorshift128plus';
import { Gf2System, UNKNOWNS, evalRow, s0Offset, symbolicRows } from './gf2.js';
import { type Observed, bucketRange, matches } from './observe.js';

export interface XorshiftCandidate {
  /** The emulator state (as getState() shows it) positioned just before the first observed value. */
  readonly state: readonly (string | number)[];
  /** Cached values the engine had already handed out from the refill the first observation came from. */
  readonly consumed: number;
}

export interface XorshiftRecovery {
  readonly variant: string;
  /** Every state that explains all the observations (normally one). */
  readonly candidates: readonly XorshiftCandidate[];
  /** Largest rank reached by any alignment's linear system (128 = the state is determined). */
  readonly rank: number;
  /** Alignments whose system is consistent but below full rank: more values could still fit one. */
  readonly undetermined: number;
  /** Linear equations per observation on average (0: this mapping shows nothing linear of them). */
  readonly equationsPerValue: number;
  /** An observation no value of this mapping can produce (a bucket no double falls in). */
  readonly impossible: boolean;
}

/** Reliable carry guesses per `(s0 + s1) >> 11` value, for the "need about K more" estimate (measured). */
const SUMTOP_EQUATIONS_PER_VALUE = 0.5;

/** Outputs whose guesses are left out together, among the least reliable ones, in the third pass. */
const SUMTOP_PAIR_SUSPECTS = 24;

/**
 * For each cache alignment: the most reliable carry guesses, in order, up to full rank — a guess
 * that contradicts the more reliable ones before it is dropped — then the emulator checks the
 * state against every value. Wrong guesses come in clusters: when the hidden low bits did not
 * wrap, every guess of that output's run of equal bits is wrong together. So if no alignment
 * yields a state, each output that supplied a pivot is left out whole, in turn (least reliable
 * first), and then each pair of the least reliable ones. Returns the largest rank reached.
 */
function solveCarryGuesses(
  guesses: readonly CarryGuess[],
  placements: readonly Placement[],
  table: Int32Array,
  alignments: number,
  verify: (x: Int32Array, c: number) => void,
  found: () => number,
): number {
  let best = 0;
  const outputs = placements.reduce((m, p) => Math.max(m, p.k + 1), 0);
  const blockOf = new Int32Array(outputs);
  const left = new Uint8Array(outputs);
  /** Solves alignment c without the outputs marked in `left`; returns the outputs of its pivots, least reliable first. */
  const solve = (c: number): number[] => {
    const sys = new Gf2System();
    const order: number[] = [];
    for (const g of guesses) {
      if (left[g.k] === 1 || blockOf[g.k]! < 0) continue;
      const at = s0Offset(blockOf[g.k]!, 0);
      const before = sys.rank;
      sys.add(table, at + s0Offset(0, g.bit), at + s0Offset(1, g.bit), -1, g.rhs);
      if (!sys.consistent) sys.undo(before);
      else if (sys.rank > before && !order.includes(g.k)) order.push(g.k);
      if (sys.rank === UNKNOWNS) break;
    }
    best = Math.max(best, sys.rank);
    if (sys.rank === UNKNOWNS) verify(sys.solution()!, c);
    return order.reverse();
  };
  const setAlignment = (c: number) => {
    blockOf.fill(-1);
    for (const p of placements) if (p.lo <= c && c <= p.hi) blockOf[p.k] = p.t;
  };
  const suspects: number[][] = [];
  for (let c = 0; c < alignments; c++) {
    setAlignment(c);
    suspects.push(solve(c));
  }
  for (let pass = 1; pass <= 2 && found() === 0; pass++) {
    for (let c = 0; c < alignments && found() === 0; c++) {
      setAlignment(c);
      const ks = pass === 1 ? suspects[c]! : suspects[c]!.slice(0, SUMTOP_PAIR_SUSPECTS);
      for (let i = 0; i < ks.length && found() === 0; i++) {
        left[ks[i]!] = 1;
        if (pass === 1) solve(c);
        else for (let j = i + 1; j < ks.length && found() === 0; j++) {
          left[ks[j]!] = 1;
          solve(c);
          left[ks[j]!] = 0;
        }
        left[ks[i]!] = 0;
      }
    }
  }
  return best;
}

/** Equations beyond the 128 unknowns before the rest of the values are left to the emulator's check. */
const ENOUGH_EQUATIONS = UNKNOWNS + 64;
/** Below full rank, a sum mapping's remaining 2^nullity states are tried when nullity ≤ this. */
const ENUMERATE_NULLITY = 6;

/** Low bits of s0 + s1 compared before a sum-mapping candidate is run (bits 2 and up are not linear). */
const SUM_CHECK_BITS = 8;
const SUM_CHECK_MASK = (1 << SUM_CHECK_BITS) - 1;

/** Equations of an alignment checked on a full-rank solution before the emulator runs it. */
const LINEAR_CHECKS = 256;

/** Equation i of an observation: ECOLS words (three row offsets relative to its output's block, −1 = none, and the RHS). */
const ECOLS = 4;

const TWO32 = 2 ** 32;

/** Bit i of a non-negative integer below 2^53 given as its two 32-bit halves. */
function bitOf(high: number, low: number, i: number): number {
  return i >= 32 ? (high >>> (i - 32)) & 1 : (low >>> i) & 1;
}

/**
 * The equations "bit shift + i of state0 = bit i of m" for the leading bits of the value integer
 * m (x = m · 2^-bits) that every m in [lo, hi] shares.
 */
function prefixEquations(lo: number, hi: number, bits: number, shift: number): Int32Array {
  const [lh, ll] = [Math.floor(lo / TWO32), lo >>> 0];
  const [hh, hl] = [Math.floor(hi / TWO32), hi >>> 0];
  let i = bits - 1;
  while (i >= 0 && bitOf(lh, ll, i) === bitOf(hh, hl, i)) i--;
  const out = new Int32Array((bits - 1 - i) * ECOLS);
  for (let j = bits - 1, o = 0; j > i; j--, o += ECOLS) {
    out[o] = s0Offset(0, shift + j);
    out[o + 1] = -1;
    out[o + 2] = -1;
    out[o + 3] = bitOf(lh, ll, j);
  }
  return out;
}

/** Which mapping bits are linear: state0 from `shift` up, or the sum's two lowest bits. */
function mappingShape(variant: Variant): { kind: 's0'; shift: number; bits: number } | { kind: 'sum'; bits: number } | { kind: 'sumtop' } | { kind: 'none' } {
  switch (variant.mapping) {
    case 's0-52':
      return { kind: 's0', shift: 12, bits: 52 };
    case 's0-53':
      return { kind: 's0', shift: 11, bits: 53 };
    case 'sum52':
      return { kind: 'sum', bits: 52 };
    case 'sum53-low':
      return { kind: 'sum', bits: 53 };
    case 'sum-53':
      return { kind: 'sumtop' };
  }
}

/** An observation's equations over its output's state (rows at block t: state0, t + 1: state1); undefined when impossible. */
function equationsOf(o: Observed, shape: ReturnType<typeof mappingShape>): Int32Array | undefined {
  if (o === null || shape.kind === 'none' || shape.kind === 'sumtop') return new Int32Array(0);
  const s0 = (bit: number) => s0Offset(0, bit);
  const s1 = (bit: number) => s0Offset(1, bit);
  if (shape.kind === 's0') {
    const [lo, hi] = typeof o === 'number' ? [o * 2 ** shape.bits, o * 2 ** shape.bits] : bucketRange(o, shape.bits);
    if (!(lo <= hi) || !Number.isInteger(lo)) return undefined;
    return prefixEquations(lo, hi, shape.bits, shape.shift);
  }
  // Sum mappings: only full values show the two low bits of s0 + s1.
  if (typeof o !== 'number') return new Int32Array(0);
  const m = o * 2 ** shape.bits;
  if (!Number.isInteger(m)) return undefined;
  const b0 = m % 2;
  const b1 = Math.floor(m / 2) % 2;
  return new Int32Array([s0(0), s1(0), -1, b0, s0(1), s1(1), b0 === 0 ? s0(0) : -1, b1]);
}

/** The low SUM_CHECK_BITS bits of s0 (bits 0–7) and s1 (bits 8–15) after t steps from x: linear in x. */
function lowBits(table: Int32Array, x: Int32Array, t: number): number {
  let a = 0;
  for (let i = 0; i < SUM_CHECK_BITS; i++) {
    a |= evalRow(table, s0Offset(t, i), x) << i;
    a |= evalRow(table, s0Offset(t + 1, i), x) << (i + SUM_CHECK_BITS);
  }
  return a;
}

/** Observation k at output t (steps after the frame's state), for alignments lo … hi. */
interface Placement {
  readonly k: number;
  readonly t: number;
  readonly lo: number;
  readonly hi: number;
}

/**
 * A likely equation of V8 14.4's `(s0 + s1) >> 11` mapping: bit j of s0 ⊕ s1 is bit j of the sum ⊕
 * the carry into bit j, and the sum's own bits below j (all but the 11 hidden ones are seen)
 * predict that carry: for uniform s0, s1 with (s0 + s1) mod 2^j = f · 2^j, the carry is 1 with
 * probability ≈ 1 − f. `err` = min(f, 1 − f) is the chance the guess is wrong.
 */
interface CarryGuess { k: number; bit: number; rhs: number; err: number }

/** Every carry guess of the full values, most reliable first; undefined when a value is no such double. */
function carryGuesses(observed: readonly Observed[]): CarryGuess[] | undefined {
  const out: CarryGuess[] = [];
  for (let k = 0; k < observed.length; k++) {
    const o = observed[k];
    if (typeof o !== 'number') continue;
    const m = o * 2 ** 53; // bits 11 … 63 of the sum
    if (!Number.isInteger(m)) return undefined;
    for (let j = 12; j < 64; j++) {
      const w = j - 11; // sum bits seen below j
      const f = ((m % 2 ** w) + 0.5) / 2 ** w;
      const carry = f < 0.5 ? 1 : 0;
      out.push({ k, bit: j, rhs: (Math.floor(m / 2 ** w) % 2) ^ carry, err: Math.min(f, 1 - f) });
    }
  }
  return out.sort((a, b) => a.err - b.err);
}

export function recoverXorshift(observed: readonly Observed[], variantId: string): XorshiftRecovery {
  const variant = VARIANTS.find((v) => v.id === variantId);
  if (!variant) throw new RangeError(`unknown xorshift128plus variant ${variantId}`);
  const shape = mappingShape(variant);
  const n = observed.length;
  const eqs = observed.map((o) => equationsOf(o, shape));
  const total = eqs.reduce((s, e) => s + (e ? e.length / ECOLS : 0), 0);
  const guesses = shape.kind === 'sumtop' ? carryGuesses(observed) : [];
  // The sum-top mapping's equations are guesses: about one per value is reliable enough to use.
  const base = { variant: variant.id, equationsPerValue: shape.kind === 'sumtop' ? SUMTOP_EQUATIONS_PER_VALUE : n ? total / n : 0 };
  if (eqs.some((e) => e === undefined) || guesses === undefined) return { ...base, candidates: [], rank: 0, undetermined: 0, impossible: true };
  const cache = variant.cache;
  const P = cache?.perRefill ?? 0;
  // Handed out in generation order, a refill boundary leaves no trace in the values: only
  // alignment 0 is tried (one of perRefill equivalent descriptions of V8's position).
  const desc = cache?.order === 'desc';
  const alignments = desc ? P : 1;
  // Equations from the first values only; the emulator's check covers the rest.
  let window = n;
  for (let k = 0, sum = 0; k < n; k++) {
    sum += eqs[k]!.length / ECOLS;
    if (sum >= ENOUGH_EQUATIONS) {
      window = Math.min(n, k + 2 + 2 * P);
      break;
    }
  }
  // Frame: the state P steps before observation 0's output (desc), or just before it.
  if (shape.kind === 'sumtop') window = n;
  const placements: Placement[] = [];
  for (let k = 0; k < window; k++) {
    if (eqs[k]!.length === 0 && !(shape.kind === 'sumtop' && typeof observed[k] === 'number')) continue;
    if (!desc) {
      placements.push({ k, t: k + 1, lo: 0, hi: 0 });
      continue;
    }
    const r = k % P;
    const m = (k - r) / P;
    placements.push({ k, t: 2 * P * m - k + P, lo: 0, hi: P - 1 - r });
    if (r > 0) placements.push({ k, t: 2 * P * (m + 1) - k + P, lo: P - r, hi: P - 1 });
  }
  const table = symbolicRows(placements.reduce((t, p) => Math.max(t, p.t), 0) + 1);

  const candidates: XorshiftCandidate[] = [];
  let rank = 0;
  let undetermined = 0;

  /** Runs the emulator from frame state x under alignment c; keeps it if it reproduces every observation. */
  const verify = (x: Int32Array, c: number): void => {
    if ((x[0]! | x[1]! | x[2]! | x[3]!) === 0) return;
    const s = x.slice();
    if (desc) for (let i = 0; i < c; i++) xorshift128Step(s); // → the state before that refill
    const probe = variant.cache ? new V8XorShift128Plus(variant.id, [s[0]!, s[1]!], [s[2]!, s[3]!]) : new XorShift128Plus(variant.id, [s[0]!, s[1]!], [s[2]!, s[3]!]);
    if (desc) for (let i = 0; i < c; i++) probe.random();
    const state = [...probe.getState()];
    for (let k = 0; k < n; k++) if (!matches(probe.random(), observed[k]!)) return;
    try {
      create({ state, variant: variant.id }); // a NaN pattern V8 would have canonicalised is no state
    } catch {
      return;
    }
    candidates.push({ state, consumed: c });
  };

  const addPlacement = (sys: Gf2System, p: Placement): void => {
    const e = eqs[p.k]!;
    const at = s0Offset(p.t, 0);
    for (let i = 0; i < e.length && sys.rank < UNKNOWNS && sys.consistent; i += ECOLS) {
      sys.add(table, at + e[i]!, e[i + 1]! < 0 ? -1 : at + e[i + 1]!, e[i + 2]! < 0 ? -1 : at + e[i + 2]!, e[i + 3]!);
    }
  };

  /**
   * A sum mapping's leaf below full rank: its 2^nullity states x0 ⊕ Σ vⱼ·dⱼ are walked in Gray
   * code order; the low 8 bits of s0 and s1 at two observations are linear in x, so they are
   * updated by one XOR per state, and only states whose low sum bits (2–7 are not linear) match
   * both observations are run.
   */
  const enumerate = (sys: Gf2System, free: readonly number[], c: number): void => {
    const probes = placements.filter((p) => p.lo <= c && c <= p.hi && typeof observed[p.k] === 'number').slice(0, 2);
    const want = probes.map((p) => ((observed[p.k] as number) * 2 ** (shape.kind === 'sum' ? shape.bits : 0)) % (SUM_CHECK_MASK + 1));
    const x = sys.solution(0, free)!;
    const dirs = free.map((_, j) => sys.solution(1 << j, free)!.map((w, i) => w ^ x[i]!));
    const acc = probes.map((p) => lowBits(table, x, p.t));
    const dacc = dirs.map((d) => probes.map((p) => lowBits(table, d, p.t)));
    for (let v = 0; ; ) {
      if (acc.every((a, i) => (((a & SUM_CHECK_MASK) + (a >>> SUM_CHECK_BITS)) & SUM_CHECK_MASK) === want[i])) verify(x.slice(), c);
      if (++v === 1 << free.length) break;
      const j = 31 - Math.clz32(v & -v); // Gray code: flip the lowest set bit of v
      for (let i = 0; i < 4; i++) x[i]! ^= dirs[j]![i]!;
      for (let i = 0; i < acc.length; i++) acc[i]! ^= dacc[j]![i]!;
    }
  };

  /** Whether x satisfies the linear equations of alignment c, up to LINEAR_CHECKS of them (cheaper than the emulator). */
  const linearCheck = (x: Int32Array, c: number): boolean => {
    let checked = 0;
    for (const p of placements) {
      if (p.lo > c || c > p.hi) continue;
      const e = eqs[p.k]!;
      const at = s0Offset(p.t, 0);
      for (let i = 0; i < e.length; i += ECOLS) {
        let v = evalRow(table, at + e[i]!, x) ^ e[i + 3]!;
        if (e[i + 1]! >= 0) v ^= evalRow(table, at + e[i + 1]!, x);
        if (e[i + 2]! >= 0) v ^= evalRow(table, at + e[i + 2]!, x);
        if (v !== 0) return false;
        if (++checked === LINEAR_CHECKS) return true;
      }
    }
    return true;
  };

  if (shape.kind === 'sumtop') {
    rank = solveCarryGuesses(guesses, placements, table, desc ? P : 1, verify, () => candidates.length);
    return { ...base, candidates, rank, undetermined: candidates.length === 0 ? 1 : 0, impossible: false };
  }

  const sys = new Gf2System();
  /** Alignments lo … hi, sys holding the placements valid for all of them above; leaves sys as it found it. */
  const search = (lo: number, hi: number, pending: readonly Placement[]): void => {
    const before = sys.rank;
    const down: Placement[] = [];
    for (const p of pending) {
      if (p.lo <= lo && p.hi >= hi) {
        if (sys.rank < UNKNOWNS && sys.consistent) addPlacement(sys, p);
      } else if (p.hi >= lo && p.lo <= hi) down.push(p);
    }
    rank = Math.max(rank, sys.rank);
    if (!sys.consistent) {
      // Every alignment here contradicts itself.
    } else if (sys.rank === UNKNOWNS) {
      const x = sys.solution()!;
      for (let c = lo; c <= hi; c++) if (linearCheck(x, c)) verify(x, c);
    } else if (lo === hi) {
      undetermined++;
      // The sum mappings' other 50 bits are not linear but the emulator checks them: a small
      // remaining space is tried state by state.
      const free = sys.freeBits();
      if (shape.kind === 'sum' && free.length <= ENUMERATE_NULLITY) enumerate(sys, free, lo);
    } else {
      const mid = (lo + hi) >> 1;
      const here = sys.rank;
      search(lo, mid, down);
      sys.undo(here);
      search(mid + 1, hi, down);
    }
    sys.undo(before);
  };
  search(0, alignments - 1, placements);
  return { ...base, candidates, rank, undetermined, impossible: false };
}
