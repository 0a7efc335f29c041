import { describe, expect, it } from 'vitest';
import { blocksPlan } from '../../../../shared/engine/causeOfRefusal';
import {
  causeOfPortalRefusal,
  causeOfStorageRefusal,
} from '../../../../shared/engine/causeOfPortalRefusal';
import { remedyOf } from '../../../../shared/domain/FailureCause';

describe('causeOfPortalRefusal', () => {
  it('a 401 is the sign-in: the night waits for a new one, nothing fails for it', () => {
    const cause = causeOfPortalRefusal({ kind: 'refused', status: 401, code: 'token-refused' });
    expect(cause).toEqual({ kind: 'portal-signed-out' });
    expect(blocksPlan(cause)).toBe(true);
    expect(remedyOf(cause)).toBe('new-credentials');
  });

  it.each([
    [422, 'name-invalid', '{"titre":"invalid name x.wav"}', false],
    [422, 'unknown-field', '{"mime":"unknown field"}', false],
    [404, 'not-found', undefined, false],
    // The account itself (a role, a participation not theirs): every file would get it.
    [403, 'forbidden', undefined, true],
  ] as const)(
    '%i %s is the file’s, definitive, with the API’s words',
    (status, code, detail, blocks) => {
      const cause = causeOfPortalRefusal({
        kind: 'refused',
        status,
        code,
        ...(detail === undefined ? {} : { detail }),
      });
      expect(cause).toEqual({ kind: 'portal-refused', status, code, detail: detail ?? null });
      expect(remedyOf(cause)).toBe('none');
      expect(blocksPlan(cause)).toBe(blocks);
    },
  );

  it('a refusal without a code keeps its status as one', () => {
    expect(causeOfPortalRefusal({ kind: 'refused', status: 418 })).toEqual({
      kind: 'portal-refused',
      status: 418,
      code: '418',
      detail: null,
    });
  });

  it("the storage's refusal of a PUT is said as S3's", () => {
    expect(causeOfStorageRefusal({ kind: 'refused', status: 400, code: 'EntityTooLarge' })).toEqual(
      { kind: 'refused', status: 400, code: 'EntityTooLarge' },
    );
  });
});
