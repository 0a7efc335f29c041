import { describe, expect, it } from 'vitest';
import type { FailureCause } from '../../../../shared/domain/FailureCause';
import { sourceCauseOfErrno } from '../../../../shared/engine/sourceCauseOfErrno';

describe('sourceCauseOfErrno: what a file-system error says of a source file', () => {
  it.each<[string | undefined, FailureCause | undefined]>([
    ['ENOENT', { kind: 'source-missing' }],
    ['EACCES', { kind: 'source-unreadable', detail: 'EACCES' }],
    ['EPERM', { kind: 'source-unreadable', detail: 'EPERM' }],
    ['EIO', { kind: 'source-unreadable', detail: 'EIO' }],
    ['EISDIR', { kind: 'source-unreadable', detail: 'EISDIR' }],
    // Not the file's fault: the run's (a full disk for SQLite, too many open files...).
    ['ENOSPC', undefined],
    ['EMFILE', undefined],
    [undefined, undefined],
  ])('%s', (errno, expected) => {
    expect(sourceCauseOfErrno(errno)).toEqual(expected);
  });
});
