import type { FailureCause } from '../domain/FailureCause';

// Refused, or a medium that went away under the read (a card pulled out: see maySignCardAway).
const UNREADABLE = new Set([
  'EACCES',
  'EPERM',
  'EIO',
  'EISDIR',
  'ENODEV',
  'ENXIO',
  'ESTALE',
  'ENOTCONN',
  'ENOMEDIUM',
]);

/**
 * What a file-system error code says of a source file: gone, or unreadable for good (the unit
 * fails with that cause); undefined for any other code, which is not the source's fault.
 */
export const sourceCauseOfErrno = (errno: string | undefined): FailureCause | undefined => {
  if (errno === 'ENOENT') return { kind: 'source-missing' };
  if (errno !== undefined && UNREADABLE.has(errno))
    return { kind: 'source-unreadable', detail: errno };
  return undefined;
};
