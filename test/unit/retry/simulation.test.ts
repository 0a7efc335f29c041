import { describe, expect, it } from 'vitest';
import type { Random } from '../../../shared/ports/Random';
import type { Failure, Outcome } from '../../../shared/retry/Outcome';
import { success } from '../../../shared/retry/Outcome';
import type { CallResult } from '../../../shared/retry/RetryCall';
import { RetryPolicy } from '../../../shared/retry/RetryPolicy';
import { defaultRetrySettings, type RetrySettings } from '../../../shared/retry/RetrySettings';
import { seededRandom } from '../../../shared/random/seededRandom';
import { VirtualTime } from '../../support/VirtualTime';

const ENDPOINT = 'http://127.0.0.1:7480';
const MINUTE = 60_000;

const unavailable: Failure = { kind: 'refused', status: 503, code: 'ServiceUnavailable' };
const refusedConnection: Failure = { kind: 'unreachable', reason: 'connection-refused' };

const noBreaker: Partial<RetrySettings> = {
  breaker: {
    ...defaultRetrySettings.breaker,
    unreachableThreshold: Number.POSITIVE_INFINITY,
    struggleThreshold: Number.POSITIVE_INFINITY,
  },
};

type Amplification = {
  readonly calls: number;
  readonly requests: number;
  readonly retriesGranted: number;
  readonly refusedByBudget: number;
  readonly virtualHours: number;
};

/**
 * `calls` calls from `workers` concurrent callers against an endpoint that fails every request
 * (503 or connection refused, 100 ms each). A caller starts its next call as soon as one ends,
 * except that it honours a not-before time, as the engine's deferral does.
 */
const amplification = async (
  settings: Partial<RetrySettings>,
  calls: number,
  workers: number,
): Promise<Amplification> => {
  const time = new VirtualTime();
  const random = seededRandom(20261130);
  const policy = new RetryPolicy({ clock: time, sleeper: time, random, settings });
  const failures = seededRandom(7);
  let requests = 0;
  let started = 0;
  const worker = async (): Promise<void> => {
    while (started < calls) {
      started += 1;
      const result: CallResult<never> = await policy.run(
        {
          endpoint: ENDPOINT,
          profile: 'insistent',
          deadline: time.now() + 10 * MINUTE,
          operation: 'UploadPart',
        },
        async (): Promise<Outcome<never>> => {
          requests += 1;
          await time.sleep(100);
          return failures.next() < 0.5 ? unavailable : refusedConnection;
        },
      );
      if (result.kind === 'gave-up' && result.notBefore !== undefined) {
        await time.sleep(Math.max(0, result.notBefore - time.now()));
      }
    }
  };
  const t0 = time.now();
  await time.drive(Promise.all(Array.from({ length: workers }, worker)), { maxWakes: 5_000_000 });
  const counters = policy.counters(ENDPOINT);
  return {
    calls: counters.firstAttempts,
    requests,
    retriesGranted: counters.retriesGranted,
    refusedByBudget: counters.retriesRefused.budget,
    virtualHours: (time.now() - t0) / 3_600_000,
  };
};

type RateRun = {
  readonly normalPerMinute: number;
  readonly outagePerMinute: readonly number[];
  readonly recoveredAfterMs: number;
};

/** A realistic call: 1 to 8 MiB over a quarter of a 10 Mbit/s link (4 workers), plus 80 ms RTT. */
const callDuration = (random: Random): number => {
  const mib = 1 + random.next() * 7;
  return Math.round(((mib * 8 * 1_048_576) / 2_500_000) * 1000 + 80);
};

/**
 * Four callers that start new work as soon as a call ends (failed or not). Ten minutes of normal
 * service, then ten minutes where every request is refused at once, then service again.
 */
const rateUnderOutage = async (failure: Failure): Promise<RateRun> => {
  const time = new VirtualTime();
  const policy = new RetryPolicy({ clock: time, sleeper: time, random: seededRandom(42) });
  const durations = seededRandom(4242);
  const t0 = time.now();
  const outageStart = t0 + 10 * MINUTE;
  const outageEnd = outageStart + 10 * MINUTE;
  const end = outageEnd + 5 * MINUTE;
  const requests: number[] = [];
  let firstSuccessAfterOutage = Number.POSITIVE_INFINITY;
  let loops = 0;
  const worker = async (): Promise<void> => {
    while (time.now() < end) {
      loops += 1;
      // A guard for the simulator itself: calls that fail without time passing would spin.
      if (loops > 100_000) throw new Error('callers spin: failures come back without any wait');
      await policy.run(
        {
          endpoint: ENDPOINT,
          profile: 'insistent',
          deadline: time.now() + 10 * MINUTE,
          operation: 'UploadPart',
        },
        async (): Promise<Outcome<number>> => {
          const at = time.now();
          requests.push(at);
          if (at >= outageStart && at < outageEnd) return failure;
          await time.sleep(callDuration(durations));
          if (at >= outageEnd) firstSuccessAfterOutage = Math.min(firstSuccessAfterOutage, at);
          return success(1);
        },
      );
    }
  };
  await time.drive(Promise.all(Array.from({ length: 4 }, worker)), { maxWakes: 5_000_000 });
  const perMinute = (from: number, minutes: number): number[] =>
    Array.from(
      { length: minutes },
      (_, m) =>
        requests.filter((t) => t >= from + m * MINUTE && t < from + (m + 1) * MINUTE).length,
    );
  // The first minute is the start-up of four callers at once; measure the steady state.
  const normal = perMinute(t0 + MINUTE, 9);
  return {
    normalPerMinute: normal.reduce((a, b) => a + b, 0) / normal.length,
    outagePerMinute: perMinute(outageStart, 10),
    recoveredAfterMs: firstSuccessAfterOutage - outageEnd,
  };
};

describe('simulations (discrete events, virtual time)', () => {
  it('amplification: 10,000 always-failing calls send at most 1.1 x 10,000 + 20 requests', async () => {
    // The budget alone (breaker off) is the worst case; the whole policy is run on 1,000 calls
    // only because waiting on the breaker spans days of virtual time.
    const budgetOnly = await amplification(noBreaker, 10_000, 20);
    const full = await amplification({}, 1_000, 20);
    console.log(
      `amplification, budget alone: ${budgetOnly.calls} calls -> ${budgetOnly.requests} requests ` +
        `(${budgetOnly.retriesGranted} retries, ${budgetOnly.refusedByBudget} refused by the budget), ` +
        `${budgetOnly.virtualHours.toFixed(1)} h simulated`,
    );
    console.log(
      `amplification, budget + breaker: ${full.calls} calls -> ${full.requests} requests ` +
        `(${full.retriesGranted} retries), ${full.virtualHours.toFixed(1)} h simulated`,
    );
    expect(budgetOnly.calls).toBe(10_000);
    expect(budgetOnly.requests).toBeLessThanOrEqual(1.1 * 10_000 + 20);
    // The budget is what bounds it here: without it, insistent would make 6 requests per call.
    expect(budgetOnly.requests).toBeGreaterThan(10_000);
    expect(full.requests).toBeLessThanOrEqual(1.1 * full.calls + 20);
  }, 120_000);

  it.each([
    ['503 at once', unavailable],
    ['connection refused at once', refusedConnection],
  ] as const)(
    'rate: during a 10-minute outage (%s) the endpoint gets at most 1.1 x its normal rate',
    async (what, failure) => {
      const run = await rateUnderOutage(failure);
      console.log(
        `rate, ${what}: normal ${run.normalPerMinute.toFixed(1)} req/min; outage minutes ` +
          `[${run.outagePerMinute.join(', ')}] req/min (limit ${(1.1 * run.normalPerMinute).toFixed(1)}); ` +
          `first success ${(run.recoveredAfterMs / 1000).toFixed(1)} s after the end of the outage`,
      );
      expect(run.normalPerMinute).toBeGreaterThan(0);
      for (const count of run.outagePerMinute) {
        expect(count).toBeLessThanOrEqual(1.1 * run.normalPerMinute);
      }
      // And it comes back by itself, within one probe interval cap.
      expect(run.recoveredAfterMs).toBeLessThanOrEqual(
        defaultRetrySettings.breaker.probeCapMs + MINUTE,
      );
    },
    120_000,
  );
});
