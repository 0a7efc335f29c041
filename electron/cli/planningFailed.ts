import { PlanError } from '../engine/PlanError';
import { ScanError } from '../scan/ScanError';
import type { CommandIo } from './Command';

/**
 * What `depot deposit` says when planning a night stopped, and its exit code, for S3 and portal
 * nights alike: another process depositing it (4, run again once it has finished), the card changed
 * since the plan (2, --update), a bad folder or plan (2), a stop (4, resumable). Undefined: an
 * error the command does not know, thrown on by the caller.
 */
export const planningFailed = (
  error: unknown,
  io: CommandIo,
  usageError: (message: string) => number,
  say: (text: string) => void,
): number | undefined => {
  const held = heldElsewhere(error, io);
  if (held !== undefined) return held;
  if (error instanceof PlanError && error.detail.code === 'sources-changed') {
    io.stderr.write(
      `depot deposit: ${error.message}\n` +
        'Run the same command with --update to deposit the changes: verified files stay verified and are not sent again, changed files are sent again, removed files leave the plan (their objects stay on the server).\n',
    );
    return 2;
  }
  if (error instanceof PlanError || error instanceof ScanError) return usageError(error.message);
  if (io.signal.aborted) {
    say('Stopped while planning: run the same command again to resume.');
    return 4;
  }
  return undefined;
};

/** Another process deposits this night now: said, exit 4 (planning and running alike). */
export const heldElsewhere = (error: unknown, io: CommandIo): number | undefined => {
  if (!(error instanceof PlanError) || error.detail.code !== 'already-running') return undefined;
  io.stderr.write(
    `depot deposit: ${error.message}; nothing was sent. Run the same command again once it has finished.\n`,
  );
  return 4;
};
