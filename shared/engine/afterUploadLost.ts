import type { FailureCause } from '../domain/FailureCause';

/** A multipart upload the server dropped is started again from its first part, this many times. */
export const MAX_UPLOAD_RESTARTS = 2;

/**
 * The server dropped a file's multipart upload (a lifecycle rule, a purge) after `restarts`
 * restarts already: start it again from its first part, or fail the unit when it keeps vanishing.
 */
export const afterUploadLost = (
  restarts: number,
):
  | { readonly kind: 'restart'; readonly restarts: number }
  | { readonly kind: 'fail'; readonly cause: FailureCause } =>
  restarts + 1 > MAX_UPLOAD_RESTARTS
    ? { kind: 'fail', cause: { kind: 'upload-vanished', restarts: MAX_UPLOAD_RESTARTS } }
    : { kind: 'restart', restarts: restarts + 1 };
