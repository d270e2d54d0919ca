import type { BatteryRunner } from './battery.js';

export interface Io {
  out(s: string): void;
  err(s: string): void;
  /** stderr is a terminal: progress bars allowed. */
  isTTY?: boolean;
  /** Binary output (stream); returns false when the reader has gone (EPIPE). */
  outBytes?(b: Uint8Array): boolean;
  /** The whole of standard input (predict, identify). */
  readStdin?(): string;
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
