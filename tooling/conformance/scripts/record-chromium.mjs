#!/usr/bin/env node
// Records headless Chromium's seeded Math.random (--js-flags=--random-seed=N) into
// fixtures/chromium-<major>.json, or with --check re-records and compares with the fixture.
//   node tooling/conformance/scripts/record-chromium.mjs [--check] [--chromium /usr/bin/chromium]
import { execFileSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';

const fixtures = join(dirname(fileURLToPath(import.meta.url)), '..', 'fixtures');
const { values: args } = parseArgs({ options: { check: { type: 'boolean', default: false }, chromium: { type: 'string', default: '/usr/bin/chromium' } } });
const SEEDS = [1, 42, 12345, -7, 2147483647];
const COUNT = 200;
const FLAGS = ['--headless', '--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--dump-dom'];

// The page prints each double's 16 hex digits into the DOM; --dump-dom shows the DOM.
const page = `data:text/html,<pre id=o></pre><script>var v=[],i,f=new Float64Array(1),u=new Uint32Array(f.buffer),o=[];for(i=0;i<${COUNT};i++)v.push(Math.random());function h(x){return ('00000000'+(x>>>0).toString(16)).slice(-8);}for(i=0;i<${COUNT};i++){f[0]=v[i];o.push(h(u[1])+h(u[0]));}document.getElementById('o').textContent=o.join(' ');</script>`;

function record(seed) {
  const dom = execFileSync(args.chromium, [...FLAGS, `--js-flags=--random-seed=${seed}`, page], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] });
  const m = /<pre id="o">([0-9a-f ]+)<\/pre>/.exec(dom);
  if (!m) throw new Error(`no values in Chromium's DOM for seed ${seed}`);
  return m[1].trim().split(' ');
}

const version = execFileSync(args.chromium, ['--version'], { encoding: 'utf8' }).trim();
const major = /(\d+)\./.exec(version)[1];
const file = join(fixtures, `chromium-${major}.json`);
const seeds = Object.fromEntries(SEEDS.map((s) => [String(s), record(s)]));
if (args.check) {
  const committed = JSON.parse(readFileSync(file, 'utf8'));
  const bad = SEEDS.filter((s) => committed.seeds[String(s)].join() !== seeds[String(s)].join());
  if (bad.length) {
    console.error(`record-chromium: ${version} differs from ${file} for seeds ${bad.join(', ')}`);
    process.exit(1);
  }
  console.log(`record-chromium: ${version}: ${SEEDS.length} seeds × ${COUNT} values equal the fixture`);
} else {
  writeFileSync(file, JSON.stringify({ recorder: 'tooling/conformance/scripts/record-chromium.mjs', engine: `chrome@${major}`, version, flags: FLAGS, count: COUNT, seeds }, null, 1) + '\n');
  console.log(`record-chromium: wrote ${file}`);
}
