/**
 * What a transport saw of one failed emission, before classification: the S3 adapter fills it
 * from the SDK's error ($metadata.httpStatusCode, the S3 error Code, Node's errno, headers) and
 * hands it to `classifyResponse`, which decides the Failure once. Never a message text.
 */
export type RawResponse = {
  /** HTTP status, when a response arrived. */
  readonly status?: number;
  /** S3 error code from the body (`SlowDown`, `NoSuchUpload`, `RequestTimeTooSkewed`...). */
  readonly code?: string;
  /**
   * Node/system error code when no response arrived (`ECONNRESET`, `ECONNREFUSED`, `ENOTFOUND`,
   * `ETIMEDOUT`, `ECONNABORTED`, `EPIPE`...), or the TLS handshake's certificate verdict
   * (`DEPTH_ZERO_SELF_SIGNED_CERT`, `CERT_HAS_EXPIRED`, `ERR_TLS_CERT_ALTNAME_INVALID`...).
   */
  readonly errno?: string;
  /**
   * The error's name: `AbortError` (caller), `TimeoutError`, a watchdog's `StallError`, or
   * `StalledInOutageError` (abandoned after an outage, ADR 0013).
   */
  readonly name?: string;
  /** Whether the caller's own signal was aborted (an abort for a deadline or stall is not the caller's). */
  readonly callerAborted?: boolean;
  /** Response headers, lower-case names (retry-after, x-amz-retry-after, date). */
  readonly headers?: Readonly<Record<string, string>>;
  /**
   * This computer's wall clock (epoch ms) when the response was received: an HTTP-date
   * Retry-After without a server Date is resolved on it, and a skew measured against it.
   */
  readonly receivedAt: number;
  /**
   * The server's own account of a refusal, as received, for people (a portal API's `_errors`, as
   * JSON text): carried into the Refused as is, never read to classify.
   */
  readonly detail?: string;
};
