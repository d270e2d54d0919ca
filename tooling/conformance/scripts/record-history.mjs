#!/usr/bin/env node
// Records golden vectors for the historical generators from real implementations on this machine:
//   jdk     java.util.Random (the JDK's own class): next(27) pairs — the LCG core of Chakra's Math.random
//   glibc   glibc srandom()/random() called the way V8 ≤ 1.2.7's Runtime_Math_random called it (a tiny C program)
//   rhino   Debian's rhino: Math.random() printed by the real interpreter (unseeded)
//   hermes  npm hermes-engine-cli: Math.random() printed by the real binary (unseeded)
//   quickjs npm quickjs-emscripten: Math.random() from the real QuickJS build
// Usage: node tooling/conformance/scripts/record-history.mjs [--only jdk,glibc,rhino,hermes,quickjs] [--out DIR]
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';

const here = dirname(fileURLToPath(import.meta.url));
const { values: args } = parseArgs({
  options: {
    only: { type: 'string', default: 'jdk,glibc,rhino,hermes,quickjs' },
    out: { type: 'string', default: join(here, '..', 'fixtures') },
    count: { type: 'string', default: '200' },
  },
});
const only = new Set(args.only.split(','));
const count = Number(args.count);
const hex = (x) => {
  const b = Buffer.alloc(8);
  b.writeDoubleBE(x);
  return b.toString('hex');
};
const save = (name, data) => {
  writeFileSync(join(args.out, name), JSON.stringify(data) + '\n');
  process.stderr.write(`recorded ${name}\n`);
};

// ---- jdk: java.util.Random#next(27), twice per Chakra value --------------------------------------
const JDK_SOURCE = `
import java.util.Random;
public class Next27 extends Random {
  Next27(long seed) { super(seed); }
  public static void main(String[] a) {
    int n = Integer.parseInt(a[0]);
    StringBuilder sb = new StringBuilder("{");
    for (int k = 1; k < a.length; k++) {
      Next27 r = new Next27(Long.parseLong(a[k]));
      sb.append(k > 1 ? "," : "").append("\\"").append(a[k]).append("\\":[");
      for (int j = 0; j < 2 * n; j++) sb.append(j > 0 ? "," : "").append(r.next(27));
      sb.append("]");
    }
    System.out.println(sb.append("}"));
  }
}`;
if (only.has('jdk')) {
  const work = mkdtempSync(join(tmpdir(), 'emu-jdk-'));
  writeFileSync(join(work, 'Next27.java'), JDK_SOURCE);
  execFileSync('javac', ['Next27.java'], { cwd: work });
  const seeds = ['0', '1', '42', '-1', '123456789', '20160105'];
  const out = execFileSync('java', ['-cp', work, 'Next27', String(count), ...seeds], { encoding: 'utf8' });
  const version = spawnSync('java', ['-version'], { encoding: 'utf8' }).stderr.split('\n')[0];
  rmSync(work, { recursive: true, force: true });
  save('jdk-next27.json', { engine: 'java.util.Random', version, count, command: 'new java.util.Random(seed), then next(27) 2·count times (the two draws of each Chakra value)', seeds: JSON.parse(out) });
}

// ---- glibc: srandom(seed), Runtime_Math_random of V8 ≤ 1.2.7 ------------------------------------
const GLIBC_SOURCE = `
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <stdint.h>
int main(int argc, char **argv) {
  int n = atoi(argv[1]);
  printf("{");
  for (int k = 2; k < argc; k++) {
    srandom((unsigned int) strtoul(argv[k], 0, 10));
    printf("%s\\"%s\\":{\\"mathRandom\\":[", k > 2 ? "," : "", argv[k]);
    for (int j = 0; j < n; j++) {
      /* V8 src/runtime.cc Runtime_Math_random before 1.2.8 */
      double lo = (double) random() / (RAND_MAX + 1.0);
      double hi = (double) random();
      double result = (hi + lo) / (RAND_MAX + 1.0);
      uint64_t bits; memcpy(&bits, &result, 8);
      printf("%s\\"%016llx\\"", j ? "," : "", (unsigned long long) bits);
    }
    srandom((unsigned int) strtoul(argv[k], 0, 10));
    printf("],\\"random\\":[");
    for (int j = 0; j < 64; j++) printf("%s%ld", j ? "," : "", random());
    printf("]}");
  }
  printf("}\\n");
  return 0;
}`;
if (only.has('glibc')) {
  const work = mkdtempSync(join(tmpdir(), 'emu-glibc-'));
  writeFileSync(join(work, 'v8rand.c'), GLIBC_SOURCE);
  execFileSync('cc', ['-O2', '-o', 'v8rand', 'v8rand.c'], { cwd: work });
  // 0 (glibc turns it into 1), 1, a 2009 millisecond clock's low 32 bits, and seeds ≥ 2^31 (negative as int32)
  const seeds = ['0', '1', '42', String(1244764800000 % 2 ** 32), '2147483648', '4294967295', '3000000000'];
  const out = execFileSync(join(work, 'v8rand'), [String(count), ...seeds], { encoding: 'utf8' });
  const version = execFileSync('ldd', ['--version'], { encoding: 'utf8' }).split('\n')[0];
  rmSync(work, { recursive: true, force: true });
  save('glibc-random.json', { engine: 'glibc random()', version, count, command: 'srandom(seed); count × Runtime_Math_random (lo = random()/2^31, hi = random(), (hi + lo)/2^31); then srandom(seed) and 64 raw random()', seeds: JSON.parse(out) });
}

// ---- rhino: Debian's rhino, unseeded Math.random() (java.lang.Math.random → java.util.Random#nextDouble) --
if (only.has('rhino')) {
  const n = 1002;
  const script = `var a = []; for (var i = 0; i < ${n}; i++) a.push(java.lang.Long.toHexString(java.lang.Double.doubleToRawLongBits(Math.random()))); print(a.join(','));`;
  const out = execFileSync('rhino', ['-e', script], { encoding: 'utf8' }).trim().split('\n').at(-1);
  const values = out.split(',').map((h) => h.padStart(16, '0'));
  const version = execFileSync('dpkg-query', ['-W', '-f', '${Version}', 'rhino'], { encoding: 'utf8' });
  const java = spawnSync('java', ['-version'], { encoding: 'utf8' }).stderr.split('\n')[0];
  save('rhino.json', { engine: 'rhino', version: `Debian rhino ${version} on ${java}`, count: n, command: 'rhino -e: Math.random() bits via java.lang.Double.doubleToRawLongBits, unseeded', values });
}

// ---- quickjs: quickjs-emscripten's real QuickJS and quickjs-ng builds, unseeded ---------------------
if (only.has('quickjs')) {
  const dir = mkdtempSync(join(tmpdir(), 'emu-qjs-'));
  const pkgs = ['quickjs-emscripten@0.32.0', '@jitl/quickjs-wasmfile-release-sync@0.32.0', '@jitl/quickjs-ng-wasmfile-release-sync@0.32.0'];
  execFileSync('npm', ['install', '--no-save', '--no-audit', '--no-fund', '--prefix', dir, ...pkgs], { stdio: 'ignore' });
  const req = (name) => import(join(dir, 'node_modules', name, 'dist', 'index.mjs')).catch(() => import(join(dir, 'node_modules', name)));
  const { newQuickJSWASMModuleFromVariant } = await req('quickjs-emscripten');
  const builds = {};
  for (const [name, pkg] of [['quickjs', '@jitl/quickjs-wasmfile-release-sync'], ['quickjs-ng', '@jitl/quickjs-ng-wasmfile-release-sync']]) {
    const variant = (await req(pkg)).default;
    const mod = await newQuickJSWASMModuleFromVariant(variant);
    const before = Date.now();
    const vm = mod.newContext();
    const after = Date.now();
    const code = `(() => { const b = new DataView(new ArrayBuffer(8)); const a = []; for (let i = 0; i < ${count}; i++) { b.setFloat64(0, Math.random()); a.push(b.getBigUint64(0).toString(16).padStart(16, '0')); } return a.join(','); })()`;
    const values = vm.dump(vm.unwrapResult(vm.evalCode(code))).split(',');
    vm.dispose();
    builds[name] = { package: `${pkg}@0.32.0`, contextCreatedMs: [before, after], values };
  }
  rmSync(dir, { recursive: true, force: true });
  save('quickjs.json', { engine: 'quickjs', version: 'quickjs-emscripten 0.32.0', count, command: 'newContext() between two Date.now() readings, then count × Math.random() bits in the context, unseeded', builds });
}

export { hex, existsSync };
