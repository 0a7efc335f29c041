import { parseArgs } from 'node:util';
import type { ParseArgsConfig } from 'node:util';
import type { CommandIo } from './Command';

type ParseArgsOptionsConfig = NonNullable<ParseArgsConfig['options']>;

const HELP = { help: { type: 'boolean', short: 'h', default: false } } as const;

type Parsed<O extends ParseArgsOptionsConfig> = ReturnType<
  typeof parseArgs<{
    args: string[];
    options: O & typeof HELP;
    allowPositionals: true;
    strict: true;
  }>
>;

/**
 * Every subcommand's first steps: strict options (plus `--help`/`-h`), an unknown option or a
 * missing value answered with the message and the usage (exit 2), `--help` with the usage
 * (exit 0). A number is the exit code to return at once.
 */
export const parseCommandLine = <O extends ParseArgsOptionsConfig>(
  command: string,
  usage: string,
  argv: readonly string[],
  io: CommandIo,
  options: O,
): Parsed<O> | number => {
  let parsed: Parsed<O>;
  try {
    parsed = parseArgs({
      args: [...argv],
      allowPositionals: true,
      strict: true,
      options: { ...options, ...HELP },
    });
  } catch (error) {
    io.stderr.write(
      `depot ${command}: ${error instanceof Error ? error.message : String(error)}\n\n${usage}\n`,
    );
    return 2;
  }
  if ((parsed.values as { help?: boolean }).help === true) {
    io.stdout.write(usage + '\n');
    return 0;
  }
  return parsed;
};
