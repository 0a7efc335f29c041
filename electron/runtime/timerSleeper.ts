import type { Sleeper } from '../../shared/ports/Sleeper';
import { abortError } from '../../shared/ports/abortError';

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
        reject(abortError(signal));
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
