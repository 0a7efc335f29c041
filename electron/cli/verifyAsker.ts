import { RetryPolicy } from '../../shared/retry/RetryPolicy';
import type { AskServer } from '../nights/askServer';
import { askServer } from '../nights/askServer';
import { monotonicClock } from '../runtime/monotonicClock';
import { systemRandom } from '../runtime/systemRandom';
import { timerSleeper } from '../runtime/timerSleeper';

/** One question of `depot verify` (`AskServer`). */
export type VerifyAsk = AskServer;

/**
 * `depot verify`'s questions to the server, S3 or portal: the engine's retry policy as the engine
 * stack wires it (monotonic clock, timer sleeper, system random), one emission per attempt, two
 * minutes at most per question, stopped with the command.
 */
export const verifyAsker = (signal: AbortSignal): VerifyAsk =>
  askServer({
    policy: new RetryPolicy({ clock: monotonicClock, sleeper: timerSleeper, random: systemRandom }),
    clock: monotonicClock,
    signal,
  });
