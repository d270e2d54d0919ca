#!/usr/bin/env node
// `pnpm pack:check`: what a publish would upload, checked offline before anything is published.
//  1. the publish checklist of every public package (tooling/publish/packages.mjs check);
//  2. `pnpm pack` of each public package into one folder (as `pnpm publish` packs it: workspace:*
//     dependencies rewritten to versions), after the build (`pnpm build` must have run);
//  3. every tarball through publint (--strict) and @arethetypeswrong/cli (profile node16), both pinned in the root
//     package.json and both reading only the tarball (no registry access).
// The tarballs stay in the folder printed at the end (or --out DIR) for the install test
// (tooling/publish/install-check.mjs).
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { checkPackage, publicPackages } from './packages.mjs';

const root = fileURLToPath(new URL('../..', import.meta.url));
const bin = (name) => join(root, 'node_modules', '.bin', name);
const outArg = process.argv.indexOf('--out');
const out = outArg > 0 ? process.argv[outArg + 1] : mkdtempSync(join(tmpdir(), 'emu-pack-'));
rmSync(out, { recursive: true, force: true });
mkdirSync(out, { recursive: true });

const pkgs = publicPackages();
let failures = 0;
for (const p of pkgs) {
  const problems = checkPackage(p);
  if (problems.length) {
    failures++;
    console.error(`checklist ${p.pkg.name}:\n${problems.map((x) => `  - ${x}`).join('\n')}`);
  }
}

for (const p of pkgs) {
  execFileSync('pnpm', ['pack', '--pack-destination', out], { cwd: join(root, p.dir), stdio: ['ignore', 'ignore', 'inherit'] });
}
const tarballs = readdirSync(out).filter((f) => f.endsWith('.tgz')).sort();
if (tarballs.length !== pkgs.length) {
  console.error(`expected ${pkgs.length} tarballs, found ${tarballs.length} in ${out}`);
  failures++;
}

const binOnly = new Set(pkgs.filter((p) => p.pkg.bin && !p.pkg.exports).map((p) => `${p.pkg.name.replace('@', '').replace('/', '-')}-${p.pkg.version}.tgz`));
for (const t of tarballs) {
  const file = join(out, t);
  for (const [tool, args] of [
    ['publint', ['run', file, '--strict']],
    // --profile node16: TypeScript's node10 resolution (moduleResolution "node") cannot see subpath
    // exports such as @emu/pin/register at all; every package requires Node ≥ 20 anyway.
    ['attw', [file, '--format', 'ascii', '--profile', 'node16']],
  ]) {
    if (tool === 'attw' && binOnly.has(t)) {
      console.log(`--   attw    ${t} (a command, no library entry points to type-check)`);
      continue;
    }
    try {
      execFileSync(bin(tool), args, { stdio: ['ignore', 'pipe', 'pipe'], encoding: 'utf8' });
      console.log(`ok   ${tool.padEnd(7)} ${t}`);
    } catch (e) {
      failures++;
      console.error(`FAIL ${tool.padEnd(7)} ${t}\n${e.stdout ?? ''}${e.stderr ?? ''}`);
    }
  }
}

if (failures) {
  console.error(`pack:check: ${failures} failure(s)`);
  process.exit(1);
}
console.log(`pack:check: ${tarballs.length} tarballs pass the checklist, publint --strict and arethetypeswrong; tarballs in ${out}`);
