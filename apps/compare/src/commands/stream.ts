import { createEngine } from '@emu/engines';
import type { Command, Io } from '../io.js';
import { SEED_OPTIONS, UsageError, parse, parseCount, seedingFrom } from '../options.js';

export const HELP = `Usage: compare stream --engine X [--seed N | --random-seed N | --state <json>] [--format u32|f64] [--count N]

Writes raw binary values to stdout until --count values (default: without end, until the reader
stops): u32 = floor(x · 2^32) as 32-bit little-endian words (the top 32 bits of each double, for
dieharder -g 200), f64 = the doubles themselves, little-endian.
`;

function streamCmd(args: string[], io: Io): number {
  const values = parse(args, { ...SEED_OPTIONS, engine: { type: 'string' }, format: { type: 'string', default: 'u32' }, count: { type: 'string' } });
  if (values.help) {
    io.out(HELP);
    return 0;
  }
  const engine = values.engine as string | undefined;
  if (!engine) throw new UsageError('--engine is required (see compare engines)');
  const format = values.format as string;
  if (!['u32', 'f64'].includes(format)) throw new UsageError(`--format must be u32 or f64, got ${JSON.stringify(format)}`);
  const count = values.count === undefined ? Infinity : parseCount(values.count as string, undefined, '--count', Number.MAX_SAFE_INTEGER);
  if (!io.outBytes) throw new UsageError('stream writes binary: only from the command line');
  const emu = createEngine(engine, seedingFrom(values));
  const CHUNK = 1 << 16;
  const doubles = new Float64Array(CHUNK);
  const words = new Uint32Array(CHUNK);
  for (let done = 0; done < count; ) {
    const n = Math.min(CHUNK, count - done);
    const view = n === CHUNK ? doubles : doubles.subarray(0, n);
    emu.fill(view);
    let bytes: Uint8Array;
    if (format === 'u32') {
      for (let i = 0; i < n; i++) words[i] = view[i]! * 4294967296; // floor by the Uint32Array store: exact top 32 bits
      bytes = new Uint8Array(words.buffer, 0, n * 4);
    } else {
      bytes = new Uint8Array(view.buffer, 0, n * 8);
    }
    if (!io.outBytes(bytes)) return 0;
    done += n;
  }
  return 0;
}

export const command: Command = { name: 'stream', summary: 'raw 32-bit words or doubles on stdout, e.g. for dieharder -g 200', help: HELP, run: streamCmd };
