import type { BatteryRunner } from './battery.js';

export interface Io {
  out(s: string): void;
  err(s: string): void;
  /** stderr is a terminal: progress bars allowed. */
  isTTY?: boolean;
  /** Binary output (stream); returns false when the reader has gone (EPIPE). */
  outBytes?(b: Uint8Array): boolean;
  /**
   * Text output that can report a gone reader: returns false when stdout is closed (EPIPE), so a
   * long command stops instead of producing output nobody reads. Falls back to out() when absent.
   */
  write?(s: string): boolean;
  /** stdin is a terminal: predict/identify print a usage hint instead of waiting for input. */
  stdinIsTTY?: boolean;
  /** The whole of standard input (predict, identify; tests). */
  readStdin?(): string;
  /** Standard input in chunks as it arrives (predict, identify): parsed as read, so a huge input is refused early. */
  stdinChunks?(): Iterable<string>;
  /** `serve`: starts the page server (Node only; injected by cli.ts so tests can run without it). */
  serve?(port: number): Promise<string>;
  /** `battery`: runs part of SmallCrush in a worker thread (Node only; injected by cli.ts). */
  battery?: BatteryRunner;
}

/** One command: its name, one-line summary (for `compare --help`), full help and body. */
export interface Command {
  readonly name: string;
  readonly summary: string;
  readonly help: string;
  run(args: string[], io: Io): number | Promise<number>;
}

/** Writes through io.write when there is one; false when the reader has gone. */
export function writeOut(io: Io, s: string): boolean {
  if (io.write) return io.write(s);
  io.out(s);
  return true;
}
