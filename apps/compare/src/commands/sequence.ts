import { doubleToHex } from '@emu/core';
import { PACKAGE_IDS, createEngine, resolveEngine } from '@emu/engines';
import { type Command, type Io, writeOut } from '../io.js';
import { ENGINE_OPTIONS, MAX_COUNT, SEED_OPTIONS, UsageError, createOptionsFrom, formatFloat, parse, parseCount } from '../options.js';

export const HELP = `Usage: compare sequence --engine <id> [--seed N | --random-seed N | --state <json>] --count K
                        [--format hex|float|json] [--output random|raw]
                        [--variant V] [--flavor v8|spidermonkey|jsc] [--entry file|eval|stdin]
                        [--first-value X[,Y…]] [--realm K] [--keys-before K] [--keys-at I:K[,…]]

  --engine       a registry id: ${PACKAGE_IDS.join(', ')}, node@VERSION, node@LINE or
                 node@RANGE (only where every release in it behaves alike), v8@X.Y.Z, chrome@M,
                 firefox@N, safari@X, ie@N, deno@V, bun@V, workerd@DATE, … (see compare engines)
  --seed N       run the engine's own seeding routine (for V8 ids: --random_seed)
  --random-seed  V8's --random_seed flag (V8, chrome@ and node@ ids), read as V8 reads it: the low
                 32 bits (4294967295 is -1); 0 and multiples of 2^32 mean unseeded and are refused
  --state JSON   the raw state, words in the engine source's order, e.g. [1,2,3,4]
  --count K      how many values (1 … ${MAX_COUNT})
  --format       hex: 16 lowercase hex digits of the IEEE-754 bits (default);
                 float: the shortest decimal that round-trips; json: one JSON object per line
  --output raw   the engine's raw integer output (V8: MathRandomRaw) in decimal
  --entry        node@ ids: how the script was started (default file)
  --rng-draws K  node@ ids of V8 3.26–4.6 and 4.9.41–5.8: draws of V8's internal RNG before
                 Math.random took its state (default: the value measured for the release)
  --first-value  node@ ids: the first Math.random() value(s) the real script printed (decimal as
                 printed, or 16 hex digits; several, comma-separated, when one is ambiguous): the
                 start-up position that yields them is searched — required for node 6.0–8.2,
                 whose start-up depends on the script
  --realm K      node@ ids: the K-th vm context / Worker the script created (0 = the main one)
  --keys-before K  node 4.0–8.9.4: K fresh objects used as Map/Set/WeakMap keys before the first
                 Math.random() call (each took one value for its hash)
  --keys-at I:K  node 4.0–8.9.4: after the script's I-th value, K fresh objects became Map/Set/
                 WeakMap/WeakSet keys (e.g. lodash _.uniq of 200+ objects): the K values their
                 hashes took are skipped there; several pairs comma-separated, I ascending
                 (without it these releases print a note on stderr: such keys leave gaps)
`;

function sequence(args: string[], io: Io): number {
  const values = parse(args, {
    ...SEED_OPTIONS,
    ...ENGINE_OPTIONS,
    engine: { type: 'string' },
    count: { type: 'string' },
    format: { type: 'string', default: 'hex' },
    output: { type: 'string', default: 'random' },
  });
  if (values.help) {
    io.out(HELP);
    return 0;
  }
  const engine = values.engine as string | undefined;
  if (!engine) throw new UsageError('--engine is required (see compare engines)');
  const format = values.format as string;
  if (!['hex', 'float', 'json'].includes(format)) throw new UsageError(`--format must be hex, float or json, got ${JSON.stringify(format)}`);
  const output = values.output as string;
  if (!['random', 'raw'].includes(output)) throw new UsageError(`--output must be random or raw, got ${JSON.stringify(output)}`);
  const count = parseCount(values.count as string | undefined);
  const options = createOptionsFrom(values);
  const emu = createEngine(engine, options);
  // node 4.0–8.9.4 hash every fresh Map/Set/WeakMap key with a Math.random value: never silent about it.
  const node = engine.startsWith('node@') ? resolveEngine(engine).node : undefined;
  if (node?.keys === 'values' && options.keysAt === undefined && options.seed !== undefined) {
    io.err(`compare: note: node ${node.node} takes one Math.random() value for each fresh object used as a Map/Set/WeakMap/WeakSet key; if the script (or a library it calls, e.g. lodash _.uniq of 200+ objects) does that between its Math.random() calls, its values skip those: give --keys-at I:K\n`);
  }
  if (output === 'raw' && typeof emu.raw !== 'function') {
    throw new UsageError(`engine ${engine} (${emu.variant}) has no raw integer output; use --output random`);
  }
  const lines: string[] = [];
  // Chunks of 4,096 lines; a closed reader (`| head -1`) ends the command at the next chunk.
  const flush = () => {
    const ok = writeOut(io, lines.join('\n') + '\n');
    lines.length = 0;
    return ok;
  };
  for (let i = 0; i < count; i++) {
    if (output === 'raw') {
      const r = emu.raw!();
      lines.push(format === 'json' ? JSON.stringify({ i, raw: r }) : String(r));
    } else {
      const x = emu.random();
      if (format === 'hex') lines.push(doubleToHex(x));
      else if (format === 'float') lines.push(formatFloat(x));
      else lines.push(`{"i":${i},"hex":"${doubleToHex(x)}","value":${formatFloat(x)}}`);
    }
    if (lines.length === 4096 && !flush()) return 0;
  }
  if (lines.length) flush();
  return 0;
}

export const command: Command = { name: 'sequence', summary: 'K values of one engine, one per line', help: HELP, run: sequence };
