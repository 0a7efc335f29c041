import type { FailureCause } from '../../shared/domain/FailureCause';
import { remedyOf } from '../../shared/domain/FailureCause';
import { certificateAdvice } from './certificateAdvice';
import { describeCause, ENDLESS_LISTING } from './describeCause';

/** What the credentials' refusal says to fix, from its code (never from the message's text). */
const credentialsAdvice = (endpoint: string, status: number, code: string): string => {
  switch (code) {
    case 'ExpiredToken':
    case 'TokenRefreshRequired':
      return `${endpoint} says the credentials' session token has expired (${status} ${code}): get new temporary credentials (AWS_ACCESS_KEY_ID, AWS_SECRET_ACCESS_KEY and AWS_SESSION_TOKEN, or --profile)`;
    case 'InvalidAccessKeyId':
      return `${endpoint} does not know this access key (${status} ${code}: removed, disabled or mistyped): check AWS_ACCESS_KEY_ID (or --profile), or ask the coordinator for a new key`;
    case 'SignatureDoesNotMatch':
      return `${endpoint} refused the secret given for this access key (${status} ${code}): check AWS_SECRET_ACCESS_KEY (or --profile)`;
    default:
      return `${endpoint} refused the credentials (${status} ${code}): check AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY (or --profile) and the bucket's permissions`;
  }
};

/** What to fix when the endpoint refuses the whole deposit: the cause, named, and the fix. */
export const blockedMessage = (cause: FailureCause, endpoint: string): string => {
  switch (cause.kind) {
    case 'bucket-missing':
      return `the bucket "${cause.bucket}" does not exist on ${endpoint}: create it, or check --bucket`;
    case 'auth':
      return credentialsAdvice(endpoint, cause.status, cause.code);
    case 'certificate':
      return certificateAdvice(cause.problem, cause.code, endpoint);
    case 'endless-listing':
      return ENDLESS_LISTING;
    default:
      return describeCause(cause);
  }
};

const files = (n: number): string => (n === 1 ? '1 file' : `${n} files`);

/**
 * The whole sentence when a run stopped on a cause no file gets past: the cause and its fix, then
 * what became of the files and the step that brings them back. "Nothing was failed" only when
 * nothing was (issue 30: it followed "failed: 1" and a FAILED line).
 */
export const blockedRunMessage = (
  cause: FailureCause,
  endpoint: string,
  /** The causes of the plan's failed files (the summary's FAILED lines). */
  failed: readonly FailureCause[],
): string => {
  const fix = blockedMessage(cause, endpoint);
  const forIt = failed.filter((c) => c.kind === cause.kind).length;
  const others = failed.length - forIt;
  const otherwise =
    others === 0
      ? ''
      : ` The other ${files(others)} listed FAILED above failed for ${others === 1 ? 'its own cause' : 'their own causes'}.`;
  if (forIt === 0)
    return failed.length === 0
      ? `${fix}. Nothing was failed: run the same command again once it is fixed.`
      : `${fix}. Run the same command again once it is fixed.${otherwise}`;
  // New credentials are read by every command, which puts the files they refused back in line.
  const back =
    remedyOf(cause) === 'new-credentials'
      ? `the same command, run again once it is fixed, sends the ${files(forIt)} refused for it again`
      : `once it is fixed, \`depot retry-failures\` puts the ${files(forIt)} refused for it back in line; then run the same command again`;
  return `${fix}. ${back[0]?.toUpperCase() ?? ''}${back.slice(1)}.${otherwise}`;
};
