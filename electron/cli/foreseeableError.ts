import { errnoOf } from '../errnoOf';
import { PlanError } from '../engine/PlanError';
import { ScanError } from '../scan/ScanError';
import { DamagedRowError } from '../store/DamagedRowError';
import { DatabaseError } from '../store/DatabaseError';

/**
 * An error a command did not catch but that is foreseeable (a full disk, a database that can no
 * longer be written, a folder that vanished): its exit code and the one line saying what to do.
 * Undefined for the unexpected, which keeps exit 1 and its stack (README, exit codes).
 */
export const foreseeableError = (
  error: unknown,
): { readonly exitCode: number; readonly message: string } | undefined => {
  if (error instanceof DatabaseError)
    return {
      exitCode: error.code === 'disk-full' || error.code === 'busy' ? 4 : 2,
      message: error.message,
    };
  // A damaged row is a damaged database (README, exit codes): its message names the row.
  if (error instanceof DamagedRowError) return { exitCode: 2, message: error.message };
  if (error instanceof ScanError) return { exitCode: 2, message: error.message };
  if (error instanceof PlanError)
    return { exitCode: error.detail.code === 'already-running' ? 4 : 2, message: error.message };
  const code = errnoOf(error);
  if (code === 'SQLITE_FULL' || code === 'ENOSPC')
    return {
      exitCode: 4,
      message: `the disk is full (${code}): free some space, then run the same command again to resume`,
    };
  if (
    code !== undefined &&
    (code.startsWith('SQLITE_READONLY') ||
      code.startsWith('SQLITE_IOERR') ||
      code.startsWith('SQLITE_CANTOPEN'))
  )
    return {
      exitCode: 4,
      message: `the plan database can no longer be written (${code}): check its disk and permissions, then run the same command again to resume`,
    };
  return undefined;
};
