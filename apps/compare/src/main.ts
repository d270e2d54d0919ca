/**
 * `compare`: the emulators side by side. The router: each command lives in commands/<name>.ts,
 * shared option parsing in options.ts. Every bad argument ends in one line on stderr naming the
 * problem, and exit code 2.
 */
import { EmuError, UnknownEngineError } from '@emu/core';
import pkg from '../package.json';
import { knownEngineIds } from '@emu/engines';
import type { Command, Io } from './io.js';
import { DEFAULT_SEED, UsageError } from './options.js';
import { command as table } from './commands/table.js';
import { command as sequence } from './commands/sequence.js';
import { command as runCmd } from './commands/run.js';
import { command as predict } from './commands/predict.js';
import { command as stream } from './commands/stream.js';
import { command as battery } from './commands/battery.js';
import { command as cycles } from './commands/cycles.js';
import { command as identify } from './commands/identify.js';
import { command as diff } from './commands/diff.js';
import { command as ids } from './commands/ids.js';
import { command as serve } from './commands/serve.js';
import { command as engines } from './commands/engines.js';

export type { Io } from './io.js';
export { DEFAULT_SEED } from './options.js';

/** Every command, in the order `compare --help` lists them. */
export const COMMANDS: readonly Command[] = [table, sequence, runCmd, predict, stream, battery, cycles, identify, diff, ids, serve, engines];

const HELP = `Usage: compare [command] [options]

Commands:
  ${'(none)'.padEnd(10)} the five seed emulators side by side on seed ${DEFAULT_SEED}
${COMMANDS.map((c) => `  ${c.name.padEnd(10)} ${c.summary}\n`).join('')}
Run 'compare <command> --help' for a command's options; 'compare --version' prints the version.
`;

/** The version of this package (package.json), for --version. */
export const VERSION: string = pkg.version;

export function run(argv: string[], io: Io): number | Promise<number> {
  const [name, ...rest] = argv;
  try {
    if (name === undefined || name.startsWith('-')) {
      if (name === '--help' || name === '-h') {
        io.out(HELP);
        return 0;
      }
      if (name === '--version' || name === '-V') {
        io.out(`${VERSION}\n`);
        return 0;
      }
      return table.run(argv, io);
    }
    if (name === 'help') {
      io.out(HELP);
      return 0;
    }
    const command = COMMANDS.find((c) => c.name === name);
    if (!command) {
      throw new UsageError(`unknown command ${JSON.stringify(name)}; commands: table, sequence, run, diff, ids, predict, identify, stream, battery, cycles, serve, engines (see --help)`);
    }
    return command.run(rest, io);
  } catch (e) {
    if (e instanceof UnknownEngineError) {
      io.err(`compare: ${e.message}; run \`compare engines\` for the full list\n`);
      return 2;
    }
    if (e instanceof UsageError || e instanceof EmuError) {
      io.err(`compare: ${e.message}\n`);
      return 2;
    }
    throw e;
  }
}

export { knownEngineIds };
