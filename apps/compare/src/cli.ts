#!/usr/bin/env node
import { readFileSync } from 'node:fs';
import { run } from './main.js';
import { startServer } from './server.js';

// Output that pipes cleanly: a reader that stops early (`| head`) ends us quietly.
process.stdout.on('error', (e: NodeJS.ErrnoException) => {
  if (e.code === 'EPIPE') process.exit(0);
  throw e;
});

process.exitCode = run(process.argv.slice(2), {
  out: (s) => process.stdout.write(s),
  err: (s) => process.stderr.write(s),
  isTTY: process.stderr.isTTY === true,
  readStdin: () => readFileSync(0, 'utf8'),
  serve: async (port) => (await startServer(port)).url,
});
