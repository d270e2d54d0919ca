#!/usr/bin/env node
// Runs bench.mjs N times, each in a fresh process, and prints every task's ratio to native per run
// and the median ratio (ratios are only ever taken within one run, so machine-wide slow-downs
// between runs cancel out). Extra arguments go to bench.mjs.
//   node median.mjs [--runs 5] [--only TEXT] [--quick]
import { execFileSync } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';

const { values: args } = parseArgs({ options: { runs: { type: 'string', default: '5' }, only: { type: 'string' }, quick: { type: 'boolean' } } });
const runs = Number(args.runs);
const pass = ['--json', ...(args.only ? ['--only', args.only] : []), ...(args.quick ? ['--quick'] : [])];
const bench = join(dirname(fileURLToPath(import.meta.url)), 'bench.mjs');

const results = [];
for (let r = 0; r < runs; r++) {
  const out = execFileSync(process.execPath, ['--expose-gc', bench, ...pass], { encoding: 'utf8' });
  results.push(JSON.parse(out.trim().split('\n').at(-1)));
  process.stderr.write(`run ${r + 1}/${runs} done\n`);
}

const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};

console.log(`${results[0].header}; ${runs} runs, ratio to native in each run, median last`);
const names = results[0].rows.map((row) => row.name);
const w = Math.max(...names.map((n) => n.length));
for (const [i, name] of names.entries()) {
  const ratios = results.map((res) => res.rows[i].ratio);
  const cells = ratios.map((x) => `${x.toFixed(2)}×`.padStart(7)).join('');
  console.log(`${name.padEnd(w)} ${cells}  median ${median(ratios).toFixed(2)}×`);
}
