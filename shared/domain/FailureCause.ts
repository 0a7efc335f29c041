/**
 * Why a unit failed definitively, decided once where the failure was received and persisted as
 * is (never re-derived from message text). `remedy` says whether "Retenter les échecs" can help.
 */
export type FailureCause =
  /** Credentials refused (InvalidAccessKeyId, SignatureDoesNotMatch, AccessDenied...). */
  | { readonly kind: 'auth'; readonly status: number; readonly code: string }
  /** The server refused this request for good (another 4xx, 501...). */
  | { readonly kind: 'refused'; readonly status: number; readonly code: string }
  | { readonly kind: 'bucket-missing'; readonly bucket: string }
  /** The key exists with other content: never overwritten. */
  | { readonly kind: 'conflict'; readonly localSize: number; readonly remoteSize: number }
  | { readonly kind: 'source-changed'; readonly detail: string }
  | { readonly kind: 'source-missing' }
  | { readonly kind: 'source-unreadable'; readonly detail: string }
  /** The server accepted the bytes but HeadObject disagrees (size, ETag or SHA-256). */
  | { readonly kind: 'verification-failed'; readonly detail: string };

export type Remedy = 'retry' | 'new-credentials' | 'none';

export const remedyOf = (cause: FailureCause): Remedy => {
  switch (cause.kind) {
    case 'auth':
      return 'new-credentials';
    case 'verification-failed':
    case 'source-unreadable':
    case 'bucket-missing':
      return 'retry';
    case 'refused':
    case 'conflict':
    case 'source-changed':
    case 'source-missing':
      return 'none';
  }
};
