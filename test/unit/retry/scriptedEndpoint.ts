import type { Failure, Outcome } from '../../../shared/retry/Outcome';
import type { AttemptContext, RetryCall } from '../../../shared/retry/RetryCall';
import type { RetryPolicy } from '../../../shared/retry/RetryPolicy';
import type { VirtualTime } from '../../support/VirtualTime';

/** An endpoint that answers from a script, one outcome per request, after `durationMs`. */
export const scripted = <T>(time: VirtualTime, outcomes: Outcome<T>[], durationMs = 0) => {
  const starts: number[] = [];
  const contexts: AttemptContext[] = [];
  const attempt = async (ctx: AttemptContext): Promise<Outcome<T>> => {
    starts.push(time.now());
    contexts.push(ctx);
    const next = outcomes.shift();
    if (next === undefined) throw new Error('script exhausted: one request too many');
    if (durationMs > 0) await time.sleep(durationMs);
    return next;
  };
  return { attempt, starts, contexts };
};

/** Single-attempt calls (too short a deadline to retry) that each fail with `failure`. */
export const failFast = async (
  time: VirtualTime,
  policy: RetryPolicy,
  call: (over?: Partial<RetryCall>) => RetryCall,
  failure: Failure,
  times: number,
): Promise<void> => {
  for (let i = 0; i < times; i += 1) {
    const short = call({ profile: 'brief', deadline: time.now() + 1_200 });
    await time.drive(policy.run(short, scripted(time, [failure]).attempt));
  }
};
