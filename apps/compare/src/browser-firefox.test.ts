/**
 * The page in Firefox ESR (Debian firefox-esr), driven by puppeteer-core over WebDriver BiDi
 * (pinned; executablePath set, no browser download). The shared page checks: values bit-identical
 * to the CLI, a bad entry marks only its column, #this-browser names SpiderMonkey and its
 * predictions come true, no overflow from 360 px, docs/compare-page-firefox.png.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { existsSync } from 'node:fs';
import type { Server } from 'node:http';
import puppeteer, { type Browser, type Page } from 'puppeteer-core';
import { startServer } from './server.js';
import { checkThisBrowser, checkValues, type PageDriver } from './page-checks.js';

const FIREFOX = ['/usr/bin/firefox-esr', '/usr/bin/firefox'].find((p) => existsSync(p));
const mustRun = process.env.CI === 'true';

describe.skipIf(!FIREFOX && !mustRun)('compare page in Firefox ESR', () => {
  let browser: Browser;
  let server: Server;
  let url: string;

  beforeAll(async () => {
    if (!FIREFOX) throw new Error('CI=true but no Debian firefox-esr (.ci/run installs it)');
    ({ server, url } = await startServer(0));
    browser = await puppeteer.launch({ browser: 'firefox', executablePath: FIREFOX, headless: true });
  }, 60_000);

  afterAll(async () => {
    await browser?.close();
    server?.close();
  });

  const driver = (page: Page): PageDriver => ({
    goto: async (u) => void (await page.goto(u)),
    evaluate: async <T,>(e: string) => (await page.evaluate(e)) as T,
    resize: (width, height) => page.setViewport({ width, height }),
    screenshot: async (path) => void (await page.screenshot({ path: path as `${string}.png`, fullPage: true })),
  });

  it('computes the same bits as the CLI; a bad entry marks only its column', async () => {
    const page = await browser.newPage();
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(String(e)));
    expect(await page.evaluate('navigator.userAgent')).toMatch(/Firefox\//);
    await checkValues(driver(page), url);
    expect(errors).toEqual([]);
    await page.close();
  }, 120_000);

  it('#this-browser names SpiderMonkey and its predictions come true; no overflow from 360 px; screenshot', async () => {
    const page = await browser.newPage();
    const panel = await checkThisBrowser(driver(page), url, 'spidermonkey', 'compare-page-firefox.png');
    expect(panel.variant).toMatch(/^(jsc|spidermonkey)$/); // the same generator: the values alone cannot tell them apart
    await page.close();
  }, 240_000);
});
