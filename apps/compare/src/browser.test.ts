/**
 * The page in real headless Chromium (Debian's, driven by playwright-core): the shared page checks
 * (page-checks.ts: values bit-identical to the CLI, #this-browser, 360 px, docs/compare-page-chromium.png),
 * SmallCrush in the page's workers against Node, and the WebAssembly kernels in the browser.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { existsSync } from 'node:fs';
import type { Server } from 'node:http';
import { chromium, type Browser, type Page } from 'playwright-core';
import { doubleToHex } from '@emu/core';
import { create as createLcg } from '@emu/firefox-lcg';
import { VARIANTS as XORSHIFT_VARIANTS, type VariantId as XorshiftVariantId, create as createXorshift } from '@emu/xorshift128plus';
import { startServer } from './server.js';
import { checkThisBrowser, checkValues, cliHex, type PageDriver } from './page-checks.js';
import { runBatteryJob } from './battery.js';
import { verdict, type TestResult } from '@emu/battery';

const CHROMIUM = ['/usr/bin/chromium', '/usr/bin/chromium-browser'].find((p) => existsSync(p));
const mustRun = process.env.CI === 'true';

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

  const driver = (page: Page): PageDriver => ({
    goto: async (u) => void (await page.goto(u)),
    evaluate: (e) => page.evaluate(e),
    resize: (width, height) => page.setViewportSize({ width, height }),
    screenshot: async (path) => void (await page.screenshot({ path, fullPage: true })),
  });

  it('computes, in the browser, the same bits as the CLI for every kind of id and start; a bad entry marks only its column', async () => {
    const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    await checkValues(driver(page), url);
    expect(errors).toEqual([]);
    await page.close();
  }, 120_000);

  it('#this-browser names V8 and its predictions come true; no overflow from 360 px; screenshot', async () => {
    const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    const panel = await checkThisBrowser(driver(page), url, 'v8', 'compare-page-chromium.png');
    expect(panel.era, 'Chromium 156: the V8 era that hands its cache out in order, from V8 15.0').toBe('v8@15.0');
    expect(errors).toEqual([]);
    await page.close();
  }, 240_000);

  it('the picker: add a column from the keyboard (Firefox 50 from a raw state), eras shown per version group', async () => {
    const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
    await page.goto(`${url}?c=${encodeURIComponent('v8-2015|seed|42')}&count=8`);
    await page.waitForSelector('body[data-ready="true"]');
    await page.focus('#add');
    await page.keyboard.press('Enter');
    const row = page.locator('#pickers li').nth(1);
    expect(await page.evaluate('document.activeElement.className')).toBe('browser');
    await row.locator('select.browser').selectOption('chrome');
    // Chrome milestones are grouped by the registry era they resolve to.
    const group = await row.locator('select.version option[value="chrome@47"]').evaluate((o) => (o.parentElement as unknown as { label: string }).label);
    expect(group).toMatch(/^v8@3\.30…<4\.8 · v8-3\.30-js$/);
    await row.locator('select.browser').selectOption('firefox');
    await row.locator('select.version').selectOption('');
    await row.locator('input.other-version').fill('50');
    await row.locator('select.mode').selectOption('state');
    await row.locator('input.value').fill('["0x0123456789abcdef","0xfedcba9876543210"]');
    expect(await row.locator('.resolved').textContent()).toMatch(/spidermonkey@45… → variant spidermonkey/);
    await row.locator('input.value').press('Enter'); // submits the form
    await page.waitForSelector('section[data-engine="firefox@50"] pre.values');
    const hex = (await page.getAttribute('section[data-engine="firefox@50"] pre.values', 'data-hex'))!.split(' ');
    expect(hex).toEqual(cliHex('firefox@50', 'state', '["0x0123456789abcdef","0xfedcba9876543210"]', 8));
    expect(new URL(page.url()).searchParams.getAll('c')).toEqual(['v8-2015|seed|42', 'firefox@50|state|["0x0123456789abcdef","0xfedcba9876543210"]']);
    await page.close();
  }, 120_000);

  it('runs SmallCrush in a Web Worker with the p-values Node computes', async () => {
    // Tests 1–2 (Collision, Gap) after consuming test 0's reads: the page's own job split, ~5 s;
    // the full ten take 10–60 s and are the same code.
    const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
    await page.goto(`${url}?c=${encodeURIComponent('v8-2015|seed|42')}&count=16&smallcrush=1-2`);
    await page.waitForSelector('body[data-ready="true"]');
    await page.click('.battery button');
    await page.waitForSelector('.battery[data-done]', { timeout: 180_000 });
    const inPage = await page.$$eval('.verdicts tr[data-p]', (rows) => rows.map((r) => Number(r.getAttribute('data-p'))));
    const node: TestResult[] = [];
    runBatteryJob({ engine: 'v8-2015', options: { seed: '42' }, skip: [0], tests: [1, 2] }, (_, results) => node.push(...results));
    // The same stream and statistics; p-values agree to ~1e-11 relative (Chromium's and Node's
    // Math.log/exp differ in the last bits), and every verdict is the same.
    expect(inPage.length).toBe(2);
    expect(inPage.length).toBe(node.length);
    node.forEach((r, i) => {
      expect(Math.abs(inPage[i]! - r.p), r.test).toBeLessThanOrEqual(1e-9 * Math.max(r.p, 1e-300) + 1e-300);
      expect(verdict(inPage[i]!), r.test).toBe(r.verdict);
    });
    expect(await page.getAttribute('.battery', 'data-done')).toBe('2'); // both fail for Chrome 48's MWC1616 (11 of 15 in all)
    await page.close();
  }, 240_000);

  it('runs the WebAssembly fill kernels in the browser, bit-identical to its JavaScript loops and to Node', async () => {
    const page = await browser.newPage();
    await page.goto(`${url}?c=firefox-lcg|seed|1&count=1`);
    await page.waitForSelector('body[data-ready]');
    const N = 9001; // odd, and across two kernel chunks of 4096
    // A string, not a function: vitest would rewrite a function's import() for Node.
    const inPage = (await page.evaluate(`(async (n) => {
      const { core, xorshift: xs, lcg } = await import('/lib/emu.js');
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
      const node = id === 'firefox-lcg' ? createLcg({ state: [0x123456789ab] }) : createXorshift({ state: ['0x0123456789abcdef', '0xfedcba9876543210'], variant: id as XorshiftVariantId });
      expect(kernel, id).toBe(Array.from(node.fill(new Float64Array(N)), doubleToHex).join(' '));
    }
  }, 60_000);

});
