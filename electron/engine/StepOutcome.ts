import type { FailureCause } from '../../shared/domain/FailureCause';

/**
 * How a step of the engine ended, returned up the call chain as data (a throw is a bug; a stop
 * is the platform's AbortError through the run's AbortSignal).
 */

/** A transient trouble: the unit waits (until `notBefore`, or for the network), it never fails. */
export type MustWait = {
  readonly kind: 'wait';
  readonly notBefore: number;
  readonly network: boolean;
  /**
   * The endpoint whose trouble it is, when not the night's object store: a portal night talks to
   * its API and to the storage its URLs name (ADR 0032), and waits for the one that failed.
   */
  readonly endpoint?: string;
};

/** A definitive refusal for this unit, with the cause to persist. */
export type UnitFailed = { readonly kind: 'failed'; readonly cause: FailureCause };

/** Why a step did not get through. */
export type Halt = MustWait | UnitFailed;

export type Step<T> = { readonly kind: 'ok'; readonly value: T } | Halt;

export const ok = <T>(value: T): Step<T> => ({ kind: 'ok', value });

export const mustWait = (notBefore: number, network: boolean, endpoint?: string): MustWait => ({
  kind: 'wait',
  notBefore,
  network,
  ...(endpoint === undefined ? {} : { endpoint }),
});

export const unitFailed = (cause: FailureCause): UnitFailed => ({ kind: 'failed', cause });
