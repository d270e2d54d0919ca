// The one build every published library package uses: ESM (.js) and CommonJS (.cjs) from the
// same sources, each with its declarations (.d.ts for import, .d.cts for require) and source maps.
// A package's tsup.config.ts is `export default library()` (or library({ entry: [...] })).
import { defineConfig } from 'tsup';

/** tsup options for a dual ESM/CJS library; `overrides` are merged over the defaults. */
export function library(overrides = {}) {
  return defineConfig({
    entry: ['src/index.ts'],
    format: ['esm', 'cjs'],
    dts: true,
    clean: true,
    sourcemap: true,
    target: 'es2022',
    platform: 'neutral',
    splitting: false,
    ...overrides,
  });
}
