import { describe, expect, it } from 'vitest';
import { causeOfBodyRefusal } from '../../../../shared/engine/causeOfBodyRefusal';
import { causeOfRefusal } from '../../../../shared/engine/causeOfRefusal';
import type { Refused } from '../../../../shared/retry/Outcome';

const refused = (status: number, code?: string): Refused => ({
  kind: 'refused',
  status,
  ...(code === undefined ? {} : { code }),
});

const W = { bucket: 'b', action: 'write', where: 'n/a.wav' } as const;

describe('causeOfBodyRefusal', () => {
  it('BadDigest on a body sent with its planned MD5: the source changed since it was planned', () => {
    expect(causeOfBodyRefusal(refused(400, 'BadDigest'), W, 'part 3 of n/a.wav')).toEqual({
      kind: 'source-changed',
      detail:
        "part 3 of n/a.wav: the server's MD5 of the bytes read now is not the one planned (BadDigest)",
    });
  });

  it.each([
    [403, 'AccessDenied'],
    [400, 'InvalidDigest'],
    [400, 'EntityTooSmall'],
    [404, 'NoSuchBucket'],
    [501, undefined],
  ])('any other refusal (%i %s) is causeOfRefusal', (status, code) => {
    const failure = refused(status, code);
    expect(causeOfBodyRefusal(failure, W, 'a.wav')).toEqual(causeOfRefusal(failure, W));
  });
});
