import type { FailureCause } from '../domain/FailureCause';
import type { Refused } from '../retry/Outcome';
import type { RefusedRequest } from './causeOfRefusal';
import { causeOfRefusal } from './causeOfRefusal';

/**
 * The cause of a refused PutObject or UploadPart, whose Content-MD5 is always the MD5 planned for
 * its bytes. BadDigest is the server's proof that the bytes read now are not those planned: the
 * source changed since (the engine no longer takes that MD5 again itself before sending, ADR 0013).
 * Any other refusal is `causeOfRefusal`'s.
 */
export const causeOfBodyRefusal = (
  failure: Refused,
  request: RefusedRequest,
  bytes: string,
): FailureCause =>
  failure.code === 'BadDigest'
    ? {
        kind: 'source-changed',
        detail: `${bytes}: the server's MD5 of the bytes read now is not the one planned (BadDigest)`,
      }
    : causeOfRefusal(failure, request);
