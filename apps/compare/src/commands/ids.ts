import { createEngine } from '@emu/engines';
import type { Command, Io } from '../io.js';
import { processSeed, seedKind } from '../ids.js';
import { SEED_OPTIONS, UsageError, engineList, parse, parseCount, seedingFrom } from '../options.js';
import { startProgress } from '../progress.js';

export const HELP = `Usage: compare ids (--engine X | --engines a,b,…) [--length 22] [--alphabet base64|hex|alnum|<chars>] [--count N]
                   [--seed N | --random-seed N | --state <json>] [--reseed-each] [--print]

Makes N identifiers the way Betable did: one Math.floor(Math.random() * alphabet.length) per
character. --reseed-each makes every identifier from a freshly seeded engine (a hash of seed and
i), as from many processes — that is where MWC1616's short-period high bits collide. Prints the number of colliding identifiers next to the birthday-bound expectation for
a perfect generator (n(n−1)/2 / alphabet^length); --print also writes every identifier.
--engines a,b,… prints the side-by-side table instead: per engine, the collisions among N
identifiers from one stream and among N from freshly seeded engines.
`;

const ALPHABETS: Record<string, string> = {
  base64: 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/',
  hex: '0123456789abcdef',
  alnum: 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789',
};

interface IdRun { variant: string; collisions: number; printed: string[] }

/** Betable's identifiers: `length` characters, one Math.floor(random() · n) each; counts repeats. */
function makeIds(engine: string, seeding: ReturnType<typeof seedingFrom>, count: number, length: number, alphabet: string, reseed: boolean, print: boolean, progress: { tick(i: number): void }): IdRun {
  let emu = createEngine(engine, seeding);
  const seen = new Set<string>();
  let collisions = 0;
  const n = alphabet.length;
  const printed: string[] = [];
  for (let i = 0; i < count; i++) {
    // --reseed-each: every identifier from a freshly seeded engine, as from many processes.
    if (reseed) emu = createEngine(engine, { ...seeding, seed: processSeed(Number(seeding.seed), i, seedKind(emu)) });
    let id = '';
    for (let k = 0; k < length; k++) id += alphabet[Math.floor(emu.random() * n)];
    if (seen.has(id)) collisions++;
    else seen.add(id);
    if (print) printed.push(id);
    if ((i & 0x3fff) === 0) progress.tick(i);
  }
  return { variant: emu.variant, collisions, printed };
}

function idsCmd(args: string[], io: Io): number {
  const values = parse(args, {
    ...SEED_OPTIONS,
    engine: { type: 'string' },
    engines: { type: 'string' },
    length: { type: 'string' },
    alphabet: { type: 'string', default: 'base64' },
    count: { type: 'string' },
    print: { type: 'boolean', default: false },
    'reseed-each': { type: 'boolean', default: false },
  });
  if (values.help) {
    io.out(HELP);
    return 0;
  }
  const engine = values.engine as string | undefined;
  if (!engine && values.engines === undefined) throw new UsageError('--engine (or --engines a,b,… for the side-by-side table) is required (see compare engines)');
  if (engine && values.engines !== undefined) throw new UsageError('give --engine or --engines, not both');
  const length = values.length === undefined ? 22 : parseCount(values.length as string, undefined, '--length', 1000);
  const alphabetArg = values.alphabet as string;
  const alphabet = ALPHABETS[alphabetArg] ?? alphabetArg;
  if (alphabet.length < 2 || new Set(alphabet).size !== alphabet.length) {
    throw new UsageError(`--alphabet must be base64, hex, alnum or at least 2 distinct characters, got ${JSON.stringify(alphabetArg)}`);
  }
  const count = values.count === undefined ? 100_000 : parseCount(values.count as string, undefined, '--count', 5_000_000);
  const seeding = seedingFrom(values);
  const reseed = values['reseed-each'] === true;
  if ((reseed || values.engines !== undefined) && seeding.seed === undefined) throw new UsageError('--reseed-each and --engines need a seed (--seed or --random-seed), not --state');
  const n = alphabet.length;
  // Expected number of colliding pairs for a perfect generator: C(count, 2) / n^length.
  const expected = ((count * (count - 1)) / 2) * Math.pow(n, -length);
  if (values.engines !== undefined) {
    const ids = engineList(values.engines, 1, 16);
    for (const id of ids) createEngine(id, seeding); // a bad id fails before any work
    io.out(`${count} identifiers of ${length} characters over a ${n}-symbol alphabet per engine; a perfect generator expects ${expected.toPrecision(3)} collisions\n`);
    io.out(`  ${'engine'.padEnd(18)} ${'variant'.padEnd(24)} ${'one stream'.padStart(10)} ${'reseeded each'.padStart(14)}\n`);
    for (const id of ids) {
      const progress = startProgress(io, 2 * count, id);
      const one = makeIds(id, seeding, count, length, alphabet, false, false, progress);
      const each = makeIds(id, seeding, count, length, alphabet, true, false, { tick: (i) => progress.tick(count + i) });
      progress.done();
      io.out(`  ${id.padEnd(18)} ${one.variant.padEnd(24)} ${String(one.collisions).padStart(10)} ${String(each.collisions).padStart(14)}\n`);
    }
    return 0;
  }
  const progress = startProgress(io, count, 'ids');
  const run = makeIds(engine!, seeding, count, length, alphabet, reseed, values.print === true, progress);
  progress.done();
  if (values.print) io.out(run.printed.join('\n') + '\n');
  io.out(
    `${engine} (${run.variant}): ${count} identifiers of ${length} characters over a ${n}-symbol alphabet: ` +
      `${run.collisions} collision${run.collisions === 1 ? '' : 's'}; a perfect generator expects ${expected.toPrecision(3)}\n`,
  );
  return 0;
}

export const command: Command = { name: 'ids', summary: 'Betable-style identifiers from one engine, with the collision count', help: HELP, run: idsCmd };
