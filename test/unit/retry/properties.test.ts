import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { equalJitterBounds } from '../../../shared/retry/equalJitter';
import type { Failure, Outcome } from '../../../shared/retry/Outcome';
import { success } from '../../../shared/retry/Outcome';
import type { CallResult, ProfileName, RetryEvent } from '../../../shared/retry/RetryCall';
import { RetryPolicy } from '../../../shared/retry/RetryPolicy';
import { defaultRetrySettings } from '../../../shared/retry/RetrySettings';
import { itemAt } from '../../support/itemAt';
import { seededRandom } from '../../../shared/random/seededRandom';
import { VirtualTime } from '../../support/VirtualTime';

const ENDPOINTS = ['http://127.0.0.1:7480', 'http://127.0.0.1:9000'] as const;

const failureArb: fc.Arbitrary<Failure> = fc.oneof(
  fc.record({
    kind: fc.constant('unreachable' as const),
    reason: fc.constantFrom(
      'connection-refused' as const,
      'connection-reset' as const,
      'dns' as const,
      'timeout' as const,
      'stall' as const,
      'network' as const,
    ),
  }),
  fc.record(
    {
      kind: fc.constant('refused' as const),
      status: fc.constantFrom(400, 403, 404, 409, 412, 429, 500, 501, 502, 503, 504, 505),
      code: fc.constantFrom(
        'SlowDown',
        'RequestTimeout',
        'RequestTimeTooSkewed',
        'AccessDenied',
        'InternalError',
      ),
      retryAfterMs: fc.integer({ min: 0, max: 40_000 }),
      serverTime: fc.integer({ min: 0, max: 2_000_000_000_000 }),
    },
    { requiredKeys: ['kind', 'status'] },
  ),
  fc.constant({ kind: 'aborted' as const }),
);

const outcomeArb: fc.Arbitrary<Outcome<number>> = fc.oneof(
  { weight: 1, arbitrary: fc.constant(success(1)) },
  { weight: 4, arbitrary: failureArb },
);

const callArb = fc.record({
  endpoint: fc.integer({ min: 0, max: ENDPOINTS.length - 1 }),
  profile: fc.constantFrom<ProfileName>('insistent', 'brief'),
  startMs: fc.integer({ min: 0, max: 60_000 }),
  deadlineMs: fc.integer({ min: 500, max: 600_000 }),
  durationMs: fc.integer({ min: 0, max: 5_000 }),
});

const scenarioArb = fc.record({
  seed: fc.integer(),
  capacity: fc.constantFrom(1, 3, 20),
  calls: fc.array(callArb, { minLength: 1, maxLength: 60 }),
  outcomes: fc.array(outcomeArb, { minLength: 1, maxLength: 40 }),
  network: fc.array(
    fc.record({ atMs: fc.integer({ min: 0, max: 120_000 }), online: fc.boolean() }),
    {
      maxLength: 3,
    },
  ),
});

type Request = { readonly call: number; readonly at: number };

describe('RetryPolicy properties (any outcomes, any interleaving)', () => {
  it('bounds attempts, delays and retries', async () => {
    await fc.assert(
      fc.asyncProperty(scenarioArb, async ({ seed, capacity, calls, outcomes, network }) => {
        const time = new VirtualTime();
        const settings = {
          budget: { ...defaultRetrySettings.budget, capacity },
        };
        const policy = new RetryPolicy({
          clock: time,
          sleeper: time,
          random: seededRandom(seed),
          settings,
        });
        const events: { readonly at: number; readonly event: RetryEvent }[] = [];
        policy.onEvent((event) => events.push({ at: time.now(), event }));
        const requests: Request[] = [];
        const served = ENDPOINTS.map(() => 0);
        const t0 = time.now();

        const runs = calls.map(async (c, i): Promise<CallResult<number>> => {
          await time.sleep(c.startMs);
          return policy.run(
            {
              endpoint: itemAt(ENDPOINTS, c.endpoint),
              profile: c.profile,
              deadline: time.now() + c.deadlineMs,
              operation: `call-${i}`,
            },
            async () => {
              requests.push({ call: i, at: time.now() });
              const n = itemAt(served, c.endpoint);
              served[c.endpoint] = n + 1;
              const outcome = itemAt(outcomes, (n + c.endpoint) % outcomes.length);
              if (c.durationMs > 0) await time.sleep(c.durationMs);
              return outcome;
            },
          );
        });
        const toggles = network.map(async ({ atMs, online }) => {
          await time.sleep(atMs);
          policy.networkChanged(online);
        });
        // Back online at the end so no call waits on an offline signal forever.
        const settle = (async () => {
          await time.sleep(130_000);
          policy.networkChanged(true);
        })();
        const results = await time.drive(Promise.all(runs), { maxWakes: 200_000 });
        await time.drive(Promise.all([...toggles, settle]));

        calls.forEach((c, i) => {
          const mine = requests.filter((r) => r.call === i);
          const profile = defaultRetrySettings.profiles[c.profile];
          // Attempts per call never exceed the profile, and the result says how many were made.
          expect(mine.length).toBeLessThanOrEqual(profile.maxAttempts);
          expect(results[i]?.attempts).toBe(mine.length);
          const scheduled = events.flatMap(({ at, event }) =>
            event.type === 'retry-scheduled' && event.operation === `call-${i}`
              ? [{ at, event }]
              : [],
          );
          scheduled.forEach(({ at, event }, k) => {
            const delay = event.nextAttemptAt - at;
            const bounds = equalJitterBounds(profile.baseMs, profile.capMs, event.attempt);
            const retryAfter =
              event.failure.kind === 'refused' ? event.failure.retryAfterMs : undefined;
            const inJitter = delay >= bounds.min && delay <= bounds.max;
            expect(inJitter || delay === retryAfter).toBe(true);
            if (retryAfter !== undefined) expect(delay).toBeGreaterThanOrEqual(retryAfter);
            // The next attempt, if any, never starts before the announced instant.
            const next = mine[k + 1];
            if (next !== undefined) expect(next.at).toBeGreaterThanOrEqual(event.nextAttemptAt);
          });
        });

        let first = 0;
        let retries = 0;
        for (const endpoint of ENDPOINTS) {
          const counters = policy.counters(endpoint);
          first += counters.firstAttempts;
          retries += counters.retriesGranted;
          // The budget's bound, per endpoint, whatever failed and however calls interleaved.
          expect(counters.retriesGranted).toBeLessThanOrEqual(
            0.1 * counters.firstAttempts + capacity + 1e-9,
          );
        }
        const calledEndpoints = new Set(calls.map((c) => c.endpoint)).size;
        expect(requests.length).toBeLessThanOrEqual(first + retries);
        expect(retries).toBeLessThanOrEqual(0.1 * first + capacity * calledEndpoints + 1e-9);
        expect(time.now()).toBeGreaterThanOrEqual(t0);
      }),
      { numRuns: 150 },
    );
  });

  it('process-wide, one endpoint: retries <= 0.1 x first attempts + 20', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.integer(),
        fc.array(failureArb, { minLength: 1, maxLength: 20 }),
        fc.integer({ min: 1, max: 400 }),
        async (seed, failures, callCount) => {
          const time = new VirtualTime();
          const policy = new RetryPolicy({
            clock: time,
            sleeper: time,
            random: seededRandom(seed),
          });
          let n = 0;
          const runs = Array.from({ length: callCount }, (_, i) =>
            policy.run(
              {
                endpoint: itemAt(ENDPOINTS, 0),
                profile: i % 3 === 0 ? 'brief' : 'insistent',
                deadline: time.now() + 600_000,
                operation: `call-${i}`,
              },
              () => Promise.resolve(itemAt(failures, n++ % failures.length)),
            ),
          );
          await time.drive(Promise.all(runs), { maxWakes: 500_000 });
          const all = policy.allCounters();
          expect(all.firstAttempts).toBe(callCount);
          expect(all.retriesGranted).toBeLessThanOrEqual(0.1 * all.firstAttempts + 20 + 1e-9);
          expect(n).toBeLessThanOrEqual(all.firstAttempts + all.retriesGranted);
        },
      ),
      { numRuns: 60 },
    );
  });
});
