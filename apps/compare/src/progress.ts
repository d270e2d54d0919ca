import type { Io } from './io.js';

/** A progress bar on stderr, only when stderr is a terminal and the work is long enough to show. */
export function startProgress(io: Io, total: number, label: string): { tick(i: number): void; done(): void } {
  const tty = io.isTTY === true;
  const start = Date.now();
  let shown = false;
  return {
    tick(i: number) {
      if (!tty || Date.now() - start < 1000) return;
      shown = true;
      const width = 30;
      const filled = Math.round((i / total) * width);
      io.err(`\r${label} [${'#'.repeat(filled)}${'.'.repeat(width - filled)}] ${Math.floor((i / total) * 100)}%`);
    },
    done() {
      if (shown) io.err('\r' + ' '.repeat(50) + '\r');
    },
  };
}
