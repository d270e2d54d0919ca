/**
 * MWC1616 eras (V8 ≤ 4.8, node 0.x – 5.x) from buckets: Betable-style identifiers
 * (`alphabet[⌊x·64⌋]`), dice, percentages, or full values mixed with gaps.
 *
 * Each 32-bit output of these variants keeps the first generator's low W bits on top:
 *  - v8-3.26-js / v8-3.30-js: out = (r0 << 16) + (r1 & 0xFFFF): out >>> 16 = r0 mod 2^16 (W = 16);
 *  - v8-4.8-constructdouble: out = (r0 mod 2^20) << 12 | r1 >>> 20 (W = 20);
 *  - v8-3.11-cpp: out = (r0 << 14) + (r1 mod 2^18), i.e. out >>> 14 = (r0 mod 2^18 + t) mod 2^18
 *    with t = (r1 mod 2^18) >>> 14 in [0, 15] (W = 18, and the second generator's t is left free).
 * So a bucket, whose interval of outputs is contiguous, is a cyclic interval of r0 mod 2^W — and
 * the second generator does not matter for the leading bits, which is why only the first
 * generator (32 bits: value v = low half, carry c = high half) is recovered.
 *
 * Split per half: for two consecutive observations, each v (and the carry bits W − 16 the first
 * shows) of the first, the next state's low W bits are a·v + c mod 2^W, so the carries c that fit
 * the second observation are one or two runs of consecutive integers (stepped by 2^(W−16)):
 * they are listed directly, never searched. A carry above the multiplier cannot follow a step,
 * which rules out about 70 % of the rest. Every survivor is then run forwards and backwards
 * against every other observation. The pair of consecutive observations with the fewest
 * survivors is chosen; the work is |S_i|·|S_i+1|·2^(32−2W) candidates (about 2^20 for two
 * characters of a 64-letter alphabet).
 */
import { type Observed, bucketRange, isResidue } from './observe.js';

export interface MwcShape {
  /** The first generator's multiplier. */
  readonly a: number;
  /** Low bits of r0 shown on top of the output. */
  readonly w: number;
  /** Output bits below them (32 − w). */
  readonly below: number;
  /** The output's top w bits are r0 mod 2^w + t for t in [0, fuzz] (v8-3.11-cpp: 15). */
  readonly fuzz: number;
}

/** Per MWC1616 variant: the multiplier of the generator that decides a bucket, and which bits of it the output shows. */
export const MWC_SHAPES: Readonly<Record<string, MwcShape>> = {
  'v8-3.26-js': { a: 18273, w: 16, below: 16, fuzz: 0 },
  'v8-3.30-js': { a: 18030, w: 16, below: 16, fuzz: 0 },
  'v8-4.8-constructdouble': { a: 18030, w: 20, below: 12, fuzz: 0 },
  'v8-3.11-cpp': { a: 18273, w: 18, below: 14, fuzz: 15 },
  // V8 3.21.13–3.23.10 (Chrome 31–32): v8-3.11-cpp's random_base; V8 2.2.2–3.4.8 (Chrome 6–13): (hi << 16) + (lo & 0xFFFF), hi on 36969.
  'v8-3.21-cpp': { a: 18273, w: 18, below: 14, fuzz: 15 },
  'v8-2.2-cpp32': { a: 36969, w: 16, below: 16, fuzz: 0 },
};

/** Survivors enumerated at most (about a second). */
export const MWC_MAX_WORK = 2 ** 26;
/** First-generator states kept at most: more means too few observations to tell them apart. */
export const MWC_MAX_STATES = 4096;

/** What recoverMwcBuckets found: every first-generator state that fits the buckets, or why the list is cut. */
export interface MwcBucketRecovery {
  /** The first generator's 32-bit state just before the first observation (every one that fits). */
  readonly states: number[];
  /** More than MWC_MAX_STATES fit (the list is cut). */
  readonly truncated: boolean;
  /** Candidates the chosen pair of observations would enumerate (> MWC_MAX_WORK: not searched). */
  readonly work: number;
  /** An observation no output of this variant can produce. */
  readonly impossible: boolean;
  /** No two consecutive observations, so the split cannot be used. */
  readonly noPair: boolean;
}

/** A cyclic interval of r0 mod 2^w: start, length (length 2^w: anything). */
type Cyc = readonly [number, number];

/** The r0 mod 2^w an observation allows, or undefined for none. */
function allowed(o: Observed, s: MwcShape): Cyc | undefined {
  const mod = 2 ** s.w;
  // A residue is searched as a gap (the union of its buckets is no cyclic interval).
  if (o === null || isResidue(o)) return [0, mod];
  let lo: number;
  let hi: number;
  if (typeof o === 'number') {
    lo = hi = o * 2 ** 32;
    if (!Number.isInteger(lo)) return undefined;
  } else {
    [lo, hi] = bucketRange(o, 32);
    if (lo > hi) return undefined;
  }
  const top0 = Math.floor(lo / 2 ** s.below);
  const top1 = Math.floor(hi / 2 ** s.below);
  const len = top1 - top0 + 1 + s.fuzz;
  if (len >= mod) return [0, mod];
  return [(top0 - s.fuzz + mod) % mod, len];
}

const inCyc = (x: number, c: Cyc, mod: number): boolean => (x - c[0] + mod) % mod < c[1];

/** The MWC step of one 32-bit generator state. */
export function mwcStep(a: number, x: number): number {
  return a * (x & 0xffff) + Math.floor(x / 0x10000);
}

/** Predecessors of x among states a step can produce (carry ≤ a): one, or two when a divides x. */
function stepPredecessors(a: number, x: number): number[] {
  const out: number[] = [];
  for (let v = Math.min(0xffff, Math.floor(x / a)); v >= 0; v--) {
    const c = x - a * v;
    if (c > a) break;
    out.push(c * 0x10000 + v);
  }
  return out;
}

/**
 * Every first-generator state (just before observation 0) that explains every observation.
 */
export function recoverMwcBuckets(observed: readonly Observed[], variant: string): MwcBucketRecovery {
  const s = MWC_SHAPES[variant];
  if (!s) throw new RangeError(`no MWC bucket recovery for ${variant}`);
  const mod = 2 ** s.w;
  const sets: Cyc[] = [];
  for (const o of observed) {
    const c = allowed(o, s);
    if (!c) return { states: [], truncated: false, work: 0, impossible: true, noPair: false };
    sets.push(c);
  }
  const n = observed.length;
  const stepBits = 2 ** (s.w - 16);
  // The consecutive pair with the smallest expected enumeration.
  let best = -1;
  let work = Infinity;
  for (let i = 0; i + 1 < n; i++) {
    if (sets[i]![1] === mod || sets[i + 1]![1] === mod) continue;
    const w = sets[i]![1] * sets[i + 1]![1] * 2 ** (32 - 2 * s.w) * ((s.a + 1) / 0x10000);
    if (w < work) {
      work = w;
      best = i;
    }
  }
  if (best < 0) return { states: [], truncated: false, work: Infinity, impossible: false, noPair: true };
  if (work > MWC_MAX_WORK) return { states: [], truncated: false, work, impossible: false, noPair: false };
  const [s0, len0] = sets[best]!;
  const [s1, len1] = sets[best + 1]!;
  const first = observed.findIndex((o) => o !== null);
  const states: number[] = [];
  const found = new Set<number>();
  const a = s.a;

  /** x is the state after call `best`; checks the others and records the state before call 0. */
  const check = (x: number): boolean => {
    // Forwards: calls best + 2 … n − 1.
    let y = mwcStep(a, x);
    for (let k = best + 2; k < n; k++) {
      y = mwcStep(a, y);
      if (!inCyc(y % mod, sets[k]!, mod)) return true;
    }
    // Backwards: the state after call k for k = best − 1 … first, branching where two fit.
    const back = (z: number, k: number): boolean => {
      if (k < first) {
        // Calls 0 … first − 1 were not seen: any predecessor leads to the same later states.
        let u = z;
        for (let j = k + 1; j >= 0; j--) {
          const v = Math.min(0xffff, Math.floor(u / a));
          u = (u - a * v) * 0x10000 + v;
        }
        if (!found.has(u)) {
          found.add(u);
          states.push(u);
        }
        return states.length <= MWC_MAX_STATES;
      }
      for (const p of stepPredecessors(a, z)) {
        if (!inCyc(p % mod, sets[k]!, mod)) continue;
        if (!back(p, k - 1)) return false;
      }
      return true;
    };
    return back(x, best - 1);
  };

  // The observation after the pair, tested inline before the full check (most candidates fail it).
  const [s2, len2] = sets[best + 2] ?? [0, mod];
  const mask = mod - 1;
  for (let j = 0; j < len0; j++) {
    const L = (s0 + j) % mod;
    const v = L & 0xffff;
    const need = Math.floor(L / 0x10000); // the carry's low w − 16 bits
    const d0 = ((a * v) % mod - s1 + mod) % mod;
    // c with (d0 + c) mod 2^w < len1, c ≤ a, c ≡ need (mod 2^(w−16)).
    const runs: [number, number][] = [];
    if (d0 < len1) runs.push([0, len1 - d0 - 1]);
    runs.push([mod - d0, mod - d0 + len1 - 1]);
    for (const [lo, hiRaw] of runs) {
      const hi = Math.min(hiRaw, a);
      let c = lo + ((need - (lo % stepBits) + stepBits) % stepBits);
      for (; c <= hi; c += stepBits) {
        if (len2 < mod) {
          // State after call best + 1, then best + 2: only its low w bits matter.
          const y1 = a * v + c;
          const y2 = a * (y1 & 0xffff) + (y1 >>> 16);
          if (((y2 - s2) & mask) >= len2) continue;
        }
        if (!check(c * 0x10000 + v)) return { states, truncated: true, work, impossible: false, noPair: false };
      }
    }
  }
  return { states, truncated: false, work, impossible: false, noPair: false };
}

/**
 * The outputs (as [lo, hi] intervals of doubles) that a first-generator state x (before the
 * call) gives for `count` calls: the second generator fills the rest of each interval.
 */
export function mwcIntervals(variant: string, x: number, count: number): [number, number][] {
  const s = MWC_SHAPES[variant]!;
  const out: [number, number][] = [];
  for (let i = 0; i < count; i++) {
    x = mwcStep(s.a, x);
    out.push(interval(s, x));
  }
  return out;
}

/**
 * The intervals of the `count` calls before the state x (x is the state after call −1), or
 * null where a step back has two predecessors (only just after seeding).
 */
export function mwcIntervalsBefore(variant: string, x: number, count: number): ([number, number] | null)[] {
  const s = MWC_SHAPES[variant]!;
  const out: ([number, number] | null)[] = [];
  let z: number | null = mwcStep(s.a, x); // the state after call 0
  for (let i = 0; i < count; i++) {
    const p: number[] = z === null ? [] : stepPredecessors(s.a, z);
    z = p.length === 1 ? p[0]! : null;
    out.push(z === null ? null : interval(s, z));
  }
  return out;
}

/** The output interval of the call that produced state z. */
function interval(s: MwcShape, z: number): [number, number] {
  const mod = 2 ** s.w;
  const L = z % mod;
  return L + s.fuzz >= mod ? [0, 1 - 2 ** -32] : [L * 2 ** s.below * 2 ** -32, ((L + s.fuzz + 1) * 2 ** s.below - 1) * 2 ** -32];
}
