/**
 * What one emission gave, decided once where the response is received (DESIGN principle 2).
 * Values are plain data so a cause can be persisted and shown later without re-deriving it.
 */
export type UnreachableReason =
  | 'connection-refused'
  | 'connection-reset'
  | 'dns'
  | 'timeout'
  | 'stall'
  /** This machine has no route to the endpoint (link down, tether lost): nothing left it. */
  | 'no-route'
  /**
   * A 2xx answer arrived without what the protocol requires (an UploadId, a part's ETag), or with
   * a body that cannot be read (a garbled listing): nothing usable arrived, as with a reply lost
   * on the way; the request may have acted.
   */
  | 'incomplete-answer'
  /**
   * Abandoned by this machine when the endpoint answered again after an outage while this
   * emission had moved nothing since it began: its connection waits on TCP's retransmission
   * timer, which an outage of seconds has backed off to seconds more (issue 15, ADR 0013).
   */
  | 'stalled-in-outage'
  | 'network';

export type Unreachable = {
  readonly kind: 'unreachable';
  readonly reason: UnreachableReason;
};

/**
 * What is wrong with the certificate the endpoint presented. `expired` and `not-yet-valid` are
 * judged by this computer's clock, which is often what is wrong after a night in the field.
 */
export type CertificateProblem = 'untrusted' | 'expired' | 'not-yet-valid' | 'name-mismatch';

/**
 * The TLS handshake ended on a certificate this machine does not accept: the endpoint is there
 * (so not an outage), and every request gets the same until the certificate, the address or the
 * computer's clock is fixed (so never retried). Nothing of the request left this machine.
 */
export type CertificateRejected = {
  readonly kind: 'certificate';
  readonly problem: CertificateProblem;
  /** Node's code as received (`DEPTH_ZERO_SELF_SIGNED_CERT`, `CERT_HAS_EXPIRED`...). */
  readonly code: string;
};

export type Refused = {
  readonly kind: 'refused';
  /** HTTP status code as received. */
  readonly status: number;
  /** S3 error code (`SlowDown`, `AccessDenied`, `RequestTimeTooSkewed`...), when the body had one. */
  readonly code?: string;
  /** Server-imposed wait, parsed from Retry-After (seconds or HTTP-date) or x-amz-retry-after (ms). */
  readonly retryAfterMs?: number;
  /** The server's clock (Date header, epoch ms) when known: lets a skew be corrected. */
  readonly serverTime?: number;
  /**
   * For a RequestTimeTooSkewed with the server's time: server minus this computer's wall clock
   * when the answer arrived (ms), what the volunteer is told of the clock.
   */
  readonly skewMs?: number;
  /**
   * The server's own words, when its answer gave some a volunteer should read (Vigie-Chiro's
   * `_errors`, as JSON text): shown and kept for diagnostics, never read to decide anything.
   */
  readonly detail?: string;
};

export type Aborted = {
  readonly kind: 'aborted';
};

export type Failure = Unreachable | Refused | CertificateRejected | Aborted;

export type Success<T> = {
  readonly kind: 'success';
  readonly value: T;
};

export type Outcome<T> = Success<T> | Failure;

export const success = <T>(value: T): Success<T> => ({ kind: 'success', value });
