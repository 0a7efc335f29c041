import type { Failure } from './Outcome';

/**
 * The vocabulary of one call through the retry policy. The policy itself is `RetryPolicy.ts`;
 * these types are what callers (the transport, the engine, the interface) see of it.
 */

/** Named after what the profile does; the caller picks at the call site (DESIGN principle 3). */
export type ProfileName = 'insistent' | 'brief';

export type RetryCall = {
  /** Budget and breaker are shared per endpoint (scheme://host:port), never per request. */
  readonly endpoint: string;
  readonly profile: ProfileName;
  /** Epoch ms after which no attempt may start or continue. */
  readonly deadline: number;
  /** The caller's cancellation: aborts the running attempt and any sleep between attempts. */
  readonly signal?: AbortSignal;
  /** A short name for journals and events (`PutObject`, `UploadPart 3`...). */
  readonly operation: string;
  /**
   * Whether a failed attempt may be sent again as it is. A write whose reply was lost (its body
   * all sent, then a reset or a timeout) may have acted: replaying it blindly is what seed 003
   * forbids. Answering false ends the call with `outcome-unknown` so the caller asks the server
   * first (HeadObject, ListParts...). Absent: every retryable failure may be replayed.
   */
  readonly mayReplay?: (failure: Failure) => boolean;
  /**
   * This call asks what an attempt whose outcome is unknown did: it stands for a retry of that
   * work, so its first attempt is paid by the budget like a retry (and refused when it is empty).
   */
  readonly reconciles?: boolean;
  /**
   * Told this call's own events (each wait before a retry, and its end), synchronously and before
   * the listeners of `onEvent`: its caller hears them without finding itself by `operation`.
   */
  readonly onEvent?: (event: CallEvent) => void;
};

export type AttemptContext = {
  /** 1 for the first attempt. */
  readonly attempt: number;
  /** Same deadline as the call: the transport turns it into a timeout for this attempt. */
  readonly deadline: number;
  /** The caller's signal, passed through. */
  readonly signal?: AbortSignal;
};

export type GiveUpReason =
  | 'not-retryable'
  | 'attempts-exhausted'
  | 'budget'
  | 'deadline'
  | 'circuit-open'
  | 'outcome-unknown'
  | 'aborted';

export type CallResult<T> =
  | { readonly kind: 'success'; readonly value: T; readonly attempts: number }
  | {
      readonly kind: 'gave-up';
      readonly reason: GiveUpReason;
      /** The last failure received; absent when no attempt was made (circuit open, deadline). */
      readonly last?: Failure;
      readonly attempts: number;
      /**
       * Epoch ms before which trying again is pointless (Retry-After beyond the deadline, an open
       * circuit's next probe): the caller persists it instead of sleeping on it.
       */
      readonly notBefore?: number;
      /** Already retried by this layer (or refused by the budget): no upper layer may insist. */
      readonly doNotInsist: boolean;
    };

export type CircuitState =
  | { readonly kind: 'closed' }
  | {
      readonly kind: 'open';
      readonly cause: 'offline' | 'server-unavailable';
      readonly nextProbeAt: number;
    }
  | { readonly kind: 'half-open' };

/** What the policy reports, so the interface can say "nouvelle tentative dans N s". */
export type RetryEvent =
  | {
      readonly type: 'retry-scheduled';
      readonly endpoint: string;
      readonly operation: string;
      /** The attempt that just failed. */
      readonly attempt: number;
      readonly failure: Failure;
      /** Epoch ms of the next attempt. */
      readonly nextAttemptAt: number;
    }
  | {
      readonly type: 'gave-up';
      readonly endpoint: string;
      readonly operation: string;
      readonly reason: GiveUpReason;
      readonly attempts: number;
      readonly failure?: Failure;
    }
  | { readonly type: 'circuit'; readonly endpoint: string; readonly state: CircuitState };

/** The events of one call, told to that call's `onEvent` (issue 32). */
export type CallEvent = Extract<RetryEvent, { readonly type: 'retry-scheduled' | 'gave-up' }>;

export type RetryCounters = {
  readonly firstAttempts: number;
  /** Retries the budget paid for and that went out (one refunded before it was sent is not counted). */
  readonly retriesGranted: number;
  readonly retriesRefused: Readonly<Record<Exclude<GiveUpReason, 'aborted'>, number>>;
};
