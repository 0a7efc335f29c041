import { describe, expect, it } from 'vitest';
import type { FailureCause } from '../../../../shared/domain/FailureCause';
import { remedyOf } from '../../../../shared/domain/FailureCause';
import { blocksPlan, causeOfRefusal } from '../../../../shared/engine/causeOfRefusal';

describe('causeOfRefusal: the persisted cause of a refusal, and whether it stops the plan', () => {
  it.each<[number, string | undefined, FailureCause, boolean]>([
    // A valid key the bucket's policy refuses this write: not the credentials (issue 29).
    [
      403,
      'AccessDenied',
      { kind: 'denied', action: 'write', bucket: 'b', folder: 'vol42/n/' },
      false,
    ],
    [403, 'AllAccessDisabled', { kind: 'auth', status: 403, code: 'AllAccessDisabled' }, false],
    [403, 'InvalidAccessKeyId', { kind: 'auth', status: 403, code: 'InvalidAccessKeyId' }, true],
    [
      403,
      'SignatureDoesNotMatch',
      { kind: 'auth', status: 403, code: 'SignatureDoesNotMatch' },
      true,
    ],
    // As S3 sends it: about the credentials, not a request retrying cannot fix (issue 30).
    [400, 'ExpiredToken', { kind: 'auth', status: 400, code: 'ExpiredToken' }, true],
    [400, 'InvalidToken', { kind: 'auth', status: 400, code: 'InvalidToken' }, true],
    [403, 'ExpiredToken', { kind: 'auth', status: 403, code: 'ExpiredToken' }, true],
    [401, undefined, { kind: 'auth', status: 401, code: 'Unauthorized' }, true],
    // A HEAD's 403 has no body to say more: a permission, never "retype the secret".
    [403, undefined, { kind: 'denied', action: 'write', bucket: 'b', folder: 'vol42/n/' }, false],
    [404, 'NoSuchBucket', { kind: 'bucket-missing', bucket: 'b' }, true],
    [400, 'EntityTooLarge', { kind: 'refused', status: 400, code: 'EntityTooLarge' }, false],
    [501, undefined, { kind: 'refused', status: 501, code: '501' }, false],
  ])('%i %s', (status, code, cause, blocks) => {
    const refused =
      code === undefined
        ? { kind: 'refused' as const, status }
        : { kind: 'refused' as const, status, code };
    expect(
      causeOfRefusal(refused, { bucket: 'b', action: 'write', where: 'vol42/n/a.wav' }),
    ).toEqual(cause);
    expect(blocksPlan(cause)).toBe(blocks);
  });

  it('a refusal for the clock names the clock, never the credentials, and stops the plan', () => {
    const skewed = { kind: 'refused', status: 403, code: 'RequestTimeTooSkewed' } as const;
    const cause = causeOfRefusal(
      { ...skewed, serverTime: 1, skewMs: -1_200_000 },
      { bucket: 'b', action: 'list', where: '' },
    );
    expect(cause).toEqual({ kind: 'clock', skewMs: -1_200_000 });
    expect(causeOfRefusal(skewed, { bucket: 'b', action: 'list', where: '' })).toEqual({
      kind: 'clock',
      skewMs: null,
    });
    expect(blocksPlan(cause)).toBe(true);
    expect(remedyOf(cause)).toBe('retry');
  });
  it.each([
    ['list', 'vol42/n/', 'vol42/n/', false],
    ['read', 'vol42/n/a.wav', 'vol42/n/', false],
    ['abort', 'vol42/n/a.wav', 'vol42/n/', false],
    ['write', 'vol42/n/a.wav', 'vol42/n/', false],
  ] as const)(
    'AccessDenied on %s %s names the folder %s (stops the plan: %s)',
    (action, where, folder, blocks) => {
      const cause = causeOfRefusal(
        { kind: 'refused', status: 403, code: 'AccessDenied' },
        { bucket: 'programme', action, where },
      );
      expect(cause).toEqual({ kind: 'denied', action, bucket: 'programme', folder });
      expect(blocksPlan(cause)).toBe(blocks);
      expect(remedyOf(cause)).toBe('new-credentials');
    },
  );

  it('a refused certificate stops the plan, and a run after the fix may go on', () => {
    const cause: FailureCause = {
      kind: 'certificate',
      problem: 'expired',
      code: 'CERT_HAS_EXPIRED',
    };
    expect(blocksPlan(cause)).toBe(true);
    expect(remedyOf(cause)).toBe('retry');
  });
});
