/**
 * The page checks every browser test runs (Chromium, Firefox, WebKit), written once against a
 * small driver interface: values bit-identical to the CLI, a bad column marked alone, the
 * #this-browser panel naming the engine family and its predictions coming true (checked by drawing
 * the browser's Math.random here, not by trusting the page), no horizontal overflow at 360 px, and
 * the screenshot under docs/.
 */
import { expect } from 'vitest';
import { fileURLToPath } from 'node:url';
import { mkdirSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { doubleToHex } from '@emu/core';
import { run } from './main.js';

export interface PageDriver {
  /** Navigates and waits for the load event. */
  goto(url: string): Promise<void>;
  /** Evaluates a JavaScript expression in the page (a promise is awaited); the result as JSON. */
  evaluate<T>(expression: string): Promise<T>;
  /** Resizes the viewport (or the window, where the driver can only do that). */
  resize(width: number, height: number): Promise<void>;
  /** A PNG of the whole page (or as much as the driver can take). */
  screenshot(path: string): Promise<void>;
}

/**
 * Where the page screenshots go: docs/ when EMU_SCREENSHOTS=1 (to refresh the README's pictures),
 * otherwise a temporary directory, so a test run leaves the working tree as it found it.
 */
export const docsDir = process.env.EMU_SCREENSHOTS === '1'
  ? fileURLToPath(new URL('../../../docs/', import.meta.url))
  : `${mkdtempSync(join(tmpdir(), 'emu-page-shots-'))}/`;

/** Polls an expression until it is truthy; fails with the last value and `label`. */
export async function waitFor(d: PageDriver, expression: string, label: string, timeoutMs = 120_000): Promise<void> {
  const end = Date.now() + timeoutMs;
  let last: unknown;
  while (Date.now() < end) {
    last = await d.evaluate<unknown>(expression).catch((e: unknown) => String(e));
    if (last === true) return;
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`timed out waiting for ${label} (last: ${JSON.stringify(last)})`);
}

/** The CLI's values for one page column, as 16-digit hex. */
export function cliHex(id: string, mode: string, value: string, count: number): string[] {
  let out = '';
  let err = '';
  const flag = mode === 'state' ? '--state' : `--${mode}`;
  const code = run(['sequence', '--engine', id, flag, value, '--count', String(count)], { out: (s) => (out += s), err: (s) => (err += s) });
  expect(code, `${id} ${flag} ${value}: ${err}`).toBe(0);
  return out.trim().split('\n');
}

/** Columns the value check shows: every kind of id and start, and two bad ones. */
export const COLUMNS: [id: string, mode: string, value: string][] = [
  ['v8-2015', 'seed', '42'],
  ['v8-patched', 'seed', '42'],
  ['webkit-gamerand', 'seed', '42'],
  ['node@4.2.2', 'random-seed', '42'],
  ['node@8.3.0', 'seed', '7'],
  ['node@26.12.1', 'random-seed', '42'],
  ['chrome@47', 'seed', '42'],
  ['chrome@156', 'random-seed', '42'],
  ['firefox@40', 'seed', '42'],
  ['firefox@50', 'state', '["0x0123456789abcdef","0xfedcba9876543210"]'],
  ['safari@9', 'seed', '42'],
  ['safari@17', 'state', '["0x1","0x2"]'],
  ['xorshift128plus', 'state', '["0x0123456789abcdef","0xfedcba9876543210",64]'],
];
const BAD: [id: string, mode: string, value: string, message: RegExp][] = [
  ['nope@1', 'seed', '1', /nope@1/],
  ['v8-2015', 'seed', 'abc', /seed must be an integer, got "abc"/],
  ['firefox@50', 'random-seed', '1', /--random-seed is V8's flag/],
];

const q = (cols: [string, string, string][], count: number) =>
  `?${cols.map(([id, mode, value]) => `c=${encodeURIComponent(`${id}|${mode}|${value}`)}`).join('&')}&count=${count}`;

export async function checkValues(d: PageDriver, url: string): Promise<void> {
  const count = 300;
  await d.goto(url + q([...COLUMNS, ...BAD.map(([id, mode, value]) => [id, mode, value] as [string, string, string])], count));
  await waitFor(d, `document.body.dataset.ready === 'true'`, 'the columns');
  const page = await d.evaluate<{ id: string; hex: string | null; error: string | null }[]>(
    `[...document.querySelectorAll('#columns section.engine')].map((s) => ({ id: s.dataset.engine, hex: s.querySelector('pre.values')?.dataset.hex ?? null, error: s.querySelector('.column-error')?.textContent ?? null }))`,
  );
  expect(page.map((c) => c.id)).toEqual([...COLUMNS.map((c) => c[0]), ...BAD.map((c) => c[0])]);
  COLUMNS.forEach(([id, mode, value], i) => {
    expect(page[i]!.error, id).toBeNull();
    expect(page[i]!.hex!.split(' '), `${id} ${mode} ${value}`).toEqual(cliHex(id, mode, value, count));
  });
  BAD.forEach(([id, , , message], i) => {
    const col = page[COLUMNS.length + i]!;
    expect(col.hex, id).toBeNull();
    expect(col.error, id).toMatch(message);
  });
  // A bad count is the page's own error, shown at the top.
  await d.goto(`${url}?c=v8-2015|seed|1&count=0`);
  await waitFor(d, `document.body.dataset.ready === 'error'`, 'the count error');
  expect(await d.evaluate<string>(`document.getElementById('error').textContent`)).toMatch(/count must be an integer in \[1, 4096\], got "0"/);
}

interface PanelData {
  state: string;
  family?: string;
  era?: string;
  variant?: string;
  used?: string;
  hits?: string;
  misses?: string;
  ahead?: string;
}

/**
 * Loads the default page, waits for #this-browser, checks the family and that its predictions
 * came true; then draws this browser's Math.random from the test and compares with the values the
 * panel predicted but had not drawn. Takes the screenshot last (all pictures finished).
 */
export async function checkThisBrowser(d: PageDriver, url: string, family: string, shot: string): Promise<PanelData> {
  await d.resize(1280, 800);
  await d.goto(url);
  await waitFor(d, `['done', 'error', 'unexplained', 'undecided'].includes(document.getElementById('this-browser').dataset.state)`, '#this-browser');
  const panel = await d.evaluate<PanelData>(`({ ...document.getElementById('this-browser').dataset })`);
  expect(panel.state, JSON.stringify(panel)).toBe('done');
  expect(panel.family).toBe(family);
  expect(Number(panel.hits)).toBeGreaterThanOrEqual(24);
  expect(panel.misses).toBe('0');
  const ahead = panel.ahead!.split(' ');
  expect(ahead.length).toBeGreaterThanOrEqual(16);
  const drawn = await d.evaluate<number[]>(`Array.from({ length: 16 }, () => Math.random())`);
  expect(drawn.map(doubleToHex)).toEqual(ahead.slice(0, 16));
  // Every picture finished, then the screenshot.
  await waitFor(d, `[...document.querySelectorAll('.collisions')].every((e) => e.dataset.done) && [...document.querySelectorAll('canvas[role=img]')].filter((c) => c.width === 256).every((c) => c.dataset.done === 'true')`, 'the pictures');
  const collisions = await d.evaluate<string[]>(`[...document.querySelectorAll('.collisions')].map((e) => e.dataset.done)`);
  expect(collisions[0], 'v8-2015 (MWC1616 before the patch) collides').not.toBe('0');
  expect(collisions.slice(1), 'the other default columns do not').toEqual(['0', '0', '0', '0']);
  mkdirSync(docsDir, { recursive: true });
  await d.screenshot(`${docsDir}${shot}`);
  // Responsive: no horizontal overflow from 360 px up.
  for (const width of [360, 768, 1280]) {
    await d.resize(width, 800);
    await new Promise((r) => setTimeout(r, 300));
    const [scroll, inner] = await d.evaluate<[number, number]>(`[document.documentElement.scrollWidth, window.innerWidth]`);
    expect(scroll, `scrollWidth at window width ${width} (inner ${inner})`).toBeLessThanOrEqual(inner);
  }
  return panel;
}
