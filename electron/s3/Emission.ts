import type { Clock } from '../../shared/ports/Clock';
import type { EmissionOptions } from '../../shared/ports/ObjectStore';
import type { AbortCause } from './toRawResponse';

/** One emission's own cancellation: the caller's signal, the deadline and the stall watchdog. */
export type Emission = {
  readonly signal: AbortSignal;
  /** Body bytes moved: re-arms the watchdog and reports progress. */
  readonly progress: (totalSent: number) => void;
  /** An answer arrived (a listing page): re-arms the watchdog. */
  readonly alive: () => void;
  /**
   * Waits for the bandwidth cap: the watchdog, the silence check and the deadline stand still
   * meanwhile (the link is not silent, this machine holds the bytes back), and start again after.
   */
  readonly paced: (wait: Promise<void>) => Promise<void>;
  cause(): AbortCause | undefined;
  end(): void;
};

/**
 * Arms one emission's cancellation: the caller's signal, the deadline, the engine's abandon after
 * an outage, and the stall watchdog that aborts when no body byte moved and no answer arrived for
 * `stallMs`; after `silentMs` of the same silence it only tells the engine (`onSilent`).
 */
export const startEmission = (
  options: EmissionOptions,
  clock: Clock,
  stallMs: number,
  silentMs: number,
): Emission => {
  const controller = new AbortController();
  let cause: AbortCause | undefined;
  const abort = (why: AbortCause): void => {
    if (cause !== undefined) return;
    cause = why;
    controller.abort();
  };
  const onCallerAbort = (): void => abort('caller');
  const onAbandon = (): void => abort('outage');
  if (options.signal?.aborted) abort('caller');
  if (options.abandon?.aborted) abort('outage');
  options.signal?.addEventListener('abort', onCallerAbort, { once: true });
  options.abandon?.addEventListener('abort', onAbandon, { once: true });
  let deadline = options.deadline;
  const armDeadline = (): NodeJS.Timeout =>
    setTimeout(() => abort('deadline'), Math.max(0, deadline - clock.now()));
  let deadlineTimer = armDeadline();
  let ended = false;
  const onSilent = options.onSilent;
  const silence = (): NodeJS.Timeout | undefined =>
    onSilent === undefined ? undefined : setTimeout(onSilent, silentMs);
  let stallTimer = setTimeout(() => abort('stall'), stallMs);
  let silentTimer = silence();
  const alive = (): void => {
    clearTimeout(stallTimer);
    clearTimeout(silentTimer);
    stallTimer = setTimeout(() => abort('stall'), stallMs);
    silentTimer = silence();
  };
  const paced = async (wait: Promise<void>): Promise<void> => {
    clearTimeout(deadlineTimer);
    clearTimeout(stallTimer);
    clearTimeout(silentTimer);
    const since = clock.now();
    try {
      await wait;
    } finally {
      deadline += clock.now() - since;
      if (!ended) {
        deadlineTimer = armDeadline();
        alive();
      }
    }
  };
  return {
    signal: controller.signal,
    progress: (totalSent) => {
      alive();
      options.onBytesSent?.(totalSent);
    },
    alive,
    paced,
    cause: () => cause,
    end: () => {
      ended = true;
      clearTimeout(deadlineTimer);
      clearTimeout(stallTimer);
      clearTimeout(silentTimer);
      options.signal?.removeEventListener('abort', onCallerAbort);
      options.abandon?.removeEventListener('abort', onAbandon);
    },
  };
};
