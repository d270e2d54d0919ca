/**
 * The one shape every emulator has, so tools (the compare CLI, the registry, recovery, the
 * battery) can treat them alike.
 */

/** A state word: a number for words of at most 48 bits, a `0x…` hex string for 64-bit words. */
export type StateWord = number | string;

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
