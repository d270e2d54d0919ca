import { doubleToHex } from '@emu/core';
import { predict, renderPrediction } from '@emu/recover';
import type { Command, Io } from '../io.js';
import { UsageError, bucketOption, formatFloat, observations, parse, parseCount } from '../options.js';

export const HELP = `Usage: compare predict --engine X [--from-start] [--bucket N] [--next N] [--previous N] [--format hex|float|bucket] < observed.txt

Reads consecutive observations, one per line, recovers the engine's state, and prints the N
previous values (chronological), a blank line, then the N next values.
  --from-start   the first observation is the first Math.random() call of its realm (a fresh
                 process or page): fixes where it sits in V8's cache, so fewer values are needed
When several states fit (and every one that fits is known), the values they all agree on are
printed and '?' stands for the others, with the reason on stderr; exit 0 when the first requested
value is determined, 3 when it is not. Exit 3 with a one-line reason when the data are too few
("need about K more"), no state is proven to be the only ones, or none explains them (at most
10,000 lines of at most 100 characters are read). A line is one of:
  0.123…, 3fbf7ced916872b0    a Math.random value as JavaScript printed it, or its 16 hex digits
  j/n                         only Math.floor(Math.random() * n) = j was seen (a die, an ID, an index)
  j                           the same with n from --bucket N
  ?                           a call whose value was not seen
Partial values work where the engine shows them linearly (V8 7.1+ / Node 12+, s0 mappings); for
N = 2^k each value gives k bits of 128. With --bucket the predictions print as buckets unless
--format says otherwise.
`;

function predictCmd(args: string[], io: Io): number {
  const values = parse(args, { engine: { type: 'string' }, 'from-start': { type: 'boolean' }, next: { type: 'string' }, previous: { type: 'string' }, format: { type: 'string' }, bucket: { type: 'string' } });
  if (values.help) {
    io.out(HELP);
    return 0;
  }
  const engine = values.engine as string | undefined;
  if (!engine) throw new UsageError('--engine is required (see compare engines)');
  const bucket = bucketOption(values.bucket);
  const format = (values.format as string | undefined) ?? (bucket ? 'bucket' : 'hex');
  if (!['hex', 'float', 'bucket'].includes(format)) throw new UsageError(`--format must be hex, float or bucket, got ${JSON.stringify(format)}`);
  if (format === 'bucket' && !bucket) throw new UsageError('--format bucket needs --bucket N');
  const next = values.next === undefined ? 10 : parseCount(values.next as string, undefined, '--next', 1_000_000);
  const previous = values.previous === undefined || values.previous === '0' ? 0 : parseCount(values.previous as string, undefined, '--previous', 1_000_000);
  const observed = observations(io, 'predict', bucket);
  const r = predict(engine, observed, next, previous, { fromStart: values['from-start'] === true, ...(bucket ? { bucket } : {}) });
  const show = format === 'hex' ? doubleToHex : format === 'float' ? formatFloat : (x: number) => String(Math.floor(x * bucket!));
  const rendered = renderPrediction(r, show, format === 'bucket' ? bucket : undefined);
  if (rendered.out) io.out(rendered.out);
  if (rendered.err) io.err(`compare: ${engine} (${r.variant}): ${rendered.err}\n`);
  return rendered.code;
}

export const command: Command = { name: 'predict', summary: "recover an engine's state from observed values; print previous and next values", help: HELP, run: predictCmd };
