// After tsup: the page's static files (static/) and the ESM builds of the packages it imports
// (pkg/<name>/dist/), copied from the workspace so the installed CLI needs nothing outside itself.
import { cpSync, existsSync, readdirSync, rmSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));
const root = join(here, '..', '..');
const PAGE_PACKAGES = ['core', 'engines', 'v8-2015', 'v8-patched', 'firefox-lcg', 'webkit-gamerand', 'xorshift128plus'];

rmSync(join(here, 'static'), { recursive: true, force: true });
cpSync(join(root, 'apps', 'compare', 'static'), join(here, 'static'), { recursive: true });
rmSync(join(here, 'pkg'), { recursive: true, force: true });
for (const name of PAGE_PACKAGES) {
  const from = join(root, 'packages', name, 'dist');
  if (!existsSync(join(from, 'index.js'))) throw new Error(`${from}/index.js is missing: build @emu/${name} first`);
  for (const f of readdirSync(from).filter((x) => x.endsWith('.js') || x.endsWith('.js.map'))) {
    cpSync(join(from, f), join(here, 'pkg', name, 'dist', f));
  }
}
console.log(`copied apps/compare/static and ${PAGE_PACKAGES.length} package builds into ${here}`);
