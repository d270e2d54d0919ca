/**
 * The Node hook: `node --import @emu/pin/register script.js` (or `node -r @emu/pin/register`)
 * pins Math.random from the environment before the script runs:
 *
 *   EMU_ENGINE=node@4.2.2 EMU_RANDOM_SEED=42 node --import @emu/pin/register -e "console.log(Math.random())"
 *
 * EMU_ENTRY defaults to how this process was started: `eval` for -e/-p/--eval/--print, `stdin`
 * for a script piped in, `file` otherwise; so the values are those the emulated Node gave the
 * same command. With EMU_ENGINE unset it does nothing (and any other EMU_* set is an error).
 * A bad value stops the process with a message naming the variable and the value.
 */
import { types } from 'node:util';
import { detectEntryMode } from './entry.js';
import { pinFromEnv } from './env.js';

try {
  pinFromEnv(process.env, detectEntryMode(process.execArgv, process.argv), (x) => types.isProxy(x));
} catch (e) {
  process.stderr.write(`${(e as Error).message}\n`);
  process.exit(1);
}
