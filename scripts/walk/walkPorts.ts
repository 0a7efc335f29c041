/**
 * The engine's time and randomness for the walk, as the command line's (`monotonicClock`,
 * `timerSleeper`, `systemRandom`) but written here, outside the instrumented folders: reading
 * the clock, filing or clearing a timer (the retry policy's per-attempt deadlines when nothing is
 * retried) and drawing a jitter are not stops of the file's walk.
 */
export const walkPorts = {
  clock: { now: (): number => Math.floor(performance.timeOrigin + performance.now()) },
  wallClock: { now: (): number => Date.now() },
  sleeper: {
    sleep: (ms: number, signal?: AbortSignal): Promise<void> =>
      new Promise<void>((resolve, reject) => {
        const aborted = (): Error => {
          const reason: unknown = signal?.reason;
          if (reason instanceof Error && reason.name === 'AbortError') return reason;
          const error = new Error('The operation was aborted', { cause: reason });
          error.name = 'AbortError';
          return error;
        };
        if (signal?.aborted === true) {
          reject(aborted());
          return;
        }
        const onAbort = (): void => {
          clearTimeout(timer);
          reject(aborted());
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
  },
  random: { next: (): number => Math.random() },
} as const;
