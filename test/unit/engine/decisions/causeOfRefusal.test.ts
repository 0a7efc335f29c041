import { describe, expect, it } from 'vitest';
import type { FailureCause } from '../../../../shared/domain/FailureCause';
import { remedyOf } from '../../../../shared/domain/FailureCause';
import { blocksPlan, causeOfRefusal } from '../../../../shared/engine/causeOfRefusal';

describe('causeOfRefusal: the persisted cause of a refusal, and whether it stops the plan', () => {
  it.each<[number, string | undefined, FailureCause, boolean]>([
    [403, 'AccessDenied', { kind: 'auth', status: 403, code: 'AccessDenied' }, false],
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
    [401, undefined, { kind: 'auth', status: 401, code: 'AccessDenied' }, true],
    [403, undefined, { kind: 'auth', status: 403, code: 'AccessDenied' }, false],
    [404, 'NoSuchBucket', { kind: 'bucket-missing', bucket: 'b' }, true],
    [400, 'EntityTooLarge', { kind: 'refused', status: 400, code: 'EntityTooLarge' }, false],
    [501, undefined, { kind: 'refused', status: 501, code: '501' }, false],
  ])('%i %s', (status, code, cause, blocks) => {
    const refused =
      code === undefined
        ? { kind: 'refused' as const, status }
        : { kind: 'refused' as const, status, code };
    expect(causeOfRefusal(refused, 'b')).toEqual(cause);
    expect(blocksPlan(cause)).toBe(blocks);
  });

  it('a refusal for the clock names the clock, never the credentials, and stops the plan', () => {
    const skewed = { kind: 'refused', status: 403, code: 'RequestTimeTooSkewed' } as const;
    const cause = causeOfRefusal({ ...skewed, serverTime: 1, skewMs: -1_200_000 }, 'b');
    expect(cause).toEqual({ kind: 'clock', skewMs: -1_200_000 });
    expect(causeOfRefusal(skewed, 'b')).toEqual({ kind: 'clock', skewMs: null });
    expect(blocksPlan(cause)).toBe(true);
    expect(remedyOf(cause)).toBe('retry');
  });

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
