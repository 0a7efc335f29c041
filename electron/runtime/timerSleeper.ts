import type { Sleeper } from '../../shared/ports/Sleeper';

const abortError = (signal: AbortSignal): Error => {
  // Keep the abort's own reason when it already is an AbortError (AbortController.abort()).
  if (signal.reason instanceof Error && signal.reason.name === 'AbortError') return signal.reason;
  const error = new Error('The operation was aborted', { cause: signal.reason });
  error.name = 'AbortError';
  return error;
};

/**
 * A real timer. Rejects with an error named AbortError as soon as the signal aborts, and clears
 * the timer so no wait outlives the call that asked for it.
 */
export const timerSleeper: Sleeper = {
  sleep: (ms, signal) =>
    new Promise<void>((resolve, reject) => {
      if (signal?.aborted === true) {
        reject(abortError(signal));
        return;
      }
      const onAbort = (): void => {
        clearTimeout(timer);
        reject(abortError(signal!));
      };
      const timer = setTimeout(
        () => {
          signal?.removeEventListener('abort', onAbort);
          resolve();
        },
        Math.max(0, ms),
      );
      signal?.addEventListener('abort', onAbort, { once: true });
    }),
};
