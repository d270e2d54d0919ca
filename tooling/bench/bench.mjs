#!/usr/bin/env node
// Throughput: each emulator's random() and fill() against native Math.random() IN THE SAME RUN,
// plus two peers (pure-rand's xorshift128plus, a naive BigInt xorshift128+). Prints ops/s and the
// ratio to native (random(): vs a native Math.random() call; fill: vs a native loop filling the
// same 1M-element Float64Array). Every variant of every package is measured; the fills that run a
// WebAssembly kernel are measured again on their JavaScript loops.
//   --quick          shorter measurement, for CI smoke runs
//   --only TEXT      only the emulators whose name contains TEXT (the native baselines always run)
//   --json           one JSON line of { name, ops, ratio } rows instead of the tables (median.mjs reads it)
// Each task is measured right after a native one, and its ratio is to that native measurement.
import os from 'node:os';
import { parseArgs } from 'node:util';
import { Bench } from 'tinybench';
import { emulators as all } from './emulators.mjs';
import { useFillKernels } from '@emu/core';
import { xorshift128plus as prXorshift } from 'pure-rand/generator/xorshift128plus';
import { uniformFloat64 } from 'pure-rand/distribution/uniformFloat64';

const { values: args } = parseArgs({ options: { quick: { type: 'boolean' }, only: { type: 'string' }, json: { type: 'boolean' } } });
const time = args.quick ? 100 : 1000;
const N = 1 << 20;

const emulators = all.filter(([name]) => args.only === undefined || name.includes(args.only));

const sinkBox = { v: 0 };
const BATCH = 1000; // calls per task iteration, so timer overhead does not dominate

/**
 * A task calling `obj[method]()` BATCH times. Each task gets its own function body (new
 * Function), so every call site stays monomorphic, as it would in a user's own loop; a shared
 * closure would turn the call megamorphic and measure V8's inline caches instead.
 */
let taskNo = 0;
function randomTask(obj, method) {
  // A unique comment makes each source text unique, so V8 compiles (and profiles) each separately.
  return new Function('o', 'box', `/* task ${taskNo++} */ return function () { let s = 0; for (let i = 0; i < ${BATCH}; i++) s += o.${method}(); box.v += s; };`)(obj, sinkBox);
}

function fillTask(obj, out) {
  return new Function('o', 'out', `/* task ${taskNo++} */ return function () { o.fill(out); };`)(obj, out);
}

const naiveBigInt = (() => {
  let s0 = 1n, s1 = 2n;
  const M = (1n << 64n) - 1n;
  return () => {
    let x = s0;
    const y = s1;
    s0 = y;
    x ^= (x << 23n) & M;
    x ^= x >> 17n;
    x ^= y ^ (y >> 26n);
    s1 = x;
    return Number((s0 + s1) & ((1n << 53n) - 1n)) / 2 ** 53;
  };
})();

const pr = (() => {
  const g = prXorshift(42);
  return () => uniformFloat64(g);
})();

// The machine's speed drifts (a shared 2-core VM: another tenant, frequency), so every task is
// paired with a native measurement taken just before it, and its ratio is to that one. The
// native row shows the median of the run's native measurements.
const NATIVE = '\u0000native';
const random = new Bench({ time, warmupTime: time / 4, throws: true });
const nativeRandom = () => randomTask(Math, 'random');
const addRandom = (name, task) => random.add(`${NATIVE} ${name}`, nativeRandom()).add(name, task);
for (const [name, make] of emulators) addRandom(`${name} random()`, randomTask(make(), 'random'));
if (args.only === undefined) {
  addRandom('peer: pure-rand xorshift128plus', randomTask({ next: pr }, 'next'));
  addRandom('peer: naive BigInt xorshift128+', randomTask({ next: naiveBigInt }, 'next'));
}

const out = new Float64Array(N);
const fill = new Bench({ time, warmupTime: time / 4, throws: true });
const nativeFill = () => new Function('out', 'N', `/* task ${taskNo++} */ return function () { for (let i = 0; i < N; i++) out[i] = Math.random(); };`)(out, N);
for (const [name, make] of emulators) fill.add(`${NATIVE} ${name}`, nativeFill()).add(`${name} fill(1M)`, fillTask(make(), out));
// The generators whose fill() runs a WebAssembly kernel of @emu/core, once more on their
// JavaScript reference loops (the only path where WebAssembly is missing or forbidden).
for (const [name, make] of emulators) {
  const e = make();
  if (e.engine !== 'firefox-lcg' && e.engine !== 'xorshift128plus') continue;
  const task = new Function('o', 'out', 'use', `/* task ${taskNo++} */ return function () { use(false); o.fill(out); use(true); };`)(e, out, useFillKernels);
  fill.add(`${NATIVE} ${name} js`, nativeFill()).add(`${name} fill(1M), JS loop`, task);
}

function hz(task) {
  const r = task.result;
  return r.throughput?.mean ?? r.hz;
}

const median = (xs) => {
  const v = [...xs].sort((a, b) => a - b);
  return v.length % 2 ? v[(v.length - 1) / 2] : (v[v.length / 2 - 1] + v[v.length / 2]) / 2;
};

const spread = [];

/** [name, ops/s, ratio to the native measurement just before]; first the run's median native. */
function rows(bench, per, nativeName) {
  const out = [];
  let native = NaN;
  const natives = [];
  for (const t of bench.tasks) {
    if (t.name.startsWith(NATIVE)) {
      native = hz(t) * per;
      natives.push(native);
    } else {
      out.push([t.name, hz(t) * per, (hz(t) * per) / native]);
    }
  }
  spread.push(`${nativeName}: ${natives.length} measurements, ${(Math.min(...natives) / 1e6).toFixed(0)}–${(Math.max(...natives) / 1e6).toFixed(0)} M/s`);
  return [[nativeName, median(natives), 1], ...out];
}

function report(rows, unit) {
  const w = Math.max(...rows.map((r) => r[0].length));
  console.log(`\n${'benchmark'.padEnd(w)}  ${unit.padStart(14)}  ratio to native`);
  for (const [name, ops, ratio] of rows) {
    console.log(`${name.padEnd(w)}  ${(ops / 1e6).toFixed(1).padStart(10)} M/s  ${ratio.toFixed(2)}×`);
  }
}

const header = `node ${process.version}, ${os.cpus()[0]?.model ?? 'unknown CPU'} × ${os.cpus().length}, ${args.quick ? 'quick' : 'full'} run`;
if (!args.json) console.log(header);
await random.run();
const randomRows = rows(random, BATCH, 'native Math.random()');
if (!args.json) report(randomRows, 'values/s');
await fill.run();
const fillRows = rows(fill, N, 'native loop filling 1M');
if (!args.json) report(fillRows, 'values/s');
if (!args.json) console.log(`\nnative spread within this run (each ratio uses the native measurement just before it): ${spread.join('; ')}`);
if (args.json) console.log(JSON.stringify({ header, spread, rows: [...randomRows, ...fillRows].map(([name, ops, ratio]) => ({ name, ops, ratio })) }));
if (sinkBox.v === 42) console.log(sinkBox.v);
