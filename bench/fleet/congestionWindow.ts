/**
 * A client's concurrency as a congestion window (TCP's answer to a herd), for issue 16's fleet:
 * pure, time passed in. It restarts at 1 when the circuit closes after an outage (and on start),
 * grows by one per answer that came back within its usual time up to `ssthresh` (slow start), then
 * by 1/size per such answer, and is halved by a refusal that names congestion (503, SlowDown,
 * 429), a timeout, or an answer slower than `k` x the client's recent median. One cut per round:
 * only a request sent after the last cut may cut again (those in flight saw the same queue).
 */
export type WindowSettings = {
  /** The engine's concurrency: the window never allows more. */
  readonly max: number;
  /** An answer slower than k x the recent median is a queue building on the server. */
  readonly k: number;
  /** How many recent answer times the median is taken over. */
  readonly samples: number;
  /** Answers needed before a slow one may cut (the median means nothing before). */
  readonly minSamples: number;
};

export type WindowState = {
  /** Requests allowed in flight: floor(size), at least 1. */
  readonly size: number;
  readonly ssthresh: number;
  /** The server's answer times (after the body), newest last. */
  readonly recent: readonly number[];
  readonly cutAt: number;
};

export type WindowSignal =
  /** The server answered, `serverMs` after the request's body was in. */
  | { readonly kind: 'answered'; readonly sentAt: number; readonly serverMs: number }
  /** 503, SlowDown, 429 or a timeout. */
  | { readonly kind: 'congested'; readonly sentAt: number };

export const windowStart = (s: WindowSettings): WindowState => ({
  size: 1,
  ssthresh: s.max,
  recent: [],
  cutAt: -Infinity,
});

/** Requests the window lets go at once. */
export const windowAllows = (w: WindowState): number => Math.max(1, Math.floor(w.size));

const median = (xs: readonly number[]): number => {
  const sorted = [...xs].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1
    ? (sorted[mid] ?? 0)
    : ((sorted[mid - 1] ?? 0) + (sorted[mid] ?? 0)) / 2;
};

export const windowAfter = (
  w: WindowState,
  signal: WindowSignal,
  now: number,
  s: WindowSettings,
): WindowState => {
  const slow =
    signal.kind === 'answered' &&
    w.recent.length >= s.minSamples &&
    signal.serverMs > s.k * median(w.recent);
  // A slow answer is not the usual time: counted, a lasting queue would become the norm.
  const recent =
    signal.kind === 'answered' && !slow
      ? [...w.recent, signal.serverMs].slice(-s.samples)
      : w.recent;
  if (signal.kind === 'congested' || slow) {
    if (signal.sentAt < w.cutAt) return { ...w, recent };
    const size = Math.max(1, w.size / 2);
    return { size, ssthresh: size, recent, cutAt: now };
  }
  const size = Math.min(s.max, w.size < w.ssthresh ? w.size + 1 : w.size + 1 / w.size);
  return { ...w, size, recent };
};
