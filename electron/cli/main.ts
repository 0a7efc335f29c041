import { errnoOf } from '../errnoOf';
import type { CommandIo } from './Command';
import { commands } from './commands';
import { foreseeableError } from './foreseeableError';

export const EXIT_USAGE = 2;

const usage = (): string =>
  ['Usage: depot <command> [options]', '', 'Commands:']
    .concat(commands.map((c) => `  ${c.name.padEnd(16)} ${c.summary}`))
    .concat(['', 'Run `depot <command> --help` for the options of one command.'])
    .join('\n');

// A reader that stops reading (`depot check DIR --json | head`, `depot deposit ... 2>&1 | head`)
// closes the pipe, and a closed terminal answers EIO: what is left to print is dropped and the
// command ends as it would have, instead of Node's "Unhandled 'error' event" and a stack. A
// deposit keeps depositing: its journal has the outcome, `depot status` too (issue 30).
const GONE_READER = new Set(['EPIPE', 'EIO']);
for (const stream of [process.stdout, process.stderr]) {
  stream.on('error', (error: Error) => {
    const errno = errnoOf(error);
    if (errno === undefined || !GONE_READER.has(errno)) throw error;
  });
}

const main = async (argv: readonly string[]): Promise<number> => {
  const [name, ...rest] = argv;
  if (name === undefined || name === 'help' || name === '--help' || name === '-h') {
    process.stdout.write(usage() + '\n');
    return name === undefined ? EXIT_USAGE : 0;
  }
  const command = commands.find((c) => c.name === name);
  if (command === undefined) {
    process.stderr.write(`depot: unknown command "${name}"\n\n${usage()}\n`);
    return EXIT_USAGE;
  }
  const controller = new AbortController();
  const stop = (): void => controller.abort();
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
  // A terminal or an SSH session closed: a stop like the others, resumable (exit 4), not Node's
  // default death with exit 129 and the run's uploads left as a kill leaves them.
  process.once('SIGHUP', stop);
  const io: CommandIo = {
    stdout: process.stdout,
    stderr: process.stderr,
    env: process.env,
    signal: controller.signal,
  };
  try {
    return await command.run(rest, io);
  } catch (error) {
    const known = foreseeableError(error);
    if (known !== undefined) {
      process.stderr.write(`depot ${name}: ${known.message}\n`);
      return known.exitCode;
    }
    process.stderr.write(
      `depot: unexpected error: ${error instanceof Error ? error.stack : String(error)}\n`,
    );
    return 1;
  }
};

process.exitCode = await main(process.argv.slice(2));
