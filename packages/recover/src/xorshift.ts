/**
 * XorShift128+ state recovery by Gaussian elimination over GF(2).
 *
 * The state transition is linear over GF(2); each output mapping exposes some state bits
 * linearly: V8's `s0 >> 12` mapping shows 52 bits of state0 per double, `(s0 >> 11) / 2^53` 53
 * bits; the `(s0 + s1)` mappings show only their lowest bit (bit 0 of a sum is s0₀ ⊕ s1₀; the
 * higher bits carry). V8 hands cached values out from the end of each refill, so observed order
 * ≠ generation order; the solver tries every alignment (how many values of the current refill
 * were consumed before the first observation) and keeps those whose unique solution reproduces
 * every observed value bit for bit.
 */
import { doubleToHex, u64ToHex } from '@emu/core';
import { VARIANTS, type Variant, V8XorShift128Plus, type XorShift128PlusEmulator, create } from '@emu/xorshift128plus';
import { Gf2System, SymbolicXorshift128, UNKNOWNS } from './gf2.js';

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
}

/** Bits of the double's integer view that are linear in the state: [bit of value integer, bit of state0 (0–63) or of the sum (64+)]. */
function linearBits(variant: Variant): { scale: 'mantissa52' | 'int53'; bits: ReadonlyArray<readonly [valueBit: number, source: 's0' | 'sum', stateBit: number]> } {
  switch (variant.mapping) {
    case 's0-52':
      return { scale: 'mantissa52', bits: Array.from({ length: 52 }, (_, k) => [k, 's0', 12 + k] as const) };
    case 's0-53':
      return { scale: 'int53', bits: Array.from({ length: 53 }, (_, k) => [k, 's0', 11 + k] as const) };
    case 'sum52':
      return { scale: 'mantissa52', bits: [[0, 'sum', 0]] };
    case 'sum53-low':
      return { scale: 'int53', bits: [[0, 'sum', 0]] };
    case 'sum-53':
      return { scale: 'int53', bits: [] };
  }
}

/** The integer a double carries under a mapping (exact: the doubles are k/2^52 or k/2^53). */
function valueBits(x: number, scale: 'mantissa52' | 'int53'): bigint {
  if (!(x >= 0 && x < 1)) throw new RangeError(`not a Math.random value: ${x}`);
  return BigInt(scale === 'mantissa52' ? x * 2 ** 52 : x * 2 ** 53);
}

/** Generation index (0-based, from the start of the first observation's refill) of observation k. */
function generationIndex(k: number, consumed: number, variant: Variant): number {
  const cache = variant.cache;
  if (!cache) return k;
  const p = consumed + k;
  const refill = Math.floor(p / cache.perRefill);
  const within = p % cache.perRefill;
  return refill * cache.perRefill + (cache.order === 'desc' ? cache.perRefill - 1 - within : within);
}

function toInt32Pair(v: bigint): [number, number] {
  return [Number(v >> 32n) | 0, Number(v & 0xffffffffn) | 0];
}

export function recoverXorshift(values: readonly number[], variantId: string): XorshiftRecovery {
  const variant = VARIANTS.find((v) => v.id === variantId);
  if (!variant) throw new RangeError(`unknown xorshift128plus variant ${variantId}`);
  const { scale, bits } = linearBits(variant);
  // Handed out in generation order, the refill boundary leaves no trace in the values: every
  // alignment predicts the same sequence, so only alignment 0 is tried (its index is one of
  // perRefill equivalent descriptions of V8's internal position).
  const alignments = variant.cache?.order === 'desc' ? variant.cache.perRefill : 1;
  const ints = values.map((x) => valueBits(x, scale));
  const lastGen = Math.max(...values.map((_, k) => generationIndex(k, alignments - 1, variant)), values.length + 64);
  // Symbolic state after 1 … lastGen+1 steps, computed once for every alignment.
  const sym = new SymbolicXorshift128();
  const rowsAt: Array<{ s0: bigint[]; s1: bigint[] }> = [];
  for (let g = 0; g <= lastGen; g++) {
    sym.step();
    rowsAt.push({ s0: sym.s0, s1: sym.s1 });
  }
  const candidates: XorshiftCandidate[] = [];
  let bestRank = 0;
  let undetermined = 0;
  for (let consumed = 0; consumed < alignments; consumed++) {
    const system = new Gf2System();
    for (let k = 0; k < ints.length && system.consistent && system.rank < UNKNOWNS; k++) {
      const at = rowsAt[generationIndex(k, consumed, variant)]!;
      for (const [vb, src, sb] of bits) {
        const row = src === 's0' ? at.s0[sb]! : at.s0[sb]! ^ at.s1[sb]!;
        system.add(row, Number((ints[k]! >> BigInt(vb)) & 1n) as 0 | 1);
      }
    }
    bestRank = Math.max(bestRank, system.rank);
    if (system.consistent && system.rank < UNKNOWNS) undetermined++;
    const sol = system.solution();
    if (!sol) continue;
    let state: (string | number)[];
    if (variant.cache) {
      // The state V8 holds after the refill that produced the first observation.
      const probe = new V8XorShift128Plus(variant.id, toInt32Pair(sol[0]), toInt32Pair(sol[1]));
      const perRefill = variant.cache.perRefill;
      probe.random(); // runs one refill from the solved pre-refill state
      const [s0, s1] = probe.getState() as [string, string, number];
      state = [s0, s1, perRefill - consumed];
    } else {
      state = [`0x${u64ToHex(...toInt32Pair(sol[0]))}`, `0x${u64ToHex(...toInt32Pair(sol[1]))}`];
    }
    let check: XorShift128PlusEmulator;
    try {
      check = create({ state, variant: variant.id });
    } catch {
      // A post-refill state word that V8 canonicalised to NaN cannot be described as
      // [state0, state1, index] (its cache cannot be rebuilt); about 1 refill in 1,000.
      continue;
    }
    if (values.every((x) => doubleToHex(check.random()) === doubleToHex(x))) candidates.push({ state, consumed });
  }
  return { variant: variant.id, candidates, rank: bestRank, undetermined };
}
