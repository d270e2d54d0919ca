import { type Emulator, doubleToHex } from '@emu/core';
import { PACKAGE_IDS, createEngine } from '@emu/engines';
import type { Command, Io } from '../io.js';
import { DEFAULT_SEED, UsageError, formatFloat, parse, parseCount, parseSeed } from '../options.js';

export const HELP = `Usage: compare [table] [--seed N] [--count K] [--format table|hex]

The five seed emulators (v8-2015, v8-patched, firefox-lcg, webkit-gamerand, xorshift128plus)
seeded with each engine's own routine from the same N (default ${DEFAULT_SEED}), side by side.
'*' marks the rows where V8's 2015 patch changed the output (v8-2015 vs v8-patched, same state).
`;

function table(args: string[], io: Io): number {
  const values = parse(args, { seed: { type: 'string' }, count: { type: 'string' }, format: { type: 'string', default: 'table' } });
  if (values.help) {
    io.out(HELP);
    return 0;
  }
  const format = values.format as string;
  if (!['table', 'hex'].includes(format)) throw new UsageError(`--format must be table or hex, got ${JSON.stringify(format)}`);
  const seed = values.seed === undefined ? String(DEFAULT_SEED) : parseSeed('--seed', values.seed as string);
  const count = parseCount(values.count as string | undefined, 16);
  const emus: Emulator[] = PACKAGE_IDS.map((id) => createEngine(id, { seed }));
  const show = format === 'hex' ? doubleToHex : formatFloat;
  const header = ['#', ...PACKAGE_IDS, 'patch'];
  const rows: string[][] = [];
  for (let i = 0; i < count; i++) {
    const vals = emus.map((e) => e.random());
    const changed = doubleToHex(vals[0]!) !== doubleToHex(vals[1]!);
    rows.push([String(i), ...vals.map(show), changed ? '*' : '']);
  }
  const widths = header.map((h, c) => Math.max(h.length, ...rows.map((r) => r[c]!.length)));
  const line = (cells: string[]) => cells.map((s, c) => (c === 0 ? s.padStart(widths[c]!) : s.padEnd(widths[c]!))).join('  ').trimEnd();
  io.out(`Math.random, seed ${seed} through each engine's own seeding routine (variants: ${emus.map((e) => e.variant).join(', ')})\n`);
  io.out(line(header) + '\n' + line(widths.map((w) => '-'.repeat(w))) + '\n');
  for (const r of rows) io.out(line(r) + '\n');
  io.out(`\n* = V8's 2015 patch (623cbdc5) changed this value: v8-2015 and v8-patched start from the same state.\n`);
  return 0;
}

export const command: Command = { name: 'table', summary: 'the same, with --seed N and --count K', help: HELP, run: table };
