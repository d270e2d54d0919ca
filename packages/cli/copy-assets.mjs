// After tsup: the page's static files (static/) and its module bundle (dist/page/: the packages'
// ESM builds bundled for the browser by the compare app's build), copied from the workspace so the
// installed CLI needs nothing outside itself. server.ts finds them beside its own dist/.
import { cpSync, existsSync, rmSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));
const app = join(here, '..', '..', 'apps', 'compare');
const bundle = join(app, 'dist', 'page');
if (!existsSync(join(bundle, 'emu.js'))) throw new Error(`${bundle}/emu.js is missing: build @emu/compare first`);

rmSync(join(here, 'static'), { recursive: true, force: true });
cpSync(join(app, 'static'), join(here, 'static'), { recursive: true });
rmSync(join(here, 'dist', 'page'), { recursive: true, force: true });
cpSync(bundle, join(here, 'dist', 'page'), { recursive: true });
console.log(`copied apps/compare/static and the page bundle (apps/compare/dist/page) into ${here}`);
