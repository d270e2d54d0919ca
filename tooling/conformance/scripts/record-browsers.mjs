#!/usr/bin/env node
// Records Math.random from real browsers and SpiderMonkey shells installed from Debian:
//   cjs          Debian cjs (Cinnamon's gjs fork, SpiderMonkey 78): unseeded, `cjs probe.js`
//   firefox      Debian firefox-esr, headless, driven by puppeteer-core over WebDriver BiDi: unseeded,
//                a fresh page (realm) per run
//   minibrowser  WebKitGTK's MiniBrowser through WebKitWebDriver under xvfb-run, with the web
//                process's JSC options from the environment: JSC_forceWeakRandomSeed=true
//                JSC_forcedWeakRandomSeed=N → seeded goldens (and one unseeded run, to show the
//                variables are what seeds it)
// Unseeded engines are proven by recovery: the test recovers the xorshift128+ state from the first
// values and predicts the rest bit for bit (tooling/conformance/src/browser-goldens.test.ts).
// Usage: node tooling/conformance/scripts/record-browsers.mjs [--only cjs,firefox,minibrowser] [--out DIR]
//        [--check]: record and check instead of writing: unseeded runs by recovery (8 values → the
//        rest predicted through the registry id), seeded values equal to the committed fixture
import { execFileSync, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';

const here = dirname(fileURLToPath(import.meta.url));
const { values: args } = parseArgs({
  options: {
    only: { type: 'string', default: 'cjs,firefox,minibrowser' },
    out: { type: 'string', default: join(here, '..', 'fixtures') },
    count: { type: 'string', default: '1100' },
    seeds: { type: 'string', default: '1,42,2147483647' },
    'seeded-count': { type: 'string', default: '200' },
    check: { type: 'boolean', default: false },
  },
});
const only = new Set(args.only.split(','));
const count = Number(args.count);
const root = join(here, '..', '..', '..');
const pkg = (name) => import(join(root, 'packages', name, 'dist', 'index.js'));
let failures = 0;
const verdict = (what, ok, detail = '') => {
  process.stdout.write(`${ok ? 'ok  ' : 'FAIL'} ${what}${detail ? `: ${detail}` : ''}\n`);
  if (!ok) failures++;
};
const SEEN = 8;
async function check(name, data) {
  const { doubleToHex, hexToDouble } = await pkg('core');
  const { createEngine } = await pkg('engines');
  const { predict } = await pkg('recover');
  if (data.unseeded) {
    const id = data.runtime === 'firefox' ? `firefox@${data.version.split('.')[0]}` : `spidermonkey@${/SpiderMonkey (\d+)/.exec(data.engine)[1]}`;
    data.runs.forEach((values, k) => {
      const p = predict(id, values.slice(0, SEEN).map(hexToDouble), values.length - SEEN, 0, { fromStart: true });
      const ok = p.kind === 'ok' && p.next.map(doubleToHex).join() === values.slice(SEEN).join();
      verdict(`${data.runtime} ${data.version} run ${k + 1}, unseeded: ${id} from ${SEEN} values, ${values.length - SEEN} predicted`, ok, p.kind === 'ok' ? '' : p.note);
    });
  } else {
    const committed = JSON.parse(readFileSync(join(here, '..', 'fixtures', name), 'utf8'));
    verdict(`MiniBrowser ${data.version} (JSC_forcedWeakRandomSeed): values equal the fixture's`, JSON.stringify(data.seeds) === JSON.stringify(committed.seeds));
    for (const [seed, values] of Object.entries(data.seeds)) {
      const e = createEngine(`webkitgtk@${data.version}`, { seed: Number(seed) });
      verdict(`  webkitgtk@${data.version} seed ${seed}`, values.every((v) => doubleToHex(e.random()) === v));
    }
  }
}
const save = async (name, data) => {
  if (args.check) return check(name, data);
  writeFileSync(join(args.out, name), JSON.stringify(data) + '\n');
  process.stderr.write(`recorded ${name}\n`);
};
const dpkgVersion = (pkg) => execFileSync('dpkg-query', ['-W', '-f', '${Version}', pkg], { encoding: 'utf8' });

// The probe: n values drawn first, then written as 16 hex digits (no Buffer, no BigInt needed).
const probe = (n) => `(function(){var n=${n},v=[],i;for(i=0;i<n;i++)v.push(Math.random());
var f=new Float64Array(1),u=new Uint32Array(f.buffer),out=[];
function h(x){return ('00000000'+(x>>>0).toString(16)).slice(-8);}
for(i=0;i<n;i++){f[0]=v[i];out.push(h(u[1])+h(u[0]));}
return out.join(',');})()`;
const split = (s) => {
  const values = s.trim().split(',');
  if (!values.every((v) => /^[0-9a-f]{16}$/.test(v))) throw new Error(`not a list of 16-hex-digit values: ${s.slice(0, 80)}`);
  return values;
};

// ---- cjs ------------------------------------------------------------------------------------------
if (only.has('cjs')) {
  const work = mkdtempSync(join(tmpdir(), 'emu-cjs-'));
  writeFileSync(join(work, 'probe.js'), `print(${probe(count)});`);
  const runs = [0, 1].map(() => split(execFileSync('cjs', [join(work, 'probe.js')], { encoding: 'utf8' })));
  const version = execFileSync('cjs', ['--version'], { encoding: 'utf8' }).trim();
  const mozjs = execFileSync('dpkg-query', ['-W', '-f', '${Depends}', 'libcjs0'], { encoding: 'utf8' }).match(/libmozjs-(\d+)/)?.[1];
  rmSync(work, { recursive: true, force: true });
  await save(`cjs-${version.replace(/^cjs /, '')}.json`, {
    runtime: 'cjs', version: version.replace(/^cjs /, ''), engine: `SpiderMonkey ${mozjs} (libmozjs-${mozjs})`, package: `Debian cjs ${dpkgVersion('cjs')}`,
    command: `cjs probe.js: ${count} × Math.random() bits, unseeded (two runs)`, unseeded: true, runs,
  });
}

// ---- firefox-esr (puppeteer-core, WebDriver BiDi) -----------------------------------------------------
if (only.has('firefox')) {
  const exe = ['/usr/bin/firefox-esr', '/usr/bin/firefox'].find(existsSync);
  if (!exe) throw new Error('no firefox-esr (apt-get install -y firefox-esr)');
  const { default: puppeteer } = await import('puppeteer-core');
  const browser = await puppeteer.launch({ browser: 'firefox', executablePath: exe, headless: true });
  const userAgent = [];
  const runs = [];
  for (let k = 0; k < 2; k++) {
    const page = await browser.newPage();
    await page.goto('about:blank');
    userAgent.push(await page.evaluate('navigator.userAgent'));
    runs.push(split(await page.evaluate(probe(count))));
    await page.close();
  }
  const version = (await browser.version()).replace(/^firefox\//i, '');
  await browser.close();
  await save(`firefox-esr-${version.replace(/esr$/, '')}.json`, {
    runtime: 'firefox', version, engine: `SpiderMonkey ${version.split('.')[0]}`, package: `Debian firefox-esr ${dpkgVersion('firefox-esr')}`, userAgent: userAgent[0],
    command: `headless, puppeteer-core over WebDriver BiDi: a new page at about:blank, ${count} × Math.random() bits, unseeded (two pages)`, unseeded: true, runs,
  });
}

// ---- WebKitGTK MiniBrowser (WebKitWebDriver under xvfb-run) -----------------------------------------
async function freePort() {
  return new Promise((ok, fail) => {
    const s = createServer();
    s.once('error', fail);
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address();
      s.close(() => ok(port));
    });
  });
}
async function call(base, method, path, body) {
  const r = await fetch(base + path, { method, headers: { 'content-type': 'application/json' }, ...(body === undefined ? {} : { body: JSON.stringify(body) }) });
  const j = await r.json();
  if (!r.ok) throw new Error(`WebDriver ${method} ${path}: ${j.value?.error ?? r.status} ${j.value?.message ?? ''}`);
  return j.value;
}
/** One MiniBrowser session with `env` added to the driver's (and so the web process's) environment: the probe's values. */
async function miniBrowserRun(miniBrowser, env) {
  const port = await freePort();
  const proc = spawn('xvfb-run', ['-a', 'WebKitWebDriver', `--port=${port}`], { stdio: 'ignore', detached: true, env: { ...process.env, ...env } });
  const base = `http://127.0.0.1:${port}`;
  try {
    for (let i = 0; ; i++) {
      try {
        await call(base, 'GET', '/status');
        break;
      } catch (e) {
        if (i > 150) throw new Error(`WebKitWebDriver did not answer on ${base}`, { cause: e });
        await new Promise((r) => setTimeout(r, 100));
      }
    }
    const { sessionId } = await call(base, 'POST', '/session', {
      capabilities: { alwaysMatch: { browserName: 'MiniBrowser', 'webkitgtk:browserOptions': { binary: miniBrowser, args: ['--automation'] } } },
    });
    const s = `/session/${sessionId}`;
    await call(base, 'POST', `${s}/url`, { url: 'about:blank' });
    const userAgent = await call(base, 'POST', `${s}/execute/sync`, { script: 'return navigator.userAgent', args: [] });
    const values = split(await call(base, 'POST', `${s}/execute/sync`, { script: `return ${probe(Number(args['seeded-count']))}`, args: [] }));
    await call(base, 'DELETE', s).catch(() => {});
    return { userAgent, values };
  } finally {
    try {
      process.kill(-proc.pid, 'SIGTERM');
    } catch {
      // gone
    }
  }
}
if (only.has('minibrowser')) {
  const mini = ['/usr/lib/x86_64-linux-gnu/webkit2gtk-4.1/MiniBrowser', '/usr/lib/aarch64-linux-gnu/webkit2gtk-4.1/MiniBrowser'].find(existsSync);
  if (!mini || !existsSync('/usr/bin/WebKitWebDriver')) throw new Error('no MiniBrowser / WebKitWebDriver (apt-get install -y webkit2gtk-driver xvfb)');
  const seeds = {};
  let userAgent;
  for (const seed of args.seeds.split(',')) {
    const r = await miniBrowserRun(mini, { JSC_forceWeakRandomSeed: 'true', JSC_forcedWeakRandomSeed: seed });
    seeds[seed] = r.values;
    userAgent = r.userAgent;
    process.stderr.write(`MiniBrowser seed ${seed}: ${r.values.length} values\n`);
  }
  // the same seed twice must agree, and without the variables two runs must not
  const again = (await miniBrowserRun(mini, { JSC_forceWeakRandomSeed: 'true', JSC_forcedWeakRandomSeed: args.seeds.split(',')[0] })).values.slice(0, 4);
  const unseeded = [(await miniBrowserRun(mini, {})).values.slice(0, 4), (await miniBrowserRun(mini, {})).values.slice(0, 4)];
  const version = dpkgVersion('libwebkit2gtk-4.1-0').replace(/-.*$/, '');
  await save(`minibrowser-${version}.json`, {
    runtime: 'minibrowser', version, engine: `WebKitGTK ${version}`, package: `Debian libwebkit2gtk-4.1-0 ${dpkgVersion('libwebkit2gtk-4.1-0')}, webkit2gtk-driver ${dpkgVersion('webkit2gtk-driver')}`, userAgent,
    command: 'xvfb-run -a WebKitWebDriver with JSC_forceWeakRandomSeed=true JSC_forcedWeakRandomSeed=N in its environment; MiniBrowser --automation at about:blank; Math.random() bits',
    seeds, sameSeedAgain: again, unseededFirstValues: unseeded,
  });
}

if (args.check) {
  process.stdout.write(failures ? `${failures} check(s) FAILED\n` : 'all checks passed\n');
  if (failures) process.exitCode = 1;
}
