/**
 * The contract every emulator keeps, as properties: a saved state resumes bit-exactly, clone()
 * is independent, fill() is repeated random(), and bad input throws a typed error naming the
 * bad value. Each package calls `emulatorContract` with its own arbitraries.
 */
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { EmuError, type Emulator, doubleToHex } from '@emu/core';

export interface ContractSpec<E extends Emulator> {
  /** Creates an emulator from a raw state (as getState() returns it). */
  fromState(state: readonly unknown[]): E;
  /** Arbitrary valid raw states. */
  state: fc.Arbitrary<unknown[]>;
  /** Invalid states, each with a string its error message must contain. */
  badStates: ReadonlyArray<readonly [state: unknown, mentions: string]>;
  /** Seeding, when the engine had a routine: valid and invalid seeds. */
  fromSeed?: (seed: unknown) => E;
  seed?: fc.Arbitrary<unknown>;
  badSeeds?: ReadonlyArray<readonly [seed: unknown, mentions: string]>;
  runs?: number;
  /**
   * The engine itself could return exactly 1 (V8 ≤ 1.2.7 on glibc: (hi + lo) / 2^31 rounds up for
   * hi = 2^31 − 1; Hermes on libc++), so values are checked in [0, 1] instead of [0, 1).
   */
  reachesOne?: boolean;
}

/** true → random(), false → raw() (only when the emulator has raw()). */
const steps = fc.array(fc.boolean(), { minLength: 0, maxLength: 150 });

function draw(e: Emulator, useRandom: boolean): string {
  return useRandom || !e.raw ? doubleToHex(e.random()) : `raw:${e.raw()}`;
}

export function emulatorContract<E extends Emulator>(name: string, spec: ContractSpec<E>): void {
  const numRuns = spec.runs ?? 150;
  describe(`${name}: emulator contract`, () => {
    it('getState() → create({ state }) resumes bit-exactly, after any mix of random() and raw()', () => {
      fc.assert(
        fc.property(spec.state, steps, steps, (state, before, after) => {
          const a = spec.fromState(state);
          for (const s of before) draw(a, s);
          const saved = JSON.parse(JSON.stringify(a.getState())) as unknown[];
          const b = spec.fromState(saved);
          expect(after.map((s) => draw(b, s))).toEqual(after.map((s) => draw(a, s)));
          expect(b.getState()).toEqual(a.getState());
        }),
        { numRuns },
      );
    });

    it('clone() continues identically and independently', () => {
      fc.assert(
        fc.property(spec.state, steps, fc.integer({ min: 1, max: 100 }), (state, before, n) => {
          const a = spec.fromState(state);
          for (const s of before) draw(a, s);
          const c = a.clone();
          const fromClone = Array.from({ length: n }, () => doubleToHex(c.random()));
          const fromOriginal = Array.from({ length: n }, () => doubleToHex(a.random()));
          expect(fromClone).toEqual(fromOriginal);
        }),
        { numRuns },
      );
    });

    it(`fill(out) equals repeated random(), values in [0, 1${spec.reachesOne ? ']' : ')'}`, () => {
      fc.assert(
        fc.property(spec.state, fc.integer({ min: 0, max: 300 }), (state, n) => {
          const a = spec.fromState(state);
          const b = spec.fromState(state);
          const out = a.fill(new Float64Array(n));
          const expected = Array.from({ length: n }, () => doubleToHex(b.random()));
          expect(Array.from(out, doubleToHex)).toEqual(expected);
          for (const x of out) expect(x >= 0 && (x < 1 || (spec.reachesOne === true && x === 1))).toBe(true);
          expect(a.getState()).toEqual(b.getState());
        }),
        { numRuns },
      );
    });

    it('skip(n) equals n calls of random(), from any position (across V8 cache refills)', () => {
      fc.assert(
        fc.property(spec.state, fc.integer({ min: 0, max: 100 }), fc.integer({ min: 0, max: 1500 }), (state, before, n) => {
          const a = spec.fromState(state);
          const b = spec.fromState(state);
          for (let i = 0; i < before; i++) {
            a.random();
            b.random();
          }
          a.skip(n);
          for (let i = 0; i < n; i++) b.random();
          expect(a.getState()).toEqual(b.getState());
          expect(Array.from({ length: 140 }, () => doubleToHex(a.random()))).toEqual(Array.from({ length: 140 }, () => doubleToHex(b.random())));
        }),
        { numRuns },
      );
    });

    it('skip(n) with a long n equals n calls of random()', () => {
      fc.assert(
        fc.property(spec.state, fc.integer({ min: 1500, max: 200_000 }), (state, n) => {
          const a = spec.fromState(state);
          const b = spec.fromState(state);
          a.skip(n);
          b.fill(new Float64Array(n));
          expect(doubleToHex(a.random())).toBe(doubleToHex(b.random()));
          expect(a.getState()).toEqual(b.getState());
        }),
        { numRuns: Math.min(numRuns, 20) },
      );
    });

    it('skip() of anything but a non-negative safe integer throws an EmuError naming it', () => {
      const a = spec.fromState(fc.sample(spec.state, 1)[0]!);
      for (const bad of [-1, 1.5, Number.NaN, 2 ** 53, '3', undefined]) {
        expect(() => a.skip(bad as number)).toThrow(EmuError);
        expect(() => a.skip(bad as number)).toThrow(String(bad === '3' ? '"3"' : bad));
      }
    });

    it('bad states throw an EmuError naming the bad value', () => {
      for (const [state, mentions] of spec.badStates) {
        let caught: unknown;
        try {
          spec.fromState(state as unknown[]);
        } catch (e) {
          caught = e;
        }
        expect(caught, `state ${JSON.stringify(state)} was accepted`).toBeInstanceOf(EmuError);
        expect((caught as Error).message).toContain(mentions);
      }
    });

    if (spec.fromSeed && spec.seed) {
      const fromSeed = spec.fromSeed;
      it('seeding is deterministic and lands on a valid state', () => {
        fc.assert(
          fc.property(spec.seed!, (seed) => {
            const a = fromSeed(seed);
            const b = fromSeed(seed);
            expect(doubleToHex(a.random())).toBe(doubleToHex(b.random()));
            expect(() => spec.fromState(a.getState() as unknown[])).not.toThrow();
          }),
          { numRuns },
        );
      });
      it('bad seeds throw an EmuError naming the bad value', () => {
        for (const [seed, mentions] of spec.badSeeds ?? []) {
          expect(() => fromSeed(seed)).toThrow(EmuError);
          expect(() => fromSeed(seed)).toThrow(mentions);
        }
      });
    }
  });
}
