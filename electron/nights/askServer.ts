import type { Clock } from '../../shared/ports/Clock';
import type { EmissionOptions } from '../../shared/ports/ObjectStore';
import type { Outcome } from '../../shared/retry/Outcome';
import type { CallResult, ProfileName } from '../../shared/retry/RetryCall';
import type { RetryPolicy } from '../../shared/retry/RetryPolicy';

/** How long one question to the server may take, retries and waits included. */
export const QUESTION_MS = 120_000;

/** One question to the server outside a plan's run (verifying a night): one emission per attempt. */
export type AskServer = <T>(
  question: {
    readonly endpoint: string;
    readonly profile: ProfileName;
    readonly operation: string;
  },
  emit: (o: EmissionOptions) => Promise<Outcome<T>>,
) => Promise<CallResult<T>>;

/**
 * Questions through the engine's retry policy (its profiles, budget and breaker per endpoint),
 * each given `QUESTION_MS` on the injected clock (monotonic in the commands: a wall clock set
 * back or forward moves no deadline), stopped with `signal`.
 */
export const askServer =
  (ports: {
    readonly policy: RetryPolicy;
    readonly clock: Clock;
    readonly signal: AbortSignal;
  }): AskServer =>
  (question, emit) =>
    ports.policy.run(
      { ...question, deadline: ports.clock.now() + QUESTION_MS, signal: ports.signal },
      (ctx) =>
        emit({
          deadline: ctx.deadline,
          ...(ctx.signal === undefined ? {} : { signal: ctx.signal }),
        }),
    );
