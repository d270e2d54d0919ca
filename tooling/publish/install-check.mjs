#!/usr/bin/env node
// `pnpm install:check`: the packages as a user gets them. In an empty temporary directory,
// `npm install` the tarballs that `pnpm pack` makes (as a publish would: workspace:* rewritten to
// versions; all tarballs in one install, so no @emu/* package comes from the registry), then:
//  - require() and import() of every library package give the same export names;
//  - `npx emu sequence --engine node@4.2.2 --random-seed 42 --count 3 --format hex` prints the
//    README's three values;
//  - `npx emu serve` serves the page, a module of its own copy of @emu/engines, and /ids.js;
//  - `EMU_ENGINE=node@4.2.2 EMU_RANDOM_SEED=42 node --import @emu/pin/register -e "console.log(Math.random())"`
//    prints the value the real node 4.2.2 printed for `node --random_seed=42 -e ...` (from
//    tooling/conformance/fixtures/node-4.2.2.json, rechecked against the real binary in CI).
// Usage: node tooling/publish/install-check.mjs [--tarballs DIR]   (default: packs into a temp dir)
import { execFileSync, spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { publicPackages } from './packages.mjs';

const root = fileURLToPath(new URL('../..', import.meta.url));
const arg = process.argv.indexOf('--tarballs');
let tarDir = arg > 0 ? process.argv[arg + 1] : undefined;
const pkgs = publicPackages();
if (!tarDir) {
  tarDir = mkdtempSync(join(tmpdir(), 'emu-tarballs-'));
  for (const p of pkgs) execFileSync('pnpm', ['pack', '--pack-destination', tarDir], { cwd: join(root, p.dir), stdio: ['ignore', 'ignore', 'inherit'] });
}
const tarballs = readdirSync(tarDir).filter((f) => f.endsWith('.tgz')).map((f) => join(tarDir, f));
let failures = 0;
const fail = (msg) => {
  failures++;
  console.error(`FAIL ${msg}`);
};
const ok = (msg) => console.log(`ok   ${msg}`);

const dir = mkdtempSync(join(tmpdir(), 'emu-install-'));
writeFileSync(join(dir, 'package.json'), JSON.stringify({ name: 'emu-install-check', private: true, version: '0.0.0' }));
const t0 = Date.now();
execFileSync('npm', ['install', '--no-audit', '--no-fund', '--no-package-lock', '--loglevel=error', ...tarballs], { cwd: dir, stdio: ['ignore', 'inherit', 'inherit'] });
ok(`npm install of ${tarballs.length} tarballs into ${dir} (${((Date.now() - t0) / 1000).toFixed(1)} s)`);

const node = (args, env = {}) => spawnSync(process.execPath, args, { cwd: dir, encoding: 'utf8', env: { PATH: process.env.PATH ?? '', ...env } });

// require() and import() of every library entry point.
for (const p of pkgs.filter((x) => x.pkg.exports)) {
  for (const sub of Object.keys(p.pkg.exports).filter((k) => k !== './package.json' && !k.endsWith('/register'))) {
    const spec = p.pkg.name + sub.slice(1);
    const cjs = node(['-e', `process.stdout.write(Object.keys(require(${JSON.stringify(spec)})).sort().join(','))`]);
    const esm = node(['--input-type=module', '-e', `const m = await import(${JSON.stringify(spec)}); process.stdout.write(Object.keys(m).sort().join(','))`]);
    if (cjs.status !== 0 || esm.status !== 0) fail(`${spec}: require ${cjs.status}, import ${esm.status}\n${cjs.stderr}${esm.stderr}`);
    else if (cjs.stdout === '' || cjs.stdout !== esm.stdout) fail(`${spec}: require() gives [${cjs.stdout}], import() gives [${esm.stdout}]`);
    else ok(`${spec}: require() and import() give the same ${cjs.stdout.split(',').length} exports`);
  }
}

// The README's values from the installed command.
const npx = spawnSync('npx', ['--no-install', 'emu', 'sequence', '--engine', 'node@4.2.2', '--random-seed', '42', '--count', '3', '--format', 'hex'], { cwd: dir, encoding: 'utf8' });
const expectedSeq = '3fc9aad9e8000000\n3fd52f0ad0800000\n3febdce870200000';
if (npx.status === 0 && npx.stdout.trim() === expectedSeq) ok('npx emu sequence --engine node@4.2.2 --random-seed 42 --count 3 --format hex: the README values');
else fail(`npx emu sequence printed (${npx.status}):\n${npx.stdout}${npx.stderr}`);

// The pin, against the real node 4.2.2's recorded -e value.
const golden = JSON.parse(readFileSync(join(root, 'tooling/conformance/fixtures/node-4.2.2.json'), 'utf8')).seeds['42'];
const evalValues = typeof golden.eval === 'string' ? golden[golden.eval.slice(1)] : golden.eval;
const pinned = node(['--import', '@emu/pin/register', '-e', 'console.log(Math.random())'], { EMU_ENGINE: 'node@4.2.2', EMU_RANDOM_SEED: '42' });
const bits = (x) => {
  const b = Buffer.alloc(8);
  b.writeDoubleBE(x);
  return b.toString('hex');
};
const got = pinned.status === 0 ? bits(Number(pinned.stdout.trim())) : undefined;
if (got === evalValues[0]) ok(`@emu/pin/register -e: ${pinned.stdout.trim()} = ${got}, the real node 4.2.2 value`);
else fail(`@emu/pin/register -e printed ${JSON.stringify(pinned.stdout)} (${got}), the real node 4.2.2 printed ${evalValues[0]}\n${pinned.stderr}`);

// `emu serve`: the page and its modules, from the installed package's own copies.
const server = spawn(join(dir, 'node_modules', '.bin', 'emu'), ['serve', '--port', '0'], { cwd: dir, stdio: ['ignore', 'pipe', 'pipe'] });
try {
  const url = await new Promise((resolve, reject) => {
    let text = '';
    const timer = setTimeout(() => reject(new Error(`emu serve printed no URL within 20 s: ${text}`)), 20000);
    server.stdout.on('data', (d) => {
      text += d;
      const m = /http:\/\/127\.0\.0\.1:\d+\//.exec(text);
      if (m) {
        clearTimeout(timer);
        resolve(m[0]);
      }
    });
    server.stderr.on('data', (d) => (text += d));
    server.on('exit', (code) => reject(new Error(`emu serve exited (${code}): ${text}`)));
  });
  for (const [path, mustContain] of [['', 'this-browser'], ['app.js', 'import'], ['worker.js', 'import'], ['lib/emu.js', 'createEngine']]) {
    const res = await fetch(url + path);
    const body = await res.text();
    if (res.status === 200 && body.includes(mustContain)) ok(`emu serve: GET /${path} (${body.length} bytes)`);
    else fail(`emu serve: GET /${path} gave ${res.status}, ${body.slice(0, 80)}`);
  }
} catch (e) {
  fail(String(e));
} finally {
  server.kill();
}

if (failures) {
  console.error(`install:check: ${failures} failure(s)`);
  process.exit(1);
}
console.log(`install:check: all passed (${((Date.now() - t0) / 1000).toFixed(1)} s after the install started)`);
