import { describe, expect, it } from 'vitest';
import { toIpcFailure } from '../../../electron/app/translateErrors';
import { IpcFailure } from '../../../electron/ipc/IpcFailure';
import { DamagedRowError } from '../../../electron/store/DamagedRowError';

describe('toIpcFailure', () => {
  it('answers a damaged row as unavailable, with a reason the interface says in its language', () => {
    const answer = toIpcFailure(
      new DamagedRowError('units', 'id 3', 'cause', '"refused 403"', 'JSON text'),
    );
    expect(answer).toBeInstanceOf(IpcFailure);
    if (!(answer instanceof IpcFailure)) return;
    expect({ code: answer.code, reason: answer.reason }).toEqual({
      code: 'unavailable',
      reason: { kind: 'database-damaged' },
    });
    expect(answer.message).toContain('units id 3, column cause: "refused 403"');
  });
});
