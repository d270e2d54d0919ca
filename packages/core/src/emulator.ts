/**
 * The one shape every emulator has, so tools (the compare CLI, the registry, recovery, the
 * battery) can treat them alike.
 *
 * Hot paths (random(), raw(), fill()) follow rules measured with tooling/bench (profile.mjs):
 *  - State fields are int32 numbers declared WITH a numeric initialiser (`private s0 = 0`). A
 *    field declared without one is created as undefined (ES2022 class fields), V8 then gives it
 *    the generic tagged representation, and every load is type-checked and every store pays a
 *    write barrier: random() ran 2–5× slower. A float-valued field is worse (a fresh HeapNumber
 *    per store), so no hot field ever holds a non-int32.
 *  - Numeric constants used in hot paths are members of a file-local `const enum`, which the
 *    build (esbuild) inlines as literals. A module-level `const` is emitted as `var` in the bundle,
 *    and optimised code reloads it from the module context on every use: the MWC random() ran
 *    1.5× native that way and 2.3× with literals; the LCG fill() with 14 constants 2.5× slower.
 *  - No BigInt, no allocation, no DataView: doubles are built by exact arithmetic (each package
 *    keeps its literal `constructDouble` reference path and tests the two bit-identical).
 *  - fill() keeps the state in locals for the whole loop and writes it back once.
 */

/** A state word: a number for words of at most 48 bits, a `0x…` hex string for 64-bit words. */
export type StateWord = number | string;

/**
 * A running copy of one engine's Math.random(): values in engine order, the raw state as a
 * JSON-safe array `S`, and copying and skipping. Each package's `create({ state } | { seed })` makes one.
 */
export interface Emulator<S extends readonly StateWord[] = readonly StateWord[]> {
  /** Package id of the emulated generator (`v8-2015`, `firefox-lcg`, …). */
  readonly engine: string;
  /** Which historical variant of that generator (named by the engine versions that shipped it). */
  readonly variant: string;
  /** The next value exactly as the engine's Math.random() returned it. */
  random(): number;
  /** Fills `out` with the next `out.length` values of random(), in order; returns `out`. */
  fill(out: Float64Array): Float64Array;
  /** The raw state, as a JSON-safe array in the order the engine's source names its words. */
  getState(): S;
  /** An independent copy that continues from the same state. */
  clone(): Emulator<S>;
  /**
   * Passes over the next `n` values: afterwards random() returns what it would have returned
   * after `n` calls. O(log n) where the generator's algebra allows it (see each package's README);
   * `n` is a non-negative safe integer (an InvalidOptionError otherwise).
   */
  skip(n: number): void;
  /** The engine's raw integer output, where the engine had one (e.g. V8's MathRandomRaw). */
  raw?(): number;
}

/** How each package describes itself (used by READMEs, the CLI and the registry). */
export interface VariantInfo {
  readonly id: string;
  readonly engines: string;
  readonly dates: string;
  readonly algorithm: string;
  readonly precisionBits: number;
  readonly stateWords: readonly string[];
  readonly source: string;
}
