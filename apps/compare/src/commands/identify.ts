import { identify } from '@emu/recover';
import type { Command, Io } from '../io.js';
import { bucketOption, observations, parse } from '../options.js';

export const HELP = `Usage: compare identify [--bucket N] [--json] < observed.txt

Says which registered engine eras can explain the observed values, and which cannot (lines as
for predict).
`;

function identifyCmd(args: string[], io: Io): number {
  const values = parse(args, { json: { type: 'boolean', default: false }, bucket: { type: 'string' } });
  if (values.help) {
    io.out(HELP);
    return 0;
  }
  const results = identify(observations(io, 'identify', bucketOption(values.bucket)));
  if (values.json) io.out(JSON.stringify(results, null, 2) + '\n');
  else for (const r of results) io.out(`${r.verdict.padEnd(12)} ${r.id.padEnd(24)} ${r.variant.padEnd(24)} ${r.note}\n`);
  return 0;
}

export const command: Command = { name: 'identify', summary: 'which engines can explain observed values', help: HELP, run: identifyCmd };
