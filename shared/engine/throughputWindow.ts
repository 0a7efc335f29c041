/** Bytes acknowledged at an instant, oldest first. */
export type Ack = { readonly at: number; readonly bytes: number };

export const THROUGHPUT_WINDOW_MS = 10_000;

/** How many of the oldest acknowledgements fell out of the throughput window at `now`. */
export const staleAcks = (acked: readonly Ack[], now: number): number => {
  let stale = 0;
  while (stale < acked.length && (acked[stale]?.at ?? now) < now - THROUGHPUT_WINDOW_MS) stale += 1;
  return stale;
};

/**
 * Bytes per second over the acknowledgements kept, never over less than a second (a first part
 * just acknowledged is not an instant's infinite speed); undefined when none are kept.
 */
export const throughputOf = (acked: readonly Ack[], now: number): number | undefined => {
  const first = acked[0];
  if (first === undefined) return undefined;
  const span = Math.max(1_000, now - first.at);
  const bytes = acked.reduce((sum, a) => sum + a.bytes, 0);
  return (bytes * 1000) / span;
};
