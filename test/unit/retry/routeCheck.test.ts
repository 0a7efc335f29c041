import { describe, expect, it } from 'vitest';
import type { Failure, Outcome } from '../../../shared/retry/Outcome';
import { success } from '../../../shared/retry/Outcome';
import type { RetryCall, RetryEvent } from '../../../shared/retry/RetryCall';
import { RetryPolicy } from '../../../shared/retry/RetryPolicy';
import { defaultRetrySettings } from '../../../shared/retry/RetrySettings';
import { VirtualTime } from '../../support/VirtualTime';
import { fixedRandom } from './fixedRandom';
import { linkUpInstants } from './linkUpInstants';
import { failFast } from './scriptedEndpoint';

const ENDPOINT = 'http://127.0.0.1:7480';
const RTT = 80;
const noRoute: Failure = { kind: 'unreachable', reason: 'no-route' };
const { routeCheckCapMs, noRouteProbeCapMs } = defaultRetrySettings.breaker;

const setup = (random: number) => {
  const time = new VirtualTime();
  const policy = new RetryPolicy({ clock: time, sleeper: time, random: fixedRandom(random) });
  const events: RetryEvent[] = [];
  policy.onEvent((e) => events.push(e));
  const call = (over: Partial<RetryCall> = {}): RetryCall => ({
    endpoint: ENDPOINT,
    profile: 'insistent',
    deadline: time.now() + 10 * 60_000,
    operation: 'UploadPart',
    ...over,
  });
  return { time, policy, events, call };
};

/**
 * This machine and the endpoint in one: `routeAt(t)` says whether a route exists at t, `answers`
 * what a request that has a route gets (after `durationMs`). Every request is logged.
 */
const endpoint = (
  time: VirtualTime,
  routeAt: (t: number) => boolean,
  reachableAt: (t: number) => boolean = routeAt,
) => {
  const checks: number[] = [];
  const requests: { readonly what: string; readonly at: number }[] = [];
  const route = (): Promise<Outcome<void>> => {
    checks.push(time.now());
    return Promise.resolve(routeAt(time.now()) ? success(undefined) : noRoute);
  };
  const request =
    <T>(what: string, answer: () => Outcome<T>, durationMs: number) =>
    async (): Promise<Outcome<T>> => {
      requests.push({ what, at: time.now() });
      if (!reachableAt(time.now())) return noRoute;
      await time.sleep(durationMs);
      return answer();
    };
  return { checks, requests, route, request };
};

const gaps = (instants: readonly number[]): number[] =>
  instants.slice(1).map((t, i) => t - (instants[i] ?? 0));

describe('the route check while no route (issue 15: the first payload byte after a link-up)', () => {
  it('sends nothing while there is no route, then the cheap probe and every waiting call at once, within one check of the route coming back', async () => {
    for (const [upAfter, random] of linkUpInstants) {
      const { time, policy, call } = setup(random);
      let upAt = Infinity;
      const end = endpoint(time, (t) => t >= upAt);
      policy.probeWith(
        ENDPOINT,
        end.request('head', () => success(undefined), RTT),
        end.route,
      );
      await failFast(time, policy, call, noRoute, 3);
      upAt = time.now() + upAfter;
      const part = end.request('part', () => success('etag'), 5_000);
      const results = await time.drive(
        Promise.all([1, 2, 3, 4].map(() => policy.run(call({ deadline: upAt + 60_000 }), part))),
      );
      const label = `route back after ${upAfter} ms, random ${random}`;
      expect(results.map((r) => r.kind)).toEqual(Array(4).fill('success'));
      // Nothing was sent while the route was gone: only looked up, 10-20 ms apart.
      expect(
        end.requests.filter((r) => r.at < upAt),
        label,
      ).toEqual([]);
      expect(Math.max(...gaps(end.checks)), label).toBeLessThanOrEqual(routeCheckCapMs);
      // The first check after the route came back let everyone go, beside the cheap probe.
      const first = end.requests[0]?.at ?? Infinity;
      expect(first - upAt, label).toBeLessThanOrEqual(routeCheckCapMs);
      expect(end.requests.map((r) => `${r.what}@${r.at - first}`)).toEqual([
        'head@0',
        'part@0',
        'part@0',
        'part@0',
        'part@0',
      ]);
      expect(policy.circuit(ENDPOINT)).toEqual({ kind: 'closed' });
      expect(policy.counters(ENDPOINT).retriesGranted).toBe(0);
      expect(policy.budgetAvailable(ENDPOINT)).toBe(defaultRetrySettings.budget.capacity);
    }
  });

  it('a server that answers badly when the route is back keeps the breaker: one probe at a time, Retry-After never undercut', async () => {
    const { time, policy, events, call } = setup(0.5);
    await failFast(time, policy, call, noRoute, 3);
    const upAt = time.now() + 2_000;
    const end = endpoint(time, (t) => t >= upAt);
    const busyUntil = upAt + 20_000;
    const slowDown: Failure = {
      kind: 'refused',
      status: 503,
      code: 'SlowDown',
      retryAfterMs: 5_000,
    };
    const answer =
      <T>(value: T) =>
      (): Outcome<T> =>
        time.now() < busyUntil ? slowDown : success(value);
    policy.probeWith(ENDPOINT, end.request('head', answer(undefined), RTT), end.route);
    const part = end.request('part', answer('etag'), 1_000);
    const results = await time.drive(Promise.all([1, 2, 3, 4].map(() => policy.run(call(), part))));
    expect(results.map((r) => r.kind)).toEqual(Array(4).fill('success'));
    const first = end.requests[0]?.at ?? Infinity;
    // Once each beside the probe when the route came back (the work already planned)...
    expect(end.requests.filter((r) => r.at === first)).toHaveLength(5);
    // ...then the struggling server decides: nothing within its Retry-After, and while the
    // circuit is open for it, probes one at a time (the cheap one), never a route check's burst.
    const later = end.requests.filter((r) => r.at > first);
    expect(later[0]?.at ?? 0).toBeGreaterThanOrEqual(first + RTT + 5_000);
    const opened = events.flatMap((e) =>
      e.type === 'circuit' && e.state.kind === 'open' ? [e.state.cause] : [],
    );
    expect(opened.at(-1)).toBe('server-unavailable');
    const heads = end.requests.filter((r) => r.what === 'head' && r.at > first && r.at < busyUntil);
    expect(heads.length).toBeGreaterThanOrEqual(2);
    expect(Math.min(...gaps(heads.map((r) => r.at)))).toBeGreaterThanOrEqual(5_000);
    const checksAfter = end.checks.filter((t) => t > first);
    expect(checksAfter).toEqual([]);
  });

  it("a route the check finds but requests do not (a router's unreachable) is not trusted again in that outage: no more than before, one probe and one call per 50-100 ms", async () => {
    const { time, policy, call } = setup(0.5);
    await failFast(time, policy, call, noRoute, 3);
    const routeAt = time.now() + 1_000;
    const reachableAt = routeAt + 3_000;
    const end = endpoint(
      time,
      (t) => t >= routeAt,
      (t) => t >= reachableAt,
    );
    policy.probeWith(
      ENDPOINT,
      end.request('head', () => success(undefined), RTT),
      end.route,
    );
    const part = end.request('part', () => success('etag'), 1_000);
    const results = await time.drive(Promise.all([1, 2, 3, 4].map(() => policy.run(call(), part))));
    expect(results.map((r) => r.kind)).toEqual(Array(4).fill('success'));
    const misled = end.requests.filter((r) => r.at < reachableAt);
    // The first time the check found a route, all went beside the probe and found none...
    const firstAt = misled[0]?.at ?? Infinity;
    expect(misled.filter((r) => r.at === firstAt)).toHaveLength(5);
    // ...after which each probe slot sends the probe and one call, as without a check.
    const rest = misled.filter((r) => r.at > firstAt);
    const instants = [...new Set(rest.map((r) => r.at))];
    for (const at of instants) {
      expect(rest.filter((r) => r.at === at).map((r) => r.what)).toEqual(['head', 'part']);
    }
    expect(instants.length).toBeGreaterThanOrEqual(2);
    expect(Math.min(...gaps(instants))).toBeGreaterThanOrEqual(noRouteProbeCapMs / 2);
    expect(instants.length).toBeLessThanOrEqual(
      Math.ceil((reachableAt - firstAt) / (noRouteProbeCapMs / 2)),
    );
    // No retry paid for any of it: nothing left this machine's own failures' count.
    expect(policy.counters(ENDPOINT).retriesGranted).toBe(0);
    expect(policy.circuit(ENDPOINT)).toEqual({ kind: 'closed' });
  });

  it('a route check that cannot tell (a name that does not resolve) leaves the probes as they were', async () => {
    const { time, policy, call } = setup(0.5);
    await failFast(time, policy, call, noRoute, 3);
    const upAt = time.now() + 2_000;
    const end = endpoint(time, (t) => t >= upAt);
    const dns: Failure = { kind: 'unreachable', reason: 'dns' };
    policy.probeWith(
      ENDPOINT,
      end.request('head', () => success(undefined), RTT),
      () => Promise.resolve(dns),
    );
    const part = end.request('part', () => success('etag'), 1_000);
    await time.drive(policy.run(call(), part));
    const heads = end.requests.filter((r) => r.what === 'head').map((r) => r.at);
    // As before the route check: the cheap probe and the slot's call every 50-100 ms.
    expect(end.requests.filter((r) => r.what === 'part').map((r) => r.at)).toEqual(heads);
    expect(Math.max(...gaps(heads))).toBeLessThanOrEqual(noRouteProbeCapMs);
    expect(Math.min(...gaps(heads))).toBeGreaterThanOrEqual(noRouteProbeCapMs / 2);
  });

  it('suspect: with a route check, the silence is checked once by the cheap probe, then only looked up until the route is back', async () => {
    const { time, policy } = setup(0.5);
    const upAt = time.now() + 5_000;
    const end = endpoint(time, (t) => t >= upAt);
    policy.probeWith(
      ENDPOINT,
      end.request('head', () => success(undefined), RTT),
      end.route,
    );
    policy.suspect(ENDPOINT);
    await time.drive(time.sleep(6_000));
    expect(policy.circuit(ENDPOINT)).toEqual({ kind: 'closed' });
    const heads = end.requests.map((r) => r.at);
    // The silence's own check, then the probe that found the endpoint again.
    expect(heads).toHaveLength(2);
    expect((heads[1] ?? Infinity) - upAt).toBeLessThanOrEqual(routeCheckCapMs);
    expect(end.checks.length).toBeGreaterThan(5_000 / routeCheckCapMs);
  });
});
