/**
 * The page in real headless Chromium (Debian's, driven by playwright-core): values computed in
 * the browser must have the same IEEE-754 bits as the CLI's in Node; bad input must show a
 * message. Also writes docs/compare-page.png, the screenshot the README shows.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { existsSync, mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { Server } from 'node:http';
import { chromium, type Browser } from 'playwright-core';
import { doubleToHex } from '@emu/core';
import { create as createLcg } from '@emu/firefox-lcg';
import { VARIANTS as XORSHIFT_VARIANTS, create as createXorshift } from '@emu/xorshift128plus';
import { run } from './main.js';
import { startServer } from './server.js';

const CHROMIUM = ['/usr/bin/chromium', '/usr/bin/chromium-browser'].find((p) => existsSync(p));
const mustRun = process.env.CI === 'true';
const docs = fileURLToPath(new URL('../../../docs/', import.meta.url));

function cliHex(engine: string, seed: string, count: number): string[] {
  let out = '';
  const code = run(['sequence', '--engine', engine, '--seed', seed, '--count', String(count)], { out: (s) => (out += s), err: () => {} });
  expect(code).toBe(0);
  return out.trim().split('\n');
}

describe.skipIf(!CHROMIUM && !mustRun)('compare page in headless Chromium', () => {
  let browser: Browser;
  let server: Server;
  let url: string;

  beforeAll(async () => {
    if (!CHROMIUM) throw new Error('CI=true but no Debian chromium at /usr/bin/chromium (.ci/run installs it)');
    ({ server, url } = await startServer(0));
    browser = await chromium.launch({
      executablePath: CHROMIUM,
      args: ['--headless', '--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
    });
  }, 60_000);

  afterAll(async () => {
    await browser?.close();
    server?.close();
  });

  it('computes, in the browser, the same bits as the CLI for every engine', async () => {
    const engines = ['v8-2015', 'v8-patched', 'firefox-lcg', 'webkit-gamerand', 'xorshift128plus', 'node@4.2.2', 'node@8.3.0', 'node@26.12.1', 'chrome@47'];
    const page = await browser.newPage({ viewport: { width: 1700, height: 1100 } });
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    await page.goto(`${url}?engines=${engines.join(',')}&seed=42&count=300`);
    await page.waitForSelector('body[data-ready]');
    expect(await page.getAttribute('body', 'data-ready')).toBe('true');
    for (const id of engines) {
      const hex = (await page.getAttribute(`section[data-engine="${id}"] pre.values`, 'data-hex'))!.split(' ');
      expect(hex, id).toEqual(cliHex(id, '42', 300));
    }
    expect(errors).toEqual([]);
  }, 60_000);

  it('takes the screenshot the README shows', async () => {
    const page = await browser.newPage({ viewport: { width: 1500, height: 1000 } });
    await page.goto(`${url}?engines=v8-2015,v8-patched,firefox-lcg,webkit-gamerand,xorshift128plus&seed=42&count=256`);
    await page.waitForSelector('body[data-ready="true"]');
    mkdirSync(docs, { recursive: true });
    await page.screenshot({ path: `${docs}compare-page.png`, fullPage: true });
    expect(existsSync(`${docs}compare-page.png`)).toBe(true);
  }, 60_000);

  it('runs the WebAssembly fill kernels in the browser, bit-identical to its JavaScript loops and to Node', async () => {
    const page = await browser.newPage();
    await page.goto(`${url}?engines=firefox-lcg&seed=1&count=1`);
    await page.waitForSelector('body[data-ready]');
    const N = 9001; // odd, and across two kernel chunks of 4096
    // A string, not a function: vitest would rewrite a function's import() for Node.
    const inPage = (await page.evaluate(`(async (n) => {
      const core = await import('@emu/core');
      const xs = await import('@emu/xorshift128plus');
      const lcg = await import('@emu/firefox-lcg');
      const makers = [
        ['firefox-lcg', () => lcg.create({ state: [0x123456789ab] })],
        ...xs.VARIANTS.map((v) => [v.id, () => xs.create({ state: ['0x0123456789abcdef', '0xfedcba9876543210'], variant: v.id })]),
      ];
      const run = (make, on) => {
        core.useFillKernels(on);
        try {
          return Array.from(make().fill(new Float64Array(n)), core.doubleToHex).join(' ');
        } finally {
          core.useFillKernels(true);
        }
      };
      return { kernels: core.fillKernels() !== null, runs: makers.map(([id, make]) => [id, run(make, true), run(make, false)]) };
    })(${N})`)) as { kernels: boolean; runs: [string, string, string][] };
    expect(inPage.kernels).toBe(true);
    expect(inPage.runs.length).toBe(1 + XORSHIFT_VARIANTS.length);
    for (const [id, kernel, js] of inPage.runs) {
      expect(kernel, id).toBe(js);
      const node = id === 'firefox-lcg' ? createLcg({ state: [0x123456789ab] }) : createXorshift({ state: ['0x0123456789abcdef', '0xfedcba9876543210'], variant: id });
      expect(kernel, id).toBe(Array.from(node.fill(new Float64Array(N)), doubleToHex).join(' '));
    }
  }, 60_000);

  it.each([
    ['engines=nope', /unknown engine "nope"/],
    ['engines=v8-2015&count=0', /count must be an integer in \[1, 4096\], got "0"/],
    ['engines=v8-2015&count=99999', /count must be an integer/],
    ['engines=v8-2015&seed=abc', /seed must be an integer, got "abc"/],
    ['engines=firefox-lcg&seed=1.5', /seed must be an integer/],
  ])('bad input %s shows a visible message, not a blank page', async (query, message) => {
    const page = await browser.newPage();
    await page.goto(`${url}?${query}`);
    await page.waitForSelector('body[data-ready]');
    const box = page.locator('#error');
    expect(await box.isVisible()).toBe(true);
    expect(await box.textContent()).toMatch(message);
  }, 60_000);
});
