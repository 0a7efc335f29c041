/**
 * A controller of its own for a run or a question, stopped when the caller's `signal` is (at once
 * if it already is); `unlink` forgets the caller's signal when the work ends, so that a signal
 * which outlives many of them (the app's, the command's) does not keep their listeners.
 */
export const linkedController = (
  signal: AbortSignal | undefined,
): { readonly controller: AbortController; readonly unlink: () => void } => {
  const controller = new AbortController();
  const stop = (): void => controller.abort();
  if (signal?.aborted) controller.abort();
  signal?.addEventListener('abort', stop, { once: true });
  return { controller, unlink: () => signal?.removeEventListener('abort', stop) };
};
