import type { EmissionOptions } from '../../../shared/ports/ObjectStore';
import type { Outcome } from '../../../shared/retry/Outcome';
import type { AttemptContext } from '../../../shared/retry/RetryCall';
import type { RunContext } from '../run/RunContext';
import type { CallingFile } from './callPolicy';

/** The body bytes a call put on the wire: over all its attempts, and in the attempt under way. */
export type Tally = { sent: number; attemptSent: number };

/**
 * One attempt of a call, as the policy runs it: one emission on the endpoint, tracked while it is
 * on the wire (abandoned when it sat through an outage), its bytes counted as they go and paced by
 * the bandwidth cap; the file's announced wait ends as the attempt starts.
 */
export const emitAttempt =
  <T>(
    run: RunContext,
    call: {
      readonly file: CallingFile | undefined;
      readonly endpoint: string;
      readonly operation: string;
      readonly bodyBytes: number;
      readonly write: boolean;
      readonly emit: (options: EmissionOptions, attempt: number) => Promise<Outcome<T>>;
    },
    tally: Tally,
  ) =>
  async (ctx: AttemptContext): Promise<Outcome<T>> => {
    const { policy, inFlight, bandwidth } = run.ports;
    const { file, endpoint, bodyBytes } = call;
    tally.attemptSent = 0;
    if (ctx.attempt > 1) file?.events.waitOver();
    const emission = inFlight.begin(endpoint, bodyBytes, call.write);
    let answered = false;
    try {
      const outcome = await call.emit(
        {
          deadline: ctx.deadline,
          ...(ctx.signal === undefined ? {} : { signal: ctx.signal }),
          onBytesSent: (total) => {
            tally.sent += Math.max(0, total - tally.attemptSent);
            tally.attemptSent = total;
            emission.progress(total);
          },
          // Checked once nothing of the endpoint moved for as long as this emission is quiet.
          onSilent: () => emission.silent(() => policy.suspect(endpoint, run.controller.signal)),
          abandon: emission.abandon,
          // The cap holds on the wire, for every attempt (issue 30).
          ...(bodyBytes > 0 && bandwidth !== undefined ? { pace: bandwidth } : {}),
        },
        ctx.attempt,
      );
      answered = outcome.kind === 'success' || outcome.kind === 'refused';
      if (outcome.kind === 'unreachable' && outcome.reason === 'no-route') {
        // The body was handed to a connection that never opened: nothing left this machine.
        // (Attempts beside a no-route probe, 10-20 a second in an outage, each counted a
        // chunk: 134 MB "re-sent" by Depot's own count for 5 MB on the wire, quick harsh.)
        tally.sent -= tally.attemptSent;
      }
      if (outcome.kind === 'unreachable' && outcome.reason === 'stalled-in-outage') {
        // The policy sends it again at once and says nothing: the journal keeps the trace.
        const plan = run.planId === 0 ? null : run.planId;
        run.hub.record(plan, call.operation, 'unreachable:stalled-in-outage', ctx.attempt, 0);
      }
      return outcome;
    } finally {
      emission.end(answered);
    }
  };
