#!/usr/bin/env node
// Assembles walk.wat (core's assembler: packages/core/wasm/build.mjs) and writes
// ../src/walk-wasm.ts, the module's bytes as a literal.
//   node build.mjs           write it
//   node build.mjs --check   exit 1 if the committed file differs from what walk.wat assembles to
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { assembleWat, buildCli, renderWasm } from '../../core/wasm/build.mjs';

const here = dirname(fileURLToPath(import.meta.url));

export function assemble() {
  return assembleWat(join(here, 'walk.wat'));
}

export function render(bytes) {
  return renderWasm(bytes, { name: 'WALK_WASM', script: 'packages/recover/wasm/build.mjs', wat: 'walk.wat', test: "recover test 'walk-wasm.ts is what walk.wat assembles to'" });
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  await buildCli(join(here, 'walk.wat'), join(here, '..', 'src', 'walk-wasm.ts'), render);
}
