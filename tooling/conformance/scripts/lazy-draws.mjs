#!/usr/bin/env node
// What moves the start-up draw count of the lazily seeded era (node 6.0–8.2), measured on the real
// binaries: each variant of a script is run with --random_seed=1 and the count of isolate-RNG bytes
// drawn before the first Math.random call is found from the values it printed (the registry's
// firstValue search). Prints one line per (release, variant): the counts seen over --runs runs.
//
//   node tooling/conformance/scripts/lazy-draws.mjs [--versions 6.0.0,8.1.0] [--runs 5]
// (needs `pnpm build`; binaries cached as record-goldens.mjs caches them)
import { spawnSync } from 'node:child_process';
import { mkdtempSync, openSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { nodeBinary } from './record-goldens.mjs';
import { mainProbe } from './record-releases.mjs';

const here = dirname(fileURLToPath(import.meta.url));
const E = await import(join(here, '..', '..', '..', 'packages', 'engines', 'dist', 'index.js'));
const { values: args } = parseArgs({ options: { versions: { type: 'string', default: '6.0.0,8.1.0' }, runs: { type: 'string', default: '5' } } });

const probe = mainProbe(3);
const VARIANTS = {
  'probe (file)': { src: probe },
  '+5 KB comment': { src: `/*${'x'.repeat(5000)}*/\n${probe}` },
  'require fs + 2,000-element array': { src: `var fs = require("fs"), a = []; for (var q = 0; q < 2000; q++) a.push({ q: q });\n${probe}` },
  'require http': { src: `var http = require("http");\n${probe}` },
  'console.error before': { src: `console.error("starting");\n${probe}` },
  'cwd /': { src: probe, cwd: '/' },
  'stdin: pipe': { src: probe, mode: 'stdin' },
  'stdin: file (< f)': { src: probe, mode: 'stdin-file' },
  'stdin: pipe, stderr to a file': { src: probe, mode: 'stdin', stderrFile: true },
  'eval (-e)': { src: probe, mode: 'eval' },
};

for (const version of args.versions.split(',')) {
  const release = E.findNodeRelease(version);
  const bin = nodeBinary(version);
  const variant = release?.variant ?? E.resolveEngine(`v8@${spawnSync(bin, ['-e', 'process.stdout.write(process.versions.v8)'], { encoding: 'utf8' }).stdout}`).era.variant;
  const work = mkdtempSync(join(tmpdir(), 'emu-lazy-'));
  for (const [name, v] of Object.entries(VARIANTS)) {
    const file = join(work, 'script.js');
    writeFileSync(file, v.src);
    const counts = [];
    for (let i = 0; i < Number(args.runs); i++) {
      const stderr = v.stderrFile ? openSync(join(work, 'err.txt'), 'w') : 'pipe';
      const mode = v.mode ?? 'file';
      const argv = mode === 'eval' ? ['--random_seed=1', '-e', v.src] : mode === 'file' ? ['--random_seed=1', file] : ['--random_seed=1'];
      const stdin = mode === 'stdin-file' ? openSync(file, 'r') : 'pipe';
      const r = spawnSync(bin, argv, { cwd: v.cwd ?? work, input: mode === 'stdin' ? v.src : undefined, stdio: [stdin, 'pipe', stderr], encoding: 'utf8' });
      const values = r.stdout.trim().split(' ');
      try {
        counts.push(E.searchPosition({ variant, seed: 1 }, 'lazy-draws', 0, values, 5000));
      } catch {
        counts.push('?');
      }
    }
    const tally = {};
    for (const c of counts) tally[c] = (tally[c] ?? 0) + 1;
    process.stdout.write(`node ${version}  ${name.padEnd(32)} ${Object.entries(tally).map(([c, n]) => `${c}×${n}`).join(' ')}\n`);
  }
}
