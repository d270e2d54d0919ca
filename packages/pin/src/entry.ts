import type { EntryMode } from '@emu/engines';

/**
 * How a Node process was started, as @emu/engines' entry mode, from its process.execArgv and
 * process.argv: `eval` for -e/-p/--eval/--print, `stdin` with no script (or `-`), else `file`.
 */
export function detectEntryMode(execArgv: readonly string[], argv: readonly string[]): EntryMode {
  if (execArgv.some((a) => /^(?:-e|-p|-pe|-ep|--eval|--print)(?:=|$)/.test(a))) return 'eval';
  if (argv[1] === undefined || argv[1] === '-') return 'stdin';
  return 'file';
}
