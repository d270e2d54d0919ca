#!/usr/bin/env node
// CPU profile of ONE benchmark task: runs it for a few seconds under `node --cpu-prof` and prints
// the top functions by self time as a markdown table (the raw .cpuprofile goes to a temp folder).
//   node profile.mjs "<bench name, e.g. firefox-lcg>" random|fill|fill-js [--seconds 3]
// (fill-js: fill() with the WebAssembly kernels of @emu/core turned off, on the JavaScript loops)
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';

const { values: args, positionals } = parseArgs({ allowPositionals: true, options: { seconds: { type: 'string', default: '3' }, run: { type: 'boolean' } } });
const [name, mode = 'random'] = positionals;
const here = dirname(fileURLToPath(import.meta.url));
const root = join(here, '..', '..');

if (args.run) {
  // The child: the same construction and call shape as bench.mjs, in a loop for `seconds`.
  const { emulators } = await import('./emulators.mjs');
  const make = name === 'native' ? () => Math : emulators.find(([n]) => n === name)?.[1];
  if (!make) throw new Error(`no emulator named ${name}; known: ${emulators.map(([n]) => n).join(', ')}`);
  const o = make();
  if (mode === 'fill-js') (await import('@emu/core')).useFillKernels(false);
  const out = new Float64Array(1 << 20);
  const sink = { v: 0 };
  const task = mode.startsWith('fill')
    ? (name === 'native' ? () => { for (let i = 0; i < out.length; i++) out[i] = Math.random(); } : () => o.fill(out))
    : () => { let s = 0; for (let i = 0; i < 1000; i++) s += o.random(); sink.v += s; };
  const end = Date.now() + Number(args.seconds) * 1000;
  let calls = 0;
  while (Date.now() < end) {
    for (let i = 0; i < 10; i++) task();
    calls += 10;
  }
  console.log(`${calls} task calls (sink ${sink.v + out[0]})`);
} else {
  const dir = mkdtempSync(join(tmpdir(), 'emu-prof-'));
  execFileSync(process.execPath, ['--cpu-prof', `--cpu-prof-dir=${dir}`, fileURLToPath(import.meta.url), '--run', '--seconds', args.seconds, name, mode], { stdio: 'inherit' });
  const file = join(dir, readdirSync(dir).find((f) => f.endsWith('.cpuprofile')));
  const prof = JSON.parse(readFileSync(file, 'utf8'));
  const total = prof.samples.length;
  const self = new Map();
  const byId = new Map(prof.nodes.map((n) => [n.id, n]));
  for (const id of prof.samples) {
    const { functionName, url, lineNumber } = byId.get(id).callFrame;
    const where = url ? `${url.startsWith('file:') ? relative(root, fileURLToPath(url)) : url}:${lineNumber + 1}` : '';
    const key = `${functionName || '(anonymous)'} | ${where}`;
    self.set(key, (self.get(key) ?? 0) + 1);
  }
  const top = [...self.entries()].sort((a, b) => b[1] - a[1]).slice(0, 8);
  console.log(`\n\`${name}\` ${mode}: ${total} samples (node ${process.version}); top self time\n`);
  console.log('| self | function | where |\n|---:|---|---|');
  for (const [key, n] of top) {
    const [fn, where] = key.split(' | ');
    console.log(`| ${((100 * n) / total).toFixed(1)}% | \`${fn}\` | ${where} |`);
  }
  // Line-level ticks (V8 records them per profile node) of the hottest function, with the source line.
  const [hottest] = top[0][0].split(' | ');
  const lines = new Map();
  let url;
  for (const n of prof.nodes) {
    if ((n.callFrame.functionName || '(anonymous)') !== hottest || !n.positionTicks) continue;
    url = n.callFrame.url;
    for (const { line, ticks } of n.positionTicks) lines.set(line, (lines.get(line) ?? 0) + ticks);
  }
  if (url?.startsWith('file:') && lines.size > 0) {
    const src = readFileSync(fileURLToPath(url), 'utf8').split('\n');
    const sum = [...lines.values()].reduce((a, b) => a + b, 0);
    console.log(`\nhottest lines of \`${hottest}\`\n\n| ticks | line | source |\n|---:|---:|---|`);
    for (const [line, ticks] of [...lines.entries()].sort((a, b) => b[1] - a[1]).slice(0, 8)) {
      // Ticks of inlined code can carry the inlined function's line numbers: shown as such.
      const text = src[line - 1]?.trim().replaceAll('|', '\\|') ?? '(inlined code from another file)';
      console.log(`| ${((100 * ticks) / sum).toFixed(1)}% | ${line} | \`${text}\` |`);
    }
  }
  writeFileSync(join(dir, 'summary.txt'), JSON.stringify(top));
  console.log(`\n(raw profile: ${file})`);
}
