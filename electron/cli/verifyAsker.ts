import type { EmissionOptions } from '../../shared/ports/ObjectStore';
import type { Outcome } from '../../shared/retry/Outcome';
import type { CallResult, ProfileName } from '../../shared/retry/RetryCall';
import { RetryPolicy } from '../../shared/retry/RetryPolicy';
import { monotonicClock } from '../runtime/monotonicClock';
import { systemRandom } from '../runtime/systemRandom';
import { timerSleeper } from '../runtime/timerSleeper';

/** How long `depot verify` gives one question, retries and waits included. */
const QUESTION_MS = 120_000;

/** One question of `depot verify`: through the retry policy, by its own rules. */
export type VerifyAsk = <T>(
  question: {
    readonly endpoint: string;
    readonly profile: ProfileName;
    readonly operation: string;
  },
  emit: (o: EmissionOptions) => Promise<Outcome<T>>,
) => Promise<CallResult<T>>;

/**
 * `depot verify`'s questions to the server, S3 or portal: each through one retry policy of the
 * command's own (one emission per attempt), two minutes at most, stopped with the command.
 */
export const verifyAsker = (signal: AbortSignal): VerifyAsk => {
  const policy = new RetryPolicy({
    clock: monotonicClock,
    sleeper: timerSleeper,
    random: systemRandom,
  });
  return (question, emit) =>
    policy.run({ ...question, deadline: monotonicClock.now() + QUESTION_MS, signal }, (ctx) =>
      emit({
        deadline: ctx.deadline,
        ...(ctx.signal === undefined ? {} : { signal: ctx.signal }),
      }),
    );
};
