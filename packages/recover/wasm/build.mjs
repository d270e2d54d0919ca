#!/usr/bin/env node
// Assembles recover's WebAssembly (core's assembler: packages/core/wasm/build.mjs) and writes each
// module's bytes as a literal: walk.wat → ../src/walk-wasm.ts, jsc.wat → ../src/jsc-wasm.ts,
// pairs.wat → ../src/pairs-wasm.ts.
//   node build.mjs           write them
//   node build.mjs --check   exit 1 if a committed file differs from what its .wat assembles to
import { dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { wasmModules } from '../../core/wasm/build.mjs';

const here = dirname(fileURLToPath(import.meta.url));

/** The modules: .wat file, generated .ts file, the constant it exports. */
export const MODULES = [
  { wat: 'walk.wat', ts: 'walk-wasm.ts', name: 'WALK_WASM' },
  { wat: 'jsc.wat', ts: 'jsc-wasm.ts', name: 'JSC_WASM' },
  { wat: 'pairs.wat', ts: 'pairs-wasm.ts', name: 'PAIRS_WASM' },
];

export const { assemble, render, main } = wasmModules(here, 'recover', MODULES);

if (process.argv[1] === fileURLToPath(import.meta.url)) await main();
