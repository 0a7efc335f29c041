import { isRetryable } from './isRetryable';
import type { Failure } from './Outcome';
import type { GiveUpReason, RetryCall } from './RetryCall';
import type { BackoffProfile } from './RetrySettings';

/** What a call does after an attempt that failed (not aborted). */
export type AfterFailure =
  /** Sent again at once, not an attempt of the profile: nothing reached the endpoint, or the
   * engine abandoned it after an outage. `routeLost`: the route the call went on is gone again. */
  | { readonly kind: 'free'; readonly routeLost: boolean }
  | { readonly kind: 'give-up'; readonly reason: GiveUpReason; readonly notBefore?: number }
  /** Tried again after `delay`, if the budget pays; `skewed`: this retry corrects the clock. */
  | {
      readonly kind: 'retry';
      readonly delay: number;
      readonly nextAttemptAt: number;
      readonly skewed: boolean;
    };

/**
 * The retry decision after one failed attempt, pure: the profile's attempts and backoff,
 * Retry-After never undercut nor slept on past the profile's cap or the call's deadline, a replay
 * the caller refuses settled by the caller, a clock skew corrected once. The budget and the
 * breaker, shared by every call of the endpoint, are the policy's (`RetryPolicy.run`).
 */
export const afterFailure = (a: {
  readonly outcome: Failure;
  readonly call: RetryCall;
  readonly profile: BackoffProfile;
  readonly minAttemptMs: number;
  /** Attempts made, and of those the free ones. */
  readonly attempts: number;
  readonly freeAttempts: number;
  readonly skewCorrected: boolean;
  /** The attempt went beside the cheap probe (`probeId` 0: on a route check's word). */
  readonly besideProbe: boolean;
  readonly onRouteWord: boolean;
  readonly receivedAt: number;
  /** The profile's backoff for this attempt (draws the jitter's random number when called). */
  readonly backoff: () => number;
}): AfterFailure => {
  const { outcome, call, profile, receivedAt } = a;
  if (outcome.kind === 'unreachable' && outcome.reason === 'stalled-in-outage') {
    // Abandoned by the engine once the endpoint answered again (ADR 0013): the request is sent
    // again at once on a fresh connection, free like the attempt beside a no-route probe. The
    // endpoint gets one request in place of one that stopped reaching it, and the engine abandons
    // an emission at most once per outage it sat through.
    if (call.mayReplay?.(outcome) === false) {
      return { kind: 'give-up', reason: 'outcome-unknown', notBefore: receivedAt };
    }
    return { kind: 'free', routeLost: false };
  }
  if (a.besideProbe && outcome.kind === 'unreachable' && outcome.reason === 'no-route') {
    // Nothing reached the endpoint: no attempt of the profile, no budget, no backoff; wait for the
    // next probe slot (the breaker re-opened on the cheap probe's own answer, or now if this call
    // went on a route check's word and the route went again meanwhile).
    return { kind: 'free', routeLost: a.onRouteWord };
  }
  // The transport dates its next signature by the server's Date it just heard (skew is its
  // business, measured on the wall clock it signs with): one more attempt says whether it helped.
  const skewed = outcome.kind === 'refused' && outcome.code === 'RequestTimeTooSkewed';
  if (!isRetryable(outcome) || (skewed && a.skewCorrected)) {
    return { kind: 'give-up', reason: 'not-retryable' };
  }
  if (a.attempts - a.freeAttempts >= profile.maxAttempts) {
    return { kind: 'give-up', reason: 'attempts-exhausted' };
  }
  const retryAfter = outcome.kind === 'refused' ? outcome.retryAfterMs : undefined;
  if (
    retryAfter !== undefined &&
    (retryAfter > profile.capMs || receivedAt + retryAfter + a.minAttemptMs > call.deadline)
  ) {
    // Not slept on: the caller persists the server's not-before time instead.
    return { kind: 'give-up', reason: 'deadline', notBefore: receivedAt + retryAfter };
  }
  const delay = Math.max(a.backoff(), retryAfter ?? 0);
  const nextAttemptAt = receivedAt + delay;
  if (call.mayReplay?.(outcome) === false) {
    return { kind: 'give-up', reason: 'outcome-unknown', notBefore: nextAttemptAt };
  }
  if (nextAttemptAt + a.minAttemptMs > call.deadline) {
    return { kind: 'give-up', reason: 'deadline', notBefore: nextAttemptAt };
  }
  return { kind: 'retry', delay, nextAttemptAt, skewed };
};
