import { describe, expect, it } from 'vitest';
import { classifyResponse } from '../../../shared/retry/classifyResponse';
import { isRetryable } from '../../../shared/retry/isRetryable';
import { isStruggling } from '../../../shared/retry/isStruggling';
import type { CertificateProblem, Failure } from '../../../shared/retry/Outcome';
import type { RawResponse } from '../../../shared/retry/RawResponse';

const receivedAt = Date.UTC(2026, 10, 30, 20, 0, 0);
const dateHeader = 'Mon, 30 Nov 2026 20:00:00 GMT';

type Row = {
  readonly what: string;
  readonly raw: Omit<RawResponse, 'receivedAt'>;
  readonly failure: Failure;
  readonly retryable: boolean;
  readonly struggling: boolean;
};

// Shapes as the SDK reports them: $metadata.httpStatusCode, the XML <Code>, Node's errno.
const rows: readonly Row[] = [
  {
    what: 'S3 SlowDown 503 with Retry-After',
    raw: { status: 503, code: 'SlowDown', headers: { 'retry-after': '3', date: dateHeader } },
    failure: {
      kind: 'refused',
      status: 503,
      code: 'SlowDown',
      retryAfterMs: 3000,
      serverTime: receivedAt,
    },
    retryable: true,
    struggling: true,
  },
  {
    what: 'SlowDown carried by a 400 (some gateways)',
    raw: { status: 400, code: 'SlowDown' },
    failure: { kind: 'refused', status: 400, code: 'SlowDown' },
    retryable: true,
    struggling: true,
  },
  {
    what: '503 ServiceUnavailable',
    raw: { status: 503, code: 'ServiceUnavailable' },
    failure: { kind: 'refused', status: 503, code: 'ServiceUnavailable' },
    retryable: true,
    struggling: true,
  },
  {
    what: '500 InternalError',
    raw: { status: 500, code: 'InternalError' },
    failure: { kind: 'refused', status: 500, code: 'InternalError' },
    retryable: true,
    struggling: true,
  },
  {
    what: 'a 200 whose body could not be read (a garbled listing, issue 30): not a refusal',
    raw: { status: 200, code: '200', name: 'Error' },
    failure: { kind: 'unreachable', reason: 'incomplete-answer' },
    retryable: true,
    struggling: false,
  },
  {
    what: '502 from a proxy, no S3 body',
    raw: { status: 502 },
    failure: { kind: 'refused', status: 502 },
    retryable: true,
    struggling: true,
  },
  {
    what: '504 gateway timeout',
    raw: { status: 504 },
    failure: { kind: 'refused', status: 504 },
    retryable: true,
    struggling: true,
  },
  {
    what: '429 with x-amz-retry-after in ms',
    raw: { status: 429, code: 'TooManyRequests', headers: { 'x-amz-retry-after': '1500' } },
    failure: { kind: 'refused', status: 429, code: 'TooManyRequests', retryAfterMs: 1500 },
    retryable: true,
    struggling: true,
  },
  {
    what: '400 RequestTimeout (body stopped arriving)',
    raw: { status: 400, code: 'RequestTimeout' },
    failure: { kind: 'refused', status: 400, code: 'RequestTimeout' },
    retryable: true,
    struggling: false,
  },
  {
    what: '403 RequestTimeTooSkewed with the server Date',
    raw: { status: 403, code: 'RequestTimeTooSkewed', headers: { date: dateHeader } },
    failure: {
      kind: 'refused',
      status: 403,
      code: 'RequestTimeTooSkewed',
      serverTime: receivedAt,
      skewMs: 0,
    },
    retryable: true,
    struggling: false,
  },
  {
    what: '403 RequestTimeTooSkewed without a Date: cannot be corrected',
    raw: { status: 403, code: 'RequestTimeTooSkewed' },
    failure: { kind: 'refused', status: 403, code: 'RequestTimeTooSkewed' },
    retryable: false,
    struggling: false,
  },
  {
    what: '403 AccessDenied',
    raw: { status: 403, code: 'AccessDenied', headers: { date: dateHeader } },
    failure: { kind: 'refused', status: 403, code: 'AccessDenied', serverTime: receivedAt },
    retryable: false,
    struggling: false,
  },
  {
    what: '403 InvalidAccessKeyId',
    raw: { status: 403, code: 'InvalidAccessKeyId' },
    failure: { kind: 'refused', status: 403, code: 'InvalidAccessKeyId' },
    retryable: false,
    struggling: false,
  },
  {
    what: '403 SignatureDoesNotMatch',
    raw: { status: 403, code: 'SignatureDoesNotMatch' },
    failure: { kind: 'refused', status: 403, code: 'SignatureDoesNotMatch' },
    retryable: false,
    struggling: false,
  },
  {
    what: '404 NoSuchBucket',
    raw: { status: 404, code: 'NoSuchBucket' },
    failure: { kind: 'refused', status: 404, code: 'NoSuchBucket' },
    retryable: false,
    struggling: false,
  },
  {
    what: '404 NoSuchUpload',
    raw: { status: 404, code: 'NoSuchUpload' },
    failure: { kind: 'refused', status: 404, code: 'NoSuchUpload' },
    retryable: false,
    struggling: false,
  },
  {
    what: '400 BadDigest (Content-MD5 mismatch)',
    raw: { status: 400, code: 'BadDigest' },
    failure: { kind: 'refused', status: 400, code: 'BadDigest' },
    retryable: false,
    struggling: false,
  },
  {
    what: '400 EntityTooSmall',
    raw: { status: 400, code: 'EntityTooSmall' },
    failure: { kind: 'refused', status: 400, code: 'EntityTooSmall' },
    retryable: false,
    struggling: false,
  },
  {
    what: '412 PreconditionFailed (If-None-Match: *)',
    raw: { status: 412, code: 'PreconditionFailed' },
    failure: { kind: 'refused', status: 412, code: 'PreconditionFailed' },
    retryable: false,
    struggling: false,
  },
  {
    what: '409 ConditionalRequestConflict',
    raw: { status: 409, code: 'ConditionalRequestConflict' },
    failure: { kind: 'refused', status: 409, code: 'ConditionalRequestConflict' },
    retryable: false,
    struggling: false,
  },
  {
    what: '501 NotImplemented',
    raw: { status: 501, code: 'NotImplemented' },
    failure: { kind: 'refused', status: 501, code: 'NotImplemented' },
    retryable: false,
    struggling: false,
  },
  {
    what: '505 HTTP version not supported',
    raw: { status: 505 },
    failure: { kind: 'refused', status: 505 },
    retryable: false,
    struggling: false,
  },
  {
    what: '408 from a proxy (not an S3 RequestTimeout)',
    raw: { status: 408 },
    failure: { kind: 'refused', status: 408 },
    retryable: false,
    struggling: false,
  },
  {
    what: 'a status wins over an errno',
    raw: { status: 503, errno: 'ECONNRESET' },
    failure: { kind: 'refused', status: 503 },
    retryable: true,
    struggling: true,
  },
  {
    what: 'an errno named like an object property (`constructor`) is an unknown one',
    raw: { errno: 'constructor', name: 'Error' },
    failure: { kind: 'unreachable', reason: 'network' },
    retryable: true,
    struggling: false,
  },
  {
    what: 'ECONNREFUSED',
    raw: { errno: 'ECONNREFUSED', name: 'Error' },
    failure: { kind: 'unreachable', reason: 'connection-refused' },
    retryable: true,
    struggling: false,
  },
  {
    what: 'ECONNRESET (also Node\'s "socket hang up")',
    raw: { errno: 'ECONNRESET', name: 'Error' },
    failure: { kind: 'unreachable', reason: 'connection-reset' },
    retryable: true,
    struggling: false,
  },
  {
    what: 'ECONNABORTED',
    raw: { errno: 'ECONNABORTED' },
    failure: { kind: 'unreachable', reason: 'connection-reset' },
    retryable: true,
    struggling: false,
  },
  {
    what: 'EPIPE while writing the body',
    raw: { errno: 'EPIPE' },
    failure: { kind: 'unreachable', reason: 'connection-reset' },
    retryable: true,
    struggling: false,
  },
  {
    what: 'ETIMEDOUT (connect timeout)',
    raw: { errno: 'ETIMEDOUT' },
    failure: { kind: 'unreachable', reason: 'timeout' },
    retryable: true,
    struggling: false,
  },
  {
    what: 'ENOTFOUND',
    raw: { errno: 'ENOTFOUND' },
    failure: { kind: 'unreachable', reason: 'dns' },
    retryable: true,
    struggling: false,
  },
  {
    what: 'EAI_AGAIN',
    raw: { errno: 'EAI_AGAIN' },
    failure: { kind: 'unreachable', reason: 'dns' },
    retryable: true,
    struggling: false,
  },
  {
    what: 'EHOSTUNREACH',
    raw: { errno: 'EHOSTUNREACH' },
    failure: { kind: 'unreachable', reason: 'no-route' },
    retryable: true,
    struggling: false,
  },
  {
    what: 'ENETUNREACH',
    raw: { errno: 'ENETUNREACH' },
    failure: { kind: 'unreachable', reason: 'no-route' },
    retryable: true,
    struggling: false,
  },
  {
    what: 'smithy TimeoutError (request timeout)',
    raw: { name: 'TimeoutError' },
    failure: { kind: 'unreachable', reason: 'timeout' },
    retryable: true,
    struggling: false,
  },
  {
    what: 'the stall watchdog',
    raw: { name: 'StallError' },
    failure: { kind: 'unreachable', reason: 'stall' },
    retryable: true,
    struggling: false,
  },
  {
    what: 'abandoned by the engine after an outage (ADR 0013)',
    raw: { name: 'StalledInOutageError' },
    failure: { kind: 'unreachable', reason: 'stalled-in-outage' },
    retryable: true,
    struggling: false,
  },
  {
    what: 'AbortError from the transport deadline, not the caller',
    raw: { name: 'AbortError', callerAborted: false },
    failure: { kind: 'unreachable', reason: 'timeout' },
    retryable: true,
    struggling: false,
  },
  {
    what: 'AbortError from the caller',
    raw: { name: 'AbortError', callerAborted: true },
    failure: { kind: 'aborted' },
    retryable: false,
    struggling: false,
  },
  {
    what: 'caller abort wins over a status that raced it',
    raw: { status: 503, callerAborted: true },
    failure: { kind: 'aborted' },
    retryable: false,
    struggling: false,
  },
];

// Node's X509 verification codes and its host name check, as `err.code` on the request's error
// (https://nodejs.org/api/tls.html#x509-certificate-error-codes), by what the volunteer must fix.
const certificateCodes: Readonly<Record<CertificateProblem, readonly string[]>> = {
  untrusted: [
    'DEPTH_ZERO_SELF_SIGNED_CERT',
    'SELF_SIGNED_CERT_IN_CHAIN',
    'UNABLE_TO_VERIFY_LEAF_SIGNATURE',
    'UNABLE_TO_GET_ISSUER_CERT',
    'UNABLE_TO_GET_ISSUER_CERT_LOCALLY',
    'UNABLE_TO_DECRYPT_CERT_SIGNATURE',
    'UNABLE_TO_DECODE_ISSUER_PUBLIC_KEY',
    'CERT_SIGNATURE_FAILURE',
    'CERT_CHAIN_TOO_LONG',
    'CERT_REVOKED',
    'CERT_UNTRUSTED',
    'CERT_REJECTED',
    'INVALID_CA',
    'INVALID_PURPOSE',
    'PATH_LENGTH_EXCEEDED',
    'UNABLE_TO_GET_CRL',
    'UNABLE_TO_DECRYPT_CRL_SIGNATURE',
    'CRL_SIGNATURE_FAILURE',
    'CRL_NOT_YET_VALID',
    'CRL_HAS_EXPIRED',
    'ERROR_IN_CRL_LAST_UPDATE_FIELD',
    'ERROR_IN_CRL_NEXT_UPDATE_FIELD',
  ],
  expired: ['CERT_HAS_EXPIRED', 'ERROR_IN_CERT_NOT_AFTER_FIELD'],
  'not-yet-valid': ['CERT_NOT_YET_VALID', 'ERROR_IN_CERT_NOT_BEFORE_FIELD'],
  'name-mismatch': ['ERR_TLS_CERT_ALTNAME_INVALID', 'HOSTNAME_MISMATCH'],
};
const certificateRows = Object.entries(certificateCodes).flatMap(([problem, codes]) =>
  codes.map((code) => ({ code, problem })),
);

describe('classifyResponse of a certificate refused in the TLS handshake', () => {
  it.each(certificateRows)(
    '$code is $problem, not retryable, not a struggle',
    ({ code, problem }) => {
      const classified = classifyResponse({ errno: code, name: 'Error', receivedAt });
      expect(classified).toEqual({ kind: 'certificate', problem, code });
      expect(isRetryable(classified)).toBe(false);
      expect(isStruggling(classified)).toBe(false);
    },
  );

  it('is never taken for a network outage, nor an outage for it', () => {
    expect(classifyResponse({ errno: 'OUT_OF_MEM', receivedAt })).toEqual({
      kind: 'unreachable',
      reason: 'network',
    });
    expect(classifyResponse({ errno: 'ECONNRESET', receivedAt }).kind).toBe('unreachable');
    // An inherited property name is not a code.
    expect(classifyResponse({ errno: 'constructor', receivedAt }).kind).toBe('unreachable');
  });

  it('reads the code only: a message that speaks of certificates changes nothing', () => {
    const raw = { errno: 'ECONNRESET', message: 'self-signed certificate', receivedAt };
    expect(classifyResponse(raw)).toEqual({ kind: 'unreachable', reason: 'connection-reset' });
  });

  it("a status or the caller's abort wins over a certificate code", () => {
    expect(classifyResponse({ status: 400, errno: 'CERT_HAS_EXPIRED', receivedAt }).kind).toBe(
      'refused',
    );
    expect(
      classifyResponse({ errno: 'CERT_HAS_EXPIRED', callerAborted: true, receivedAt }).kind,
    ).toBe('aborted');
  });
});

describe('classifyResponse over real S3 error shapes', () => {
  it.each(rows)('$what', ({ raw, failure, retryable, struggling }) => {
    const classified = classifyResponse({ ...raw, receivedAt });
    expect(classified).toEqual(failure);
    expect(isRetryable(classified)).toBe(retryable);
    expect(isStruggling(classified)).toBe(struggling);
  });

  it('never reads a message text: the same errno gives the same cause', () => {
    const withMessage = { errno: 'ECONNRESET', message: 'SlowDown 503 AccessDenied', receivedAt };
    expect(classifyResponse(withMessage)).toEqual({
      kind: 'unreachable',
      reason: 'connection-reset',
    });
  });

  it('keeps an HTTP-date Retry-After relative to when the response was received', () => {
    const failure = classifyResponse({
      status: 503,
      headers: { 'retry-after': 'Mon, 30 Nov 2026 20:00:42 GMT' },
      receivedAt,
    });
    expect(failure).toMatchObject({ kind: 'refused', retryAfterMs: 42_000 });
  });

  it("carries a server's own words as they came, without reading them", () => {
    const detail = JSON.stringify({ titre: 'invalid name x.wav' });
    expect(classifyResponse({ status: 422, detail, receivedAt })).toEqual({
      kind: 'refused',
      status: 422,
      detail,
    });
    expect(classifyResponse({ status: 503, detail: 'SlowDown', receivedAt })).toEqual({
      kind: 'refused',
      status: 503,
      detail: 'SlowDown',
    });
    expect(classifyResponse({ errno: 'ECONNRESET', detail, receivedAt })).toEqual({
      kind: 'unreachable',
      reason: 'connection-reset',
    });
  });

  it('is plain data that survives persistence', () => {
    const failure = classifyResponse({
      status: 503,
      code: 'SlowDown',
      headers: { 'retry-after': '2' },
      receivedAt,
    });
    expect(JSON.parse(JSON.stringify(failure))).toEqual(failure);
  });
});
