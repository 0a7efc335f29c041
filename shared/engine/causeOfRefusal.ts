import type { DeniedAction, FailureCause } from '../domain/FailureCause';
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

/** What the refused request asked: the action and where (the bucket, a prefix or a key). */
export type RefusedRequest = {
  readonly bucket: string;
  readonly action: DeniedAction;
  /** The listed prefix, or the key written, read or aborted. */
  readonly where: string;
};

/** The folder a key is in (`a/b/c.wav` -> `a/b/`); a prefix is its own folder. */
export const folderOf = (action: DeniedAction, where: string): string =>
  action === 'list' ? where : where.slice(0, where.lastIndexOf('/') + 1);

/**
 * The persisted cause of a not-retryable refusal, decided from status and code only. A wrong key
 * or secret (`auth`) and a permission the key lacks (`denied`: AccessDenied, or a HEAD's 403 that
 * has no body to say more) are different causes with different remedies (issue 29).
 */
export const causeOfRefusal = (failure: Refused, request: RefusedRequest): FailureCause => {
  const { status, code } = failure;
  // Still refused once signed by the server's own Date (the transport's correction): the clock.
  if (code === 'RequestTimeTooSkewed') return { kind: 'clock', skewMs: failure.skewMs ?? null };
  // A code that names the credentials is about them whatever status carries it: S3 sends
  // ExpiredToken, InvalidToken and TokenRefreshRequired as 400 (issue 30, item 13).
  if (status === 401 || (code !== undefined && CREDENTIAL_CODES.has(code))) {
    return { kind: 'auth', status, code: code ?? 'Unauthorized' };
  }
  if (status === 403 && (code === undefined || code === 'AccessDenied')) {
    return {
      kind: 'denied',
      action: request.action,
      bucket: request.bucket,
      folder: folderOf(request.action, request.where),
    };
  }
  if (status === 403) return { kind: 'auth', status, code: code ?? 'AccessDenied' };
  if (code === 'NoSuchBucket') return { kind: 'bucket-missing', bucket: request.bucket };
  return { kind: 'refused', status, code: code ?? String(status) };
};

/**
 * A cause that concerns the whole plan, not one file: stop instead of failing every unit in turn.
 * A permission a policy refuses (`denied`) fails the file it was refused for: a policy may allow
 * some keys and not others, and the failures screen groups the files under one sentence.
 */
export const blocksPlan = (cause: FailureCause): boolean =>
  cause.kind === 'bucket-missing' ||
  cause.kind === 'portal-signed-out' ||
  // The portal refuses the volunteer's account itself (its role, a participation not theirs):
  // every file would get the same answer.
  (cause.kind === 'portal-refused' && cause.status === 403) ||
  cause.kind === 'certificate' ||
  cause.kind === 'clock' ||
  (cause.kind === 'auth' && (cause.status === 401 || CREDENTIAL_CODES.has(cause.code)));
