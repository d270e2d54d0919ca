import { doubleToHex } from '@emu/core';
import { createEngine } from '@emu/engines';
import type { Command, Io } from '../io.js';
import { SEED_OPTIONS, UsageError, engineList, formatFloat, parse, parseCount, seedingFrom } from '../options.js';

export const HELP = `Usage: compare run --engines a,b,c [--seed N | --random-seed N | --state <json>] [--count K]
                   [--format table|json|csv|hex] [--entry file|eval|stdin]

Each engine seeded through its own routine (or given the same raw state), side by side.
`;

function runCmd(args: string[], io: Io): number {
  const values = parse(args, { ...SEED_OPTIONS, engines: { type: 'string' }, count: { type: 'string' }, format: { type: 'string', default: 'table' } });
  if (values.help) {
    io.out(HELP);
    return 0;
  }
  const ids = engineList(values.engines, 1, 16);
  const format = values.format as string;
  if (!['table', 'json', 'csv', 'hex'].includes(format)) throw new UsageError(`--format must be table, json, csv or hex, got ${JSON.stringify(format)}`);
  const count = parseCount(values.count as string | undefined, 16);
  const seeding = seedingFrom(values);
  const emus = ids.map((id) => createEngine(id, seeding));
  const cols = emus.map(() => [] as number[]);
  for (let i = 0; i < count; i++) emus.forEach((e, c) => cols[c]!.push(e.random()));
  if (format === 'json') {
    io.out(JSON.stringify({ seeding, engines: ids.map((id, c) => ({ id, variant: emus[c]!.variant, hex: cols[c]!.map(doubleToHex), values: cols[c] })) }) + '\n');
  } else if (format === 'csv') {
    io.out(['index', ...ids.flatMap((id) => [`${id}`, `${id} hex`])].join(',') + '\n');
    for (let i = 0; i < count; i++) io.out([i, ...cols.flatMap((col) => [formatFloat(col[i]!), doubleToHex(col[i]!)])].join(',') + '\n');
  } else {
    const show = format === 'hex' ? doubleToHex : (x: number) => formatFloat(x);
    const rows = Array.from({ length: count }, (_, i) => [String(i), ...cols.map((col) => show(col[i]!))]);
    const header = ['#', ...ids];
    const widths = header.map((h, c) => Math.max(h.length, ...rows.map((r) => r[c]!.length)));
    const line = (cells: string[]) => cells.map((x, c) => (c === 0 ? x.padStart(widths[c]!) : x.padEnd(widths[c]!))).join('  ').trimEnd();
    io.out(line(header) + '\n' + line(widths.map((w) => '-'.repeat(w))) + '\n' + rows.map(line).join('\n') + '\n');
  }
  return 0;
}

export const command: Command = { name: 'run', summary: 'several engines side by side (table, json, csv, hex)', help: HELP, run: runCmd };
