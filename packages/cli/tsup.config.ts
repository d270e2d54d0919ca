// @emu/cli is the compare app (apps/compare, `pnpm compare` in the repo) built for installation:
// its sources bundled into dist/ (the @emu/* libraries stay dependencies), and by copy-assets.mjs
// the page's static files and the ESM builds of the packages the page imports, so `emu serve`
// serves its own copies instead of reading ../../packages.
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'tsup';

const app = '../../apps/compare/src';
const ownPackageJson = fileURLToPath(new URL('./package.json', import.meta.url));

export default defineConfig({
  entry: { cli: `${app}/cli.ts`, ids: `${app}/ids.ts`, 'battery-worker': `${app}/battery-worker.ts` },
  format: ['esm'],
  platform: 'node',
  target: 'node20',
  clean: true,
  sourcemap: true,
  splitting: false,
  // `emu --version` reads the app's package.json: in this build, that is @emu/cli's own.
  esbuildPlugins: [
    {
      name: 'own-package-json',
      setup(build) {
        build.onResolve({ filter: /(^|\/)package\.json$/ }, (args) =>
          args.importer.includes('/apps/compare/') ? { path: ownPackageJson } : undefined,
        );
      },
    },
  ],
});
