import type { CertificateProblem, Failure, UnreachableReason } from './Outcome';
import type { RawResponse } from './RawResponse';
import { parseHttpDate } from './parseHttpDate';
import { parseRetryAfter } from './parseRetryAfter';

// Node and undici error codes for "no response arrived". Node reports "socket hang up" as
// ECONNRESET, so no message text is ever read.
// A Map, not an object: an errno such as `constructor` must not find an inherited property.
const UNREACHABLE_ERRNO: ReadonlyMap<string, UnreachableReason> = new Map(
  Object.entries({
    ECONNREFUSED: 'connection-refused',
    ECONNRESET: 'connection-reset',
    ECONNABORTED: 'connection-reset',
    EPIPE: 'connection-reset',
    UND_ERR_SOCKET: 'connection-reset',
    ETIMEDOUT: 'timeout',
    ESOCKETTIMEDOUT: 'timeout',
    UND_ERR_CONNECT_TIMEOUT: 'timeout',
    ENOTFOUND: 'dns',
    EAI_AGAIN: 'dns',
    EHOSTUNREACH: 'no-route',
    ENETUNREACH: 'no-route',
    ENETDOWN: 'no-route',
    EHOSTDOWN: 'no-route',
  } satisfies Record<string, UnreachableReason>),
);

// Node's X509 verification codes (https://nodejs.org/api/tls.html#x509-certificate-error-codes)
// and its own host name check. Everything about the chain (self-signed, unknown or invalid
// issuer, bad signature, revoked) is one problem for the volunteer: this computer does not trust
// it. OUT_OF_MEM, also in Node's list, says nothing of the certificate and stays a network error.
const CERTIFICATE_ERRNO: ReadonlyMap<string, CertificateProblem> = new Map(
  Object.entries({
    CERT_HAS_EXPIRED: 'expired',
    ERROR_IN_CERT_NOT_AFTER_FIELD: 'expired',
    CERT_NOT_YET_VALID: 'not-yet-valid',
    ERROR_IN_CERT_NOT_BEFORE_FIELD: 'not-yet-valid',
    ERR_TLS_CERT_ALTNAME_INVALID: 'name-mismatch',
    HOSTNAME_MISMATCH: 'name-mismatch',
    DEPTH_ZERO_SELF_SIGNED_CERT: 'untrusted',
    SELF_SIGNED_CERT_IN_CHAIN: 'untrusted',
    UNABLE_TO_VERIFY_LEAF_SIGNATURE: 'untrusted',
    UNABLE_TO_GET_ISSUER_CERT: 'untrusted',
    UNABLE_TO_GET_ISSUER_CERT_LOCALLY: 'untrusted',
    UNABLE_TO_DECRYPT_CERT_SIGNATURE: 'untrusted',
    UNABLE_TO_DECODE_ISSUER_PUBLIC_KEY: 'untrusted',
    CERT_SIGNATURE_FAILURE: 'untrusted',
    CERT_CHAIN_TOO_LONG: 'untrusted',
    CERT_REVOKED: 'untrusted',
    CERT_UNTRUSTED: 'untrusted',
    CERT_REJECTED: 'untrusted',
    INVALID_CA: 'untrusted',
    INVALID_PURPOSE: 'untrusted',
    PATH_LENGTH_EXCEEDED: 'untrusted',
    UNABLE_TO_GET_CRL: 'untrusted',
    UNABLE_TO_DECRYPT_CRL_SIGNATURE: 'untrusted',
    CRL_SIGNATURE_FAILURE: 'untrusted',
    CRL_NOT_YET_VALID: 'untrusted',
    CRL_HAS_EXPIRED: 'untrusted',
    ERROR_IN_CRL_LAST_UPDATE_FIELD: 'untrusted',
    ERROR_IN_CRL_NEXT_UPDATE_FIELD: 'untrusted',
  } satisfies Record<string, CertificateProblem>),
);

const unreachableReason = (raw: RawResponse): UnreachableReason => {
  if (raw.errno !== undefined) {
    const reason = UNREACHABLE_ERRNO.get(raw.errno);
    if (reason !== undefined) return reason;
  }
  if (raw.name === 'StallError') return 'stall';
  if (raw.name === 'StalledInOutageError') return 'stalled-in-outage';
  // An AbortError the caller did not ask for comes from the transport's own deadline.
  if (raw.name === 'TimeoutError' || raw.name === 'AbortError') return 'timeout';
  return 'network';
};

/**
 * Decides, once and where the response is received, what a failed emission was. An error status
 * means the server answered (refused); no status, or a 2xx that could not be read, means nothing
 * usable arrived (unreachable); the
 * caller's own abort is neither; a certificate refused in the TLS handshake is its own outcome.
 * Classified from status, S3 code, errno and error name only.
 */
export const classifyResponse = (raw: RawResponse): Failure => {
  if (raw.callerAborted === true) return { kind: 'aborted' };
  // A 2xx the transport could not read (a body cut or garbled on the way, a middlebox's page):
  // the server refused nothing, and nothing usable arrived. Transient, as a reply lost on the way
  // is; a "refusal" with a 200 status sent volunteers to their settings (issue 30).
  if (raw.status !== undefined && raw.status >= 200 && raw.status < 300) {
    return { kind: 'unreachable', reason: 'incomplete-answer' };
  }
  if (raw.status !== undefined) {
    const headers = raw.headers ?? {};
    const date = headers['date'];
    const serverTime = date === undefined ? undefined : parseHttpDate(date);
    // An HTTP-date Retry-After is the server's time: measured from the server's own Date when it
    // sent one, this computer's clock being off changes nothing of the wait.
    const retryAfterMs = parseRetryAfter(headers, serverTime ?? raw.receivedAt);
    const skewed = raw.code === 'RequestTimeTooSkewed' && serverTime !== undefined;
    return {
      kind: 'refused',
      status: raw.status,
      ...(raw.code === undefined ? {} : { code: raw.code }),
      ...(retryAfterMs === undefined ? {} : { retryAfterMs }),
      ...(serverTime === undefined ? {} : { serverTime }),
      ...(skewed ? { skewMs: serverTime - raw.receivedAt } : {}),
      ...(raw.detail === undefined ? {} : { detail: raw.detail }),
    };
  }
  if (raw.errno !== undefined) {
    const problem = CERTIFICATE_ERRNO.get(raw.errno);
    if (problem !== undefined) return { kind: 'certificate', problem, code: raw.errno };
  }
  return { kind: 'unreachable', reason: unreachableReason(raw) };
};
