/**
 * Typed errors. Every message names the bad value, so a CLI can print `err.message` as its
 * one-line diagnosis and a program can branch on `err.code`.
 */

/** The kind of an EmuError, one per subclass (InvalidStateError → `INVALID_STATE`, …). */
export type EmuErrorCode = 'INVALID_STATE' | 'INVALID_SEED' | 'INVALID_OPTION' | 'UNKNOWN_ENGINE' | 'INVALID_HEX';

/**
 * The base class of every error emu throws for bad input: `code` says which kind it is, and the
 * message names the bad value. Catch this to handle all of them; throw one of the subclasses.
 */
export class EmuError extends Error {
  readonly code: EmuErrorCode;
  constructor(code: EmuErrorCode, message: string) {
    super(message);
    this.name = 'EmuError';
    this.code = code;
  }
}

/** A raw state that the engine could never hold: wrong length, word out of range, forbidden all-zero. */
export class InvalidStateError extends EmuError {
  constructor(message: string) {
    super('INVALID_STATE', message);
    this.name = 'InvalidStateError';
  }
}

/** A seed the engine's seeding routine could not take (not an integer, out of its range). */
export class InvalidSeedError extends EmuError {
  constructor(message: string) {
    super('INVALID_SEED', message);
    this.name = 'InvalidSeedError';
  }
}

/** An engine-specific option (variant, flavor, …) that is not one of the known values. */
export class InvalidOptionError extends EmuError {
  constructor(message: string) {
    super('INVALID_OPTION', message);
    this.name = 'InvalidOptionError';
  }
}

/** How many known ids an UnknownEngineError's message shows (the nearest first). */
export const UNKNOWN_ENGINE_SHOWN = 8;

/** An engine id that no registry knows; `known` holds the nearest known ids, the message the first few. */
export class UnknownEngineError extends EmuError {
  readonly known: readonly string[];
  constructor(id: string, known: readonly string[]) {
    const shown = known.slice(0, UNKNOWN_ENGINE_SHOWN).join(', ') + (known.length > UNKNOWN_ENGINE_SHOWN ? ', …' : '');
    super('UNKNOWN_ENGINE', `unknown engine ${JSON.stringify(id)}; nearest known ids: ${shown}`);
    this.name = 'UnknownEngineError';
    this.known = known;
  }
}

/** A string that is not the 16 hex digits of an IEEE-754 double. */
export class InvalidHexError extends EmuError {
  constructor(message: string) {
    super('INVALID_HEX', message);
    this.name = 'InvalidHexError';
  }
}

/** Shows a value the way it was given, for error messages (strings quoted, bigint with n). */
export function describeValue(value: unknown): string {
  if (typeof value === 'bigint') return `${value}n`;
  if (typeof value === 'number') return Object.is(value, -0) ? '-0' : String(value);
  if (value === undefined) return 'undefined';
  try {
    return JSON.stringify(value) ?? String(value);
  } catch {
    return String(value);
  }
}
