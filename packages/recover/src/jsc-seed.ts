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
import { Gf2System32 } from '@emu/core';
import { parity } from './gf2.js';

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
  const { a, b } = callColumns(variant, 0);
  const sys = new Gf2System32();
  const seeds = new Set<number>();
  let complete = true;
  let nodes = 0;
  /** Every seed the system allows (its free bits enumerated), kept when the emulator gives `first`. */
  const leaf = (): void => {
    const free = sys.free();
    if (free.length > FREE_MAX) {
      complete = false;
      return;
    }
    for (let g = 0; g < 2 ** free.length; g++) {
      const s = sys.solve(free, g);
      if (s !== 0 && create({ seed: s, variant }).random() === first) seeds.add(s);
    }
  };
  /** Level j with the carry into it the form (cm, cc). */
  const walk = (j: number, cm: number, cc: number): void => {
    nodes++;
    if (j === LEVELS || sys.rank === 32) return leaf();
    const at = sys.mark();
    if (sys.add(a[j]! ^ b[j]! ^ cm, bit(j) ^ cc)) {
      const t = sys.valueOf(a[j]! ^ b[j]!, 0);
      for (const x of t < 0 ? [0, 1] : [t]) {
        const here = sys.mark();
        if (t >= 0 || sys.add(a[j]! ^ b[j]!, x)) {
          if (x === 1) walk(j + 1, cm, cc);
          else walk(j + 1, a[j]!, 0);
        }
        sys.undo(here);
      }
    }
    sys.undo(at);
  };
  walk(0, 0, 0);
  return { seeds: [...seeds].sort((x, y) => x - y), complete, nodes };
}

/** Observations the bucket search reads at most (the first ones of the realm). */
const TOP_OBSERVATIONS = 48;
/** Leading sum bits a bucket's constraint uses at most. */
const TOP_MAX_SPAN = 8;
/** Nodes the bucket search visits at most before it gives up (incomplete, never a guess). */
const TOP_MAX_NODES = 2 ** 21;

/** One observation's constraint: the top `p` bits of the 53-bit sum lie in `prefixes`. */
interface TopConstraint {
  readonly k: number;
  readonly p: number;
  readonly prefixes: readonly number[];
  /** The same prefixes, for the checks. */
  readonly allowed: ReadonlySet<number>;
  /** Branched on by the search (else only checked at its leaves: too many prefixes to walk, e.g. a fine bucket's residue). */
  readonly branch: boolean;
}

/** Prefixes a constraint may have and still be branched on (a residue of a fine bucket allows hundreds of thousands). */
const TOP_MAX_PREFIXES = 4096;

const columnsMemo = new Map<string, { a: Int32Array; b: Int32Array }>();

/** For call k (0-based): bit j of state0 / state1 after k + 1 calls, as seed-bit masks (64 each). */
function callColumns(variant: JscSeedVariant, k: number): { a: Int32Array; b: Int32Array } {
  const key = `${variant}/${k}`;
  let c = columnsMemo.get(key);
  if (!c) {
    c = { a: new Int32Array(64), b: new Int32Array(64) };
    for (let s = 0; s < 32; s++) {
      const e = create({ seed: 2 ** s, variant });
      for (let i = 0; i <= k; i++) e.random();
      const [s0, s1] = e.getState().map((w) => BigInt(w));
      for (let j = 0; j < 64; j++) {
        if ((s0! >> BigInt(j)) & 1n) c.a[j]! |= 1 << s;
        if ((s1! >> BigInt(j)) & 1n) c.b[j]! |= 1 << s;
      }
    }
    columnsMemo.set(key, c);
  }
  return c;
}

/**
 * Every 32-bit seed from which `variant` gives observations consistent with `ranges` (per call
 * from the realm's first: the 53-bit sum integer's interval(s), or undefined for a call not
 * seen): the top p bits of each sum are (a + b + c) mod 2^p of the words' top p bits (linear in
 * the seed) and the carry c ∈ {0, 1} from below, so each constraint allows 2 · 2^p · |prefixes|
 * settings of 2p linear forms. A depth-first search over the most selective constraints first,
 * with incremental elimination, until the 32 unknowns are pinned; then the rest are checks, and
 * the emulator has the last word (`fits`). Exhaustive unless it passes TOP_MAX_NODES.
 */
export function searchJscSeedTop(ranges: readonly (readonly (readonly [number, number])[] | undefined)[], variant: JscSeedVariant, fits: (seed: number) => boolean): JscSeedSearch {
  const cons: TopConstraint[] = [];
  for (let k = 0; k < Math.min(ranges.length, TOP_OBSERVATIONS); k++) {
    const r = ranges[k];
    if (!r || r.length === 0) continue;
    // The widest interval decides the span: about two prefixes per interval at most. (A loop:
    // a residue's ranges can number 250,000, too many to spread into Math.max.)
    let width = 1;
    for (const [lo, hi] of r) width = Math.max(width, hi - lo + 1);
    const p = Math.max(1, Math.min(TOP_MAX_SPAN, LEVELS - Math.ceil(Math.log2(width))));
    const set = new Set<number>();
    for (const [lo, hi] of r) for (let v = Math.floor(lo / 2 ** (LEVELS - p)); v <= Math.floor(hi / 2 ** (LEVELS - p)); v++) set.add(v);
    cons.push({ k, p, prefixes: [...set], allowed: set, branch: set.size <= TOP_MAX_PREFIXES });
  }
  // Most rank for the fewest settings first; the constraints only checked last.
  const order = (c: TopConstraint) => (c.branch ? 0 : 1e6) + Math.log2(2 * c.prefixes.length) / c.p + c.k * 1e-9;
  cons.sort((x, y) => order(x) - order(y));
  const branched = cons.filter((c) => c.branch).length;
  const forms = cons.map((c) => {
    const { a, b } = callColumns(variant, c.k);
    // Bit i (0 = lowest of the p) of the top p bits of each word's low 53: bit 53 − p + i.
    return { a: Array.from({ length: c.p }, (_, i) => a[LEVELS - c.p + i]!), b: Array.from({ length: c.p }, (_, i) => b[LEVELS - c.p + i]!) };
  });
  const sys = new Gf2System32();
  /** Whether the constraints from `i` on hold for a known seed (the forms' parities). */
  const checks = (seed: number, i: number): boolean => {
    for (; i < cons.length; i++) {
      const c = cons[i]!;
      const f = forms[i]!;
      let va = 0;
      let vb = 0;
      for (let t = 0; t < c.p; t++) {
        va |= parity(f.a[t]! & seed) << t;
        vb |= parity(f.b[t]! & seed) << t;
      }
      const m = 2 ** c.p;
      const s0 = (va + vb) % m;
      if (!c.allowed.has(s0) && !c.allowed.has((s0 + 1) % m)) return false;
    }
    return true;
  };
  const seeds = new Set<number>();
  let complete = true;
  let nodes = 0;
  const leaf = (i: number): void => {
    const free = sys.free();
    if (free.length > FREE_MAX) {
      complete = false;
      return;
    }
    for (let g = 0; g < 2 ** free.length; g++) {
      const seed = sys.solve(free, g);
      if (seed !== 0 && checks(seed, i) && fits(seed)) seeds.add(seed);
    }
  };
  const walk = (i: number): void => {
    if (!complete) return;
    if (++nodes > TOP_MAX_NODES) {
      complete = false;
      return;
    }
    if (sys.rank === 32 || i === branched) return leaf(i);
    const c = cons[i]!;
    const f = forms[i]!;
    const m = 2 ** c.p;
    const at = sys.mark();
    const bs = new Set<number>();
    for (let a = 0; a < m; a++) {
      // The b that some prefix and carry allow with this a (each pair once).
      bs.clear();
      for (const v of c.prefixes) for (let carry = 0; carry < 2; carry++) bs.add((v - a - carry + 2 * m) % m);
      for (const b of bs) {
        let ok = true;
        for (let t = 0; t < c.p && ok; t++) ok = sys.add(f.a[t]!, (a >>> t) & 1) && sys.add(f.b[t]!, (b >>> t) & 1);
        if (ok) walk(i + 1);
        sys.undo(at);
        if (!complete) return;
      }
    }
  };
  walk(0);
  return { seeds: [...seeds].sort((x, y) => x - y), complete, nodes };
}
