import type { Clock } from '../../../shared/ports/Clock';
import type { Sleeper } from '../../../shared/ports/Sleeper';
import type { RetryEvent } from '../../../shared/retry/RetryCall';
import type { ObservedOutage } from '../../../shared/engine/stalledToResend';
import { stalledToResend } from '../../../shared/engine/stalledToResend';

/** One attempt's place in the registry, for as long as it is in flight. */
export type EmissionHandle = {
  /** Aborted when the emission is abandoned after an outage (`EmissionOptions.abandon`). */
  readonly abandon: AbortSignal;
  /** Body bytes handed to the connection so far (this attempt's running total). */
  progress(totalSent: number): void;
  /**
   * The adapter found this emission silent: `check` (ask the endpoint) once nothing of the
   * endpoint moved or answered for as long as this emission has been quiet. A silence of one
   * emission while the link carries the others' bytes, or while answers arrive, is a slow link or
   * a server still reading, not a link gone: it is looked at again one silence later instead of
   * checked now (issue 29: 35 of 101 requests of the bench's mild night were such checks). It
   * stops when the emission moves (the adapter tells the next silence) or ends.
   */
  silent(check: () => void): void;
  /** `answered`: the endpoint answered this emission (any answer, a refusal included). */
  end(answered?: boolean): void;
};

type Tracked = {
  readonly id: number;
  readonly endpoint: string;
  readonly startedAt: number;
  readonly bodyBytes: number;
  /** A write whose whole body went out may have acted: never abandoned (seed 003). */
  readonly write: boolean;
  readonly controller: AbortController;
  /** Stops a silence's wait for the endpoint to go quiet (see `silent`) when the emission ends. */
  readonly ended: AbortController;
  lastProgressAt: number;
  sentBytes: number;
};

/**
 * The engine's emissions in flight per endpoint, and when each last moved. While the circuit is
 * open and when it closes, it abandons those that moved nothing since it opened, as
 * `stalledToResend` decides: they wait on TCP's retransmission timer, which the outage backed
 * off, and the policy sends them again on fresh connections as soon as the circuit lets them
 * (issue 15, ADR 0013).
 */
export class EmissionsInFlight {
  private nextId = 1;
  private readonly tracked = new Map<number, Tracked>();
  /** When each endpoint's circuit left `closed`, while it is not closed. */
  private readonly openedAt = new Map<string, number>();
  /** When each endpoint last moved an emission's bytes or answered one. */
  private readonly lastHeardAt = new Map<string, number>();

  constructor(
    private readonly clock: Clock,
    private readonly sleeper: Sleeper,
  ) {}

  begin(endpoint: string, bodyBytes: number, write: boolean): EmissionHandle {
    const now = this.clock.now();
    const t: Tracked = {
      id: this.nextId++,
      endpoint,
      startedAt: now,
      bodyBytes,
      write,
      controller: new AbortController(),
      ended: new AbortController(),
      lastProgressAt: now,
      sentBytes: 0,
    };
    this.tracked.set(t.id, t);
    return {
      abandon: t.controller.signal,
      progress: (totalSent) => {
        if (totalSent <= t.sentBytes) return;
        t.sentBytes = totalSent;
        t.lastProgressAt = this.clock.now();
        this.lastHeardAt.set(endpoint, t.lastProgressAt);
      },
      silent: (check) => {
        void this.whenQuiet(t, check);
      },
      end: (answered = false) => {
        this.tracked.delete(t.id);
        t.ended.abort();
        if (answered) this.lastHeardAt.set(endpoint, this.clock.now());
      },
    };
  }

  /** See `EmissionHandle.silent`. */
  private async whenQuiet(t: Tracked, check: () => void): Promise<void> {
    const quietSince = t.lastProgressAt;
    const silence = Math.max(1, this.clock.now() - quietSince);
    let since = quietSince;
    for (;;) {
      if (!this.tracked.has(t.id) || t.lastProgressAt > quietSince) return;
      if ((this.lastHeardAt.get(t.endpoint) ?? -Infinity) <= since) {
        check();
        return;
      }
      since = this.clock.now();
      try {
        await this.sleeper.sleep(silence, t.ended.signal);
      } catch {
        return;
      }
    }
  }

  onPolicyEvent(event: RetryEvent): void {
    if (event.type !== 'circuit') return;
    const { endpoint, state } = event;
    const now = this.clock.now();
    const openedAt = this.openedAt.get(endpoint) ?? now;
    if (state.kind === 'half-open') {
      this.openedAt.set(endpoint, openedAt);
      return;
    }
    if (state.kind === 'closed') {
      if (!this.openedAt.has(endpoint)) return;
      this.openedAt.delete(endpoint);
    } else this.openedAt.set(endpoint, openedAt);
    // At the closing, and at each failed probe: abandoned while the route is still gone, a
    // resend waits for the circuit like any call and goes beside the next no-route probe, so
    // its first byte leaves one connection set-up after the link is back.
    this.abandonStalled(endpoint, { openedAt, now });
  }

  private abandonStalled(endpoint: string, outage: ObservedOutage): void {
    const mine = [...this.tracked.values()].filter((t) => t.endpoint === endpoint);
    const chosen = stalledToResend(
      mine.map((t) => ({
        id: t.id,
        startedAt: t.startedAt,
        lastProgressAt: t.lastProgressAt,
        sentBytes: t.sentBytes,
        replayable:
          !t.controller.signal.aborted &&
          (!t.write || (t.bodyBytes > 0 && t.sentBytes < t.bodyBytes)),
      })),
      outage,
    );
    for (const id of chosen) this.tracked.get(id)?.controller.abort();
  }
}
