/**
 * V8's Math.random state at a context's first call, from its 64-bit seed.
 *
 * Each native context starts with state (0, 0); its first RefillCache seeds it from one 64-bit
 * number — 8 bytes of the isolate's RNG, or `--random_seed` — as state0 = fmix64(seed), state1 =
 * fmix64(~seed) (src/numbers/math-random.cc; core's murmurHash3Fmix64). fmix64 is a bijection, so
 * state0 names the seed and state1 follows: of the 2^128 states only 2^64 start a context, and
 * state1 = fmix64(~fmix64⁻¹(state0)) is a 64-bit check on any candidate. Measured on unseeded
 * node 20.20.2, 24.22.3 and 26.12.1: the state each first refill started from (recovered from
 * their values) satisfies it.
 *
 * For the `s0` mappings (V8 7.1 – 14.3: node 12 – 25, Chrome 71 – 134, Deno before 2.7) the values
 * are linear in that state: the observations' equations (xorshift.ts `startSystem`) leave an
 * affine space of 2^d states, d = 128 − rank, and each is tried against the check in Gray-code
 * order (core's v8SeededInSpace: one basis vector XORed in per step, two fmix64 evaluations, about
 * 3 ns in its WebAssembly kernel, 45 ns in JavaScript where WebAssembly is missing) — exhaustive,
 * so the seeds found are all of them; a state of another kind passes with probability 2^-64 per
 * try, and every survivor is run through the emulator against every observation. 2 full values
 * of `s0 >> 12` leave d = 24 (2^24 tries, about 50 ms; 0.75 s in JavaScript), 3 leave none: the 64 bits a context
 * really has are named by 2 values, where the 128-bit count needs 3.
 */
import { SEEDED_SPACE_MAX_DIM, murmurHash3Fmix64Inverse, u64FromBigInt, u64ToHex, v8SeededInSpace, v8SeededState1, xorshift128Step, xorshift128StepBack } from '@emu/core';
import { VARIANTS, V8XorShift128Plus } from '@emu/xorshift128plus';
import { type Observed, matches } from './observe.js';
import { listPairCosets, sum11Words } from './sum-tracks.js';
import { startSystem, stepSystem, v8StepOfCall } from './xorshift.js';

/** Free unknowns at most: 2^24 tries (about 50 ms; 0.75 s without WebAssembly); more and the search is not attempted. */
export const V8_SEED_MAX_FREE = 24;

/** What searchV8Seed found. */
export interface V8SeedSearch {
  /** The states ([state0, state1, 0]: the cache empty, as recoverXorshift gives them) that fit every observation; all of them when `complete`. */
  readonly states: (string | number)[][];
  /** Their seeds (fmix64⁻¹(state0)) as 16 hex digits. */
  readonly seeds: string[];
  /** False when the observations leave more than 2^V8_SEED_MAX_FREE states to try (nothing tried). */
  readonly complete: boolean;
  /** The dimension of the affine space tried (128 − rank). */
  readonly free: number;
}

/**
 * Every seeded state of an `s0` variant (v8-7.1-s0, v8-13.5-s0-53) whose values from the
 * context's call `firstCall` on (0: its first call) are `observed`, each given as the emulator's
 * state before the first observation; tried only when the observations leave at most 2^maxFree
 * states (else `complete` false). Undefined for other variants.
 */
export function searchV8Seed(observed: readonly Observed[], variantId: string, firstCall = 0, maxFree = V8_SEED_MAX_FREE): V8SeedSearch | undefined {
  const sys = startSystem(observed, variantId, firstCall);
  if (sys === undefined) return variantId === 'v8-7.1-s0' || variantId === 'v8-13.5-s0-53' ? { states: [], seeds: [], complete: true, free: 0 } : undefined;
  if (!sys.consistent) return { states: [], seeds: [], complete: true, free: 0 };
  const freeBits = sys.freeBits();
  const d = freeBits.length;
  if (d > maxFree) return { states: [], seeds: [], complete: false, free: d };
  const x = sys.solution(0, freeBits)!;
  // basis vectors of the solution space (the solution with free bit j set, minus the base), flat
  const basis = new Int32Array(4 * d);
  for (let j = 0; j < d; j++) {
    const v = sys.solution(2 ** j, freeBits)!;
    for (let w = 0; w < 4; w++) basis[4 * j + w] = v[w]! ^ x[w]!;
  }
  const found = v8SeededInSpace(Int32Array.from(x.slice(0, 4)), basis, d);
  return { ...fittingSeeded(found, observed, variantId, firstCall), complete: true, free: d };
}

/**
 * Of seeded states ([state0 hi, lo, state1 hi, lo] at the context's first refill), those whose
 * values from call `firstCall` on are `observed` (run through the emulator), each given before
 * the first observation, with its seed (fmix64⁻¹(state0)) as 16 hex digits.
 */
function fittingSeeded(found: readonly (readonly [number, number, number, number])[], observed: readonly Observed[], variantId: string, firstCall: number): { states: (string | number)[][]; seeds: string[] } {
  const states: (string | number)[][] = [];
  const seeds: string[] = [];
  for (const [a, b, c, e] of found) {
    const probe = new V8XorShift128Plus(variantId, [a, b], [c, e]);
    for (let i = 0; i < firstCall; i++) probe.random();
    const before = probe.getState();
    if (!observed.every((o) => matches(probe.random(), o))) continue;
    states.push(firstCall === 0 ? [`0x${u64ToHex(a, b)}`, `0x${u64ToHex(c, e)}`, 0] : [...before]);
    seeds.push(u64ToHex(...murmurHash3Fmix64Inverse(a, b)));
  }
  return { states, seeds };
}

/** Calls into a context searchV8SeedWithin tries at most. */
export const V8_SEED_MAX_CALLS = 1024;
/** Free unknowns at most per call index tried mid-stream (2^16 states each). */
const MID_MAX_FREE = 16;
/** States tried at most over all call indices mid-stream (about 1 s): fewer call indices when each leaves more. */
const MID_MAX_TRIES = 2 ** 25;

/** What searchV8SeedWithin found. */
export interface V8SeedWithin extends V8SeedSearch {
  /** The call index (0: the context's first) of the first observation, for each state. */
  readonly calls: number[];
  /** How many call indices were tried (0 … tried − 1); `complete` says every one was searched in full. */
  readonly tried: number;
}

/**
 * One shape of window (its observations' steps less the earliest, the same for every call index
 * with the same place in its refill: one inside a refill, one per split across a refill's end):
 * the observations' solution space as states at the window's earliest step, and where its base
 * and basis were last moved to (`at`: the frame `at` steps back, `frame` 4 words, `frameBasis`
 * 4 · d).
 */
interface WindowShape {
  readonly d: number;
  at: number;
  readonly frame: Int32Array;
  readonly frameBasis: Int32Array;
}

/** The solution space of `observed` at `offsets` (steps after the window's earliest), at step 0; null when no state shows them. */
function solveShape(observed: readonly Observed[], variantId: string, offsets: readonly number[]): WindowShape | null {
  const sys = stepSystem(observed, variantId, offsets);
  if (sys === undefined || !sys.consistent) return null;
  const freeBits = sys.freeBits();
  const d = freeBits.length;
  if (d > SEEDED_SPACE_MAX_DIM) return { d, at: 0, frame: new Int32Array(4), frameBasis: new Int32Array(0) };
  const x = sys.solution(0, freeBits)!;
  const frameBasis = new Int32Array(4 * d);
  for (let j = 0; j < d; j++) {
    const v = sys.solution(2 ** j, freeBits)!;
    for (let w = 0; w < 4; w++) frameBasis[4 * j + w] = v[w]! ^ x[w]!;
  }
  return { d, at: 0, frame: Int32Array.from(x.slice(0, 4)), frameBasis };
}

/**
 * Moves a shape's space to the frame `at` steps back of the window's earliest step: the step is
 * linear without a constant, so the base and each basis vector go by the same steps (forwards
 * when the frame is nearer than where they were last, backwards otherwise).
 */
function moveShape(shape: WindowShape, at: number): void {
  const v = new Int32Array(4);
  for (let j = -1; j < shape.d; j++) {
    const arr = j < 0 ? shape.frame : shape.frameBasis;
    const o = j < 0 ? 0 : 4 * j;
    for (let w = 0; w < 4; w++) v[w] = arr[o + w]!;
    for (let t = shape.at; t < at; t++) xorshift128StepBack(v);
    for (let t = shape.at; t > at; t--) xorshift128Step(v);
    for (let w = 0; w < 4; w++) arr[o + w] = v[w]!;
  }
  shape.at = at;
}

/**
 * Observations that begin at an unknown call k < K of a V8 context (an `s0` variant): every
 * seeded state and k that reproduce them, each state given before the first observation (the
 * emulator's [state0, state1, index]). K is `maxCalls`, or fewer where the first call index leaves
 * more states (at most 2^25 tried in all: K · 2^d); `tried` says K. `complete` when every k below
 * K was searched in full (each leaving at most 2^16 states); undefined for other variants.
 *
 * The window's equations depend on k only through its shape (the steps of its observations less
 * the earliest): each shape is solved once, as states at its earliest step, and for each k its
 * space is moved back to the context's frame (the earliest step's number of steps, reached from
 * the previous k's by a few steps) and scanned for seeded states (core's v8SeededInSpace) — the
 * same states as solving each k's system (the earlier code), about 10 times faster.
 */
export function searchV8SeedWithin(observed: readonly Observed[], variantId: string, maxCalls = V8_SEED_MAX_CALLS): V8SeedWithin | undefined {
  if (variantId !== 'v8-7.1-s0' && variantId !== 'v8-13.5-s0-53') return undefined;
  const P = VARIANTS.find((v) => v.id === variantId)!.cache!.perRefill;
  const states: (string | number)[][] = [];
  const seeds: string[] = [];
  const calls: number[] = [];
  const shapes = new Map<string, WindowShape | null>();
  let tries = 0;
  let free = 0;
  for (let k = 0; k < maxCalls; k++) {
    const steps = observed.map((_, i) => v8StepOfCall(P, k + i));
    const earliest = Math.min(...steps);
    const offsets = steps.map((t) => t - earliest);
    const key = offsets.join(',');
    let shape = shapes.get(key);
    if (shape === undefined) {
      shape = solveShape(observed, variantId, offsets);
      shapes.set(key, shape);
    }
    if (shape === null) continue;
    free = Math.max(free, shape.d);
    if (shape.d > MID_MAX_FREE) return { states, seeds, calls, complete: false, free, tried: k };
    if (k === 0) maxCalls = Math.max(1, Math.min(maxCalls, Math.floor(MID_MAX_TRIES / 2 ** shape.d)));
    tries += 2 ** shape.d;
    if (tries > 2 * MID_MAX_TRIES) return { states, seeds, calls, complete: false, free, tried: k };
    moveShape(shape, earliest);
    const r = fittingSeeded(v8SeededInSpace(shape.frame, shape.frameBasis, shape.d), observed, variantId, k);
    for (let i = 0; i < r.states.length; i++) {
      states.push(r.states[i]!);
      seeds.push(r.seeds[i]!);
      calls.push(k);
    }
  }
  return { states, seeds, calls, complete: true, free, tried: maxCalls };
}

/** Whether a V8 state ([state0, state1, …] as recoverXorshift gives them) is one a context's first refill starts from: state1 = fmix64(~fmix64⁻¹(state0)). */
export function isV8Seeded(state: readonly (string | number)[]): boolean {
  const [ah, al] = u64FromBigInt(BigInt(state[0]!));
  const [bh, bl] = u64FromBigInt(BigInt(state[1]!));
  const pair = new Int32Array(2);
  v8SeededState1(ah, al, pair);
  return pair[0] === bh && pair[1] === bl;
}

/** Refills searchable back by v8SeededRefill: the context's first 1,024 calls. */
const SEEDED_REFILLS = 16;

/**
 * For a V8 state as the emulator gives it ([state0, state1, left]: the words after the last
 * refill, `left` values of it still to hand out; left 0: the words the next refill starts from),
 * how many refills back the context was seeded — the refill whose starting state is
 * (fmix64(seed), fmix64(~seed)) — among the last `refills` (16; `perRefill` values each); undefined when none is.
 * A cache handed out in generation order (Chromium 147+) is a plain stream: perRefill 1 and
 * refills 1,024 check every state of the last 1,024 calls.
 */
export function v8SeededRefill(state: readonly (string | number)[], perRefill = 64, refills = SEEDED_REFILLS): number | undefined {
  const [ah, al] = u64FromBigInt(BigInt(state[0]!));
  const [bh, bl] = u64FromBigInt(BigInt(state[1]!));
  const s = new Int32Array([ah, al, bh, bl]);
  const pair = new Int32Array(2);
  // left > 0: the words are the last refill's end; its start lies perRefill steps back
  const first = Number(state[2] ?? 0) > 0 ? 1 : 0;
  for (let i = 0; i < first * perRefill; i++) xorshift128StepBack(s);
  for (let m = first; m <= refills; m++) {
    v8SeededState1(s[0]!, s[1]!, pair);
    if (pair[0] === s[2] && pair[1] === s[3]) return m;
    for (let i = 0; i < perRefill; i++) xorshift128StepBack(s);
  }
  return undefined;
}

/** Two full `>> 11` values leave about 2^(128 − 2 · 53) states: the sum searches' `free`. */
export const PAIR_FREE = 22;

/** What searchV8SumSeed found: the seeded states (all of them when `complete`) and how many states were tried. */
export interface V8SumSeedSearch extends V8SeedSearch {
  /**
   * States tried as the seeded state: every leaf's coset of the pair's listing (sum-tracks.ts
   * listPairCosets), about 2^24, which hold the about 2^22 (PAIR_FREE) whose first two values are
   * the observed ones.
   */
  readonly scanned: number;
}

/**
 * V8 14.4+ (`(s0 + s1) >> 11`: node 26, Chromium 147+) from a context's first call, from its first
 * two full values: every seeded state (fmix64(seed), fmix64(~seed)) whose values are `observed`.
 *
 * The sums are not linear in the state, so the equations of searchV8Seed do not exist here. Two
 * consecutive sums show 106 bits of the 128: sum-tracks.ts's walk over every level of the pair
 * reaches every one of the about 2^22 states that show both (exhaustive), a leaf's coset at a time
 * (listPairCosets: 2^13 leaves of 2^11 states, 2^24 in all, a quarter of them showing the pair),
 * each state taken as the one the context's first refill started from — where it is seeded,
 * state1 = fmix64(~fmix64⁻¹(state0)), a 64-bit check (core's v8SeededInSpace, in WebAssembly) that
 * a state of another kind passes with probability 2^-64 (2^-40 over the cosets). Every survivor
 * is run through the emulator against every observation. The pair's place: a backwards cache
 * (node 26) hands out its first refill's last two outputs first (outputs 64 and 63 after the
 * seeded state), a forwards one (Chromium 147+) its first two (outputs 1 and 2). Costs about 0.1
 * s (the walk about 80 ms, 2^23.3 entries tried in WebAssembly; the seed scan 20 ms, settling the
 * leaves 3 ms; 3 values cost about 20 ms through the 128-bit search).
 * Undefined for other variants or when the first two observations are not full values.
 */
export function searchV8SumSeed(observed: readonly Observed[], variantId: string): V8SumSeedSearch | undefined {
  const info = VARIANTS.find((v) => v.id === variantId);
  if (!info || info.mapping !== 'sum-53' || info.seeding !== 'murmur' || !info.cache) return undefined;
  const [a, b] = observed;
  if (typeof a !== 'number' || typeof b !== 'number') return undefined;
  const desc = info.cache.order === 'desc';
  const t0 = desc ? info.cache.perRefill - 1 : 1;
  const sums = desc ? [sum11Words(b), sum11Words(a)] : [sum11Words(a), sum11Words(b)];
  const seeded: [number, number, number, number][] = [];
  let scanned = 0;
  // Each leaf's coset scanned whole for seeded states (core's WebAssembly scan): the states in it
  // that do not show the two values are dropped by fittingSeeded's run of the emulator.
  const r = listPairCosets({ t0, sums, lo: 11, hi: 64, carryInKnown: false, model: 'logical' }, (base, basis, dim) => {
    scanned += 2 ** dim;
    for (const x of v8SeededInSpace(base, basis, dim)) seeded.push(x);
    return true;
  });
  const free = PAIR_FREE;
  if (!r.solved) return { states: [], seeds: [], complete: false, free, scanned };
  return { ...fittingSeeded(seeded, observed, variantId, 0), complete: true, free, scanned };
}
