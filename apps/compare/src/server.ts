/**
 * The page server: static files from apps/compare/static, and each emulator package's own ESM
 * build under /pkg/<name>/ (so the browser runs exactly what Node runs). Loopback only.
 */
import { createServer, type Server } from 'node:http';
import { existsSync, readFileSync, statSync } from 'node:fs';
import { dirname, extname, join, normalize, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));
const appRoot = resolve(here, '..');
const staticDir = join(appRoot, 'static');
// The installed @emu/cli carries its own copies of the packages' builds (pkg/<name>/dist, made
// by packages/cli/copy-assets.mjs); in the repository they are the workspace's packages/.
const packagesDir = existsSync(join(appRoot, 'pkg')) ? join(appRoot, 'pkg') : resolve(appRoot, '..', '..', 'packages');

export const PAGE_PACKAGES = ['core', 'engines', 'v8-2015', 'v8-patched', 'firefox-lcg', 'webkit-gamerand', 'xorshift128plus'];

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.map': 'application/json',
  '.json': 'application/json',
};

function resolvePath(url: string): string | undefined {
  const path = decodeURIComponent(new URL(url, 'http://x').pathname);
  if (path === '/ids.js') return join(appRoot, 'dist', 'ids.js'); // the CLI's own module, from its build
  const m = /^\/pkg\/([a-z0-9-]+)\/(.+)$/.exec(path);
  const [base, rel] = m ? [join(packagesDir, m[1]!, 'dist'), m[2]!] : [staticDir, path === '/' ? 'index.html' : path.slice(1)];
  if (m && !PAGE_PACKAGES.includes(m[1]!)) return undefined;
  const file = normalize(join(base, rel));
  if (!file.startsWith(base)) return undefined; // no ../ escapes
  return existsSync(file) && statSync(file).isFile() ? file : undefined;
}

/** Starts the server on 127.0.0.1; resolves with the page URL. */
export function startServer(port = 0): Promise<{ url: string; server: Server }> {
  const server = createServer((req, res) => {
    const file = req.method === 'GET' ? resolvePath(req.url ?? '/') : undefined;
    if (!file) {
      res.writeHead(404, { 'content-type': 'text/plain' }).end('not found\n');
      return;
    }
    res.writeHead(200, { 'content-type': TYPES[extname(file)] ?? 'application/octet-stream', 'cache-control': 'no-store' });
    res.end(readFileSync(file));
  });
  return new Promise((ok, fail) => {
    server.once('error', fail);
    server.listen(port, '127.0.0.1', () => {
      const addr = server.address();
      const p = typeof addr === 'object' && addr ? addr.port : port;
      ok({ url: `http://127.0.0.1:${p}/`, server });
    });
  });
}
