import { EMBEDDER_RELEASES, ERAS, NODE_RELEASES, PACKAGE_IDS, eraId } from '@emu/engines';
import type { Command, Io } from '../io.js';
import { parse } from '../options.js';

export const HELP = `Usage: compare engines [--json]

Lists every engine id the registry resolves, with its variant and what it emulates.
`;

function engines(args: string[], io: Io): number {
  const values = parse(args, { json: { type: 'boolean', default: false } });
  if (values.help) {
    io.out(HELP);
    return 0;
  }
  const eras = ERAS.map((e) => ({
    id: eraId(e),
    ...e,
  }));
  if (values.json) {
    io.out(JSON.stringify({ packages: PACKAGE_IDS, eras, node: NODE_RELEASES, embedders: EMBEDDER_RELEASES }, null, 2) + '\n');
    return 0;
  }
  io.out(`Package ids: ${PACKAGE_IDS.join(', ')}\n\nEngine eras (ids: v8@X.Y.Z, chrome@M, firefox@N / spidermonkey@N, safari@X / jsc@X, chakra@X, ie@N, edge@N (79+: as chrome@N), netscape@N, opera@N (15–22: as its Chromium), hermes@V, quickjs@V, rhino@V):\n`);
  for (const e of eras) {
    io.out(`  ${e.id.padEnd(24)} ${(e.variant ?? 'not emulated').padEnd(24)} ${e.dates}\n`);
    io.out(`  ${''.padEnd(24)} ${e.algorithm}; ${e.precisionBits ? `${e.precisionBits}-bit` : '?'}; seeding: ${e.seeding}; cache: ${e.cache}\n`);
    io.out(`  ${''.padEnd(24)} source: ${e.source.repo} ${e.source.path} @ ${e.source.ref}\n  ${''.padEnd(24)} verified: ${e.verified}\n`);
    if (e.seedRefused) io.out(`  ${''.padEnd(24)} seed: refused (${e.seedRefused})\n`);
  }
  io.out(`\nNode releases (node@VERSION, or node@LINE for the newest recorded of a line), measured with the real binaries:\n`);
  for (const r of NODE_RELEASES) {
    const startup = Object.entries(r.startupDraws).filter(([, n]) => n > 0).map(([m, n]) => `${m}+${n}`).join(' ');
    const d = r.rngDrawsBefore;
    const draws = d.file || d.eval || d.stdin ? ` rng draws file/eval/stdin ${d.file}/${d.eval}/${d.stdin}` : '';
    io.out(`  node@${r.node.padEnd(10)} V8 ${r.v8.padEnd(22)} ${r.variant.padEnd(24)}${draws}${startup ? ` startup ${startup}` : ''}\n`);
  }
  io.out(`\nBrowser and runtime builds measured with a fixed seed (chrome@M resolves through its V8 version; deno@V, bun@V, workerd@DATE, webkitgtk@V to these rows, or to two agreeing rows either side):\n`);
  for (const r of EMBEDDER_RELEASES) {
    io.out(`  ${(r.runtime === 'chrome' ? `chrome@${r.version.split('.')[0]} (${r.version})` : `${r.runtime}@${r.version}`).padEnd(22)} ${r.family === 'v8' ? 'V8' : 'JSC'} ${r.engineVersion.slice(0, 40).padEnd(40)} ${r.variant.padEnd(22)} ${r.artifact}\n`);
  }
  return 0;
}

export const command: Command = { name: 'engines', summary: 'the registry of engine ids', help: HELP, run: engines };
