#!/usr/bin/env node
// Records Debian's jsc (WebKitGTK's JavaScriptCore) with a forced WeakRandom seed
// (--forceWeakRandomSeed=true --forcedWeakRandomSeed=N) into fixtures/jsc-webkitgtk-<major.minor>.json,
// or with --check re-records and compares with the fixture.
//   node tooling/conformance/scripts/record-jsc.mjs [--check] [--jsc /usr/bin/jsc]
import { execFileSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';

const fixtures = join(dirname(fileURLToPath(import.meta.url)), '..', 'fixtures');
const { values: args } = parseArgs({ options: { check: { type: 'boolean', default: false }, jsc: { type: 'string', default: '/usr/bin/jsc' } } });
const SEEDS = [1, 42, 12345, 4294967295];
const COUNT = 200;
// Each double's 16 hex digits, from its two 32-bit words.
const script = `var f=new Float64Array(1),u=new Uint32Array(f.buffer),o=[];function h(x){return ('00000000'+(x>>>0).toString(16)).slice(-8);}for(var i=0;i<${COUNT};i++){f[0]=Math.random();o.push(h(u[1])+h(u[0]));}print(o.join(' '));`;

function record(seed) {
  const out = execFileSync(args.jsc, ['--forceWeakRandomSeed=true', `--forcedWeakRandomSeed=${seed}`, '-e', script], { encoding: 'utf8' });
  const values = out.trim().split(' ');
  if (values.length !== COUNT || !values.every((v) => /^[0-9a-f]{16}$/.test(v))) throw new Error(`jsc printed no values for seed ${seed}`);
  return values;
}

// The Debian package's version is WebKitGTK's (jsc itself prints none).
const version = execFileSync('dpkg-query', ['-W', '-f=${Version}', 'libjavascriptcoregtk-4.0-bin'], { encoding: 'utf8' }).trim();
const mm = /^(\d+\.\d+)/.exec(version)[1];
const file = join(fixtures, `jsc-webkitgtk-${mm}.json`);
const seeds = Object.fromEntries(SEEDS.map((s) => [String(s), record(s)]));
if (args.check) {
  const committed = JSON.parse(readFileSync(file, 'utf8'));
  const bad = SEEDS.filter((s) => committed.seeds[String(s)].join() !== seeds[String(s)].join());
  if (bad.length) {
    console.error(`record-jsc: WebKitGTK ${version} differs from ${file} for seeds ${bad.join(', ')}`);
    process.exit(1);
  }
  console.log(`record-jsc: WebKitGTK ${version}: ${SEEDS.length} seeds × ${COUNT} values equal the fixture`);
} else {
  writeFileSync(file, JSON.stringify({ recorder: 'tooling/conformance/scripts/record-jsc.mjs', engine: `jsc@${mm}`, version: `Debian libjavascriptcoregtk-4.0-bin ${version}`, flags: ['--forceWeakRandomSeed=true', '--forcedWeakRandomSeed=N'], count: COUNT, seeds }, null, 1) + '\n');
  console.log(`record-jsc: wrote ${file}`);
}
