import type { Random } from '../../shared/ports/Random';
import { equalJitter } from '../../shared/retry/equalJitter';
import type { RetryPolicy } from '../../shared/retry/RetryPolicy';
import type { RetryLayer } from './RetryLayer';
import type { VirtualScheduler } from './VirtualScheduler';

/** The ramp tried for issue 16 (ADR 0019): what it admits after the circuit closes. */
export type RampShape = {
  /** Calls admitted at once (each of the engine's slots resumes), and the bucket's size. */
  readonly burst: number;
  readonly startPerS: number;
  /** The rate doubles after each step, half to all of this long (equal jitter, per client). */
  readonly stepMs: number;
  /** The ramp ends once the rate would reach this. */
  readonly fullPerS: number;
};

/**
 * A recovery ramp in front of Depot's retry layer, for the simulation only (ADR 0019: measured,
 * not shipped): once the policy's circuit closes after being open, calls are admitted from a
 * token bucket whose rate starts small and doubles at jittered steps until `fullPerS`.
 */
export const recoveryRampLayer = (
  inner: RetryLayer,
  policy: RetryPolicy,
  time: VirtualScheduler,
  random: Random,
  shape: RampShape,
): RetryLayer => {
  let ramp: { perS: number; tokens: number; at: number; nextStepAt: number } | undefined;
  let wasClosed = true;
  const stepMs = (): number => equalJitter(shape.stepMs, shape.stepMs, 1, random.next());
  policy.onEvent((event) => {
    if (event.type !== 'circuit') return;
    const closed = event.state.kind === 'closed';
    if (closed && !wasClosed) {
      const now = time.now();
      ramp = {
        perS: shape.startPerS,
        tokens: shape.burst,
        at: now,
        nextStepAt: now + stepMs(),
      };
    }
    if (event.state.kind === 'open') ramp = undefined;
    wasClosed = closed;
  });
  /** Milliseconds to wait before a call may go (0: it goes, its token taken). */
  const take = (now: number): number => {
    while (ramp !== undefined && now >= ramp.nextStepAt) {
      ramp.tokens = Math.min(
        shape.burst,
        ramp.tokens + ((ramp.nextStepAt - ramp.at) * ramp.perS) / 1000,
      );
      ramp.at = ramp.nextStepAt;
      ramp.perS *= 2;
      ramp.nextStepAt += stepMs();
      if (ramp.perS >= shape.fullPerS) ramp = undefined;
    }
    if (ramp === undefined) return 0;
    ramp.tokens = Math.min(shape.burst, ramp.tokens + ((now - ramp.at) * ramp.perS) / 1000);
    ramp.at = now;
    if (ramp.tokens >= 1) {
      ramp.tokens -= 1;
      return 0;
    }
    return Math.ceil(((1 - ramp.tokens) * 1000) / ramp.perS);
  };
  // At each emission, not before the call: callers already waiting inside the policy for the
  // probe's answer go through the ramp too.
  return {
    ...inner,
    run: (call, attempt) =>
      inner.run(call, async (ctx) => {
        for (let wait = take(time.now()); wait > 0; wait = take(time.now())) {
          await time.sleep(wait);
        }
        return attempt(ctx);
      }),
  };
};
