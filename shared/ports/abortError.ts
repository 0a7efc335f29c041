/**
 * What a Sleeper (or any wait given a signal) rejects with once its signal aborts: an error named
 * AbortError, as fetch and Node's own timers give. The abort's reason is kept: returned as is
 * when it already is an AbortError (AbortController.abort()), else as the cause.
 */
export const abortError = (signal?: AbortSignal): Error => {
  const reason: unknown = signal?.reason;
  if (reason instanceof Error && reason.name === 'AbortError') return reason;
  const error = new Error(
    'The operation was aborted',
    reason === undefined ? undefined : { cause: reason },
  );
  error.name = 'AbortError';
  return error;
};

/** Whether a rejection is a stop (an AbortError), not a failure. */
export const isAbortError = (error: unknown): boolean =>
  error instanceof Error && error.name === 'AbortError';
