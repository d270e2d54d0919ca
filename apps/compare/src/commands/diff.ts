import { type Emulator, doubleToHex } from '@emu/core';
import { createEngine } from '@emu/engines';
import type { Command, Io } from '../io.js';
import { SEED_OPTIONS, engineList, parse, parseCount, seedingFrom } from '../options.js';
import { startProgress } from '../progress.js';

export const HELP = `Usage: compare diff --engines a,b [--seed N | --random-seed N | --state <json>] [--max K]

Draws from both engines until their bit patterns differ (at most K values, default 1,000,000) and
prints the first diverging index with both values as 16 hex digits; exit 1 if they diverge.
`;

function diffCmd(args: string[], io: Io): number {
  const values = parse(args, { ...SEED_OPTIONS, engines: { type: 'string' }, max: { type: 'string' } });
  if (values.help) {
    io.out(HELP);
    return 0;
  }
  const ids = engineList(values.engines, 2, 2);
  const max = values.max === undefined ? 1_000_000 : parseCount(values.max as string, undefined, '--max');
  const seeding = seedingFrom(values);
  const [a, b] = ids.map((id) => createEngine(id, seeding)) as [Emulator, Emulator];
  const progress = startProgress(io, max, 'diff');
  for (let i = 0; i < max; i++) {
    const x = doubleToHex(a.random());
    const y = doubleToHex(b.random());
    if (x !== y) {
      progress.done();
      io.out(`first divergence at index ${i}: ${ids[0]} ${x}  ${ids[1]} ${y}\n`);
      return 1;
    }
    if ((i & 0xffff) === 0) progress.tick(i);
  }
  progress.done();
  io.out(`identical for ${max} values (${ids[0]} = ${ids[1]} for this seeding)\n`);
  return 0;
}

export const command: Command = { name: 'diff', summary: 'the first index where two engines (or versions) diverge', help: HELP, run: diffCmd };
