#!/usr/bin/env node
import { readFileSync, readSync, writeSync } from 'node:fs';
import { Worker } from 'node:worker_threads';
import { run } from './main.js';
import { startServer } from './server.js';

// Output that pipes cleanly: a reader that stops early (`| head`) ends us quietly.
process.stdout.on('error', (e: NodeJS.ErrnoException) => {
  if (e.code === 'EPIPE') process.exit(0);
  throw e;
});

/**
 * Synchronous, whole-buffer writes to stdout: retry partial writes, and wait briefly when a
 * non-blocking pipe is full (EAGAIN: the reader's backpressure); returns false when the reader
 * has gone (EPIPE), so a long command can stop at once instead of computing for nobody.
 */
function writeAll(b: Uint8Array): boolean {
  const pause = new Int32Array(new SharedArrayBuffer(4));
  for (let off = 0; off < b.length; ) {
    try {
      off += writeSync(1, b, off, b.length - off);
    } catch (e) {
      const code = (e as NodeJS.ErrnoException).code;
      if (code === 'EPIPE') return false;
      if (code !== 'EAGAIN') throw e;
      Atomics.wait(pause, 0, 0, 2);
    }
  }
  return true;
}

/** Standard input, 64 KiB at a time (UTF-8 sequences split across chunks are kept whole). */
function* readStdinChunks(): Generator<string> {
  const buf = Buffer.allocUnsafe(1 << 16);
  const pause = new Int32Array(new SharedArrayBuffer(4));
  const decoder = new TextDecoder();
  for (;;) {
    let n: number;
    try {
      n = readSync(0, buf, 0, buf.length, null);
    } catch (e) {
      const code = (e as NodeJS.ErrnoException).code;
      if (code === 'EAGAIN') {
        Atomics.wait(pause, 0, 0, 2);
        continue;
      }
      if (code === 'EOF') break;
      throw e;
    }
    if (n === 0) break;
    yield decoder.decode(buf.subarray(0, n), { stream: true });
  }
  const tail = decoder.decode();
  if (tail) yield tail;
}

const code = run(process.argv.slice(2), {
  out: (s) => process.stdout.write(s),
  err: (s) => process.stderr.write(s),
  isTTY: process.stderr.isTTY === true,
  stdinIsTTY: process.stdin.isTTY === true,
  readStdin: () => readFileSync(0, 'utf8'),
  stdinChunks: readStdinChunks,
  write: (s) => writeAll(Buffer.from(s, 'utf8')),
  outBytes: writeAll,
  serve: async (port) => (await startServer(port)).url,
  battery: (job, onTest) =>
    new Promise((resolve, reject) => {
      const worker = new Worker(new URL('./battery-worker.js', import.meta.url), { workerData: job });
      worker.on('message', (m: { index: number; results: Parameters<typeof onTest>[1] }) => onTest(m.index, m.results));
      worker.on('error', reject);
      worker.on('exit', (c) => (c === 0 ? resolve() : reject(new Error(`battery worker exited with code ${c}`))));
    }),
});
if (typeof code === 'number') process.exitCode = code;
else code.then((c) => (process.exitCode = c), (e: unknown) => {
  process.stderr.write(`compare: ${e instanceof Error ? e.message : String(e)}\n`);
  process.exitCode = 1;
});
