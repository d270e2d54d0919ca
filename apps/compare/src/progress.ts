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
      // The total can be an estimate (cycles: Brent's steps), so the fraction is clamped to [0, 1].
      const f = Math.min(1, Math.max(0, i / total));
      const filled = Math.round(f * width);
      io.err(`\r${label} [${'#'.repeat(filled)}${'.'.repeat(width - filled)}] ${Math.floor(f * 100)}%`);
    },
    done() {
      if (shown) io.err('\r' + ' '.repeat(50) + '\r');
    },
  };
}
