// Fetches one npm package tarball (`npm pack`, the ordinary client) into a fresh temporary
// directory, unpacks it, reports its size and download time, and removes it again on cleanup.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** Packs and unpacks `spec` (e.g. "@sparticuz/chromium@153.0.0"); returns { dir: …/package, bytes, seconds, cleanup }. */
export function fetchNpm(spec, log = (s) => process.stderr.write(s + '\n')) {
  const tmp = mkdtempSync(join(tmpdir(), 'emu-npm-'));
  const t0 = Date.now();
  execFileSync('npm', ['pack', spec, '--silent', '--pack-destination', tmp], { stdio: ['ignore', 'pipe', 'pipe'] });
  const seconds = (Date.now() - t0) / 1000;
  const tgz = readdirSync(tmp).find((f) => f.endsWith('.tgz'));
  if (!tgz) throw new Error(`npm pack ${spec} produced no tarball`);
  const bytes = statSync(join(tmp, tgz)).size;
  execFileSync('tar', ['xzf', tgz], { cwd: tmp });
  rmSync(join(tmp, tgz));
  log(`fetched ${spec}: ${(bytes / 1e6).toFixed(1)} MB in ${seconds.toFixed(1)} s`);
  return { dir: join(tmp, 'package'), bytes, seconds, cleanup: () => rmSync(tmp, { recursive: true, force: true }) };
}

/** Hex of a double's IEEE-754 bits, the way every recorder writes values (16 lowercase digits). */
export const HEX_PROBE = 'function __h(x){var f=new Float64Array([x]),u=new Uint32Array(f.buffer);return ("00000000"+u[1].toString(16)).slice(-8)+("00000000"+u[0].toString(16)).slice(-8);}';
