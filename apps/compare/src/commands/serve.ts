import type { Command, Io } from '../io.js';
import { UsageError, parse } from '../options.js';

export const HELP = `Usage: compare serve [--port P]

Serves the browser page on 127.0.0.1 (port P, or a free one) and prints its address. The page runs
the emulator packages' own ESM builds in the browser.
`;

function serveCmd(args: string[], io: Io): number | Promise<number> {
  const values = parse(args, { port: { type: 'string', default: '0' } });
  if (values.help) {
    io.out(HELP);
    return 0;
  }
  const port = Number(values.port);
  if (!/^[0-9]+$/.test(values.port as string) || port > 65535) throw new UsageError(`--port must be an integer in [0, 65535], got ${JSON.stringify(values.port)}`);
  if (!io.serve) throw new UsageError('serve is only available from the command line');
  // Resolves once listening (the server keeps the process alive) or with exit 1 when it cannot.
  return io.serve(port).then(
    (url) => {
      io.out(`emu compare page: ${url}  (loopback only; Ctrl-C stops it)\n`);
      return 0;
    },
    (e: NodeJS.ErrnoException) => {
      const why = e.code === 'EADDRINUSE' ? 'the port is in use' : e.code === 'EACCES' ? 'permission denied' : e.message;
      io.err(`compare: cannot serve on port ${port}: ${why}\n`);
      return 1;
    },
  );
}

export const command: Command = { name: 'serve', summary: 'the browser page (loopback), pictures of every engine', help: HELP, run: serveCmd };
