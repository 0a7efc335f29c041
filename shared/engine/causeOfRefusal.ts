import type { FailureCause } from '../domain/FailureCause';
import type { Refused } from '../retry/Outcome';

/** Codes that say the credentials themselves are wrong (every request will get the same). */
const CREDENTIAL_CODES = new Set([
  'InvalidAccessKeyId',
  'SignatureDoesNotMatch',
  'ExpiredToken',
  'InvalidToken',
  'TokenRefreshRequired',
  'InvalidSecurity',
]);

/**
 * The persisted cause of a not-retryable refusal, decided from status and code only. A code that
 * names the credentials is about them whatever status carries it: S3 sends ExpiredToken,
 * InvalidToken and TokenRefreshRequired as 400 (issue 30: an expired token was "refused, retrying
 * will not help" where new credentials do).
 */
export const causeOfRefusal = (failure: Refused, bucket: string): FailureCause => {
  // Still refused once signed by the server's own Date (the transport's correction): the clock.
  if (failure.code === 'RequestTimeTooSkewed')
    return { kind: 'clock', skewMs: failure.skewMs ?? null };
  if (failure.code !== undefined && CREDENTIAL_CODES.has(failure.code)) {
    return { kind: 'auth', status: failure.status, code: failure.code };
  }
  if (failure.status === 401 || failure.status === 403) {
    return { kind: 'auth', status: failure.status, code: failure.code ?? 'AccessDenied' };
  }
  if (failure.code === 'NoSuchBucket') return { kind: 'bucket-missing', bucket };
  return { kind: 'refused', status: failure.status, code: failure.code ?? String(failure.status) };
};

/** A cause that concerns the whole plan, not one file: stop instead of failing every unit in turn. */
export const blocksPlan = (cause: FailureCause): boolean =>
  cause.kind === 'bucket-missing' ||
  cause.kind === 'certificate' ||
  cause.kind === 'clock' ||
  (cause.kind === 'auth' && (cause.status === 401 || CREDENTIAL_CODES.has(cause.code)));
