#!/usr/bin/env node
// Records the seeded Math.random of real JavaScript runtimes that embed V8 or JavaScriptCore into
// fixtures/<runtime>-<version>.json, or with --check re-records and compares with the fixture:
//
//   deno     npm @deno/linux-x64-glibc@V            deno run --seed N probe.js
//   bun      npm @oven/bun-linux-x64@V              BUN_JSC_forceWeakRandomSeed=true BUN_JSC_forcedWeakRandomSeed=N bun probe.js
//   workerd  npm @cloudflare/workerd-linux-64@V     workerd test config.capnp, v8Flags = ["--random-seed=N"]
//   jsc      Debian's /usr/bin/jsc (JavaScriptCore) jsc --forceWeakRandomSeed=true --forcedWeakRandomSeed=N probe.js
//
//   node tooling/conformance/scripts/record-runtimes.mjs --runtime deno --versions 1.46.3,2.9.6 [--check]
//
// Each npm artefact is downloaded once per invocation, used for every seed, and deleted.
import { execFileSync } from 'node:child_process';
import { chmodSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { HEX_PROBE, fetchNpm } from './npm-artifact.mjs';

const fixtures = join(dirname(fileURLToPath(import.meta.url)), '..', 'fixtures');
export const SEEDS = { deno: [1, 42, 2147483647], workerd: [1, 42, -7], bun: [1, 42, 4294967295], jsc: [1, 42, 4294967295] };
const COUNT = 200;

const probe = (count, print) => `${HEX_PROBE}\nvar __v = [], __i;\nfor (__i = 0; __i < ${count}; __i++) __v.push(Math.random());\n${print}(__v.map(__h).join(' '));\n`;

function sh(file, args, opts = {}) {
  return execFileSync(file, args, { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'], timeout: 120000, ...opts });
}

function values(out, count, what) {
  const m = /(?:^|\n)((?:[0-9a-f]{16} ){1,}[0-9a-f]{16})\s*(?:\n|$)/.exec(out);
  const v = m ? m[1].split(' ') : [];
  if (v.length !== count) throw new Error(`${what}: expected ${count} hex values, got: ${out.slice(0, 300)}`);
  return v;
}

const RUNTIMES = {
  deno: {
    family: 'v8',
    pkg: (v) => `@deno/linux-x64-glibc@${v}`,
    setup(dir, work) {
      writeFileSync(join(work, 'probe.js'), probe(COUNT, 'console.log'));
      const exe = join(dir, 'deno');
      chmodSync(exe, 0o755); // some releases ship it without the execute bit
      const ver = sh(exe, ['--version']);
      return { exe, engine: /v8 ([\d.]+)/.exec(ver)?.[1], version: /deno ([\d.]+)/.exec(ver)?.[1] };
    },
    run: ({ exe }, work, seed) => sh(exe, ['run', '--quiet', `--seed=${seed}`, join(work, 'probe.js')], { cwd: work, env: { ...process.env, DENO_DIR: join(work, 'deno-dir'), NO_COLOR: '1' } }),
    flags: 'deno run --seed=N probe.js',
  },
  bun: {
    family: 'jsc',
    pkg: (v) => `@oven/bun-linux-x64@${v}`,
    setup(dir, work) {
      writeFileSync(join(work, 'probe.js'), probe(COUNT, 'console.log'));
      const exe = join(dir, 'bin', 'bun');
      chmodSync(exe, 0o755);
      const version = sh(exe, ['--version']).trim();
      writeFileSync(join(work, 'webkit.js'), 'console.log("webkit=" + ((typeof process === "object" && process.versions && process.versions.webkit) || ""));\n');
      const webkit = /webkit=(\w*)/.exec(sh(exe, [join(work, 'webkit.js')], { cwd: work }))?.[1];
      return { exe, engine: webkit ? `WebKit ${webkit}` : undefined, version };
    },
    run: ({ exe }, work, seed) => sh(exe, [join(work, 'probe.js')], { cwd: work, env: { ...process.env, BUN_JSC_forceWeakRandomSeed: 'true', BUN_JSC_forcedWeakRandomSeed: String(seed), BUN_INSTALL_CACHE_DIR: join(work, 'bun-cache') } }),
    flags: 'BUN_JSC_forceWeakRandomSeed=true BUN_JSC_forcedWeakRandomSeed=N bun probe.js',
  },
  workerd: {
    family: 'v8',
    pkg: (v) => `@cloudflare/workerd-linux-64@${v}`,
    setup(dir, work) {
      writeFileSync(join(work, 'worker.js'), `export default { async test() {\n${probe(COUNT, 'console.log')}} };\n`);
      const exe = join(dir, 'bin', 'workerd');
      chmodSync(exe, 0o755);
      const version = sh(exe, ['--version']).trim().replace(/^workerd /, '');
      // workerd prints no V8 version; its binary carries V8's version string.
      const v8 = /\b(1\d\.\d+\.\d+\.\d+)\b/.exec(sh('sh', ['-c', `strings -n 8 '${exe}' | grep -m1 -E '^1[0-9]\\.[0-9]+\\.[0-9]+\\.[0-9]+$' || true`], { maxBuffer: 1 << 26 }))?.[1];
      return { exe, engine: v8, version };
    },
    run({ exe }, work, seed) {
      const cfg = join(work, 'config.capnp');
      writeFileSync(cfg, `using Workerd = import "/workerd/workerd.capnp";\nconst config :Workerd.Config = (\n  services = [ (name = "main", worker = .w) ],\n  v8Flags = ["--random-seed=${seed}"],\n);\nconst w :Workerd.Worker = (\n  modules = [ (name = "worker", esModule = embed "worker.js") ],\n  compatibilityDate = "2022-09-01",\n);\n`);
      return execFileSync(exe, ['test', cfg], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'], timeout: 120000 }) + '\n';
    },
    flags: 'workerd test config.capnp with v8Flags = ["--random-seed=N"], values drawn in the test() handler',
  },
  jsc: {
    family: 'jsc',
    pkg: undefined,
    setup(_dir, work) {
      writeFileSync(join(work, 'probe.js'), probe(COUNT, 'print'));
      const version = sh('dpkg-query', ['-W', '-f=${Version}', 'libjavascriptcoregtk-4.0-bin']).trim();
      // Registry id webkitgtk@X.Y.Z (jsc@ numbers Safari's JavaScriptCore).
      return { exe: '/usr/bin/jsc', engine: `JavaScriptCore (WebKitGTK ${version}, Debian's jsc shell)`, version: version.replace(/-.*$/, '') };
    },
    run: ({ exe }, work, seed) => sh(exe, ['--forceWeakRandomSeed=true', `--forcedWeakRandomSeed=${seed}`, join(work, 'probe.js')], { cwd: work }),
    flags: 'jsc --forceWeakRandomSeed=true --forcedWeakRandomSeed=N probe.js',
  },
};

/** Records one version of a runtime: { version, engine, seeds }. */
export function recordRuntime(name, version, log = (s) => process.stderr.write(s + '\n')) {
  const rt = RUNTIMES[name];
  const work = mkdtempSync(join(tmpdir(), `emu-${name}-`));
  const art = rt.pkg ? fetchNpm(rt.pkg(version), log) : undefined;
  try {
    const info = rt.setup(art?.dir, work);
    const seeds = {};
    for (const s of SEEDS[name]) {
      const out = rt.run(info, work, s);
      seeds[String(s)] = values(out, COUNT, `${name} ${version} seed ${s}`);
    }
    // npm runtimes are named by their package version (deno 2.3.0's package reports itself as 2.4.0).
    return { runtime: name, version: art ? version : info.version, reports: info.version, engine: info.engine, package: art ? rt.pkg(version) : undefined, download: art ? { bytes: art.bytes, seconds: art.seconds } : undefined, flags: rt.flags, count: COUNT, seeds };
  } finally {
    art?.cleanup();
    rmSync(work, { recursive: true, force: true });
  }
}

export function fixtureName(name, version) {
  return `${name === 'jsc' ? 'webkitgtk' : name}-${version}.json`;
}

function main() {
  const { values: args } = parseArgs({ options: { runtime: { type: 'string' }, versions: { type: 'string', default: 'system' }, check: { type: 'boolean', default: false } } });
  if (!args.runtime || !RUNTIMES[args.runtime]) throw new Error(`--runtime must be one of ${Object.keys(RUNTIMES).join(', ')}`);
  let failed = 0;
  for (const v of args.versions.split(',')) {
    const t0 = Date.now();
    try {
      const data = recordRuntime(args.runtime, v);
      const file = join(fixtures, fixtureName(args.runtime, data.version));
      if (args.check) {
        const committed = JSON.parse(readFileSync(file, 'utf8'));
        const bad = Object.keys(data.seeds).filter((s) => committed.seeds[s]?.join() !== data.seeds[s].join());
        if (bad.length) throw new Error(`differs from ${file} for seeds ${bad.join(', ')}`);
        console.log(`record-runtimes: ${args.runtime} ${data.version}: ${Object.keys(data.seeds).length} seeds × ${COUNT} values equal the fixture (${((Date.now() - t0) / 1000).toFixed(0)} s)`);
      } else {
        writeFileSync(file, JSON.stringify({ recorder: 'tooling/conformance/scripts/record-runtimes.mjs', ...data }, null, 1) + '\n');
        console.log(`record-runtimes: ${args.runtime} ${data.version} (${data.engine}) → ${file} (${((Date.now() - t0) / 1000).toFixed(0)} s)`);
      }
    } catch (e) {
      failed++;
      console.error(`record-runtimes: ${args.runtime} ${v}: ${e.message.split('\n').slice(0, 4).join(' | ')}`);
    }
  }
  if (failed) process.exitCode = 1;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) main();
