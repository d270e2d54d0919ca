/**
 * predict's methods for the historical engines (history.ts does the recovery) and their
 * rewinding for `previous` values.
 */
import { recoverState as recoverQuickjs } from '@emu/quickjs';
import { MINSTD_INVERSE, MT64_RECOVERY_VALUES, MT_N, type Mt64VariantId, mt64Spans, mt64StateBefore, recoverMinstd, recoverMt64State } from '@emu/hermes';
import type { Observed } from './observe.js';
import { LCG_SHAPES } from './lcg-lattice.js';
import { GLIBC_MAX_STATES, GLIBC_VALUES_MIN, GLIBC_VALUES_SETTLED, glibcStateBefore, recoverGlibcState } from '@emu/v8-libc';
import { type HistorySolved, lcgBack, msvcrtBack, mwcCppBack, quickjsBack, solveLcgLattice, solveMsvcrt, solveMwcCppFull } from './history.js';

type Spans = { of: (next: number, previous: number) => { next: (readonly [number, number] | null)[]; previous: (readonly [number, number] | null)[]; what: string } | undefined };
type Solve = (observed: readonly Observed[]) => HistorySolved | { states: (readonly (number | string)[])[]; detail: string; complete?: boolean; need?: number; unsupported?: string; spans?: Spans };

/**
 * mt19937_64 below the 622 values that fix the state: its solutions must agree on a value for it
 * to be printed, and these many implied equations must hold first (each one a check that values of
 * another generator pass with probability 1/2).
 */
const MT64_MIN_CHECKS = 128;
interface HistoryMethod {
  min: number;
  full?: number;
  solve: Solve;
}
type MwcBuckets = (variant: string, full: (x: readonly number[]) => { states: (readonly (number | string)[])[]; detail: string; complete?: boolean }) => Solve;

const allFull = (o: readonly Observed[]): o is readonly number[] => o.every((x) => typeof x === 'number');

/** The recovery method for a historical package's variant, or undefined (not recoverable). */
export function historyMethod(pkg: string, variant: string, mwcBuckets: MwcBuckets): HistoryMethod | undefined {
  switch (pkg) {
    case 'jscript-lcg':
    case 'netscape-lcg':
      if (!LCG_SHAPES[variant]) return undefined;
      return {
        min: 1,
        solve: (o) => {
          const r = solveLcgLattice(variant, o);
          // Chakra reseeds when RandSeed is 0, so 0 is never a running state.
          return pkg === 'jscript-lcg' ? { ...r, states: r.states.filter((s) => s[0] !== 0) } : r;
        },
      };
    case 'v8-libc':
      if (variant === 'v8-0.1-msvcrt') return { min: 1, solve: solveMsvcrt };
      // glibc: GLIBC_VALUES_MIN consecutive full values make every word a function of 31 hidden
      // low bits; the hi draws after them pin those (about 2 bits a value)
      return {
        min: GLIBC_VALUES_MIN,
        full: GLIBC_VALUES_SETTLED,
        solve: (o) => {
          let k = 0;
          while (k < o.length && typeof o[k] === 'number') k++;
          if (k < GLIBC_VALUES_MIN) {
            return {
              states: [],
              detail: '',
              unsupported: `v8-0.1-glibc from values alone needs at least ${GLIBC_VALUES_MIN} consecutive full values first (buckets or gaps may follow them): each lo word of the first 31 draws is fixed by the hi draw 31 calls later. With the process start, --near DATE finds the srandom seed from 1 value`,
            };
          }
          const r = recoverGlibcState(o.slice(0, k) as number[]);
          if (r.note) return r.complete ? { states: [], detail: r.note, complete: true } : { states: [], detail: '', unsupported: r.note };
          if (!r.complete) {
            const need = Math.max(1, GLIBC_VALUES_SETTLED - o.length);
            return { states: [], detail: `${k} consecutive values leave more than ${GLIBC_MAX_STATES} glibc tables fitting (the search stopped there)`, need };
          }
          return {
            states: r.states,
            detail: `glibc's 31 words from ${k} consecutive values: every word a function of 31 hidden low bits, searched over the hi draws' carries — every fitting table listed; about ${GLIBC_VALUES_SETTLED} values fix the next in 98 % of streams`,
            complete: true,
          };
        },
      };
    case 'v8-mwc-cpp':
      if (variant === 'v8-2.2-cpp32') return { min: 2, solve: mwcBuckets(variant, (x) => nonZero(solveMwcCppFull(variant, x))) };
      if (variant === 'v8-1.2.8-smi30') {
        return {
          min: 2,
          solve: (o) =>
            allFull(o)
              ? nonZero(solveMwcCppFull(variant, o))
              : { states: [], detail: '', unsupported: 'v8-1.2.8-smi30 from buckets or gaps is not implemented (its output hides two bits of the hi generator\'s visible half); give consecutive full values' },
        };
      }
      return undefined;
    case 'quickjs':
      return {
        min: 2,
        solve: (o) => {
          if (!allFull(o)) {
            return { states: [], detail: '', unsupported: 'quickjs from buckets or gaps: xorshift64*\'s multiplication spreads every state bit over the output, so a bucket pins no state bits on its own; give 2 consecutive full values' };
          }
          return { states: recoverQuickjs(o).map((h) => [h]), detail: "the first value's 2^12 hidden low bits of v = x · M searched", complete: true };
        },
      };
    case 'hermes':
      if (variant === 'hermes-minstd') {
        return {
          min: 2,
          solve: (o) =>
            allFull(o)
              ? { states: recoverMinstd(o).map((x) => [x]), detail: "the first value fixes minstd_rand's second draw (three candidates at most), stepped back once", complete: true }
              : { states: [], detail: '', unsupported: 'hermes-minstd from buckets or gaps is not implemented (each value mixes two draws); give 2 consecutive full values' },
        };
      }
      return {
        // 622 fix the state (and the next value: fewer never do in general, see @emu/hermes's
        // mt64-bound.test.ts); from 312 on, values further out can already be fixed
        min: MT_N,
        full: MT64_RECOVERY_VALUES,
        solve: (o) => {
          if (!allFull(o)) {
            return { states: [], detail: '', unsupported: `${variant} from buckets or gaps is not implemented (the GF(2) solve needs each value's certain bits); give ${MT64_RECOVERY_VALUES} consecutive full values` };
          }
          if (o.length < MT64_RECOVERY_VALUES) {
            const need = MT64_RECOVERY_VALUES - o.length;
            const detail = `${o.length} consecutive values leave mt19937_64's state open (${MT64_RECOVERY_VALUES} fix it)`;
            return {
              states: [],
              detail,
              need,
              spans: {
                of: (next, previous) => {
                  const r = mt64Spans(o, variant as Mt64VariantId, next, previous);
                  if (r === undefined) return undefined;
                  const what = `the GF(2) system of the values' certain bits leaves 2^${r.free} solutions, a superset of the states that fit (${r.dependent} implied equations hold)`;
                  // too few implied equations to tell these values from another generator's: claim nothing
                  if (r.dependent < MT64_MIN_CHECKS) return { next: r.next.map(() => null), previous: r.previous.map(() => null), what };
                  return { next: [...r.next], previous: [...r.previous], what };
                },
              },
            };
          }
          const states = recoverMt64State(o, variant as Mt64VariantId);
          if (states === undefined) return { states: [], detail: 'more than 2^12 word assignments fit the certain bits', need: MT_N };
          return { states, detail: `mt19937_64's 312 words from the certain bits of ${MT64_RECOVERY_VALUES} consecutive values (GF(2), the twist recurrence), rewound to the first observation`, complete: true };
        },
      };
    default:
      return undefined;
  }
}

/** MWC words are never 0 (V8 reseeds a zero word). */
function nonZero(r: HistorySolved): HistorySolved {
  return { ...r, states: r.states.filter((s) => s.every((w) => w !== 0)) };
}

/**
 * The state `count` calls before `state` for a historical package (undefined: not one of them;
 * ambiguousAt: how many previous values are known, where a state on the way is one of two with the
 * same successor, as only just after seeding).
 */
export function historyPrevious(pkg: string, variant: string, state: readonly (number | string)[], count: number): (number | string)[] | { ambiguousAt: number } | undefined {
  switch (pkg) {
    case 'jscript-lcg':
    case 'netscape-lcg': {
      const shape = LCG_SHAPES[variant];
      return shape ? [lcgBack(shape, state[0] as number, count)] : undefined;
    }
    case 'v8-libc':
      return variant === 'v8-0.1-msvcrt' ? [msvcrtBack(state[0] as number, count)] : glibcStateBefore(state as number[], count);
    case 'v8-mwc-cpp':
      return mwcCppBack(variant, state as number[], count);
    case 'quickjs':
      return [quickjsBack(state[0] as string, count)];
    case 'hermes': {
      if (variant !== 'hermes-minstd') return mt64StateBefore(state, count);
      // Two minstd_rand draws per value; a step back multiplies by 48271's inverse mod 2^31 − 1.
      let x = BigInt(state[0] as number);
      for (let i = 0; i < 2 * count; i++) x = (x * BigInt(MINSTD_INVERSE)) % 2147483647n;
      return [Number(x)];
    }
    default:
      return undefined;
  }
}
