import type { FailureCause } from '../domain/FailureCause';

/**
 * What a file-system error code says of a source file: gone, or unreadable for good (the unit
 * fails with that cause); undefined for any other code, which is not the source's fault.
 */
export const sourceCauseOfErrno = (errno: string | undefined): FailureCause | undefined => {
  if (errno === 'ENOENT') return { kind: 'source-missing' };
  if (errno === 'EACCES' || errno === 'EPERM' || errno === 'EIO' || errno === 'EISDIR') {
    return { kind: 'source-unreadable', detail: errno };
  }
  return undefined;
};
