/** One emission in flight when the circuit closed, as the engine saw it move. */
export type EmissionInFlight = {
  readonly id: number;
  readonly startedAt: number;
  /** When it last handed body bytes to its connection (its start when it has handed none). */
  readonly lastProgressAt: number;
  /** Body bytes this attempt has handed to its connection: what a resend sends again. */
  readonly sentBytes: number;
  /**
   * Whether it may be sent again as it is: not a write whose whole body went out (that one may
   * have acted and must be asked about first, seed 003), nor one already abandoned.
   */
  readonly replayable: boolean;
};

/**
 * From the circuit's opening (the outage as this machine saw it begin) to `now`: its closing, or
 * a probe that failed while it is open (a decision then holds at the closing: silence only grows).
 */
export type ObservedOutage = { readonly openedAt: number; readonly now: number };

/**
 * A connection that went silent at `t` retransmits on TCP's timer, which doubled through the
 * silence: the link stays idle up to one more silence after the route is back, about half of it
 * on average (issue 15 measured 4.3-4.7 s after a 5 s cut).
 */
const IDLE_PER_SILENCE = 0.5;
/**
 * A silence shorter than this is left to TCP: its timer fires within about a second of the link's
 * return, while a fresh connection pays a handshake and slow start from a small window, which the
 * estimate above does not count. Mild seed 9 side by side: the resend after 1 s cuts on 0.942,
 * off 0.952 (ADR 0013, eighth pass); harsh's cuts are 5-30 s.
 */
const MIN_SILENCE_MS = 3_000;
/** A rate measured over less than this is an instant's burst into a socket buffer. */
const MIN_RATE_SPAN_MS = 1_000;

/**
 * Which emissions to abandon and send again on fresh connections after an outage (issue 15, ADR
 * 0013): those that moved nothing since the circuit opened, cheapest to resend first, while what
 * they had sent (sent again) is less than the link would carry in the time TCP is expected to
 * leave it idle were the link back `now`; the others keep what they sent and resume on TCP's
 * timer. The link's rate is what the emissions in flight had moved before the outage.
 */
export const stalledToResend = (
  inFlight: readonly EmissionInFlight[],
  outage: ObservedOutage,
): readonly number[] => {
  const stalled = inFlight
    .filter((e) => e.replayable && e.lastProgressAt <= outage.openedAt)
    .sort((a, b) => a.sentBytes - b.sentBytes || a.startedAt - b.startedAt || a.id - b.id);
  const silentSince = Math.min(...stalled.map((e) => e.lastProgressAt));
  if (stalled.length === 0 || outage.now - silentSince < MIN_SILENCE_MS) return [];
  const bytesPerMs = inFlight.reduce(
    (sum, e) => sum + e.sentBytes / Math.max(MIN_RATE_SPAN_MS, e.lastProgressAt - e.startedAt),
    0,
  );
  const idleBytes = (outage.now - silentSince) * IDLE_PER_SILENCE * bytesPerMs;
  const chosen: number[] = [];
  let resent = 0;
  for (const e of stalled) {
    resent += e.sentBytes;
    if (resent > idleBytes) break;
    chosen.push(e.id);
  }
  return chosen;
};
