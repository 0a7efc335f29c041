import type { FolderRefusal } from '../nights/prepareFolder';
import type { CommandIo } from './Command';

/** What a command says when the folder cannot be taken as asked, and its exit code. */
export const sayFolderRefusal = (
  command: 'deposit' | 'verify' | 'check',
  refusal: FolderRefusal,
  io: CommandIo,
  usageError: (message: string) => number,
): number => {
  switch (refusal.kind) {
    case 'usage':
    case 'unreadable':
      return usageError(refusal.message);
    case 'empty':
      return usageError(`${refusal.dir} holds no file to deposit`);
    case 'stopped':
      // A deposit stopped while reading the folder resumes as it is: nothing was planned.
      if (command === 'verify') io.stderr.write('depot verify: interrupted, nothing concluded\n');
      return 4;
    case 'one-date': {
      const { dir, nights, prefix } = refusal;
      io.stderr.write(
        `depot ${command}: ${dir} holds ${nights.length} nights (${nights.join(', ')}) and the prefix "${prefix}" would put them under one date.\n` +
          `  Each night goes under its own date: add {night} to --prefix (e.g. --prefix "${prefix === '' ? '' : `${prefix.replace(/\/+$/, '')}/`}{night}/");\n` +
          `  or take one night: --night ${nights[0] ?? 'YYYY-MM-DD'}.\n`,
      );
      return 2;
    }
    case 'blocking':
      io.stderr.write(
        `depot ${command}: ${refusal.problems.length} problem(s) block the deposit of ${refusal.dir}:\n`,
      );
      for (const p of refusal.problems)
        io.stderr.write(`  ${p.relPath === '' ? '(folder)' : p.relPath}: ${p.message.en}\n`);
      io.stderr.write(
        'Decide (see `depot check`), or run again with --skip-invalid to leave those files out.\n',
      );
      return 2;
    case 'unnamed':
      io.stderr.write(
        `depot ${command}: the programme's names of ${refusal.problems.length} file(s) cannot be made, so their keys are unknown:\n`,
      );
      for (const p of refusal.problems) io.stderr.write(`  ${p.relPath}: ${p.message.en}\n`);
      io.stderr.write(`Run again with --skip-invalid to ${command} the other files.\n`);
      return 2;
  }
};
