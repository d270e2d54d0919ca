/**
 * The page in WebKit: WebKitGTK's MiniBrowser (Debian libwebkit2gtk-4.1) driven through
 * WebKitWebDriver (Debian webkit2gtk-driver) under Xvfb, over W3C WebDriver (webdriver.ts). The
 * shared page checks: values bit-identical to the CLI, a bad entry marks only its column,
 * #this-browser names JavaScriptCore and its predictions come true, no overflow from 360 px,
 * docs/compare-page-webkit.png.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { existsSync } from 'node:fs';
import type { Server } from 'node:http';
import { startServer } from './server.js';
import { checkThisBrowser, checkValues } from './page-checks.js';
import { WebDriverSession } from './webdriver.js';

const MINIBROWSER = ['/usr/lib/x86_64-linux-gnu/webkit2gtk-4.1/MiniBrowser', '/usr/lib/aarch64-linux-gnu/webkit2gtk-4.1/MiniBrowser'].find((p) => existsSync(p));
const DRIVER = existsSync('/usr/bin/WebKitWebDriver') && existsSync('/usr/bin/xvfb-run');
const mustRun = process.env.CI === 'true';

describe.skipIf(!(MINIBROWSER && DRIVER) && !mustRun)('compare page in WebKit (WebKitGTK MiniBrowser)', () => {
  let wd: WebDriverSession;
  let server: Server;
  let url: string;

  beforeAll(async () => {
    if (!MINIBROWSER || !DRIVER) throw new Error('CI=true but no WebKitGTK MiniBrowser / WebKitWebDriver / xvfb-run (.ci/run installs webkit2gtk-driver and xvfb)');
    ({ server, url } = await startServer(0));
    wd = await WebDriverSession.startWebKit(MINIBROWSER);
  }, 60_000);

  afterAll(async () => {
    await wd?.close();
    server?.close();
  });

  it('computes the same bits as the CLI; a bad entry marks only its column', async () => {
    expect(await wd.evaluate<string>('navigator.userAgent')).toMatch(/AppleWebKit/);
    await checkValues(wd, url);
  }, 120_000);

  it('#this-browser names JavaScriptCore and its predictions come true; no overflow from 360 px; screenshot', async () => {
    const panel = await checkThisBrowser(wd, url, 'jsc', 'compare-page-webkit.png');
    expect(panel.variant).toMatch(/^(jsc|spidermonkey)$/); // the same generator: the values alone cannot tell them apart
  }, 240_000);
});
