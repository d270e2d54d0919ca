#!/usr/bin/env node
// Records Hermes's Math.random from real binaries and the real C++ library code it calls:
//   cli        npm hermes-engine-cli@VERSION (linux64-bin/hermes): unseeded Math.random() bits; no build
//              has a seed flag; the one flag that mentions a fixed seed, -Xstable-instruction-count, is
//              recorded too (two runs' first values, or the error it raises)
//   libstdcxx  a tiny C++ program with Hermes's two mathRandom bodies (minstd_rand, then mt19937_64,
//              each through std::uniform_real_distribution<>(0.0, 1.0)) built by the machine's g++:
//              seeded goldens, and one run seeded as Hermes does it (random_device, (r1 << 32) | r2)
// Usage: node tooling/conformance/scripts/record-hermes.mjs [--only cli,libstdcxx] [--versions 0.5.0,0.12.0] [--out DIR]
//        [--check]: record into memory and check instead of writing: unseeded runs by recovery (the
//        minstd state from 2 values, every later value through hermes@VERSION; the mt19937_64 seed
//        from 622 values), seeded goldens equal to the committed fixture (needs the packages built)
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';

const here = dirname(fileURLToPath(import.meta.url));
const ALL_CLI = ['0.5.0', '0.5.1', '0.7.0', '0.7.2', '0.8.1', '0.9.0', '0.10.0', '0.11.0', '0.12.0'];
const { values: args } = parseArgs({
  options: {
    only: { type: 'string', default: 'cli,libstdcxx' },
    versions: { type: 'string', default: ALL_CLI.join(',') },
    count: { type: 'string', default: '1002' },
    out: { type: 'string', default: join(here, '..', 'fixtures') },
    check: { type: 'boolean', default: false },
  },
});
const only = new Set(args.only.split(','));
const count = Number(args.count);
const root = join(here, '..', '..', '..');
const pkg = (name) => import(join(root, 'packages', name, 'dist', 'index.js'));
let failures = 0;
const verdict = (what, ok, detail = '') => {
  process.stdout.write(`${ok ? 'ok  ' : 'FAIL'} ${what}${detail ? `: ${detail}` : ''}\n`);
  if (!ok) failures++;
};
/** --check: every unseeded run by recovery, every seeded golden against the committed fixture. */
async function check(name, data) {
  const { doubleToHex, hexToDouble } = await pkg('core');
  const { createEngine } = await pkg('engines');
  const H = await pkg('hermes');
  const take = (e, n) => Array.from({ length: n }, () => doubleToHex(e.random()));
  if (name === 'hermes-cli.json') {
    for (const [version, b] of Object.entries(data.builds)) {
      const states = H.recoverMinstd(b.values.slice(0, 2).map(hexToDouble));
      const ok = states.length === 1 && take(createEngine(`hermes@${version}`, { state: states }), b.values.length).join() === b.values.join();
      verdict(`${b.package} (release ${b.release}), unseeded: state from 2 values, ${b.values.length - 2} predicted`, ok);
    }
  } else {
    const committed = JSON.parse(readFileSync(join(here, '..', 'fixtures', name), 'utf8'));
    verdict(`${data.version}: minstd_rand and mt19937_64 seeded goldens equal the fixture's`, JSON.stringify([data.minstd, data.mt64]) === JSON.stringify([committed.minstd, committed.mt64]));
    const values = data.randomDevice.values.map(hexToDouble);
    const r = H.recoverMt64Seed(values, 'hermes-mt64-libstdcxx');
    verdict(`mt19937_64 seeded from random_device: seed recovered from ${H.MT64_RECOVERY_VALUES} values, all ${values.length} reproduced`, r.seeds.length === 1 && String(r.seeds[0]) === data.randomDevice.seed);
  }
}
const save = async (name, data) => {
  if (args.check) return check(name, data);
  writeFileSync(join(args.out, name), JSON.stringify(data) + '\n');
  process.stderr.write(`recorded ${name}\n`);
};

// ---- cli: the real hermes binaries from npm, unseeded ----------------------------------------------
// ES5-only script (print, DataView): every release runs it
const SCRIPT = `
var b = new DataView(new ArrayBuffer(8));
function h(x) { var s = (x >>> 0).toString(16); while (s.length < 8) s = '0' + s; return s; }
var out = [];
for (var i = 0; i < ${count}; i++) { b.setFloat64(0, Math.random()); out.push(h(b.getUint32(0)) + h(b.getUint32(4))); }
print(out.join(','));
`;
if (only.has('cli')) {
  const builds = {};
  for (const version of args.versions.split(',')) {
    const dir = mkdtempSync(join(tmpdir(), 'emu-hermes-'));
    execFileSync('npm', ['pack', '--silent', `hermes-engine-cli@${version}`], { cwd: dir, stdio: ['ignore', 'pipe', 'inherit'] });
    execFileSync('tar', ['xzf', `hermes-engine-cli-${version}.tgz`], { cwd: dir });
    const bin = join(dir, 'package', 'linux64-bin', 'hermes');
    writeFileSync(join(dir, 'r.js'), SCRIPT);
    const release = execFileSync(bin, ['--version'], { encoding: 'utf8' }).match(/Hermes release version: (\S+)/)?.[1] ?? 'unknown';
    // some releases (0.7.0 … 0.11.0) crash with SIGSEGV at exit, after printing: the output is kept
    // when it is complete, and the exit is recorded
    const run = (...flags) => {
      const r = spawnSync(bin, [...flags, join(dir, 'r.js')], { encoding: 'utf8' });
      return { values: r.stdout.trim().split(','), exit: r.signal ?? r.status, stderr: r.stderr.trim().split('\n')[0] ?? '' };
    };
    const { values, exit } = run();
    // a second run: the stream is seeded from std::random_device each time
    const again = run().values.slice(0, 2);
    // the only flag that mentions a fixed seed: two runs' first values (or the error it gives)
    const stable = [0, 1].map(() => {
      const r = run('-Xstable-instruction-count');
      return /^[0-9a-f]{16}$/.test(r.values[0] ?? '') ? r.values[0] : `error: ${r.stderr.slice(0, 100)}`;
    });
    rmSync(dir, { recursive: true, force: true });
    if (values.length !== count || !values.every((v) => /^[0-9a-f]{16}$/.test(v))) throw new Error(`hermes-engine-cli@${version}: expected ${count} values, got ${values.length}`);
    builds[version] = { package: `hermes-engine-cli@${version}`, release, exit, secondRunFirstValues: again, stableInstructionCountFirstValues: stable, values };
    process.stderr.write(`hermes-engine-cli@${version} (${release}): ${values.length} values\n`);
  }
  await save('hermes-cli.json', {
    engine: 'hermes',
    command: `npm pack hermes-engine-cli@VERSION; package/linux64-bin/hermes r.js: ${count} × Math.random() bits (DataView) in a fresh runtime, unseeded; then a second run's first 2`,
    builds,
  });
}

// ---- libstdcxx: Hermes's mathRandom bodies against the real libstdc++ ------------------------------
const CPP = `
// The two bodies of hermes::vm::mathRandom (facebook/hermes lib/VM/JSLib/Math.cpp):
//   ≤ 2023-11 (f22a18f6 … v0.12.0): std::minstd_rand, seed = std::random_device()()
//   from 20c11c44 (2023-11-08): std::mt19937_64, seed = (uint64_t(rd()) << 32) | rd()
// each value: std::uniform_real_distribution<> dist(0.0, 1.0); dist(engine)
#include <random>
#include <cstdio>
#include <cstring>
#include <cstdint>
#include <cstdlib>
static void hex(double d, bool comma) { uint64_t b; std::memcpy(&b, &d, 8); std::printf("%s\\"%016llx\\"", comma ? "," : "", (unsigned long long)b); }
template <class E> static void run(E &e, int n) { for (int j = 0; j < n; j++) { std::uniform_real_distribution<> dist(0.0, 1.0); hex(dist(e), j); } }
int main(int argc, char **argv) {
  int n = std::atoi(argv[1]), nrd = std::atoi(argv[2]);
  std::printf("{\\"minstd\\":{");
  int first = 1;
  for (char *s = std::strtok(argv[3], ","); s; s = std::strtok(0, ",")) {
    std::minstd_rand e; e.seed((std::minstd_rand::result_type)(unsigned int)std::strtoul(s, 0, 0));
    std::printf("%s\\"%s\\":[", first ? "" : ",", s); first = 0; run(e, n); std::printf("]");
  }
  std::printf("},\\"mt64\\":{");
  first = 1;
  for (char *s = std::strtok(argv[4], ","); s; s = std::strtok(0, ",")) {
    std::mt19937_64 e; e.seed((uint64_t)std::strtoull(s, 0, 0));
    std::printf("%s\\"%s\\":[", first ? "" : ",", s); first = 0; run(e, n); std::printf("]");
  }
  std::random_device rd;
  auto r1 = rd();
  uint64_t seed = (uint64_t(r1) << 32) | rd();
  std::mt19937_64 e; e.seed(seed);
  std::printf("},\\"randomDevice\\":{\\"seed\\":\\"%llu\\",\\"values\\":[", (unsigned long long)seed);
  run(e, nrd);
  std::printf("]}}\\n");
  return 0;
}
`;
if (only.has('libstdcxx')) {
  const work = mkdtempSync(join(tmpdir(), 'emu-hermes-cpp-'));
  writeFileSync(join(work, 'hermes-random.cpp'), CPP);
  execFileSync('g++', ['-O2', '-std=c++17', '-o', 'hermes-random', 'hermes-random.cpp'], { cwd: work });
  const minstdSeeds = ['0', '1', '42', '2147483647', '2147483648', '4294967295', '3735928559'];
  const mtSeeds = ['0', '1', '42', '5489', '0x0123456789abcdef', '0xffffffffffffffff'];
  const out = execFileSync(join(work, 'hermes-random'), ['200', '1700', minstdSeeds.join(','), mtSeeds.join(',')], { encoding: 'utf8' });
  const version = execFileSync('g++', ['--version'], { encoding: 'utf8' }).split('\n')[0];
  rmSync(work, { recursive: true, force: true });
  await save('hermes-libstdcxx.json', {
    engine: 'hermes (its mathRandom bodies on libstdc++)',
    version,
    command: 'g++ -O2: minstd_rand / mt19937_64 seeded with each seed, 200 × uniform_real_distribution<>(0.0, 1.0); then mt19937_64 seeded as Hermes does (random_device, (r1 << 32) | r2), 1700 values',
    ...JSON.parse(out),
  });
}

if (args.check) {
  process.stdout.write(failures ? `${failures} check(s) FAILED\n` : 'all checks passed\n');
  if (failures) process.exitCode = 1;
}
