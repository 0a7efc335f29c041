import type { EmissionOptions, ObjectStore } from '../../shared/ports/ObjectStore';
import type { CertificateProblem, Outcome, UnreachableReason } from '../../shared/retry/Outcome';

/**
 * What the first contact with an endpoint says about the configuration. `nothing-listens`,
 * `not-s3` and `certificate` are configuration mistakes (a wrong port, a web page): waiting would never fix them.
 * `unreachable` and `transient` are the network's or the server's trouble: the caller waits,
 * patiently, as it always did.
 */
export type EndpointVerdict =
  | { readonly kind: 'ok' }
  /** The host answered and refused the connection: nothing listens on that port. */
  | { readonly kind: 'nothing-listens' }
  /** Something answered, but not like an S3 server (HTML, a listing of another shape...). */
  | { readonly kind: 'not-s3'; readonly status: number }
  | { readonly kind: 'bucket-missing' }
  /**
   * Requests dated by this computer's clock are refused even once dated by the server's (when it
   * told its time: `skewMs`, server minus this computer).
   */
  | { readonly kind: 'clock'; readonly skewMs: number | null }
  /** The TLS certificate is refused: a setting or the computer's clock to fix, not an outage. */
  | { readonly kind: 'certificate'; readonly problem: CertificateProblem; readonly code: string }
  /** The key or its secret is wrong (InvalidAccessKeyId, SignatureDoesNotMatch, a token...). */
  | { readonly kind: 'auth'; readonly status: number; readonly code: string }
  /**
   * The server knows the key and refuses it this listing (AccessDenied): a write-only ("drop
   * box") key, or a folder key asked outside its folder. Not a configuration mistake: a deposit
   * goes on with what the key may do (ADR 0028).
   */
  | { readonly kind: 'cannot-list'; readonly prefix: string }
  | { readonly kind: 'refused'; readonly status: number; readonly code: string }
  | { readonly kind: 'unreachable'; readonly reason: UnreachableReason }
  | { readonly kind: 'transient'; readonly status: number }
  | { readonly kind: 'aborted' };

// S3 error codes meaning "these credentials are not valid", whatever the status.
const AUTH_CODES = new Set([
  'InvalidAccessKeyId',
  'SignatureDoesNotMatch',
  'InvalidToken',
  'ExpiredToken',
  'TokenRefreshRequired',
  'AllAccessDisabled',
]);

/**
 * Classifies the probe's one answer (a listing of `prefix`). Every S3 refusal carries an S3 code
 * in an XML body.
 */
export const classifyProbe = (
  answer: Outcome<{ readonly listBucketResult: boolean }>,
  prefix = '',
): EndpointVerdict => {
  switch (answer.kind) {
    case 'success':
      return answer.value.listBucketResult ? { kind: 'ok' } : { kind: 'not-s3', status: 200 };
    case 'aborted':
      return { kind: 'aborted' };
    case 'certificate':
      return { kind: 'certificate', problem: answer.problem, code: answer.code };
    case 'unreachable':
      return answer.reason === 'connection-refused'
        ? { kind: 'nothing-listens' }
        : { kind: 'unreachable', reason: answer.reason };
    case 'refused': {
      const { status, code } = answer;
      if (status === 429 || status >= 500) return { kind: 'transient', status };
      // A 200 the SDK could not read as XML, a redirect or a refusal without an S3 code: a web
      // server, a captive portal or a proxy's page, not S3.
      if (code === undefined || status < 400) return { kind: 'not-s3', status };
      if (code === 'NoSuchBucket') return { kind: 'bucket-missing' };
      if (code === 'RequestTimeTooSkewed') return { kind: 'clock', skewMs: answer.skewMs ?? null };
      if (AUTH_CODES.has(code) || status === 401) return { kind: 'auth', status, code };
      if (code === 'AccessDenied') return { kind: 'cannot-list', prefix };
      return { kind: 'refused', status, code };
    }
  }
};

/**
 * One ListObjectsV2 of `prefix` (max-keys 0), one emission, classified once; no retry but one: a
 * refusal for a skewed clock that carried the server's time, which the adapter now signs by
 * (issue 30, item 11).
 */
export const probeEndpoint = async (
  probe: ObjectStore['probeListing'],
  prefix: string,
  options: EmissionOptions,
): Promise<EndpointVerdict> => {
  const answer = await probe({ prefix }, options);
  const skewed =
    answer.kind === 'refused' &&
    answer.code === 'RequestTimeTooSkewed' &&
    answer.serverTime !== undefined;
  return classifyProbe(skewed ? await probe({ prefix }, options) : answer, prefix);
};
