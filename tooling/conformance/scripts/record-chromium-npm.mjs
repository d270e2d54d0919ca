#!/usr/bin/env node
// Records the seeded Math.random of the real Chromium builds that npm packages ship
// (chrome-aws-lambda, @sparticuz/chrome-aws-lambda, @sparticuz/chromium: the binary is
// brotli-compressed in bin/, its libraries in bin/*.tar.br) into fixtures/chromium-<major>.json,
// or with --check re-records and compares with the fixture.
//
//   node tooling/conformance/scripts/record-chromium-npm.mjs --package @sparticuz/chromium@153.0.0 [--check]
//
// The browser is driven over the DevTools protocol on --remote-debugging-pipe (no puppeteer, no
// download besides the package): Runtime.evaluate in the start page (about:blank) draws COUNT
// values per seed with --js-flags=--random-seed=N. For the first seed it also records 8 values
// from a second page (Target.createTarget) and from a new iframe of the first page, to show
// whether each new realm restarts the seeded stream.
import { spawn } from 'node:child_process';
import { chmodSync, existsSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { brotliDecompressSync } from 'node:zlib';
import { execFileSync } from 'node:child_process';
import { HEX_PROBE, fetchNpm } from './npm-artifact.mjs';

const fixtures = join(dirname(fileURLToPath(import.meta.url)), '..', 'fixtures');
export const SEEDS = [1, 42, -7];
const COUNT = 200;
const FLAGS = ['--headless', '--no-sandbox', '--no-zygote', '--single-process', '--disable-gpu', '--use-gl=disabled', '--no-first-run',
  '--disable-background-networking', '--disable-component-update', '--disable-sync', '--remote-debugging-pipe'];

/** Unpacks the brotli-compressed binary and library tarballs of an npm Chromium package. */
export function unpackChromium(pkgDir) {
  const bin = join(pkgDir, 'bin');
  let exe;
  for (const f of readdirSync(bin)) {
    if (f.endsWith('.tar.br')) {
      if (/fonts/.test(f)) continue;
      const tar = join(bin, f.slice(0, -3));
      writeFileSync(tar, brotliDecompressSync(readFileSync(join(bin, f))));
      execFileSync('tar', ['xf', tar, '-C', bin]); // next to the binary: it loads libGLESv2.so etc. from there
    } else if (f.endsWith('.br')) {
      exe = join(bin, f.slice(0, -3));
      writeFileSync(exe, brotliDecompressSync(readFileSync(join(bin, f))));
      chmodSync(exe, 0o755);
    }
  }
  if (!exe) throw new Error(`no *.br browser binary in ${bin}`);
  const libDirs = [bin, join(bin, 'lib'), join(bin, 'lib64')].filter((d) => existsSync(d));
  return { exe, env: { ...process.env, HOME: pkgDir, LD_LIBRARY_PATH: libDirs.join(':') } };
}

/** A minimal DevTools-protocol client on the browser's pipe (fd 3 in, fd 4 out, NUL-separated JSON). */
class Cdp {
  constructor(exe, args, env) {
    this.proc = spawn(exe, args, { env, stdio: ['ignore', 'ignore', 'pipe', 'pipe', 'pipe'] });
    this.stderr = '';
    this.proc.stderr.on('data', (d) => { this.stderr = (this.stderr + d).slice(-4000); });
    this.next = 1;
    this.pending = new Map();
    this.listeners = [];
    let buf = '';
    this.proc.stdio[4].on('data', (d) => {
      buf += d.toString('utf8');
      let i;
      while ((i = buf.indexOf('\0')) >= 0) {
        const msg = JSON.parse(buf.slice(0, i));
        buf = buf.slice(i + 1);
        this.dispatch(msg);
      }
    });
    this.exited = new Promise((res) => this.proc.on('exit', res));
    this.exited.then(() => {
      for (const { reject } of this.pending.values()) reject(new Error(`browser exited: ${this.stderr.slice(-600)}`));
    });
  }
  dispatch(msg) {
    if (msg.id !== undefined && this.pending.has(msg.id)) {
      const { resolve, reject } = this.pending.get(msg.id);
      this.pending.delete(msg.id);
      if (msg.error) reject(new Error(`${msg.error.message} (${msg.error.code})`));
      else resolve(msg.result);
    } else if (msg.method === 'Target.receivedMessageFromTarget') {
      this.dispatch(JSON.parse(msg.params.message));
    }
  }
  send(method, params = {}, sessionId) {
    const id = this.next++;
    const p = new Promise((resolve, reject) => this.pending.set(id, { resolve, reject }));
    const msg = { id, method, params };
    if (sessionId && this.flat) msg.sessionId = sessionId;
    if (sessionId && !this.flat) {
      // Before flat sessions (Chrome < 77): wrap the message for the target.
      const outer = this.next++;
      this.pending.set(outer, { resolve: () => {}, reject: (e) => this.pending.get(id)?.reject(e) });
      this.proc.stdio[3].write(JSON.stringify({ id: outer, method: 'Target.sendMessageToTarget', params: { sessionId, message: JSON.stringify(msg) } }) + '\0');
    } else {
      this.proc.stdio[3].write(JSON.stringify(msg) + '\0');
    }
    return withTimeout(p, 30000, `${method}: no answer in 30 s; stderr: ${this.stderr.slice(-600)}`);
  }
  async attach(targetId) {
    if (this.flat !== false) {
      try {
        const { sessionId } = await this.send('Target.attachToTarget', { targetId, flatten: true });
        this.flat = true;
        return sessionId;
      } catch {
        this.flat = false;
      }
    }
    const { sessionId } = await this.send('Target.attachToTarget', { targetId });
    return sessionId;
  }
  async evaluate(sessionId, expression) {
    const r = await this.send('Runtime.evaluate', { expression, returnByValue: true }, sessionId);
    if (r.exceptionDetails) throw new Error(`page threw: ${JSON.stringify(r.exceptionDetails).slice(0, 300)}`);
    return r.result.value;
  }
  async close() {
    this.proc.kill('SIGKILL');
    await this.exited;
  }
}

function withTimeout(p, ms, message) {
  let t;
  return Promise.race([p, new Promise((_, rej) => { t = setTimeout(() => rej(new Error(message)), ms); })]).finally(() => clearTimeout(t));
}

const draw = (n) => `(function(){${HEX_PROBE}var v=[],i;for(i=0;i<${n};i++)v.push(Math.random());return v.map(__h).join(" ");})()`;
const drawIframe = (n) => `(function(){${HEX_PROBE}var f=document.createElement("iframe");document.body.appendChild(f);var R=f.contentWindow.Math,v=[],i;for(i=0;i<${n};i++)v.push(R.random());return v.map(__h).join(" ");})()`;

async function pageOf(cdp) {
  for (let i = 0; i < 50; i++) {
    const { targetInfos } = await cdp.send('Target.getTargets');
    const page = targetInfos.find((t) => t.type === 'page');
    if (page) return page.targetId;
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error('no page target');
}

/** One browser run with --random-seed=seed: COUNT values from the start page (and, if asked, the other realms). */
export async function recordSeed(exe, env, seed, { realms = false, count = COUNT, extraFlags = [] } = {}) {
  const cdp = new Cdp(exe, [...FLAGS, ...extraFlags, `--js-flags=--random-seed=${seed}`, 'about:blank'], env);
  try {
    const version = await cdp.send('Browser.getVersion');
    const session = await cdp.attach(await pageOf(cdp));
    const values = (await cdp.evaluate(session, draw(count))).split(' ');
    const out = { version, values };
    if (realms) {
      out.iframe = (await cdp.evaluate(session, drawIframe(8))).split(' ');
      const { targetId } = await cdp.send('Target.createTarget', { url: 'about:blank' });
      const second = await cdp.attach(targetId);
      out.secondPage = (await cdp.evaluate(second, draw(8))).split(' ');
    }
    return out;
  } finally {
    await cdp.close();
  }
}

async function main() {
  const { values: args } = parseArgs({ options: { package: { type: 'string' }, check: { type: 'boolean', default: false } } });
  if (!args.package) throw new Error('usage: record-chromium-npm.mjs --package NAME@VERSION [--check]');
  const t0 = Date.now();
  const art = fetchNpm(args.package);
  try {
    const { exe, env } = unpackChromium(art.dir);
    const seeds = {};
    let version;
    let realms;
    for (const s of SEEDS) {
      const r = await recordSeed(exe, env, s, { realms: s === SEEDS[0] });
      version = r.version;
      seeds[String(s)] = r.values;
      if (r.secondPage) realms = { seed: s, iframe: r.iframe, secondPage: r.secondPage };
    }
    const major = /\/(\d+)\./.exec(version.product)[1];
    const file = join(fixtures, `chromium-${major}.json`);
    if (args.check) {
      const committed = JSON.parse(readFileSync(file, 'utf8'));
      const bad = SEEDS.filter((s) => committed.seeds[String(s)].join() !== seeds[String(s)].join());
      if (bad.length) throw new Error(`${version.product} (${args.package}) differs from ${file} for seeds ${bad.join(', ')}`);
      console.log(`record-chromium-npm: ${version.product} (${args.package}): ${SEEDS.length} seeds × ${COUNT} values equal the fixture (${((Date.now() - t0) / 1000).toFixed(0)} s)`);
    } else {
      const v8 = /V8\/([\d.]+)/.exec(version.jsVersion ?? '')?.[1] ?? version.jsVersion;
      writeFileSync(file, JSON.stringify({
        recorder: 'tooling/conformance/scripts/record-chromium-npm.mjs', engine: `chrome@${major}`, version: version.product, v8,
        package: args.package, download: { bytes: art.bytes, seconds: art.seconds }, flags: [...FLAGS, '--js-flags=--random-seed=N'],
        probe: 'Runtime.evaluate in the start page (about:blank)', count: COUNT, seeds, realms,
      }, null, 1) + '\n');
      console.log(`record-chromium-npm: ${version.product} (V8 ${v8}) from ${args.package} → ${file} (${((Date.now() - t0) / 1000).toFixed(0)} s)`);
    }
  } finally {
    art.cleanup();
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  main().catch((e) => {
    console.error(`record-chromium-npm: ${e.message}`);
    process.exit(1);
  });
}
