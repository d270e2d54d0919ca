// Browsers and runtimes that embed V8 / JavaScriptCore, from their fixtures:
//  - calibrateEmbedders(): writes packages/engines/src/embedder-releases.json, one row per fixture:
//    the variant (V8: the registry's era of the binary's V8 version; JavaScriptCore: whichever of
//    jsc / jsc-jit-sar reproduces the fixture, since a WebKit revision is no version number) and
//    the Math.random values taken before the probe (searched on the first seed, checked on all by
//    the test suite and by checkEmbedders());
//  - checkEmbedders(): every fixture against its registry id (chrome@M, deno@V, bun@V, workerd@DATE,
//    webkitgtk@X.Y.Z (Debian's jsc shell)), a row per build: bit-exact or the first diverging index.
import { readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));
const root = join(here, '..', '..', '..');
const fixtures = join(here, '..', 'fixtures');
const out = join(root, 'packages', 'engines', 'src', 'embedder-releases.json');

const FILES = /^(chromium|deno|bun|workerd|webkitgtk)-.+\.json$/;

/** Every embedder fixture as { file, runtime, id, g }. */
export function embedderFixtures() {
  return readdirSync(fixtures)
    .filter((f) => FILES.test(f))
    .map((f) => {
      const g = JSON.parse(readFileSync(join(fixtures, f), 'utf8'));
      const runtime = f.startsWith('chromium-') ? 'chrome' : f.split('-')[0];
      const major = runtime === 'chrome' ? /(\d+)\.\d+\.\d+\.\d+/.exec(g.version)?.[1] : undefined;
      const id = runtime === 'chrome' ? `chrome@${major}` : `${runtime}@${g.version}`;
      return { file: f, runtime, id, g };
    });
}

async function load(pkg) {
  return import(join(root, 'packages', pkg, 'dist', 'index.js'));
}

function firstDivergence(emu, expected, hex) {
  for (let i = 0; i < expected.length; i++) if (hex(emu.random()) !== expected[i]) return i;
  return -1;
}

export async function calibrateEmbedders() {
  const E = await load('engines');
  const X = await load('xorshift128plus');
  const { doubleToHex } = await load('core');
  const rows = [];
  for (const { file, runtime, g } of embedderFixtures()) {
    const family = runtime === 'bun' || runtime === 'webkitgtk' ? 'jsc' : 'v8';
    let engineVersion = family === 'v8' ? (g.v8 ?? g.engine) : g.engine;
    if (runtime === 'chrome' && !engineVersion?.match(/^\d/)) {
      // Debian's build does not say; Chromium M ships V8 (M/10).(M%10).
      engineVersion = E.chromeToV8(Number(/(\d+)\./.exec(g.version)[1]));
    }
    engineVersion = String(engineVersion ?? 'unknown').replace(/-.*$/, '');
    // A V8 version names its era; a build whose binary does not say (some workerd releases) is
    // matched against every V8 variant seeded by --random-seed alone, and its row says so.
    const known = family === 'v8' && /^\d+\.\d+/.test(engineVersion);
    if (family === 'v8' && !known) engineVersion = 'unknown';
    const candidates = known ? [E.resolveEngine(`v8@${engineVersion}`).era.variant]
      : family === 'v8' ? X.VARIANTS.filter((v) => v.flavor === 'v8' && (v.seeding === 'murmur' || v.seeding === 'flag')).map((v) => v.id) : ['jsc', 'jsc-jit-sar'];
    const [seed, values] = Object.entries(g.seeds)[0];
    let found;
    for (const variant of candidates) {
      for (let skip = 0; skip < 64 && !found; skip++) {
        const emu = X.create({ seed: Number(seed), variant });
        for (let k = 0; k < skip; k++) emu.random();
        if (firstDivergence(emu, values, doubleToHex) === -1) found = { variant, startupDraws: skip };
      }
    }
    if (!found) throw new Error(`${file}: no variant of ${candidates.join(', ')} with up to 63 start-up draws reproduces seed ${seed}`);
    const version = runtime === 'chrome' ? /(\d+\.\d+\.\d+\.\d+)/.exec(g.version)[1] : runtime === 'workerd' ? g.version.replace(/^1\.(\d{4})(\d{2})(\d{2})\.\d+$/, '$1-$2-$3') : g.version;
    rows.push({
      runtime, version, artifact: g.package ?? (runtime === 'webkitgtk' ? 'Debian libjavascriptcoregtk-4.0-bin (/usr/bin/jsc)' : `Debian chromium (${g.version})`),
      family, engineVersion, package: 'xorshift128plus', ...found, fixture: `tooling/conformance/fixtures/${file}`,
    });
  }
  rows.sort((a, b) => a.runtime.localeCompare(b.runtime) || a.version.localeCompare(b.version, 'en', { numeric: true }));
  writeFileSync(out, JSON.stringify(rows, null, 1) + '\n');
  process.stderr.write(`calibrated ${rows.length} embedder builds → ${out}\n`);
}

/** Rows { runtime, version, engineVersion, variant, seeds: { seed: verdict } } for every embedder fixture. */
export async function checkEmbedders() {
  const E = await load('engines');
  const { doubleToHex } = await load('core');
  const results = [];
  for (const { runtime, id, g } of embedderFixtures()) {
    const rid = runtime === 'chrome' ? id : `${runtime}@${runtime === 'workerd' ? g.version.replace(/^1\.(\d{4})(\d{2})(\d{2})\.\d+$/, '$1-$2-$3') : g.version}`;
    const row = { id: rid, build: g.version, engine: String(g.v8 ?? g.engine ?? '').slice(0, 24), variant: '-', seeds: {} };
    for (const [seed, expected] of Object.entries(g.seeds)) {
      try {
        const emu = E.createEngine(rid, { seed: Number(seed) });
        row.variant = emu.variant;
        const i = firstDivergence(emu, expected, doubleToHex);
        row.seeds[seed] = i < 0 ? 'ok' : `[${i}] differs`;
      } catch (e) {
        row.seeds[seed] = `error: ${e.message.slice(0, 80)}`;
      }
    }
    results.push(row);
  }
  return [...results, ...(await checkBrowsers())];
}

// Real browsers and shells with no seed flag (or measured beside the jsc shell), recorded by
// record-browsers.mjs and record-hermes.mjs: each row is proven by recovery where the engine cannot be
// seeded (the state from the first RECOVER_SEEN values of a run, every later value predicted bit for
// bit through the registry id), and by seeded goldens where it can (MiniBrowser through JSC_* variables).
const RECOVER_SEEN = 8;

/** Rows for cjs, Firefox ESR, WebKitGTK's MiniBrowser and Hermes, in checkEmbedders()'s shape. */
export async function checkBrowsers() {
  const E = await load('engines');
  const R = await load('recover');
  const H = await load('hermes');
  const { doubleToHex, hexToDouble } = await load('core');
  const results = [];
  const recovered = (id, values) => {
    const seen = values.slice(0, RECOVER_SEEN).map(hexToDouble);
    const p = R.predict(id, seen, values.length - RECOVER_SEEN, 0, { fromStart: true });
    if (p.kind !== 'ok') return `${p.kind}: ${String(p.note ?? '').slice(0, 60)}`;
    const k = p.next.findIndex((x, i) => doubleToHex(x) !== values[RECOVER_SEEN + i]);
    return k < 0 && p.next.length === values.length - RECOVER_SEEN ? 'ok' : `[${RECOVER_SEEN + k}] differs`;
  };
  for (const f of readdirSync(fixtures).filter((x) => /^(cjs|firefox-esr|minibrowser)-.+\.json$/.test(x))) {
    const g = JSON.parse(readFileSync(join(fixtures, f), 'utf8'));
    if (g.unseeded) {
      const id = g.runtime === 'firefox' ? `firefox@${g.version.split('.')[0]}` : `spidermonkey@${/SpiderMonkey (\d+)/.exec(g.engine)[1]}`;
      const row = { id, build: `${g.runtime} ${g.version}`, engine: g.engine, variant: E.resolveEngine(id).era?.variant ?? '-', seeds: {} };
      g.runs.forEach((values, k) => {
        row.seeds[`run${k + 1}:${RECOVER_SEEN}→${values.length - RECOVER_SEEN}`] = recovered(id, values);
      });
      results.push(row);
    } else {
      const id = `webkitgtk@${g.version}`;
      const row = { id, build: `MiniBrowser ${g.version}`, engine: g.engine, variant: '-', seeds: {} };
      for (const [seed, expected] of Object.entries(g.seeds)) {
        const emu = E.createEngine(id, { seed: Number(seed) });
        row.variant = emu.variant;
        const i = firstDivergence(emu, expected, doubleToHex);
        row.seeds[seed] = i < 0 ? 'ok' : `[${i}] differs`;
      }
      results.push(row);
    }
  }
  // Hermes: hermes-engine-cli releases, unseedable: the minstd state from 2 values, the rest predicted
  const hermes = JSON.parse(readFileSync(join(fixtures, 'hermes-cli.json'), 'utf8'));
  for (const [version, b] of Object.entries(hermes.builds)) {
    const id = `hermes@${version}`;
    const states = H.recoverMinstd(b.values.slice(0, 2).map(hexToDouble));
    let verdict = `${states.length} states`;
    if (states.length === 1) {
      const i = firstDivergence(E.createEngine(id, { state: states }), b.values, doubleToHex);
      verdict = i < 0 ? 'ok' : `[${i}] differs`;
    }
    results.push({ id, build: b.package, engine: `Hermes ${b.release}`, variant: 'hermes-minstd', seeds: { [`run1:2→${b.values.length - 2}`]: verdict } });
  }
  return results;
}

export function printEmbedderTable(results, write = (s) => process.stdout.write(s)) {
  const head = ['id', 'build', 'engine', 'variant', 'seeds'];
  const lines = results.map((r) => [r.id, r.build.replace(/ built on.*/, ''), r.engine, r.variant, Object.entries(r.seeds).map(([s, v]) => `${s}:${v}`).join(' ')]);
  const w = head.map((h, c) => Math.max(h.length, ...lines.map((l) => l[c].length)));
  const fmt = (l) => l.map((x, c) => x.padEnd(w[c])).join('  ').trimEnd();
  write(fmt(head) + '\n' + fmt(w.map((n) => '-'.repeat(n))) + '\n' + lines.map(fmt).join('\n') + '\n');
  const bad = results.filter((r) => Object.values(r.seeds).some((v) => v !== 'ok'));
  write(`\n${results.length} browser/runtime builds (seeded: 200 values per seed; unseeded: the state from the first values of each run, the rest predicted): ${results.length - bad.length} bit-exact${bad.length ? `, ${bad.length} NOT` : ''}\n`);
  return bad.length;
}
