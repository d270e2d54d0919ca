#!/usr/bin/env node
// The publish checklist of every public package under packages/ (and any other workspace package
// that is not private): the fields, files and build outputs a package needs before it is published.
//
//   node tooling/publish/packages.mjs check   fails, listing every missing or wrong field
//   node tooling/publish/packages.mjs fix     writes the standard fields into each package.json,
//                                             copies LICENSE and adds tsup.config.ts where missing
//
// A new package: create packages/NAME with src/index.ts and a package.json holding name, version,
// description and keywords; run `fix`; then `check` (CI runs it through `pnpm pack:check`).
import { copyFileSync, existsSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('../..', import.meta.url));
const rootPkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));

/** Workspace folders that can hold published packages. */
const FOLDERS = ['packages', 'apps'];

/** Fields every public package carries, with the value `fix` writes when it is absent. */
function standardFields(dir) {
  return {
    license: 'MIT',
    author: rootPkg.author,
    homepage: `${rootPkg.homepage}/tree/main/${dir}#readme`,
    repository: { ...rootPkg.repository, directory: dir },
    bugs: rootPkg.bugs,
    engines: { node: '>=20' },
    type: 'module',
  };
}

/** exports/main/module/types of a dual ESM/CJS build of src/index.ts (tooling/publish/tsup.library.mjs). */
function libraryEntryFields() {
  return {
    main: './dist/index.cjs',
    module: './dist/index.js',
    types: './dist/index.d.ts',
    exports: {
      '.': {
        import: { types: './dist/index.d.ts', default: './dist/index.js' },
        require: { types: './dist/index.d.cts', default: './dist/index.cjs' },
      },
      './package.json': './package.json',
    },
  };
}

export function publicPackages() {
  const out = [];
  for (const folder of FOLDERS) {
    const base = join(root, folder);
    if (!existsSync(base)) continue;
    for (const name of readdirSync(base)) {
      const file = join(base, name, 'package.json');
      if (!existsSync(file)) continue;
      const pkg = JSON.parse(readFileSync(file, 'utf8'));
      if (pkg.private) continue;
      out.push({ dir: relative(root, join(base, name)), file, pkg });
    }
  }
  return out;
}

/** Every condition of an exports entry must name types, import and require. */
function checkExports(pkg, problems) {
  const ex = pkg.exports;
  if (!ex || typeof ex !== 'object') return problems.push('exports: missing');
  for (const [key, entry] of Object.entries(ex)) {
    if (key === './package.json') continue;
    if (typeof entry !== 'object' || entry === null) {
      problems.push(`exports["${key}"]: must be an object with import and require`);
      continue;
    }
    for (const cond of ['import', 'require']) {
      const c = entry[cond];
      if (c === undefined) problems.push(`exports["${key}"].${cond}: missing`);
      else if (typeof c !== 'object' || !c.types || !c.default) problems.push(`exports["${key}"].${cond}: needs { types, default }`);
    }
  }
}

export function checkPackage({ dir, pkg }) {
  const problems = [];
  // A command-line package (bin, no library entry) needs bin instead of main/module/types/exports.
  const entryFields = pkg.bin && !pkg.exports ? ['bin'] : ['main', 'module', 'types', 'exports'];
  for (const field of ['name', 'version', 'description', 'license', 'author', 'repository', 'homepage', 'bugs', 'engines', 'keywords', 'files', ...entryFields]) {
    if (pkg[field] === undefined || (Array.isArray(pkg[field]) && pkg[field].length === 0)) problems.push(`${field}: missing`);
  }
  if (pkg.license !== undefined && pkg.license !== 'MIT') problems.push(`license: ${JSON.stringify(pkg.license)}, expected "MIT"`);
  if (pkg.type !== 'module') problems.push('type: must be "module"');
  if (pkg.engines && !pkg.engines.node) problems.push('engines.node: missing');
  if (pkg.repository && (typeof pkg.repository !== 'object' || pkg.repository.directory !== dir)) problems.push(`repository.directory: must be "${dir}"`);
  if (pkg.sideEffects === undefined) problems.push('sideEffects: missing (false, or the list of files with side effects)');
  if (Array.isArray(pkg.files)) {
    for (const f of ['dist', 'README.md', 'LICENSE']) if (!pkg.files.includes(f)) problems.push(`files: lacks "${f}"`);
  }
  if (pkg.publishConfig?.access !== 'public') problems.push('publishConfig.access: must be "public" (scoped packages are private by default)');
  if (pkg.exports) checkExports(pkg, problems);
  for (const f of ['README.md', 'LICENSE', 'tsup.config.ts']) if (!existsSync(join(root, dir, f))) problems.push(`${f}: file missing`);
  if (existsSync(join(root, dir, 'LICENSE')) && readFileSync(join(root, dir, 'LICENSE'), 'utf8') !== readFileSync(join(root, 'LICENSE'), 'utf8')) {
    problems.push('LICENSE: differs from the root LICENSE (run `fix`)');
  }
  if (pkg.scripts?.build !== 'tsup' && !pkg.bin) problems.push('scripts.build: must be "tsup" (tsup.config.ts uses tooling/publish/tsup.library.mjs)');
  return problems;
}

function fixPackage({ dir, file, pkg }) {
  const std = standardFields(dir);
  const next = { name: pkg.name, version: pkg.version, description: pkg.description, keywords: pkg.keywords ?? [], ...std };
  // A package that already has exports (several entry points, or a bin) keeps them; `check` judges them.
  const entry = pkg.bin || pkg.exports ? {} : libraryEntryFields();
  Object.assign(next, pkg, std, entry);
  next.sideEffects = pkg.sideEffects ?? false;
  next.files = [...new Set([...(pkg.files ?? ['dist']), 'dist', 'README.md', 'LICENSE'])];
  next.publishConfig = { access: 'public', ...pkg.publishConfig };
  if (!pkg.bin) next.scripts = { ...pkg.scripts, build: 'tsup' };
  writeFileSync(file, `${JSON.stringify(next, null, 2)}\n`);
  copyFileSync(join(root, 'LICENSE'), join(root, dir, 'LICENSE'));
  const tsupConfig = join(root, dir, 'tsup.config.ts');
  if (!existsSync(tsupConfig) && !pkg.bin) {
    writeFileSync(tsupConfig, "import { library } from '../../tooling/publish/tsup.library.mjs';\n\nexport default library();\n");
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const mode = process.argv[2];
  const pkgs = publicPackages();
  if (mode === 'fix') {
    for (const p of pkgs) fixPackage(p);
    console.log(`fixed ${pkgs.length} packages: ${pkgs.map((p) => p.pkg.name).join(', ')}`);
  } else if (mode === 'check') {
    let failed = 0;
    for (const p of pkgs) {
      const problems = checkPackage(p);
      if (problems.length) {
        failed++;
        console.error(`${p.pkg.name} (${p.dir}):\n${problems.map((x) => `  - ${x}`).join('\n')}`);
      }
    }
    if (failed) {
      console.error(`\n${failed} of ${pkgs.length} public packages fail the publish checklist (node tooling/publish/packages.mjs fix writes the standard fields)`);
      process.exit(1);
    }
    console.log(`publish checklist: ${pkgs.length} public packages pass (${pkgs.map((p) => p.pkg.name).join(', ')})`);
  } else {
    console.error('usage: node tooling/publish/packages.mjs check|fix');
    process.exit(2);
  }
}
