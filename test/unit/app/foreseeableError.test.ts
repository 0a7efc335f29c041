import { describe, expect, it } from 'vitest';
import { foreseeableError } from '../../../electron/cli/foreseeableError';
import { DamagedRowError } from '../../../electron/store/DamagedRowError';
import { DatabaseError } from '../../../electron/store/DatabaseError';

const coded = (code: string): Error => Object.assign(new Error(code), { code });

describe('foreseeableError (issue 12: exit 1 only for the unexpected)', () => {
  it.each([
    [new DatabaseError('corrupt', 'damaged'), 2],
    [new DatabaseError('disk-full', 'full'), 4],
    [new DamagedRowError('units', 'id 3', 'state', '"exploded"', 'one of pending, done'), 2],
    [coded('SQLITE_FULL'), 4],
    [coded('ENOSPC'), 4],
    [coded('SQLITE_READONLY_DIRECTORY'), 4],
    [coded('SQLITE_IOERR_WRITE'), 4],
  ])('%s exits %i with one line', (error, exitCode) => {
    const known = foreseeableError(error);
    expect(known?.exitCode).toBe(exitCode);
    expect(known?.message).not.toContain('\n');
  });

  it('leaves the unexpected to exit 1', () => {
    expect(foreseeableError(new TypeError('x is undefined'))).toBeUndefined();
    expect(foreseeableError(coded('SQLITE_CONSTRAINT'))).toBeUndefined();
  });
});
