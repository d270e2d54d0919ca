/**
 * Recovery → prediction for every registry id: parse observations, pick the method that fits
 * the engine's algorithm, and produce the next and previous values — or say why not
 * ("not enough data", "ambiguous: N states fit", "no state explains these values").
 */
import { InvalidStateError, doubleToHex, lcg48StepBack, u64FromBigInt, u64ToHex, xorshift128SarStepBack } from '@emu/core';
import { EMBEDDER_RELEASES, ERAS, type EmbedderRelease, type Era, type VariantId, createEngine, resolveEngine } from '@emu/engines';
import { VARIANTS as XS_VARIANTS, type XorShift128PlusState, create as createXorshift, isCanonicalNaN, isNaNPattern, xorshift128StepBack } from '@emu/xorshift128plus';
import { jscSeedFits, searchJscSeed, searchJscSeedTop, searchJscSeedWithin } from './jsc-seed.js';
import { searchSumSplit } from './sum-split.js';
import { V8_SEED_MAX_FREE, isV8Seeded, searchV8Seed, searchV8SeedWithin, searchV8SumSeed, v8SeededRefill } from './v8-seed.js';
import { MAX_OBSERVATIONS, type Observed, bucketRange, isResidue, matches, residueRanges } from './observe.js';
import { LCG_MAX_HIDDEN, recoverLcgPartial } from './lcg-partial.js';
import { solveLcgLattice } from './history.js';
import { recoverGameRand, recoverLcg, recoverMwcConstructDouble, mwcBackIsAmbiguous, mwcStateIsAmbiguous, mwcStepBack, recoverMwcCpp, recoverMwcJs, recoverMwcPatched } from './small.js';
import { recoverXorshift } from './xorshift.js';
import { MWC_MAX_STATES, MWC_MAX_WORK, MWC_SHAPES, mwcIntervals, mwcIntervalsBefore, recoverMwcBuckets } from './mwc-bucket.js';
import { historyMethod, historyPrevious } from './history-predict.js';
import { IE_SEED_MAX_WINDOW, searchIeSeed } from './ie-seed.js';
import { GLIBC_SEED_MAX_WINDOW, searchGlibcSeed } from './glibc-seed.js';

/**
 * predict()'s answer: ok (one state, its next and previous values), partial (several known states:
 * the values they agree on), or a refusal with the reason (not enough data, ambiguous, no state fits,
 * not supported) — never a guessed value.
 */
export type Outcome =
  | { kind: 'ok'; variant: string; state: readonly (number | string)[]; next: number[]; previous: number[]; note: string }
  | {
      /**
       * Several states fit (all of them known): the values on which they all agree, null where
       * they differ. `buckets` (with options.bucket) says the same of ⌊x · n⌋, where states that
       * differ in the value can still agree.
       */
      kind: 'partial';
      variant: string;
      count: number;
      next: (number | null)[];
      previous: (number | null)[];
      buckets?: { n: number; next: (number | null)[]; previous: (number | null)[] };
      note: string;
    }
  | { kind: 'ambiguous'; variant: string; count: number; note: string }
  | { kind: 'insufficient'; variant: string; need: number; note: string }
  | { kind: 'inconsistent'; variant: string; note: string }
  | { kind: 'unsupported'; variant: string; note: string };

/** Options of predict() and identify(): where the observations sit, how much to predict, and work budgets. */
export interface PredictOptions {
  /** The first observation is the first Math.random() call of its realm (a fresh process or page). */
  readonly fromStart?: boolean;
  /** Agreement is also judged on ⌊x · n⌋ (the CLI's --bucket): states that differ can agree there. */
  readonly bucket?: number;
  /**
   * Work budget of the exact (s0 + s1) search (recoverXorshift's maxWork): past it, the cache
   * positions left are unsettled and the answer says so (insufficient or ambiguous, never a
   * guess). identify uses IDENTIFY_MAX_WORK; predict's default is no budget.
   */
  readonly maxWork?: number;
  /**
   * IE 6–8 (jscript-lcg): the page's first Math.random() call was near this epoch millisecond;
   * every millisecond within ±`window` (default one day) is tried as the clock seed, and the
   * observations must start at that first call (see ie-seed.ts).
   */
  readonly near?: number;
  /** Half-width of the `near` search in milliseconds (at most IE_SEED_MAX_WINDOW). */
  readonly window?: number;
  /**
   * V8 7.1 – 14.3 mid-stream: search the context's 64-bit seed at each of its first
   * V8_SEED_MAX_CALLS calls when the values leave the cache position open (v8-seed.ts; up to about
   * 2 s). Default true; identify turns it off (its verdicts do not need the position).
   */
  readonly seedWithin?: boolean;
}

interface Solved {
  states: (readonly (number | string)[])[];
  detail: string;
  /** False when states that fit may be missing from `states` (then no consensus is drawn). */
  complete?: boolean;
  /** MWC buckets: only the first generator (32 bits) is known; its states before observation 0. */
  firstGenerator?: number[];
  /** No state found, but more values could still determine one: about this many. */
  need?: number;
  /** This engine's recovery cannot use observations of this kind. */
  unsupported?: string;
  /** A seed search found nothing in its range (detail names it). */
  searchedNothing?: boolean;
  /** Calls the realm made before observation 0 (a seed found mid-stream): no value came before those. */
  callsBefore?: number;
  /** For states a seed names (by state.join()): the realm's first state and the calls before observation 0 — its past run forwards, not rewound. */
  origins?: ReadonlyMap<string, { readonly state: readonly (number | string)[]; readonly call: number }>;
  /**
   * No state list, but the range of values every solution gives around the observations (Hermes's
   * mt19937_64 below 622 values), and what the solutions are; undefined: none fits.
   */
  spans?: { of: (next: number, previous: number) => { next: Span[]; previous: Span[]; what: string } | undefined };
}

/** V8 ≤ 1.2.7 with glibc: the srandom((unsigned) ms) that seeded the observations (glibc-seed.ts). */
function glibcSeedSolve(observed: readonly Observed[], near: number, window: number): Solved {
  if (!Number.isSafeInteger(near) || near < 0) return { states: [], detail: '', unsupported: `near ${near} is not a non-negative epoch millisecond` };
  if (!Number.isSafeInteger(window) || window < 0 || window > GLIBC_SEED_MAX_WINDOW) {
    return { states: [], detail: '', unsupported: `window ${window} ms is not in [0, ${GLIBC_SEED_MAX_WINDOW}] (±2 days)` };
  }
  const r = searchGlibcSeed(observed, near, window);
  const iso = (ms: number) => new Date(ms).toISOString();
  const range = `${iso(r.from)} … ${iso(r.to)}`;
  if (r.ms.length === 0) return { states: [], detail: `no millisecond in ${range} (${r.to - r.from + 1} tried) seeds glibc random() to these values`, searchedNothing: true };
  const shown = r.ms.slice(0, 4).map((ms) => `${iso(ms)} (srandom(${ms % 0x100000000}))`).join(', ');
  return { states: r.states, detail: `seeded at ${shown}${r.ms.length > 4 ? ` and ${r.ms.length - 4} more` : ''}; every millisecond in ${range} tried`, complete: r.ms.length <= 256 };
}

/** IE 6–8: the clock millisecond that seeded the observations (ie-seed.ts). */
function ieSeedSolve(observed: readonly Observed[], near: number, window: number): Solved {
  if (!Number.isSafeInteger(near) || near < 0) return { states: [], detail: '', unsupported: `near ${near} is not a non-negative epoch millisecond` };
  if (!Number.isSafeInteger(window) || window < 0 || window > IE_SEED_MAX_WINDOW) {
    return { states: [], detail: '', unsupported: `window ${window} ms is not in [0, ${IE_SEED_MAX_WINDOW}] (±4 days)` };
  }
  const r = searchIeSeed(observed, near, window);
  const iso = (ms: number) => new Date(ms).toISOString();
  const range = `${iso(r.from)} … ${iso(r.to)}`;
  if (r.ms.length === 0) return { states: [], detail: `no millisecond in ${range} (${r.to - r.from + 1} tried) seeds IE's JScript generator to these values`, searchedNothing: true };
  const shown = r.ms.slice(0, 4).map((ms) => `${iso(ms)} (${ms})`).join(', ');
  return {
    states: r.states.map((x) => [x]),
    detail: `seeded at ${shown}${r.ms.length > 4 ? ` and ${r.ms.length - 4} more` : ''}; every millisecond in ${range} tried`,
    complete: !r.truncated,
  };
}

interface Method {
  /** Full values needed at the least (recovery from fewer is not attempted). */
  min: number;
  /** Full values that fix the state, when more than min (below it, answers can be partial). */
  full?: number;
  solve(observed: readonly Observed[], options: PredictOptions): Solved;
}

/**
 * The full values the observations start with, when at least `min` of them (and not all): a
 * search of full values takes them, and predict's final check holds the rest (buckets, residues,
 * gaps after them) — every state it returns is one before observation 0 all the same.
 */
function fullPrefix(o: readonly Observed[], min: number): number[] | undefined {
  let k = 0;
  while (k < o.length && typeof o[k] === 'number') k++;
  return k >= min && k < o.length ? (o.slice(0, k) as number[]) : undefined;
}

/** The older generators' searches take full values only (the observations may go on after them). */
function fullValues(solve: (x: readonly number[]) => Solved, min: number): (o: readonly Observed[]) => Solved {
  return (o) => {
    if (o.every((x) => typeof x === 'number')) return solve(o as number[]);
    const prefix = fullPrefix(o, min);
    return prefix ? solve(prefix) : { states: [], detail: '', unsupported: `this recovery needs full values (at least ${min} first; buckets or gaps may follow them)` };
  };
}

/** An observation as intervals of JSC's 53-bit sum integer (x · 2^53); undefined: a call not seen. */
function sumRanges(o: Observed): (readonly [number, number])[] | undefined {
  if (o === null) return undefined;
  if (typeof o === 'number') {
    const m = o * 2 ** 53;
    return Number.isInteger(m) ? [[m, m]] : [];
  }
  return isResidue(o) ? residueRanges(o, 53) : [bucketRange(o, 53)];
}

function xorshiftMethod(variant: string): Method {
  const info = XS_VARIANTS.find((x) => x.id === variant)!;
  return {
    min: 1,
    solve: (observed, options) => {
      // JavaScriptCore from its realm's first call: the realm's 32-bit seed from the first value
      // (jsc-seed.ts) — every seed that gives it, complete; the later observations checked. None
      // that fits them all: the 128-bit search below (a build seeded otherwise is never refused).
      // Buckets, gaps or a first value not seen: the top bits of each call's sum (searchJscSeedTop).
      if (options.fromStart === true && (variant === 'jsc' || variant === 'jsc-jit-sar') && observed.length > 0) {
        // Run from the seed, stopping at the first observation it misses (the walk's leaves can
        // number 10^5 – 10^6); every seed kept is checked by the emulator below.
        const fitsSeed = jscSeedFits(variant, observed);
        const found = typeof observed[0] === 'number' ? searchJscSeed(observed[0], variant) : searchJscSeedTop(observed.map((o) => sumRanges(o)), variant, fitsSeed);
        const fitting = found.seeds
          .map((seed) => ({ seed, state: createXorshift({ seed, variant }).getState() }))
          .filter((x) => fits(emit('xorshift128plus', variant, x.state, observed.length), observed));
        if (found.complete && fitting.length > 0) {
          const seeds = fitting.map((x) => x.seed).join(', ');
          return { states: fitting.map((x) => x.state), complete: true, detail: `the realm's 32-bit seed ${seeds} from its first ${typeof observed[0] === 'number' ? 'value' : 'calls'} (JavaScriptCore seeds each realm from one 32-bit number; ${found.nodes} nodes searched)` };
        }
      }
      // V8 7.1 – 14.3 (the s0 mappings) from a context's first call: its state is (fmix64(seed),
      // fmix64(~seed)) of one 64-bit seed (v8-seed.ts), so of the states the values' linear
      // equations leave (2^24 at most tried) the seeded ones are all that can be — complete; none
      // seeded fits: the search below (never refused for it).
      let seedFree: number | undefined;
      if (options.fromStart === true && (variant === 'v8-7.1-s0' || variant === 'v8-13.5-s0-53')) {
        const found = searchV8Seed(observed, variant);
        if (found && !found.complete) seedFree = found.free;
        if (found?.complete && found.states.length > 0) {
          return {
            states: found.states,
            complete: true,
            detail: `the context's 64-bit seed ${found.seeds.map((x) => `0x${x}`).join(', ')} (V8 seeds a context's state as fmix64(seed), fmix64(~seed); 2^${found.free} states of the values' linear equations tried)`,
          };
        }
      }
      // V8 14.4+ mid-stream: runs of 3 searched where they sit, the seed telling the state (below).
      const sumSeeded = variant === 'v8-14.4-sum-53' || variant === 'v8-15.6-sum-53-asc';
      const fullOnly = observed.every((o) => typeof o === 'number');
      // Mid-stream on node 26 each state that fits a run inside a refill fits at each of its 62
      // positions: 8 states (3 values with three twin differences, seen in about 1 of 30 seeded
      // streams) are 496 candidates, which the seed below must all see to pick the one a context
      // seeded — room for 64 states a position (full values: each solve's states are few).
      const r = recoverXorshift(observed, variant, {
        fromStart: options.fromStart === true,
        runsOf3: sumSeeded && options.fromStart !== true,
        maxCandidates: sumSeeded && options.fromStart !== true && fullOnly ? SUM_MID_MAX_CANDIDATES : 256,
        ...(options.maxWork !== undefined ? { maxWork: options.maxWork } : {}),
      });
      if (r.impossible) return { states: [], detail: 'a bucket no double of this mapping falls in' };
      if (r.equationsPerValue === 0) return { states: [], detail: '', unsupported: 'no linear bits' };
      // Buckets too coarse for the (s0 + s1) search at any number of values: refused with the reason.
      if (r.needValues === Infinity && r.candidates.length === 0) {
        return {
          states: [],
          detail: '',
          unsupported: `${variant}'s (s0 + s1) mapping carries: the exact search needs the same leading bits of every value of a run of consecutive calls, and these observations pin about ${r.equationsPerValue.toFixed(1)} bits each — too few for any run it can afford, however many values (buckets work from n = 16 for powers of two, at 48, and from about n = 70 otherwise — 50 to 63 only on a lucky run of values; or give full values)`,
        };
      }
      // From the start of a realm, V8's first value is the first of a refill.
      const atStart = options.fromStart && info.cache ? r.candidates.filter((c) => c.consumed === 0) : r.candidates;
      // The (s0 + s1) >> 11 mappings (V8 14.4+) are seeded as the s0 ones: from a context's first
      // call only a state (fmix64(seed), fmix64(~seed)) can be there — of twin states fitting 3
      // values (1 start in 6) the seeded one is kept. None seeded: all kept (seeded otherwise).
      // Mid-stream, when every state that fits is listed: those a context seeded within its last
      // 16 refills (its first 1,024 calls), if any — another fits only by a chance of about 2^-50.
      // Full values only, the listing need not be complete: a cache alignment not searched (3
      // values split 2 + 1 by a refill) could hold another seeded state only by a coincidence of
      // 2^-(53 per value − 64 seed bits − 10 call-index bits).
      // (Chromium's cache in generation order is a plain stream: every one of the last 1,024 states checked.)
      const seededWithin = (st: readonly (string | number)[]) => (info.cache?.order === 'asc' ? v8SeededRefill(st, 1, 1024) : v8SeededRefill(st)) !== undefined;
      const seededOnly = !sumSeeded ? [] : options.fromStart === true ? atStart.filter((c) => isV8Seeded(c.state)) : r.complete || fullOnly ? atStart.filter((c) => seededWithin(c.state)) : [];
      const candidates = seededOnly.length > 0 ? seededOnly : atStart;
      const seededOdds = r.complete ? 50 : 53 * observed.length - 74;
      const seededNote =
        seededOnly.length > 0 && !options.fromStart
          ? `; of the ${atStart.length} states that fit${r.complete ? '' : ' on the cache alignments searched'}, the one${seededOnly.length > 1 ? 's' : ''} a V8 context seeded (fmix64(seed), fmix64(~seed)) within its first 1,024 calls — another${r.complete ? '' : ' (on any alignment)'} fits these values only by a chance of about 2^-${seededOdds}`
          : '';
      const seededComplete = seededOnly.length > 0 && !options.fromStart && !r.complete && seededOdds >= 64;
      // node 26 mid-stream, 3 full values that none of the 62 cache alignments holding them as a
      // run of 3 explains (where they do, each of the 62 does, with its own state: the refill's end
      // is open unless a seed names it, above): the 2 alignments a refill splits (2 + 1, 1 + 2)
      // listed (sum-split.ts, about 0.12 s each) — every alignment searched, the list complete.
      if (!options.fromStart && options.seedWithin !== false && variant === 'v8-14.4-sum-53' && fullOnly && observed.length === 3 && atStart.length === 0 && r.undetermined === 2 && !r.outOfBudget) {
        // A seeded state on the first split alignment ends the search (the second could hold
        // another seeded one only by the coincidence of 2^-85 above).
        const split = searchSumSplit(observed, variant, seededWithin);
        if (split?.complete || split?.stopped) {
          const byState = new Map<string, readonly (string | number)[]>();
          for (const st of [...atStart.map((c) => c.state), ...split.states]) byState.set(st.join(), st);
          const all = [...byState.values()];
          const seeded = all.filter(seededWithin);
          const states = seeded.length > 0 ? seeded : all;
          const where = split.states.length > 0 ? `, ${split.consumed.map((k) => `${k} values into a refill`).join(' / ')} (the refill splits these values)` : '';
          const searched = split.stopped
            ? 'runs of 3 on 62 cache alignments, the pair and the single value on one a refill splits'
            : 'every cache alignment: runs of 3 on 62, the pair and the single value on the 2 a refill splits';
          const odds = split.stopped ? ' — a state on the alignment not searched, or not seeded that early, fits these values only by a coincidence of about 2^-85' : '';
          return {
            states,
            complete: true,
            detail: `exact (s0 + s1) search on ${searched}${where}${seeded.length > 0 && all.length > seeded.length ? `; of the ${all.length} states that fit, the one${seeded.length > 1 ? 's' : ''} a V8 context seeded within its first 1,024 calls` : split.stopped ? '; the state a V8 context seeded within its first 1,024 calls' : ''}${odds}`,
          };
        }
      }
      // V8 14.4+ from a context's first call, where the 128-bit search cannot settle the values (2
      // full values: it needs a run of 3): the 2^22 states of the first two sums, each tried as the
      // context's seeded state (v8-seed.ts searchV8SumSeed; about 0.1 s). None seeded fits: below.
      if (options.fromStart === true && sumSeeded && options.seedWithin !== false && !r.complete) {
        const found = searchV8SumSeed(observed, variant);
        if (found?.complete && found.states.length > 0) {
          return {
            states: found.states,
            complete: true,
            detail: `the context's 64-bit seed ${found.seeds.map((x) => `0x${x}`).join(', ')} (V8 seeds a context's state as fmix64(seed), fmix64(~seed); every one of the about 2^${found.free} states its first two values allow tried as that state, so no other seed fits; values not from a context's first call fit a seeded state only by a chance of about 2^-${64 - found.free})`,
          };
        }
      }
      // V8 7.1 – 14.3 mid-stream, where the values leave the cache position (or the state) open:
      // the context's seed at each of its first V8_SEED_MAX_CALLS calls (v8-seed.ts). Kept only
      // when every call index was searched and each state found is one the search above lists.
      if (!options.fromStart && options.seedWithin !== false && (variant === 'v8-7.1-s0' || variant === 'v8-13.5-s0-53') && (r.undetermined > 0 || !r.complete || candidates.length !== 1)) {
        const within = searchV8SeedWithin(observed, variant);
        const horizon = observed.length + FUTURE_HORIZON;
        const listed = new Set(r.complete ? candidates.map((c) => emit('xorshift128plus', variant, c.state, horizon).map(doubleToHex).join()) : []);
        if (within?.complete && within.states.length > 0 && (!r.complete || within.states.every((st) => listed.has(emit('xorshift128plus', variant, st, horizon).map(doubleToHex).join())))) {
          const odds = Math.round(64 - Math.log2(within.tried * 2 ** within.free));
          const at = within.calls.map((k, i) => `0x${within.seeds[i]} at its call ${k + 1}`).join('; ');
          return {
            states: within.states,
            complete: true,
            callsBefore: Math.max(...within.calls),
            detail: `the context's 64-bit seed ${at} (V8 seeds a context's state as fmix64(seed), fmix64(~seed); every call index below ${within.tried} tried, up to 2^${within.free} states each — a state not seeded that early fits these values only by a coincidence of about 2^-${odds})`,
          };
        }
      }
      // JavaScriptCore mid-stream, where the values leave the state open (2 values): the realm's
      // 32-bit seed at each of its first JSC_SEED_MAX_CALLS calls (jsc-seed.ts), from the first two
      // consecutive full values; every seed found is checked on all the observations.
      if (!options.fromStart && options.seedWithin !== false && (variant === 'jsc' || variant === 'jsc-jit-sar') && (!r.complete || candidates.length !== 1)) {
        const within = searchJscSeedWithin(observed, variant);
        if (within?.complete) {
          // Each (seed, call) as the state before the first observation, checked on all of them;
          // one entry per distinct state.
          const byState = new Map<string, { seed: number; call: number; state: XorShift128PlusState }>();
          within.seeds.forEach((seed, i) => {
            const e = createXorshift({ seed, variant });
            e.skip(within.calls[i]!);
            const state = e.getState();
            if (!byState.has(state.join()) && fits(emit('xorshift128plus', variant, state, observed.length), observed)) byState.set(state.join(), { seed, call: within.calls[i]!, state });
          });
          const fitting = [...byState.values()];
          if (fitting.length > 0 && (!r.complete || fitting.every((x) => candidates.some((c) => c.state.join() === x.state.join())))) {
            // A pair shows 106 bits; 2^32 seeds at each call index could meet them by chance.
            const odds = Math.round(2 * LEVELS_JSC - 32 - Math.log2(within.tried));
            return {
              states: fitting.map((x) => x.state),
              complete: true,
              callsBefore: Math.max(...fitting.map((x) => x.call)),
              origins: new Map(fitting.map((x) => [x.state.join(), { state: createXorshift({ seed: x.seed, variant }).getState(), call: x.call }])),
              detail: `the realm's 32-bit seed ${fitting.map((x) => `${x.seed} at its call ${x.call + 1}`).join('; ')} (JavaScriptCore seeds each realm from one 32-bit number; every call index below ${within.tried} tried — a realm seeded otherwise, or more calls back, fits these values only by a coincidence of about 2^-${odds})`,
            };
          }
        }
      }
      // Complete only when the solver proves the candidates are every state that fits (a cache
      // position left unsettled could hide one that fits as well as the ones found).
      const sum = info.mapping.startsWith('sum');
      // Never "rank 128/128" beside "need more": a short position is named as such.
      // (V8 keeps a cache whose position is unknown; the other engines have a state only.)
      const what = info.cache ? `${r.undetermined} cache position(s)` : 'the state';
      const unsettled = `${what} not settled by these values`;
      const detail = r.outOfBudget
        ? `${what} not settled within the (s0 + s1) search's work budget of ${options.maxWork} work units`
        : r.searchCapped
          ? `${what} not settled: more states fit these buckets' linear bits than the search tries (2^25 work units, about 0.3–0.7 s)`
          : r.undetermined > 0
            ? unsettled
          : sum
            ? 'exact (s0 + s1) search'
            : `GF(2) rank ${r.rank}/128`;
      let need: number | undefined;
      // (The sums: also beside states found while other cache positions stay unsettled — how
      // many more values settle them, not "a few".)
      if (r.undetermined > 0 && (candidates.length === 0 || sum)) {
        if (sum) {
          // The exact search solves a run of consecutive values whose plan it can afford: 4 full
          // values (3 cost too much), 8 buckets of 2^16, 7 of 2^20, 12 of 2^11, 9 of 10^5 (recoverXorshift's
          // needValues, from the bits these observations pin); V8's backwards cache splits the
          // values at an unknown refill boundary, so 2·run − 1 give every position a run. A budget
          // that ran out: more values make the search cheaper.
          const runs = r.needValues ?? (info.cache?.order === 'desc' && !options.fromStart ? 7 : 4);
          // Already as many as a typical run needs: these values held no window the search
          // affords (⌊x·100⌋: 4 % of 40 from the start) — a quarter more usually brings one.
          need = runs > observed.length ? runs - observed.length : Math.ceil(observed.length / 4);
        } else {
          // Each missing rank needs about 1/equationsPerValue more values; one more for the check.
          // Buckets whose search hit its cap: the capped search settles once the buckets' linear
          // bits (prefixes and hulls) reach about rank 100 (⌊x·6⌋, 2 each: 51 values from the start, measured).
          need = r.searchCapped
            ? Math.ceil(Math.max(0, 100 - r.rank) / r.equationsPerValue) + 1
            : r.rank < 128
              ? Math.ceil((128 - r.rank) / r.equationsPerValue) + 1
              : Math.ceil(128 / r.equationsPerValue / 2) + 1;
          // From a context's first call the seed search settles once 2^V8_SEED_MAX_FREE states are left.
          if (seedFree !== undefined && r.equationsPerValue > 0) need = Math.min(need, Math.max(1, Math.ceil((seedFree - V8_SEED_MAX_FREE) / r.equationsPerValue)));
        }
      }
      // The count is of consecutive values: say so when unseen calls ('?') cut the runs short (a
      // UUID v4's y digit given as '?' rather than as its residue j%4).
      let longest = 0;
      for (let k = 0, run = 0; k < observed.length; k++) longest = Math.max(longest, (run = observed[k] === null ? 0 : run + 1));
      const gaps = need !== undefined && sum && observed.includes(null) && r.needValues !== undefined && longest < Math.min(r.needValues, observed.length);
      if (seededComplete) return { states: candidates.map((c) => c.state), detail: `exact (s0 + s1) search${seededNote}`, complete: true };
      return {
        states: candidates.map((c) => c.state),
        detail: (gaps ? `${detail}; runs of consecutive values count, and the longest here is ${longest} — each '?' starts a new run` : detail) + seededNote,
        complete: r.complete,
        ...(need ? { need } : {}),
      };
    },
  };
}

/** MWC eras from buckets, gaps or mixed values: the first generator only (see mwc-bucket.ts). */
function mwcBuckets(variant: string, full: (x: readonly number[]) => Solved): (o: readonly Observed[]) => Solved {
  return (o) => {
    if (o.every((x) => typeof x === 'number')) return full(o as number[]);
    // Three full values first fix both generators whatever follows (the final check holds it).
    const prefix = fullPrefix(o, 3);
    if (prefix) return full(prefix);
    const r = recoverMwcBuckets(o, variant);
    const bits = MWC_SHAPES[variant]!.w;
    if (r.impossible) return { states: [], detail: `an observation no output of ${variant} gives` };
    if (r.noPair) return { states: [], detail: '', unsupported: `${variant} from buckets or gaps needs two consecutive observed calls (the split search starts from a pair)` };
    if (r.work > MWC_MAX_WORK) {
      return { states: [], detail: '', unsupported: `the observations are too coarse: the best consecutive pair leaves about 2^${Math.log2(r.work).toFixed(1)} first-generator states to try (at most 2^${Math.log2(MWC_MAX_WORK)}); give finer buckets (n ≥ 64 for ${variant}) or full values` };
    }
    if (r.truncated) {
      // Each observation shows about min(log2 n, w) bits of the first generator's 32.
      const shown = o.map((x) => (x === null ? 0 : typeof x === 'number' ? bits : isResidue(x) ? 0 : Math.min(bits, Math.log2(x.n))));
      const per = shown.reduce((a, b) => a + b, 0) / Math.max(1, shown.filter((b) => b > 0).length);
      const need = Math.max(1, Math.ceil((32 - shown.reduce((a, b) => a + b, 0)) / per) + 1);
      return { states: [], detail: `more than ${MWC_MAX_STATES} first-generator states fit`, need };
    }
    return { states: [], firstGenerator: r.states, detail: `first generator's ${bits} visible bits per call, split search over ${Math.max(1, Math.ceil(r.work))} candidate${Math.ceil(r.work) > 1 ? 's' : ''}` };
  };
}

/**
 * Full values: the lattice (lcg-lattice.ts; the 2^22 search if it cannot settle them); buckets and
 * gaps: the hidden bits of the first seen value's state when they are at most 2^24 and few states
 * fit, else the lattice.
 */
function lcgSolve(observed: readonly Observed[]): Solved {
  if (observed.every((x) => typeof x === 'number')) {
    // The lattice settles full values in well under a millisecond; the 2^22 search stays as the fallback.
    const l = solveLcgLattice('spidermonkey-lcg', observed);
    if (l.complete) return { ...l, states: l.states.filter((s) => s[0] !== 0) };
    return { states: recoverLcg(observed as number[]).states, detail: '2^22 low-bit candidates searched' };
  }
  const r = recoverLcgPartial(observed);
  // Coarse buckets (dice, percentages, IDs): the lattice method, complete by enumeration.
  if (r.hidden > LCG_MAX_HIDDEN || r.truncated) {
    // SpiderMonkey reseeds at 0, so 0 is never a running state (the emulator refuses it).
    const l = solveLcgLattice('spidermonkey-lcg', observed);
    return { ...l, states: l.states.filter((s) => s[0] !== 0) };
  }
  return { states: r.states, detail: `2^${r.hidden} hidden bits searched, ${r.searched} fit the first seen value` };
}

function method(era: Pick<Era, 'package' | 'variant'>): Method | undefined {
  const v = era.variant!;
  switch (era.package) {
    case 'firefox-lcg':
      return { min: 1, solve: lcgSolve };
    case 'webkit-gamerand':
      return { min: 2, solve: fullValues((x) => ({ states: recoverGameRand(x).states, detail: 'two outputs fix the state' }), 2) };
    case 'v8-patched':
      return {
        min: 3,
        solve: (o) =>
          o.every((x) => typeof x === 'number')
            ? { states: recoverMwcPatched(o as number[]).states, detail: "r0's halves solved bit by bit for each of 2^16 values" }
            : { states: [], detail: '', unsupported: 'v8-patched XORs both generators into every output bit (r0 ^ r1), so buckets pin nothing of either alone: 2^64 states, no split; give full values' },
      };
    case 'v8-2015':
      if (v === 'v8-3.26-js' || v === 'v8-3.30-js') {
        return { min: 2, solve: mwcBuckets(v, (x) => ({ states: recoverMwcJs(x, v === 'v8-3.26-js' ? 18273 : 18030).states, detail: 'two outputs fix both carries' })) };
      }
      if (v === 'v8-3.11-cpp') return { min: 3, solve: mwcBuckets(v, (x) => ({ states: recoverMwcCpp(x).states, detail: 'low 18 bits split, 2 × 2^14 hidden carries met in the middle' })) };
      if (v === 'v8-4.8-constructdouble') return { min: 3, solve: mwcBuckets(v, (x) => ({ states: recoverMwcConstructDouble(x).states, detail: '2^20 hidden bits of the 36969 generator searched' })) };
      return undefined;
    case 'xorshift128plus':
      return xorshiftMethod(v);
    case 'v8-mwc-cpp':
      if (v === 'v8-3.21-cpp') return { min: 3, solve: mwcBuckets(v, (x) => ({ states: recoverMwcCpp(x).states, detail: 'as V8 3.11 random_base: low 18 bits split, 2 × 2^14 hidden carries met in the middle' })) };
      return historyMethod(era.package, v, mwcBuckets);
    default:
      return era.package ? historyMethod(era.package, v, mwcBuckets) : undefined;
  }
}

/** Generates `count` values from an emulator of `variant` created at `state`. */
function emit(pkg: string, variant: string, state: readonly (number | string)[], count: number): number[] {
  const e = createEngine(pkg, { state: [...state], variant: variant as VariantId });
  return Array.from({ length: count }, () => e.random());
}

/**
 * The `count` values an engine produced before the first observation, given the state just
 * before it: rewind (every generator here is invertible but jsc-jit-sar's), then generate
 * forwards. `history`: the calls known to have come before the first observation (the values
 * asked for).
 */
function previousValues(pkg: string, variant: string, state: readonly (number | string)[], observed: readonly Observed[], count: number, history = count): number[] | { ambiguousAt: number; nan?: boolean } {
  if (count === 0) return [];
  if (variant === 'jsc-jit-sar') return sarPreviousValues(state, count, history);
  const info = XS_VARIANTS.find((x) => x.id === variant);
  let earlier: (number | string)[];
  if (pkg === 'xorshift128plus') {
    const s = new Int32Array(4);
    const words = (a: string | number, b: string | number) => s.set([...u64FromBigInt(BigInt(a)), ...u64FromBigInt(BigInt(b))]);
    const hex = (hi: number, lo: number) => `0x${u64ToHex(hi, lo)}`;
    if (!info!.cache) {
      words(state[0]!, state[1]!);
      for (let i = 0; i < count; i++) xorshift128StepBack(s);
      return emit(pkg, variant, [hex(s[0]!, s[1]!), hex(s[2]!, s[3]!)], count);
    }
    const per = info!.cache.perRefill;
    // The state V8 stored after a refill (the last refill's, or, in a 5-word state, the one
    // before it: that refill canonicalised a NaN word). V8 5.6–7.0 stored the words as doubles
    // and turned every NaN pattern into the canonical NaN (bug 8212): a stored state with a NaN
    // word is either that canonical NaN — the refill after it is the engine's, but any NaN
    // pattern may have been stored as it, so the history before it is not known — or one V8
    // never stored (the refill after it is not known either). Rewinding stops there; the values
    // before are not known (never guessed: the linear rewind would invent them).
    const nanKind = (): 'none' | 'canonical' | 'never' => {
      if (!info!.cache!.canonicalizesNaN) return 'none';
      const w = [[s[0]!, s[1]!], [s[2]!, s[3]!]].filter(([hi, lo]) => isNaNPattern(hi!, lo!));
      return w.length === 0 ? 'none' : w.every(([hi, lo]) => isCanonicalNaN(hi!, lo!)) ? 'canonical' : 'never';
    };
    if (state.length === 5) words(state[3]!, state[4]!);
    else words(state[0]!, state[1]!);
    const here = nanKind();
    if (here === 'never') return { ambiguousAt: -1, nan: true };
    let start = s.slice();
    let cut = here === 'canonical';
    const refills = Math.ceil(count / per) + 2;
    for (let k = 0; k < refills && !cut; k++) {
      for (let i = 0; i < per; i++) xorshift128StepBack(s);
      const kind = nanKind();
      if (kind !== 'never') start = s.slice();
      cut = kind !== 'none';
    }
    earlier = [hex(start[0]!, start[1]!), hex(start[2]!, start[3]!), 0];
    // Generate forwards from that refill boundary and find where the observations start.
    let run: number[];
    try {
      run = emit(pkg, variant, earlier, (refills + 1) * per + observed.length);
    } catch (e) {
      if (e instanceof InvalidStateError) return { ambiguousAt: -1, nan: true };
      throw e;
    }
    // The values the state produces for the observed window, in full (observations may be buckets).
    const key = emit(pkg, variant, state, observed.length).map(doubleToHex).join();
    for (let i = 0; i + observed.length <= run.length; i++) {
      if (run.slice(i, i + observed.length).map(doubleToHex).join() !== key) continue;
      if (i >= count) return run.slice(i - count, i);
      // Only the nearest i values lie after the refill where the rewind stopped.
      return { ambiguousAt: i, nan: true };
    }
    // The window not met again: nothing before it is claimed.
    return { ambiguousAt: -1, nan: true };
  }
  const h = historyPrevious(pkg, variant, state, count);
  if (h !== undefined && !Array.isArray(h)) return h;
  if (h !== undefined) {
    earlier = h;
  } else if (pkg === 'firefox-lcg') {
    let x = state[0] as number;
    for (let i = 0; i < 2 * count; i++) x = lcg48StepBack(x);
    earlier = [x];
  } else if (pkg === 'webkit-gamerand') {
    let [low, high] = state as number[];
    for (let i = 0; i < count; i++) {
      // advance: high' = rotl16(high) + low; low' = low + high'
      const lowPrev = (low! - high!) >>> 0;
      const rot = (high! - lowPrev) >>> 0;
      high = ((rot >>> 16) | (rot << 16)) >>> 0;
      low = lowPrev;
    }
    earlier = [low!, high!];
  } else {
    // The recovered state itself was chosen by a step back from the state after observation 0 and
    // its output is the first previous value; back-steps 1 … count − 1 choose the states whose
    // outputs are wanted; the last one only the state they step from (every predecessor steps to
    // the same state), so it cannot mislead.
    const back = (a: number, x: number, i: number) => {
      if (i === 0 && mwcStateIsAmbiguous(a, x)) throw new AmbiguousPast(0);
      if (i < count - 1 && mwcBackIsAmbiguous(a, x)) throw new AmbiguousPast(i + 1);
      return mwcStepBack(a, x);
    };
    try {
      // Four 16-bit words [a, b, c, d] (v8-patched, v8-4.8-constructdouble) or two 32-bit words.
      if (pkg === 'v8-patched' || variant === 'v8-4.8-constructdouble') {
        let g1 = ((state[1] as number) * 0x10000 + (state[0] as number)) >>> 0;
        let g2 = ((state[3] as number) * 0x10000 + (state[2] as number)) >>> 0;
        for (let i = 0; i < count; i++) {
          g1 = back(18030, g1, i);
          g2 = back(36969, g2, i);
        }
        earlier = [g1 & 0xffff, g1 >>> 16, g2 & 0xffff, g2 >>> 16];
      } else {
        let [g1, g2] = state as number[];
        for (let i = 0; i < count; i++) {
          g1 = back(variant === 'v8-3.30-js' ? 18030 : 18273, g1!, i);
          g2 = back(36969, g2!, i);
        }
        earlier = [g1!, g2!];
      }
    } catch (e) {
      if (e instanceof AmbiguousPast) return { ambiguousAt: e.at };
      throw e;
    }
  }
  return emit(pkg, variant, earlier, count);
}

/**
 * jsc-jit-sar's step has two predecessors for every state it reaches; the one with state0 below
 * 2^63 is the engine's when two calls came before it (xorshift128SarStep). The value k back is
 * the output of the step into the state k − 1 steps back, so it is known when every state up
 * to k − 2 steps back had two calls before it: k < history. The earliest of `history` is not.
 * (`sarReachable` has dropped the states `history` calls could not have led to.)
 */
function sarPreviousValues(state: readonly (number | string)[], count: number, history: number): number[] | { ambiguousAt: number } {
  if (count >= history) return { ambiguousAt: history - 1 };
  const s = Int32Array.from([...u64FromBigInt(BigInt(state[0]!)), ...u64FromBigInt(BigInt(state[1]!))]);
  for (let j = 1; j <= count; j++) {
    // The last step back (j = count) may pick either: both step to the same state, so to the same values.
    const t = s.slice();
    xorshift128SarStepBack(t);
    if (t[0]! < 0) xorshift128SarStepBack(s, true);
    else s.set(t);
  }
  return emit('xorshift128plus', 'jsc-jit-sar', [`0x${u64ToHex(s[0]!, s[1]!)}`, `0x${u64ToHex(s[2]!, s[3]!)}`], count);
}

/** Whether `history` calls of jsc-jit-sar can have led to the state: after one, state1 is below 2^63; after two, both words. */
function sarReachable(state: readonly (number | string)[], history: number): boolean {
  const [s0, s1] = state.map((w) => BigInt(w));
  return (history < 1 || s1! < 2n ** 63n) && (history < 2 || s0! < 2n ** 63n);
}

class AmbiguousPast extends Error {
  constructor(readonly at: number) {
    super(`two states fit ${at} values back`);
  }
}

/** Whether values the engine produced agree with every observation. */
function fits(values: readonly number[], observed: readonly Observed[]): boolean {
  return observed.every((o, i) => matches(values[i]!, o));
}

/**
 * Recovers the engine named by a registry id from observations (full values, buckets
 * Math.floor(x · n) or null for unseen calls), then predicts `next` and `previous` values.
 * When several states fit and every one of them is known, the result is `partial`: the values
 * on which all agree, null for the others (see PredictOptions.bucket).
 */
export function predict(engineId: string, observed: readonly Observed[], next: number, previous: number, options: PredictOptions = {}): Outcome {
  const r = resolveEngine(engineId);
  const era = r.era ?? (r.node ? { package: r.node.package, variant: r.node.variant } : undefined) ?? defaultEra(engineId);
  const variant = era.variant ?? engineId;
  const m = method(era);
  if (!m) return { kind: 'unsupported', variant, note: `recovery for ${variant} is not implemented` };
  if (observed.length > MAX_OBSERVATIONS) return { kind: 'unsupported', variant, note: `${observed.length} observations is more than the ${MAX_OBSERVATIONS} recovery takes (it needs a few hundred at most); give the first ${MAX_OBSERVATIONS} or fewer` };
  // A seed date replaces the state search (the seed search needs one observation).
  if (observed.length < m.min && options.near === undefined) {
    const need = (m.full ?? m.min) - observed.length;
    return { kind: 'insufficient', variant, need, note: `not enough data: need about ${need} more values` };
  }
  // From the start of a realm nothing came before the first observation.
  const back = options.fromStart || options.near !== undefined ? 0 : previous;
  if (options.near !== undefined && variant !== 'jscript-lcg' && variant !== 'v8-0.1-glibc') {
    return { kind: 'unsupported', variant, note: `a seed date (near) applies to IE 6–8 (ie@6 … ie@8, variant jscript-lcg) and V8 ≤ 1.2.7 with glibc (v8-libc, variant v8-0.1-glibc), which seed from the millisecond clock; ${variant} does not` };
  }
  const solved =
    options.near === undefined
      ? m.solve(observed, options)
      : variant === 'v8-0.1-glibc'
        ? glibcSeedSolve(observed, options.near, options.window ?? 3_600_000)
        : ieSeedSolve(observed, options.near, options.window ?? 86_400_000);
  // A seed found mid-stream says where the realm began: no value came before its first call.
  if (solved.callsBefore !== undefined && solved.callsBefore < back) {
    const made = solved.callsBefore;
    const r = outcome(era, variant, solved, observed, next, made, options);
    return r.kind === 'ok' || r.kind === 'partial' ? { ...r, note: `${r.note}; ${made === 0 ? 'the first observed value was the realm\'s first call: no value came before it' : `the realm made ${made} call${made === 1 ? '' : 's'} before the first observed value, so only ${made === 1 ? 'that one is' : `those ${made} are`} shown before it`}` } : r;
  }
  return outcome(era, variant, solved, observed, next, back, options);
}

/** What a solve's states say of the requested calls: predict()'s answer. */
function outcome(era: Pick<Era, 'package' | 'variant'>, variant: string, solved: Solved, observed: readonly Observed[], next: number, back: number, options: PredictOptions): Outcome {
  if (solved.searchedNothing) return { kind: 'inconsistent', variant, note: solved.detail };
  const { detail, need } = solved;
  // The values before observation 0: from the realm's first state when a seed names it (exact
  // where rewinding has two predecessors: jsc-jit-sar), else rewound.
  const fromOrigin = (s: readonly (number | string)[], count: number): number[] | undefined => {
    const o = solved.origins?.get(s.join());
    return o && count <= o.call ? emit(era.package!, variant, o.state, o.call).slice(o.call - count) : undefined;
  };
  const pastOf = (s: readonly (number | string)[], count: number) => fromOrigin(s, count) ?? previousValues(era.package!, variant, s, observed, count);
  const knownPastOf = (s: readonly (number | string)[], count: number) => fromOrigin(s, count) ?? knownPast(era.package!, variant, s, observed, count);
  if (solved.unsupported) return { kind: 'unsupported', variant, note: `${solved.unsupported}` };
  if (solved.spans) {
    const s = solved.spans.of(next, back);
    if (!s) return { kind: 'inconsistent', variant, note: noState(variant, detail) };
    const r = consensus(variant, [s], observed.length, next, back, options, detail, s.what);
    // nothing asked for is fixed yet: more values are what helps
    return r.kind === 'ambiguous' && need ? { kind: 'insufficient', variant, need, note: `not enough data (${detail}): none of the requested values is fixed yet; need about ${need} more values` } : r;
  }
  if (solved.firstGenerator) return consensus(variant, firstGeneratorRuns(variant, solved.firstGenerator, observed, next, back), observed.length, next, back, options, detail, true);
  // Every candidate must reproduce every observation, bit for bit (or bucket for bucket).
  const states = solved.states.filter((st) => fits(emit(era.package!, variant, st, observed.length), observed) && (variant !== 'jsc-jit-sar' || sarReachable(st, back)));
  if (states.length === 0) {
    return need
      ? { kind: 'insufficient', variant, need, note: `not enough data (${detail}): need about ${need} more values` }
      : { kind: 'inconsistent', variant, note: noState(variant, detail) };
  }
  // Distinct futures only: several internal states can predict the same sequence.
  // States are told apart by what they say of the requested calls on both sides: two cache
  // positions can share the next values and differ in the previous ones (a window at the start
  // of a refill), so the past is part of the key, never only the future.
  const futures = new Map<string, readonly (number | string)[]>();
  for (const s of states) {
    const past = back > 0 ? pastOf(s, back) : [];
    const pastKey = Array.isArray(past) ? past.map(doubleToHex).join() : `ambiguous at ${past.ambiguousAt}`;
    futures.set(`${emit(era.package!, variant, s, observed.length + Math.max(next, FUTURE_HORIZON)).map(doubleToHex).join()}|${pastKey}`, s);
  }
  if (futures.size > 1) {
    if (solved.complete === false) {
      return { kind: 'ambiguous', variant, count: futures.size, note: `ambiguous: at least ${futures.size} states fit (${detail}); ${moreValues(variant, observed.length, need)}` };
    }
    const runs: Run[] = [...futures.values()].map((s) => {
      const run = emit(era.package!, variant, s, observed.length + next).slice(observed.length);
      return { next: run.map((x): Span => [x, x]), previous: knownPastOf(s, back).map((x): Span => (x === null ? null : [x, x])) };
    });
    return consensus(variant, runs, observed.length, next, back, options, detail, false);
  }
  if (solved.complete === false) {
    return { kind: 'ambiguous', variant, count: futures.size + 1, note: `ambiguous: one state fits, but others may (${detail}); ${moreValues(variant, observed.length, need)}` };
  }
  const state = states[0]!;
  const run = emit(era.package!, variant, state, observed.length + next);
  const past = pastOf(state, back);
  if (!Array.isArray(past) && past.ambiguousAt < 0) {
    const previous = new Array<null>(back).fill(null);
    return withBuckets({ kind: 'partial', variant, count: 1, next: run.slice(observed.length), previous, note: `${detail}; the previous values are not known: rewinding reaches a state word V8 would have canonicalised (a NaN pattern), where the engine's history leaves the linear model` }, options.bucket);
  }
  if (!Array.isArray(past) && past.nan) {
    const k = past.ambiguousAt;
    return withBuckets(
      {
        kind: 'partial',
        variant,
        count: 1,
        next: run.slice(observed.length),
        previous: knownPastOf(state, back),
        note: `${detail}; ${k === 1 ? 'only the nearest previous value is' : `only the nearest ${k} previous values are`} known: rewinding further crosses a refill whose stored state holds a NaN word (V8 5.6–7.0 stored any NaN pattern as the canonical NaN), where the engine's history leaves the linear model`,
      },
      options.bucket,
    );
  }
  if (!Array.isArray(past)) {
    const k = past.ambiguousAt;
    return withBuckets({
      kind: 'partial',
      variant,
      count: 2,
      next: run.slice(observed.length),
      previous: knownPastOf(state, back),
      note: `${detail}; 2 states fit ${k === 0 ? 'the value' : `${k + 1} values`} before the first observed one (${variant === 'jsc-jit-sar' ? 'JavaScriptCore\'s JIT step forgets a direction of the state, so every state has two predecessors; the one below 2^63 is the engine\'s only when two calls came before it' : 'an MWC1616 half whose carry equals its multiplier, as only just after seeding'}): ${k === 0 ? 'no previous value is' : k === 1 ? 'only the nearest previous value is' : `only the nearest ${k} previous values are`} known`,
    }, options.bucket);
  }
  return { kind: 'ok', variant, state, next: run.slice(observed.length), previous: past, note: detail };
}

/**
 * The `back` values before observation 0 (oldest first) that one state fixes: all of them, or the
 * nearest ones up to where a step back has two predecessors, null before that.
 */
function knownPast(pkg: string, variant: string, state: readonly (number | string)[], observed: readonly Observed[], back: number): (number | null)[] {
  const past = previousValues(pkg, variant, state, observed, back);
  if (Array.isArray(past)) return past;
  const k = past.ambiguousAt;
  const near = k > 0 ? previousValues(pkg, variant, state, observed, k, back) : [];
  return [...new Array<null>(back - (Array.isArray(near) ? near.length : 0)).fill(null), ...(Array.isArray(near) ? near : [])];
}

/** A value's possible range: [x, x] when exact; null when not known at all. */
type Span = readonly [number, number] | null;

/** What one fitting state says of the requested calls (previous: nearest first, as run backwards). */
interface Run {
  next: Span[];
  /** In output order (earliest first), like Outcome.previous. */
  previous: Span[];
}

/** The MWC first-generator states as runs of intervals (the second generator is unknown). */
function firstGeneratorRuns(variant: string, states: readonly number[], observed: readonly Observed[], next: number, back: number): Run[] {
  return states.map((x) => ({
    next: mwcIntervals(variant, x, observed.length + next).slice(observed.length),
    previous: mwcIntervalsBefore(variant, x, back).reverse(),
  }));
}

/**
 * The values all runs agree on (null elsewhere), as a whole and in buckets: `ok` when they
 * agree on everything exactly, `partial` when on something, `ambiguous` when on nothing asked.
 */
function consensus(variant: string, runs: readonly Run[], seen: number, next: number, back: number, options: PredictOptions, detail: string, firstGenerator: boolean | string): Outcome {
  if (runs.length === 0) return { kind: 'inconsistent', variant, note: noState(variant, detail) };
  const agree = (pick: (r: Run) => Span[], len: number, key: (s: readonly [number, number]) => number | null): (number | null)[] =>
    Array.from({ length: len }, (_, i) => {
      let v: number | null = null;
      for (const r of runs) {
        const s = pick(r)[i];
        const k = s ? key(s) : null;
        if (k === null || (v !== null && !Object.is(k, v))) return null;
        v = k;
      }
      return v;
    });
  const exact = (s: readonly [number, number]) => (s[0] === s[1] ? s[0] : null);
  const n = options.bucket;
  const inBucket = (s: readonly [number, number]) => {
    const a = Math.floor(s[0] * n!);
    return a === Math.floor(s[1] * n!) ? a : null;
  };
  const nextV = agree((r) => r.next, next, exact);
  const prevV = agree((r) => r.previous, back, exact);
  const buckets = n ? { n, next: agree((r) => r.next, next, inBucket), previous: agree((r) => r.previous, back, inBucket) } : undefined;
  const shown = buckets ?? { next: nextV, previous: prevV };
  const known = [...shown.next, ...shown.previous].filter((x) => x !== null).length;
  const count = runs.length;
  const what = typeof firstGenerator === 'string' ? firstGenerator : firstGenerator ? `${count} first-generator state${count === 1 ? ' fits' : 's fit'} (the second generator is not seen)` : `${count} states fit`;
  // Full values from a complete list whose states each print a different next value: that one
  // value tells them apart (the twins of (s0 + s1) >> 11 at 3 values, for instance).
  const firstNext = n || next === 0 ? [] : runs.map((r) => (r.next[0] ? exact(r.next[0]) : null));
  const oneMore = firstNext.length > 1 && firstNext.every((x) => x !== null) && new Set(firstNext.map((x) => doubleToHex(x!))).size === count;
  const more = oneMore ? 'give the next value: each of them prints a different one there' : 'give more values';
  if (known === 0 && next + back > 0) return { kind: 'ambiguous', variant, count, note: `ambiguous: ${what} and ${count === 1 ? 'it fixes' : 'they agree on'} none of the requested values (${detail}); ${more}` };
  const first = shown.next.length ? shown.next[0] : shown.previous[shown.previous.length - 1];
  const note = `${what}; ${known} of ${next + back} requested values agree in all of them (${detail})${first === null ? `; the first requested one does not${oneMore ? ` (${more})` : ''}` : ''}`;
  return { kind: 'partial', variant, count, next: nextV, previous: prevV, ...(buckets ? { buckets } : {}), note };
}

/** A one-state partial answer with its buckets when the caller judges on ⌊x · n⌋ (as consensus gives them). */
function withBuckets(o: Extract<Outcome, { kind: 'partial' }>, n: number | undefined): Outcome {
  if (!n) return o;
  const of = (xs: readonly (number | null)[]) => xs.map((x) => (x === null ? null : Math.floor(x * n)));
  return { ...o, buckets: { n, next: of(o.next), previous: of(o.previous) } };
}

/** The sum bits a JavaScriptCore value shows. */
const LEVELS_JSC = 53;
/**
 * States are told apart by this many values after the window at least ("N states fit" counts
 * distinct futures: it must not depend on how many values were asked for).
 */
const FUTURE_HORIZON = 256;
/** Candidates the node 26 / Chromium mid-stream search lists at most: 64 states at each of 64 cache positions. */
const SUM_MID_MAX_CANDIDATES = 4096;

/**
 * "No state explains these values", and for V8 5.6–7.0 the one way genuine output gets there: a
 * refill inside the window that stored a NaN-pattern state word as the canonical NaN (bug 8212).
 */
function noState(variant: string, detail: string): string {
  const nan = XS_VARIANTS.find((x) => x.id === variant)?.cache?.canonicalizesNaN;
  return `no state of ${variant} explains these values (${detail})${nan ? '; genuine output gets here only when a refill inside the window stored a NaN-pattern state word as the canonical NaN (V8 5.6–7.0, about 1 refill in 1,000): the values after that refill recover on their own' : ''}`;
}

/**
 * What an unsettled "ambiguous" asks for: about `need` more values when the solver estimated it
 * (the sums: recoverXorshift's needValues), and with V8's cache why — it hides where a refill
 * starts until the values cross one, and values that already cross one may leave positions
 * unsettled only because their searches cost too much (coarse buckets split unevenly by the
 * refill): more values settle those.
 */
function moreValues(variant: string, seen: number, need: number | undefined): string {
  const per = XS_VARIANTS.find((x) => x.id === variant)?.cache?.perRefill;
  if (!per || seen > per) return need ? `give about ${need} more values` : 'give more values';
  return need
    ? `give about ${need} more values (a window crossing one of V8's ${per}-value refills fixes the position; if this one does not cross one, up to ${Math.max(per + 1 - seen, need)} more)`
    : `give more values (a window crossing one of V8's ${per}-value refills fixes the position: a few more values if this one crosses one, at most ${per + 1 - seen} if it does not)`;
}

function defaultEra(id: string): Pick<Era, 'package' | 'variant'> {
  const e = createEngine(id, { seed: 1 });
  return { package: e.engine as Era['package'], variant: e.variant as VariantId };
}

/** One row of identify(): a group of registry eras with the same output function, and whether the observations fit it. */
export interface Identification {
  /** The first era of the group, as `family@from…<to`. */
  readonly id: string;
  readonly variant: string;
  /** Every registry era whose output is the same function of the state as this one's (they cannot be told apart by values). */
  readonly eras: readonly string[];
  /** The emulator variants of those eras. */
  readonly variants: readonly string[];
  /**
   * explains: a state of this engine reproduces every observation; cannot: none can (by the
   * values' precision or by the recovery); insufficient: too few values to decide; ambiguous:
   * states fit but are not all known; unsupported: no recovery for this engine or input.
   */
  readonly verdict: 'explains' | 'cannot' | 'ambiguous' | 'insufficient' | 'unsupported';
  readonly note: string;
}

/** Smallest k with x · 2^k an integer (the bits after the binary point a value needs). */
function bitsNeeded(x: number): number {
  let k = 0;
  while (!Number.isInteger(x * 2 ** k) && k < 1100) k++;
  return k;
}

/**
 * Generators in different packages with the same output function: JScript (IE 6–8) = Chakra (they
 * differ in seeding only), SpiderMonkey 1.5–1.8's runtime LCG (Firefox 1–3) = SpiderMonkey ≤ 44 and
 * Rhino (java.util.Random#nextDouble), V8 3.21's random_base (Chrome 31–32) = V8 3.11's.
 */
const SAME_OUTPUT: Readonly<Record<string, string>> = {
  'jscript-lcg/jscript-lcg': 'jscript-lcg/chakra-lcg',
  'netscape-lcg/spidermonkey-runtime': 'firefox-lcg/spidermonkey-lcg',
  'v8-mwc-cpp/v8-3.21-cpp': 'v8-2015/v8-3.11-cpp',
};

/** Eras with the same output function share a key: mapping and, for V8's cache, its size when handed out backwards. */
function outputKey(e: Era): string {
  if (e.package !== 'xorshift128plus') return SAME_OUTPUT[`${e.package}/${e.variant}`] ?? `${e.package}/${e.variant}`;
  const v = XS_VARIANTS.find((x) => x.id === e.variant)!;
  return `xs/${v.mapping}/${v.cache?.order === 'desc' ? v.cache.perRefill : 'stream'}`;
}

/**
 * Bits after the binary point an era's values can need, where that is not its precisionBits
 * (the fixed-point engines: a multiple of 2^-precisionBits). Hermes divides in floating point:
 * mt19937_64's x / 2^64 keeps all 64 bits below 2^-11 (x < 2^53 converts exactly), and
 * minstd's ((x1 − 1) + (x2 − 1)·R) / fl(R²) is rounded to 53 significant bits at any magnitude,
 * so a small value can need any number of them (no test).
 */
const FRACTION_BITS: Readonly<Record<string, number>> = {
  'hermes-mt64-libcxx': 64,
  'hermes-mt64-libstdcxx': 64,
  'hermes-minstd': Infinity,
};

/**
 * identify's work budget for the exact (s0 + s1) search, in planned work units (sum-chain.ts's
 * cost model): one run of 5 consecutive values of `(s0 + s1) >> 11` plans about 1.9 · 10^6, a run
 * of 4 about 5.7 · 10^6 (the low 52 / 53-bit sums: 0.3 · 10^6 and 1.4 · 10^6).
 * Cache positions past the budget stay unsettled: the family is then 'insufficient' (no state
 * found) or 'explains' (one found), never ruled out or named on a guess.
 */
export const IDENTIFY_MAX_WORK = 2 ** 22;

/**
 * Registered variants no era of the registry names, so identify would never weigh them: a
 * measured build's own variant (Bun 0.6 … 1.3.5: `jsc-jit-sar`, JavaScriptCore's JIT thunk with
 * arithmetic shifts, recovered as the other xorshift128+ variants) and a package's variant no era
 * picks (`v8-libc`'s glibc one: the Linux builds of V8 ≤ 1.2.7; the era is Chrome's, on Windows;
 * recovered from 31 consecutive values and more, so from a few its row says `insufficient`). Each
 * gets its row, never read as ruled out.
 */
function unnamedVariants(covered: ReadonlySet<string>): { base: { id: string; variant: VariantId; eras: string[]; variants: VariantId[] }; engine: string; has: number }[] {
  const byVariant = new Map<string, EmbedderRelease[]>();
  for (const b of EMBEDDER_RELEASES) {
    if (covered.has(`${b.package}/${b.variant}`)) continue;
    byVariant.set(`${b.runtime}/${b.variant}`, [...(byVariant.get(`${b.runtime}/${b.variant}`) ?? []), b]);
  }
  const out = [...byVariant.values()].map((builds) => {
    const ids = builds.map((b) => `${b.runtime}@${b.version}`);
    const era = resolveEngine(ids[0]!).era;
    const variant = builds[0]!.variant as VariantId;
    return { base: { id: `${ids[0]}…${builds[builds.length - 1]!.version}`, variant, eras: ids, variants: [variant] }, engine: ids[0]!, has: era?.precisionBits ?? 53 };
  });
  // glibc random() twice: (hi + lo / 2^31) / 2^31, 62 bits after the point at most.
  if (!covered.has('v8-libc/v8-0.1-glibc')) out.push({ base: { id: 'v8-libc (V8 ≤ 1.2.7 on Linux, glibc)', variant: 'v8-0.1-glibc', eras: ['v8-libc'], variants: ['v8-0.1-glibc'] }, engine: 'v8-libc', has: 62 });
  return out;
}

/**
 * Which registered engine eras can explain the observations, and which cannot. Cheap tests
 * first: a value that needs more bits after the binary point than an engine's doubles have
 * rules that engine out (32-bit MWC and GameRand values are multiples of 2^-32, the 52-bit
 * mappings of 2^-52); recovery runs only for the engines left, once per group of eras whose
 * output is the same function of the state.
 */
export function identify(observed: readonly Observed[], options: PredictOptions = {}): Identification[] {
  const bounded = { ...options, maxWork: options.maxWork ?? IDENTIFY_MAX_WORK, seedWithin: false };
  const groups = new Map<string, Era[]>();
  for (const e of ERAS) {
    if (!e.package || !e.variant) continue;
    const k = outputKey(e);
    groups.set(k, [...(groups.get(k) ?? []), e]);
  }
  // A group shared across packages (SAME_OUTPUT) is named by its canonical era (firefox-lcg, chakra-lcg, v8-3.11-cpp).
  for (const [k, eras] of groups) {
    const i = eras.findIndex((e) => `${e.package}/${e.variant}` === k);
    if (i > 0) groups.set(k, [eras[i]!, ...eras.slice(0, i), ...eras.slice(i + 1)]);
  }
  const full = observed.filter((o): o is number => typeof o === 'number');
  const need = full.reduce((m, x) => Math.max(m, bitsNeeded(x)), 0);
  const name = (e: Era) => `${e.family}@${e.from}${e.to ? `…<${e.to}` : '…'}`;
  // Each group: its row's naming, the id predict resolves to it, the bits after the binary point its values have.
  const rows = [...groups.values()].map((eras) => {
    const e = eras[0]!;
    const base = { id: name(e), variant: e.variant!, eras: eras.map(name), variants: [...new Set(eras.map((x) => x.variant!))] };
    return { base, engine: `${e.family}@${e.from}`, has: FRACTION_BITS[e.variant!] ?? e.precisionBits };
  });
  rows.push(...unnamedVariants(new Set(ERAS.map((e) => `${e.package}/${e.variant}`))));
  const out: Identification[] = [];
  for (const { base, engine, has } of rows) {
    if (need > has) {
      out.push({ ...base, verdict: 'cannot', note: `a value needs ${need} bits after the binary point; ${base.variant} gives ${has}` });
      continue;
    }
    const r = predict(engine, observed, 1, 0, bounded);
    // Ambiguous: states fit, only not all of them are known — the engine explains the values.
    const verdict = r.kind === 'ok' || r.kind === 'partial' || r.kind === 'ambiguous' ? 'explains' : r.kind === 'inconsistent' ? 'cannot' : r.kind;
    out.push({ ...base, verdict, note: r.note });
  }
  // What would separate the engines that are left.
  const open = out.filter((r) => r.verdict !== 'cannot' && r.verdict !== 'unsupported');
  if (open.length > 1) {
    for (let i = 0; i < out.length; i++) {
      const r = out[i]!;
      if (r.verdict === 'cannot' || r.verdict === 'unsupported') continue;
      const others = open.filter((o) => o.id !== r.id).map((o) => o.variant).join(', ');
      out[i] = { ...r, note: `${r.note}; not yet separated from ${others}: more values decide` };
    }
  }
  return out;
}

/**
 * What `compare predict` prints for an outcome: the previous values, an empty line, the next
 * values, one per line, `?` where the fitting states disagree; and its exit code — 0 when the
 * first requested value is known, 3 otherwise (with the note on stderr).
 * `show` formats a full value (hex or decimal); with `bucket`, values print as ⌊x · n⌋.
 */
export function renderPrediction(r: Outcome, show: (x: number) => string, bucket?: number): { out: string; err: string; code: number } {
  if (r.kind !== 'ok' && r.kind !== 'partial') return { out: '', err: r.note, code: 3 };
  const cell = (x: number | null) => (x === null ? '?' : bucket ? String(Math.floor(x * bucket)) : show(x));
  let prev: string[];
  let next: string[];
  if (r.kind === 'ok') {
    prev = r.previous.map(cell);
    next = r.next.map(cell);
  } else if (bucket && r.buckets) {
    prev = r.buckets.previous.map((b) => (b === null ? '?' : String(b)));
    next = r.buckets.next.map((b) => (b === null ? '?' : String(b)));
  } else {
    prev = r.previous.map(cell);
    next = r.next.map(cell);
  }
  const out = [...prev, '', ...next].join('\n') + '\n';
  if (r.kind === 'ok') return { out, err: '', code: 0 };
  const first = next.length ? next[0] : prev[prev.length - 1];
  return { out, err: r.note, code: first !== undefined && first !== '?' ? 0 : 3 };
}
