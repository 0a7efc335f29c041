import type { FailureCause } from '../domain/FailureCause';
import type { Refused } from '../retry/Outcome';

/**
 * The persisted cause of a call the portal's API refused for good (ADR 0032), from its status and
 * the code the adapter derived from the API's own error: a 401 is the volunteer's sign-in, which
 * a new sign-in fixes; any other 4xx is this file's (a name, a field), with the API's words kept.
 */
export const causeOfPortalRefusal = (failure: Refused): FailureCause =>
  failure.status === 401
    ? { kind: 'portal-signed-out' }
    : {
        kind: 'portal-refused',
        status: failure.status,
        code: failure.code ?? String(failure.status),
        detail: failure.detail ?? null,
      };

/**
 * The cause of a PUT the storage refused with something else than a dead URL (a 403, which is
 * answered by declaring again): its S3 code, as an S3 night's refusal would say it.
 */
export const causeOfStorageRefusal = (failure: Refused): FailureCause => ({
  kind: 'refused',
  status: failure.status,
  code: failure.code ?? String(failure.status),
});
