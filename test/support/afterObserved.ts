/**
 * A `stopWhen` that holds `delayMs` after `seen()` first held: a signal that lands at a varied
 * moment of the work, counted from progress observed rather than from the process's start (a
 * slow start on a loaded machine then shifts nothing).
 */
export const afterObserved = (
  seen: () => boolean,
  delayMs: number,
  now: () => number = Date.now,
): (() => boolean) => {
  let seenAt: number | undefined;
  return () => {
    if (seenAt === undefined && seen()) seenAt = now();
    return seenAt !== undefined && now() - seenAt >= delayMs;
  };
};

/**
 * `runDepot` options that kill the run (SIGKILL) `delayMs` after `seen()` first held, then run
 * `onKill` (drop what the dead process queued in a link); none when `delayMs` is undefined.
 */
export const killAfterObserved = (
  seen: () => boolean,
  delayMs: number | undefined,
  onKill: () => void,
): {
  readonly stopWhen?: () => boolean;
  readonly signal?: 'SIGKILL';
  readonly onSignal?: () => void;
} =>
  delayMs === undefined
    ? {}
    : { stopWhen: afterObserved(seen, delayMs), signal: 'SIGKILL', onSignal: onKill };
