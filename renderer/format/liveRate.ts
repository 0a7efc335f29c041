/** One reading of a night's acknowledged bytes, taken on each event and each second's tick. */
export type AckSample = { readonly at: number; readonly acked: number };

/** Speed is what the server acknowledged over the last 20 s: a stall shows within seconds. */
export const RATE_WINDOW_MS = 20_000;
/** Below 5 s of readings (a fresh start, a reopened page) a speed would be a guess: none is shown. */
export const RATE_MIN_SPAN_MS = 5_000;

/** Appends a reading and forgets those the window no longer needs (keeping one at its edge). */
export const addSample = (
  samples: readonly AckSample[],
  sample: AckSample,
): readonly AckSample[] => {
  const last = samples[samples.length - 1];
  // Fewer bytes than before: another run's count (a restart re-read the store); start again.
  if (last !== undefined && sample.acked < last.acked) return [sample];
  const all = [...samples, sample];
  const edge = sample.at - RATE_WINDOW_MS;
  let firstKept = 0;
  while (firstKept + 1 < all.length && (all[firstKept + 1]?.at ?? Infinity) <= edge) firstKept++;
  return all.slice(firstKept);
};

/**
 * Bytes per second acknowledged between the window's oldest reading and now. With no new
 * acknowledgement it falls towards 0 as the window slides, instead of freezing; null while too
 * little has been seen to say.
 */
export const liveRate = (samples: readonly AckSample[], now: number): number | null => {
  const first = samples[0];
  const last = samples[samples.length - 1];
  if (first === undefined || last === undefined) return null;
  const span = now - first.at;
  if (span < RATE_MIN_SPAN_MS) return null;
  return Math.max(0, (last.acked - first.acked) / (span / 1000));
};

/** Seconds left at the live rate; null when it cannot be said (no rate, or nothing moving). */
export const liveEta = (left: number, rate: number | null): number | null => {
  if (left <= 0) return 0;
  if (rate === null || rate <= 0) return null;
  return left / rate;
};
