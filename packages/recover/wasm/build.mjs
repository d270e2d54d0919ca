#!/usr/bin/env node
// Assembles recover's WebAssembly (core's assembler: packages/core/wasm/build.mjs) and writes each
// module's bytes as a literal: walk.wat → ../src/walk-wasm.ts, jsc.wat → ../src/jsc-wasm.ts,
// pairs.wat → ../src/pairs-wasm.ts.
//   node build.mjs           write them
//   node build.mjs --check   exit 1 if a committed file differs from what its .wat assembles to
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { assembleWat, buildCli, renderWasm } from '../../core/wasm/build.mjs';

const here = dirname(fileURLToPath(import.meta.url));

/** The modules: .wat file, generated .ts file, the constant it exports. */
export const MODULES = [
  { wat: 'walk.wat', ts: 'walk-wasm.ts', name: 'WALK_WASM' },
  { wat: 'jsc.wat', ts: 'jsc-wasm.ts', name: 'JSC_WASM' },
  { wat: 'pairs.wat', ts: 'pairs-wasm.ts', name: 'PAIRS_WASM' },
];

export function assemble(wat = 'walk.wat') {
  return assembleWat(join(here, wat));
}

export function render(bytes, wat = 'walk.wat') {
  const m = MODULES.find((x) => x.wat === wat);
  return renderWasm(bytes, { name: m.name, script: 'packages/recover/wasm/build.mjs', wat, test: `recover test '${m.ts} is what ${wat} assembles to'` });
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  for (const m of MODULES) await buildCli(join(here, m.wat), join(here, '..', 'src', m.ts), (bytes) => render(bytes, m.wat));
}
