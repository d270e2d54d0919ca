/**
 * Just enough W3C WebDriver (classic, JSON over HTTP) to drive WebKitGTK's MiniBrowser through
 * WebKitWebDriver (Debian webkit2gtk-driver) under Xvfb: no client library fits without pulling in
 * a browser download, and the protocol is a handful of POSTs.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import { writeFileSync } from 'node:fs';

async function freePort(): Promise<number> {
  return new Promise((ok, fail) => {
    const s = createServer();
    s.once('error', fail);
    s.listen(0, '127.0.0.1', () => {
      const a = s.address();
      const port = typeof a === 'object' && a ? a.port : 0;
      s.close(() => ok(port));
    });
  });
}

export class WebDriverSession {
  private constructor(
    private readonly base: string,
    private readonly id: string,
    private readonly proc: ChildProcess,
  ) {}

  /** Starts `xvfb-run -a WebKitWebDriver` and a MiniBrowser session. */
  static async startWebKit(miniBrowser: string): Promise<WebDriverSession> {
    const port = await freePort();
    // Its own process group, so close() ends xvfb-run, Xvfb, the driver and the browser together.
    const proc = spawn('xvfb-run', ['-a', '-s', '-screen 0 1600x8000x24', 'WebKitWebDriver', `--port=${port}`], { stdio: 'ignore', detached: true });
    const base = `http://127.0.0.1:${port}`;
    for (let i = 0; ; i++) {
      try {
        await call(base, 'GET', '/status');
        break;
      } catch (e) {
        if (i > 150) {
          kill(proc);
          throw new Error(`WebKitWebDriver did not answer on ${base}: ${(e as Error).message}`, { cause: e });
        }
        await new Promise((r) => setTimeout(r, 100));
      }
    }
    try {
      const s = (await call(base, 'POST', '/session', {
        capabilities: { alwaysMatch: { browserName: 'MiniBrowser', 'webkitgtk:browserOptions': { binary: miniBrowser, args: ['--automation'] } } },
      })) as { sessionId: string };
      return new WebDriverSession(base, s.sessionId, proc);
    } catch (e) {
      kill(proc);
      throw e;
    }
  }

  private cmd(method: string, path: string, body?: unknown): Promise<unknown> {
    return call(this.base, method, `/session/${this.id}${path}`, body);
  }

  async goto(url: string): Promise<void> {
    await this.cmd('POST', '/url', { url });
  }

  /** Evaluates an expression (a promise is awaited) and returns its JSON value. */
  async evaluate<T>(expression: string): Promise<T> {
    const script = `const done = arguments[arguments.length - 1];
      Promise.resolve().then(() => (${expression})).then((v) => done({ ok: v }), (e) => done({ error: String(e) }));`;
    const r = (await this.cmd('POST', '/execute/async', { script, args: [] })) as { ok?: T; error?: string };
    if (r.error !== undefined) throw new Error(r.error);
    return r.ok as T;
  }

  async resize(width: number, height: number): Promise<void> {
    await this.cmd('POST', '/window/rect', { width, height });
  }

  /**
   * The whole document: the window is made as tall as the page (Xvfb's screen is 8000 px high),
   * captured, and put back.
   */
  async screenshot(path: string): Promise<void> {
    const rect = (await this.cmd('GET', '/window/rect')) as { width: number; height: number };
    const [inner, full] = await this.evaluate<[number, number]>('[window.innerHeight, document.documentElement.scrollHeight]');
    await this.resize(rect.width, Math.min(7900, rect.height - inner + full));
    await new Promise((r) => setTimeout(r, 500));
    const png = (await this.cmd('GET', '/screenshot')) as string;
    writeFileSync(path, Buffer.from(png, 'base64'));
    await this.resize(rect.width, rect.height);
  }

  async close(): Promise<void> {
    await this.cmd('DELETE', '').catch(() => {});
    kill(this.proc);
  }
}

function kill(proc: ChildProcess): void {
  if (proc.pid !== undefined) {
    try {
      process.kill(-proc.pid, 'SIGTERM');
    } catch {
      // already gone
    }
  }
}

async function call(base: string, method: string, path: string, body?: unknown): Promise<unknown> {
  const r = await fetch(base + path, {
    method,
    headers: { 'content-type': 'application/json' },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const j = (await r.json()) as { value: unknown };
  if (!r.ok) {
    const v = j.value as { error?: string; message?: string };
    throw new Error(`WebDriver ${method} ${path}: ${v?.error ?? r.status} ${v?.message ?? ''}`);
  }
  return j.value;
}
