// The page's bundle (see lib.ts): the workspace packages' dist builds bundled for the browser.
import { defineConfig } from 'tsup';

export default defineConfig({
  entry: { emu: 'src/page/lib.ts' },
  outDir: 'dist/page',
  format: ['esm'],
  platform: 'browser',
  target: 'es2022',
  sourcemap: true,
  splitting: false,
  clean: true,
  noExternal: [/^@emu\//],
});
