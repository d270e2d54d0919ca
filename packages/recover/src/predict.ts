/**
 * Recovery → prediction for every registry id: parse observations, pick the method that fits
 * the engine's algorithm, and produce the next and previous values — or say why not
 * ("not enough data", "ambiguous: N states fit", "no state explains these values").
 */
import { doubleToHex, lcg48StepBack } from '@emu/core';
import { ERAS, type Era, type VariantId, createEngine, resolveEngine } from '@emu/engines';
import { VARIANTS as XS_VARIANTS, xorshift128StepBack } from '@emu/xorshift128plus';
import { type Observed, matches } from './observe.js';
import { LCG_MAX_HIDDEN, LCG_MAX_STATES, recoverLcgPartial } from './lcg-partial.js';
import { recoverGameRand, recoverLcg, recoverMwcConstructDouble, mwcBackIsAmbiguous, mwcStepBack, recoverMwcCpp, recoverMwcJs, recoverMwcPatched } from './small.js';
import { recoverXorshift } from './xorshift.js';

export type Outcome =
  | { kind: 'ok'; variant: string; state: readonly (number | string)[]; next: number[]; previous: number[]; note: string }
  | { kind: 'ambiguous'; variant: string; count: number; note: string }
  | { kind: 'insufficient'; variant: string; need: number; note: string }
  | { kind: 'inconsistent'; variant: string; note: string }
  | { kind: 'unsupported'; variant: string; note: string };

interface Solved {
  states: (readonly (number | string)[])[];
  detail: string;
  /** No state found, but more values could still determine one: about this many. */
  need?: number;
  /** This engine's recovery cannot use observations of this kind. */
  unsupported?: string;
}

interface Method {
  /** Full values needed at the least (recovery from fewer is not attempted). */
  min: number;
  solve(observed: readonly Observed[]): Solved;
}

/** The older generators' searches take full values only. */
function fullValues(solve: (x: readonly number[]) => Solved): (o: readonly Observed[]) => Solved {
  return (o) => (o.every((x) => typeof x === 'number') ? solve(o as number[]) : { states: [], detail: '', unsupported: 'this recovery needs every value in full (no buckets or gaps)' });
}

function xorshiftMethod(variant: string): Method {
  const info = XS_VARIANTS.find((x) => x.id === variant)!;
  return {
    min: 1,
    solve: (observed) => {
      const r = recoverXorshift(observed, variant);
      const detail = `GF(2) rank ${r.rank}/128`;
      if (r.impossible) return { states: [], detail: 'a bucket no double of this mapping falls in' };
      if (r.equationsPerValue === 0) {
        return { states: [], detail, unsupported: info.mapping.startsWith('sum') ? `${variant} shows nothing linear of a bucketed value (its (s0 + s1) mapping carries); give full values` : 'no linear bits' };
      }
      const short = r.candidates.length === 0 && r.undetermined > 0;
      // Each missing rank needs about 1/equationsPerValue more values; one more for the check.
      let need = short ? Math.ceil((128 - Math.min(r.rank, 127)) / r.equationsPerValue) + 1 : undefined;
      // (s0 + s1) >> 11: full rank from guesses that still fit no state means too many wrong
      // guesses among them — more values give more reliable ones.
      if (short && info.mapping === 'sum-53' && r.rank === 128) need = observed.length;
      return { states: r.candidates.map((c) => c.state), detail, ...(need ? { need } : {}) };
    },
  };
}

/** Full values: the 2^22 search; buckets and gaps: the hidden bits of the first seen value's state. */
function lcgSolve(observed: readonly Observed[]): Solved {
  if (observed.every((x) => typeof x === 'number')) return { states: recoverLcg(observed as number[]).states, detail: '2^22 low-bit candidates searched' };
  const r = recoverLcgPartial(observed);
  if (r.hidden > LCG_MAX_HIDDEN) {
    return { states: [], detail: '', unsupported: `the first seen value pins ${48 - r.hidden} of the LCG's 48 state bits; searching the other ${r.hidden} needs 2^${r.hidden} candidates (at most 2^${LCG_MAX_HIDDEN}: buckets of n ≥ 2^24 or a full value first)` };
  }
  if (r.truncated) {
    // Each further value of the same kind rules out about 2^-(48 − hidden) of the candidates.
    const need = Math.max(1, Math.ceil(r.hidden / (48 - r.hidden)) + 1 - observed.length);
    return { states: [], detail: `more than ${LCG_MAX_STATES} states fit`, need };
  }
  return { states: r.states, detail: `2^${r.hidden} hidden bits searched, ${r.searched} fit the first seen value` };
}

function method(era: Pick<Era, 'package' | 'variant'>): Method | undefined {
  const v = era.variant!;
  switch (era.package) {
    case 'firefox-lcg':
      return { min: 1, solve: lcgSolve };
    case 'webkit-gamerand':
      return { min: 2, solve: fullValues((x) => ({ states: recoverGameRand(x).states, detail: 'two outputs fix the state' })) };
    case 'v8-patched':
      return { min: 3, solve: fullValues((x) => ({ states: recoverMwcPatched(x).states, detail: "r0's halves solved bit by bit for each of 2^16 values" })) };
    case 'v8-2015':
      if (v === 'v8-3.26-js' || v === 'v8-3.30-js') {
        return { min: 2, solve: fullValues((x) => ({ states: recoverMwcJs(x, v === 'v8-3.26-js' ? 18273 : 18030).states, detail: 'two outputs fix both carries' })) };
      }
      if (v === 'v8-3.11-cpp') return { min: 3, solve: fullValues((x) => ({ states: recoverMwcCpp(x).states, detail: 'low 18 bits split, 2 × 2^14 hidden carries met in the middle' })) };
      if (v === 'v8-4.8-constructdouble') return { min: 3, solve: fullValues((x) => ({ states: recoverMwcConstructDouble(x).states, detail: '2^20 hidden bits of the 36969 generator searched' })) };
      return undefined;
    case 'xorshift128plus':
      return xorshiftMethod(v);
    default:
      return undefined;
  }
}

/** Generates `count` values from an emulator of `variant` created at `state`. */
function emit(pkg: string, variant: string, state: readonly (number | string)[], count: number): number[] {
  const e = createEngine(pkg, { state: [...state], variant: variant as VariantId });
  return Array.from({ length: count }, () => e.random());
}

/**
 * The `count` values an engine produced before the first observation, given the state just
 * before it: rewind (every generator here is invertible), then generate forwards.
 */
function previousValues(pkg: string, variant: string, state: readonly (number | string)[], observed: readonly Observed[], count: number): number[] | { ambiguousAt: number } {
  if (count === 0) return [];
  const info = XS_VARIANTS.find((x) => x.id === variant);
  let earlier: (number | string)[];
  if (pkg === 'xorshift128plus') {
    const s = new Int32Array(4);
    const w = (h: string) => BigInt(h);
    const [a, b] = [w(state[0] as string), w(state[1] as string)];
    s.set([Number(a >> 32n) | 0, Number(a & 0xffffffffn) | 0, Number(b >> 32n) | 0, Number(b & 0xffffffffn) | 0]);
    const per = info!.cache?.perRefill ?? 1;
    const steps = info!.cache ? per * (Math.ceil(count / per) + 2) : count;
    for (let i = 0; i < steps; i++) xorshift128StepBack(s);
    const hex = (hi: number, lo: number) => `0x${((BigInt(hi >>> 0) << 32n) | BigInt(lo >>> 0)).toString(16)}`;
    earlier = info!.cache ? [hex(s[0]!, s[1]!), hex(s[2]!, s[3]!), 0] : [hex(s[0]!, s[1]!), hex(s[2]!, s[3]!)];
    if (!info!.cache) return emit(pkg, variant, earlier, count);
    // Cached: generate forwards from the earlier refill boundary and find where the observations start.
    const run = emit(pkg, variant, earlier, steps + observed.length + per);
    // The values the state produces for the observed window, in full (observations may be buckets).
    const key = emit(pkg, variant, state, observed.length).map(doubleToHex).join();
    for (let i = count; i + observed.length <= run.length; i++) {
      if (run.slice(i, i + observed.length).map(doubleToHex).join() === key) return run.slice(i - count, i);
    }
    return [];
  }
  if (pkg === 'firefox-lcg') {
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
    // Back-steps 1 … count − 1 choose the states whose outputs are wanted; the last one only the
    // state they step from (every predecessor steps to the same state), so it cannot mislead.
    const back = (a: number, x: number, i: number) => {
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

class AmbiguousPast extends Error {
  constructor(readonly at: number) {
    super(`two states fit ${at} values back`);
  }
}

const UNSUPPORTED: Record<string, string> = {};

/** Whether values the engine produced agree with every observation. */
function fits(values: readonly number[], observed: readonly Observed[]): boolean {
  return observed.every((o, i) => matches(values[i]!, o));
}

/**
 * Recovers the engine named by a registry id from observations (full values, buckets
 * Math.floor(x · n) or null for unseen calls), then predicts `next` and `previous` values.
 */
export function predict(engineId: string, observed: readonly Observed[], next: number, previous: number): Outcome {
  const r = resolveEngine(engineId);
  const era = r.era ?? (r.node ? { package: r.node.package, variant: r.node.variant } : undefined) ?? defaultEra(engineId);
  const variant = era.variant ?? engineId;
  const m = method(era);
  if (!m) return { kind: 'unsupported', variant, note: UNSUPPORTED[variant] ?? `recovery for ${variant} is not implemented` };
  if (observed.length < m.min) return { kind: 'insufficient', variant, need: m.min - observed.length, note: `not enough data: need about ${m.min - observed.length} more values` };
  const solved = m.solve(observed);
  const { detail, need } = solved;
  if (solved.unsupported) return { kind: 'unsupported', variant, note: `${solved.unsupported}` };
  // Every candidate must reproduce every observation, bit for bit (or bucket for bucket).
  const states = solved.states.filter((st) => fits(emit(era.package!, variant, st, observed.length), observed));
  if (states.length === 0) {
    return need
      ? { kind: 'insufficient', variant, need, note: `not enough data (${detail}): need about ${need} more values` }
      : { kind: 'inconsistent', variant, note: `no state of ${variant} explains these values (${detail})` };
  }
  // Distinct futures only: several internal states can predict the same sequence.
  const futures = new Map<string, readonly (number | string)[]>();
  for (const s of states) futures.set(emit(era.package!, variant, s, observed.length + Math.max(next, 8)).map(doubleToHex).join(), s);
  if (futures.size > 1) return { kind: 'ambiguous', variant, count: futures.size, note: `ambiguous: ${futures.size} states fit (${detail}); give more values${cacheHint(variant, observed.length)}` };
  const state = states[0]!;
  const run = emit(era.package!, variant, state, observed.length + next);
  const past = previousValues(era.package!, variant, state, observed, previous);
  if (!Array.isArray(past)) {
    const k = past.ambiguousAt;
    return {
      kind: 'ambiguous',
      variant,
      count: 2,
      note: `ambiguous: 2 states fit ${k + 1} values before the first observed one (an MWC1616 half whose carry equals its multiplier, as only just after seeding); ask for at most ${k} previous values`,
    };
  }
  return { kind: 'ok', variant, state, next: run.slice(observed.length), previous: past, note: detail };
}

/** V8's cache hides where a refill starts until the values cross one. */
function cacheHint(variant: string, seen: number): string {
  const per = XS_VARIANTS.find((x) => x.id === variant)?.cache?.perRefill;
  return per && seen <= per ? ` (about ${per + 1 - seen} more cross a refill boundary of V8's ${per}-value cache, which fixes the position)` : '';
}

function defaultEra(id: string): Pick<Era, 'package' | 'variant'> {
  const e = createEngine(id, { seed: 1 });
  return { package: e.engine as Era['package'], variant: e.variant as VariantId };
}

export interface Identification {
  readonly id: string;
  readonly variant: string;
  readonly verdict: 'explains' | 'cannot' | 'ambiguous' | 'insufficient' | 'unsupported';
  readonly note: string;
}

/** Which registered engine eras can explain the observations, and which cannot. */
export function identify(observed: readonly Observed[]): Identification[] {
  const seen = new Set<string>();
  const out: Identification[] = [];
  for (const e of ERAS) {
    if (!e.package || !e.variant || seen.has(e.variant)) continue;
    seen.add(e.variant);
    const id = `${e.family}@${e.from}${e.to ? `…<${e.to}` : '…'}`;
    const r = predict(`${e.family}@${e.from === '4.9.41' ? '4.9.41' : e.from}`, observed, 0, 0);
    const verdict = r.kind === 'ok' ? 'explains' : r.kind === 'inconsistent' ? 'cannot' : r.kind;
    out.push({ id, variant: r.variant, verdict, note: r.note });
  }
  return out;
}
