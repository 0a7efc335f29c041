import type { Failure } from './Outcome';

const RETRYABLE_STATUS: ReadonlySet<number> = new Set([429, 500, 502, 503, 504]);
// S3 codes that say "try again" whatever status carries them (SlowDown comes as 503, some
// gateways send it as 429 or 400; RequestTimeout is a 400 for a body that stopped arriving).
const RETRYABLE_CODE: ReadonlySet<string> = new Set(['SlowDown', 'RequestTimeout']);

/**
 * Whether trying the same emission again can give another answer. It says nothing about replay
 * safety (the caller's call) nor about how often (the policy's budget and profile).
 * `RequestTimeTooSkewed` is retryable only when the server's clock is known, so the signing time
 * can be corrected; the policy allows that retry once per call.
 */
export const isRetryable = (failure: Failure): boolean => {
  switch (failure.kind) {
    case 'unreachable':
      return true;
    case 'aborted':
    case 'certificate':
      return false;
    case 'refused':
      if (failure.code !== undefined && RETRYABLE_CODE.has(failure.code)) return true;
      if (failure.code === 'RequestTimeTooSkewed') return failure.serverTime !== undefined;
      return RETRYABLE_STATUS.has(failure.status);
  }
};
