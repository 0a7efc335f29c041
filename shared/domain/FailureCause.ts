import type { CertificateProblem } from '../retry/Outcome';

/** What a key may be refused by a bucket policy (the S3 actions Depot needs, issue 29). */
export type DeniedAction = 'list' | 'write' | 'read' | 'abort';

/**
 * Why a unit failed definitively, decided once where the failure was received and persisted as
 * is (never re-derived from message text). `remedy` says whether "Retenter les échecs" can help.
 */
export type FailureCause =
  /** The key or its secret is wrong (InvalidAccessKeyId, SignatureDoesNotMatch, a token...). */
  | { readonly kind: 'auth'; readonly status: number; readonly code: string }
  /**
   * The key is valid, and the bucket's policy does not give it this action in this folder
   * (AccessDenied): retyping the secret will not help, a key with that permission will.
   */
  | {
      readonly kind: 'denied';
      readonly action: DeniedAction;
      readonly bucket: string;
      /** The prefix listed, or the folder of the key written, read or aborted. */
      readonly folder: string;
    }
  /** The server refused this request for good (another 4xx, 501...). */
  | { readonly kind: 'refused'; readonly status: number; readonly code: string }
  | { readonly kind: 'bucket-missing'; readonly bucket: string }
  /**
   * The endpoint's TLS certificate is not accepted (untrusted, expired or not yet valid by this
   * computer's clock, another host's name): a setting or the clock to fix, never a network outage.
   */
  | {
      readonly kind: 'certificate';
      readonly problem: CertificateProblem;
      /** Node's code (`CERT_HAS_EXPIRED`...), for the diagnostics. */
      readonly code: string;
    }
  /**
   * The server refuses the signatures as dated by this computer's clock (RequestTimeTooSkewed),
   * even once signed by the server's own Date: `skewMs` is server minus this computer, when the
   * server told its time. Every request gets the same until the clock is set right.
   */
  | { readonly kind: 'clock'; readonly skewMs: number | null }
  /** The key exists with other content: never overwritten. */
  | { readonly kind: 'conflict'; readonly localSize: number; readonly remoteSize: number }
  | { readonly kind: 'source-changed'; readonly detail: string }
  | { readonly kind: 'source-missing' }
  | { readonly kind: 'source-unreadable'; readonly detail: string }
  /** The server accepted the bytes but HeadObject disagrees (size or ETag). */
  | { readonly kind: 'verification-failed'; readonly detail: string }
  /**
   * An object of the same size is at the key but nothing the server computed proves its bytes (an
   * upload with another part layout): not overwritten, not counted as deposited; a read-back
   * (`depot verify --read-back`, `depot deposit --read-back`) settles it by hashing the object.
   */
  | { readonly kind: 'unproven'; readonly remoteEtag: string }
  /** The server dropped the file's multipart upload again and again (a lifecycle rule, a purge). */
  | { readonly kind: 'upload-vanished'; readonly restarts: number }
  /**
   * The night's own target cannot be reached with what this Depot holds now (the credentials it
   * was created with are gone): the night waits instead of going elsewhere.
   */
  | { readonly kind: 'target-unavailable'; readonly bucket: string; readonly credentialId: string }
  /**
   * The server's listing went round in circles (a continuation token it had given before, or page
   * after page with nothing new): abandoned, the run stopped on it (issue 30). The server's (or a
   * proxy's) fault; the run goes again once it lists properly.
   */
  | { readonly kind: 'endless-listing' }
  /**
   * A programme's portal refused this file for good (a 4xx of its API: a name it does not take,
   * a field it does not know, a participation that is not the volunteer's...): `code` derived
   * once from the API's own error where the answer arrived, `detail` the API's words (JSON text,
   * shown, never read to decide). Retrying sends the same request: it cannot help.
   */
  | {
      readonly kind: 'portal-refused';
      readonly status: number;
      readonly code: string;
      readonly detail: string | null;
    }
  /**
   * The portal no longer takes the volunteer's sign-in (a 401: the token expired, was revoked, or
   * none is held): the night waits, and goes on after the volunteer signs in again, with nothing
   * done sent again.
   */
  | { readonly kind: 'portal-signed-out' }
  /**
   * The site holds several participations of the night asked for (its start to the second, its
   * point): the portal cannot say which one is the night's, so none is taken and none created; the
   * volunteer picks one (ADR 0032).
   */
  | { readonly kind: 'participation-ambiguous'; readonly count: number };

export type Remedy = 'retry' | 'new-credentials' | 'none';

export const remedyOf = (cause: FailureCause): Remedy => {
  switch (cause.kind) {
    case 'auth':
    case 'denied':
      return 'new-credentials';
    case 'verification-failed':
    case 'source-unreadable':
    case 'bucket-missing':
    case 'certificate':
    case 'clock':
    case 'upload-vanished':
    case 'endless-listing':
      // A certificate is fixed outside Depot (the clock, the server's), then the run goes again.
      return 'retry';
    case 'target-unavailable':
    case 'portal-signed-out':
      return 'new-credentials';
    case 'portal-refused':
    case 'participation-ambiguous':
      return 'none';
    case 'source-changed':
      // Re-queued as the file is now, once it stopped changing (issue 11).
      return 'retry';
    case 'source-missing':
      // Back on the card, "Retenter les échecs" queues it again (as it was: where it stopped;
      // changed: planned again). Still gone, it stays (issue 31, item 1).
      return 'retry';
    case 'refused':
    case 'conflict':
    case 'unproven':
      return 'none';
  }
};
