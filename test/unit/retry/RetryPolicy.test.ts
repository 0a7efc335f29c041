import { describe, expect, it } from 'vitest';
import { classifyResponse } from '../../../shared/retry/classifyResponse';
import type { Failure, Outcome } from '../../../shared/retry/Outcome';
import { success } from '../../../shared/retry/Outcome';
import type { CallEvent, RetryCall, RetryEvent } from '../../../shared/retry/RetryCall';
import { RetryPolicy } from '../../../shared/retry/RetryPolicy';
import { defaultRetrySettings, type RetrySettings } from '../../../shared/retry/RetrySettings';
import { itemAt } from '../../support/itemAt';
import { fixedRandom } from './fixedRandom';
import { VirtualTime } from '../../support/VirtualTime';
import { linkUpInstants } from './linkUpInstants';
import { failFast, scripted } from './scriptedEndpoint';

const ENDPOINT = 'http://127.0.0.1:7480';
const reset: Failure = { kind: 'unreachable', reason: 'connection-reset' };
const refused = (status: number, extra: Partial<Failure & { kind: 'refused' }> = {}): Failure => ({
  kind: 'refused',
  status,
  ...extra,
});

const setup = (random = 0.5, settings: Partial<RetrySettings> = {}) => {
  const time = new VirtualTime();
  const policy = new RetryPolicy({
    clock: time,
    sleeper: time,
    random: fixedRandom(random),
    settings,
  });
  const events: RetryEvent[] = [];
  policy.onEvent((e) => events.push(e));
  const t0 = time.now();
  const call = (over: Partial<RetryCall> = {}): RetryCall => ({
    endpoint: ENDPOINT,
    profile: 'insistent',
    deadline: t0 + 10 * 60_000,
    operation: 'PutObject',
    ...over,
  });
  return { time, policy, events, t0, call };
};

const circuitKinds = (events: readonly RetryEvent[]): string[] =>
  events.flatMap((e) =>
    e.type === 'circuit' ? [e.state.kind === 'open' ? `open:${e.state.cause}` : e.state.kind] : [],
  );

describe('RetryPolicy scenarios (virtual time)', () => {
  it('succeeds after transient failures, with equal-jitter waits and counters', async () => {
    const { time, policy, events, t0, call } = setup(0.5);
    const end = scripted(time, [reset, refused(503, { code: 'SlowDown' }), success('etag')]);
    const result = await time.drive(policy.run(call(), end.attempt));
    expect(result).toEqual({ kind: 'success', value: 'etag', attempts: 3 });
    // d = 1 s then 2 s; equal jitter at 0.5 gives 3/4 of d.
    expect(end.starts).toEqual([t0, t0 + 750, t0 + 750 + 1500]);
    expect(events.filter((e) => e.type === 'retry-scheduled')).toEqual([
      {
        type: 'retry-scheduled',
        endpoint: ENDPOINT,
        operation: 'PutObject',
        attempt: 1,
        failure: reset,
        nextAttemptAt: t0 + 750,
      },
      {
        type: 'retry-scheduled',
        endpoint: ENDPOINT,
        operation: 'PutObject',
        attempt: 2,
        failure: refused(503, { code: 'SlowDown' }),
        nextAttemptAt: t0 + 2250,
      },
    ]);
    expect(policy.counters(ENDPOINT)).toMatchObject({ firstAttempts: 1, retriesGranted: 2 });
    expect(policy.budgetAvailable(ENDPOINT)).toBe(18);
  });

  it("tells the call's own caller its waits and its end, before the listeners (issue 32)", async () => {
    const { time, policy, events, t0, call } = setup(0.5);
    const order: string[] = [];
    policy.onEvent((e) => order.push(`listener:${e.type}`));
    const told: CallEvent[] = [];
    const end = scripted(time, [reset, refused(403, { code: 'AccessDenied' })]);
    await time.drive(
      policy.run(
        call({
          onEvent: (e) => {
            told.push(e);
            order.push(`caller:${e.type}`);
          },
        }),
        end.attempt,
      ),
    );
    expect(told.map((e) => e.type)).toEqual(['retry-scheduled', 'gave-up']);
    expect(told[0]).toMatchObject({ attempt: 1, nextAttemptAt: t0 + 750 });
    expect(order).toEqual([
      'caller:retry-scheduled',
      'listener:retry-scheduled',
      'caller:gave-up',
      'listener:gave-up',
    ]);
    // Another call's events are not this caller's.
    await time.drive(policy.run(call(), scripted(time, [reset, success('x')]).attempt));
    expect(told).toHaveLength(2);
    expect(events.filter((e) => e.type === 'retry-scheduled')).toHaveLength(2);
  });

  it('gives up at once on a 4xx, with the cause, without waiting', async () => {
    const { time, policy, events, t0, call } = setup();
    const denied = refused(403, { code: 'AccessDenied' });
    const end = scripted(time, [denied]);
    const result = await time.drive(policy.run(call(), end.attempt));
    expect(result).toEqual({
      kind: 'gave-up',
      reason: 'not-retryable',
      last: denied,
      attempts: 1,
      doNotInsist: true,
    });
    expect(time.now()).toBe(t0);
    expect(time.sleeps).toEqual([]);
    expect(policy.counters(ENDPOINT).retriesRefused['not-retryable']).toBe(1);
    expect(events.at(-1)).toMatchObject({ type: 'gave-up', reason: 'not-retryable' });
  });

  it('gives up at once on a refused certificate: no retry, no wait, the circuit stays closed', async () => {
    const { time, policy, events, t0, call } = setup();
    const untrusted: Failure = {
      kind: 'certificate',
      problem: 'untrusted',
      code: 'DEPTH_ZERO_SELF_SIGNED_CERT',
    };
    for (let i = 0; i < 5; i += 1) {
      const end = scripted(time, [untrusted]);
      const result = await time.drive(policy.run(call(), end.attempt));
      expect(result).toEqual({
        kind: 'gave-up',
        reason: 'not-retryable',
        last: untrusted,
        attempts: 1,
        doNotInsist: true,
      });
    }
    expect(time.now()).toBe(t0);
    expect(time.sleeps).toEqual([]);
    expect(policy.circuit(ENDPOINT)).toEqual({ kind: 'closed' });
    expect(circuitKinds(events)).toEqual([]);
  });

  it('a certificate refused to the probe after an outage closes the circuit: callers then meet it themselves', async () => {
    const { time, policy, call } = setup(0.5);
    await failFast(time, policy, call, reset, 3);
    const expired: Failure = { kind: 'certificate', problem: 'expired', code: 'CERT_HAS_EXPIRED' };
    const cheap = scripted(time, [expired], 80);
    policy.probeWith(ENDPOINT, cheap.attempt);
    const part = scripted(time, [expired], 80);
    const result = await time.drive(policy.run(call({ operation: 'UploadPart' }), part.attempt));
    expect(result).toMatchObject({ kind: 'gave-up', reason: 'not-retryable', last: expired });
    expect(cheap.starts).toHaveLength(1);
    expect(part.starts).toHaveLength(1);
    expect(policy.circuit(ENDPOINT)).toEqual({ kind: 'closed' });
  });

  it('respects Retry-After to the millisecond, never undercut by a shorter backoff', async () => {
    const { time, policy, t0, call } = setup(0.99);
    const slowDown = classifyResponse({
      status: 503,
      code: 'SlowDown',
      headers: { 'x-amz-retry-after': '7321' },
      receivedAt: t0,
    });
    const end = scripted(time, [slowDown, success(1)]);
    await time.drive(policy.run(call(), end.attempt));
    expect(end.starts).toEqual([t0, t0 + 7321]);
  });

  it('waits the backoff when it is longer than Retry-After', async () => {
    const { time, policy, t0, call } = setup(0.5);
    const end = scripted(time, [refused(503, { retryAfterMs: 100 }), success(1)]);
    await time.drive(policy.run(call(), end.attempt));
    expect(end.starts).toEqual([t0, t0 + 750]);
  });

  it('returns a not-before time when Retry-After lies past the deadline', async () => {
    const { time, policy, t0, call } = setup();
    const end = scripted(time, [refused(503, { code: 'SlowDown', retryAfterMs: 20_000 })], 400);
    const result = await time.drive(policy.run(call({ deadline: t0 + 10_000 }), end.attempt));
    expect(result).toMatchObject({
      kind: 'gave-up',
      reason: 'deadline',
      attempts: 1,
      notBefore: t0 + 400 + 20_000,
      doNotInsist: true,
    });
    expect(time.now()).toBe(t0 + 400);
  });

  it('returns a not-before time when Retry-After exceeds the profile cap', async () => {
    const { time, policy, t0, call } = setup();
    const end = scripted(time, [refused(429, { retryAfterMs: 5_000 })]);
    const result = await time.drive(policy.run(call({ profile: 'brief' }), end.attempt));
    expect(result).toMatchObject({ reason: 'deadline', notBefore: t0 + 5_000, attempts: 1 });
  });

  it('brief never makes more than 2 attempts, nor waits more than 2 s', async () => {
    const { time, policy, t0, call } = setup(0.999);
    const end = scripted(time, [refused(500), refused(500), refused(500)]);
    const result = await time.drive(policy.run(call({ profile: 'brief' }), end.attempt));
    expect(result).toMatchObject({ kind: 'gave-up', reason: 'attempts-exhausted', attempts: 2 });
    expect(end.starts).toHaveLength(2);
    expect(itemAt(end.starts, 1) - t0).toBeLessThanOrEqual(2_000);
  });

  it('insistent stops after 6 attempts, waits capped at 30 s', async () => {
    const { time, policy, call } = setup(0.999);
    const end = scripted(
      time,
      Array.from({ length: 7 }, () => reset),
    );
    // Breaker out of the way: this is about the profile alone.
    const result = await time.drive(
      new RetryPolicy({
        clock: time,
        sleeper: time,
        random: fixedRandom(0.999),
        settings: { breaker: { ...defaultRetrySettings.breaker, unreachableThreshold: 100 } },
      }).run(call(), end.attempt),
    );
    expect(result).toMatchObject({ reason: 'attempts-exhausted', attempts: 6 });
    expect(Math.max(...time.sleeps)).toBeLessThanOrEqual(30_000);
    expect(time.sleeps[4]).toBeGreaterThanOrEqual(8_000);
    expect(policy.counters(ENDPOINT).firstAttempts).toBe(0);
  });

  it('starts no attempt with less than the minimum time left', async () => {
    const { time, policy, t0, call } = setup();
    const end = scripted(time, [success(1)]);
    const result = await time.drive(policy.run(call({ deadline: t0 + 999 }), end.attempt));
    expect(result).toEqual({
      kind: 'gave-up',
      reason: 'deadline',
      attempts: 0,
      doNotInsist: false,
    });
    expect(end.starts).toEqual([]);
  });

  it('gives up when the backoff would end past the deadline', async () => {
    const { time, policy, t0, call } = setup(0.5);
    const end = scripted(time, [reset]);
    const result = await time.drive(policy.run(call({ deadline: t0 + 1_500 }), end.attempt));
    expect(result).toMatchObject({ reason: 'deadline', notBefore: t0 + 750, attempts: 1 });
  });

  it('aborting during the wait returns gave-up "aborted" at once, without throwing', async () => {
    const { time, policy, t0, call } = setup(0.5);
    const controller = new AbortController();
    const end = scripted(time, [reset, success(1)]);
    const running = policy.run(call({ signal: controller.signal }), end.attempt);
    await time.advance(300);
    controller.abort();
    const result = await time.drive(running);
    expect(result).toMatchObject({ kind: 'gave-up', reason: 'aborted', doNotInsist: false });
    expect(time.now()).toBe(t0 + 300);
    expect(end.starts).toHaveLength(1);
  });

  it('a retry granted but never sent is refunded to the budget', async () => {
    const { time, policy, call } = setup(0.5);
    const controller = new AbortController();
    const running = policy.run(
      call({ signal: controller.signal }),
      scripted(time, [reset]).attempt,
    );
    await time.advance(100);
    expect(policy.budgetAvailable(ENDPOINT)).toBe(19);
    controller.abort();
    await time.drive(running);
    expect(policy.budgetAvailable(ENDPOINT)).toBe(20);
    expect(policy.counters(ENDPOINT).retriesGranted).toBe(0);
  });

  it('an aborted attempt is not retried', async () => {
    const { time, policy, call } = setup();
    const end = scripted(time, [{ kind: 'aborted' }]);
    const result = await time.drive(policy.run(call(), end.attempt));
    expect(result).toMatchObject({ reason: 'aborted', attempts: 1 });
  });

  it('an empty budget refuses the retry: do not insist, with a paced not-before', async () => {
    const { time, policy, t0, call } = setup(0.5, {
      budget: { ...defaultRetrySettings.budget, capacity: 1 },
    });
    const end = scripted(time, [refused(503), refused(503)]);
    const result = await time.drive(policy.run(call(), end.attempt));
    expect(result).toMatchObject({
      kind: 'gave-up',
      reason: 'budget',
      attempts: 2,
      doNotInsist: true,
      notBefore: t0 + 750 + 1_500,
    });
    expect(policy.counters(ENDPOINT)).toMatchObject({
      firstAttempts: 1,
      retriesGranted: 1,
      retriesRefused: { budget: 1 },
    });
  });

  it('the budget is per endpoint: another endpoint still retries', async () => {
    const { time, policy, call } = setup(0.5, {
      budget: { ...defaultRetrySettings.budget, capacity: 1 },
    });
    await time.drive(policy.run(call(), scripted(time, [reset, reset]).attempt));
    expect(policy.budgetAvailable(ENDPOINT)).toBe(0);
    const other = scripted(time, [reset, success(1)]);
    const result = await time.drive(
      policy.run(call({ endpoint: 'http://127.0.0.1:9000' }), other.attempt),
    );
    expect(result).toMatchObject({ kind: 'success', attempts: 2 });
  });

  it('RequestTimeTooSkewed with the server time: one retry (signed anew by the transport), then never again', async () => {
    const { time, policy, t0, call } = setup();
    const skew = (at: number) =>
      refused(403, { code: 'RequestTimeTooSkewed', serverTime: at + 900_000 });
    const end = scripted(time, [skew(t0), skew(t0 + 750)]);
    const result = await time.drive(policy.run(call(), end.attempt));
    expect(result).toMatchObject({ reason: 'not-retryable', attempts: 2 });
    const corrected = scripted(time, [skew(time.now()), success(1)]);
    expect(await time.drive(policy.run(call(), corrected.attempt))).toMatchObject({
      kind: 'success',
      attempts: 2,
    });
    // Without the server's time nothing could correct the next signature: not retried.
    const blind = scripted(time, [refused(403, { code: 'RequestTimeTooSkewed' })]);
    expect(await time.drive(policy.run(call(), blind.attempt))).toMatchObject({
      reason: 'not-retryable',
      attempts: 1,
    });
  });

  it('opens on unreachable, fails fast past the probe, probes once, and closes', async () => {
    const { time, policy, events, t0, call } = setup(0.5);
    const end = scripted(time, [reset, reset, reset, success('back')]);
    const running = policy.run(call(), end.attempt);
    // Attempts at t0, +750, +2250: the third consecutive unreachable opens the circuit.
    await time.advance(2_250);
    const open = policy.circuit(ENDPOINT);
    expect(open).toEqual({ kind: 'open', cause: 'offline', nextProbeAt: t0 + 2_250 + 750 });

    // A call whose deadline ends before the next probe fails fast: no request, no budget.
    const budgetBefore = policy.budgetAvailable(ENDPOINT);
    const hurried = scripted(time, [success('never')]);
    const fast = await time.drive(
      policy.run(call({ deadline: t0 + 2_250 + 1_500, operation: 'HeadObject' }), hurried.attempt),
    );
    expect(fast).toEqual({
      kind: 'gave-up',
      reason: 'circuit-open',
      attempts: 0,
      notBefore: t0 + 3_000,
      doNotInsist: false,
    });
    expect(hurried.starts).toEqual([]);
    expect(policy.budgetAvailable(ENDPOINT)).toBe(budgetBefore);
    expect(policy.counters(ENDPOINT).retriesRefused['circuit-open']).toBe(1);

    // The first call's retry (backoff 3 s) becomes the single probe and closes the circuit.
    const result = await time.drive(running);
    expect(result).toMatchObject({ kind: 'success', value: 'back', attempts: 4 });
    expect(end.starts[3]).toBe(t0 + 2_250 + 3_000);
    expect(circuitKinds(events)).toEqual(['open:offline', 'half-open', 'closed']);
  });

  it('waits for the probe slot instead of failing in a loop, and lets one probe at a time', async () => {
    const { time, policy, t0, call } = setup(0.5);
    // Three unreachable brief calls open the circuit.
    await failFast(time, policy, call, reset, 3);
    const open = policy.circuit(ENDPOINT);
    expect(open.kind).toBe('open');
    const probeAt = open.kind === 'open' ? open.nextProbeAt : 0;
    const requests: number[] = [];
    let releaseProbe: (o: Outcome<string>) => void = () => undefined;
    const attempt = (): Promise<Outcome<string>> => {
      requests.push(time.now());
      if (requests.length === 1) return new Promise((resolve) => (releaseProbe = resolve));
      return Promise.resolve(success('ok'));
    };
    const callers = Array.from({ length: 5 }, () => policy.run(call(), attempt));
    await time.advance(probeAt - time.now() + 10_000);
    // Ten seconds after the probe slot, only the probe went out; the others wait, not spin.
    expect(requests).toEqual([probeAt]);
    expect(policy.circuit(ENDPOINT)).toEqual({ kind: 'half-open' });
    releaseProbe(success('probe'));
    const results = await time.drive(Promise.all(callers));
    expect(results.every((r) => r.kind === 'success')).toBe(true);
    expect(requests).toHaveLength(5);
    expect(requests.slice(1).every((t) => t === probeAt + 10_000)).toBe(true);
    expect(t0).toBeLessThan(probeAt);
  });

  it('a failed probe re-opens with a longer interval; a probe has its own timeout', async () => {
    const { time, policy, events, call } = setup(0.5);
    await failFast(time, policy, call, reset, 3);
    const probe = scripted(time, [reset, reset, success(1)]);
    const result = await time.drive(policy.run(call(), probe.attempt));
    expect(result.kind).toBe('success');
    const opens = events.flatMap((e) =>
      e.type === 'circuit' && e.state.kind === 'open' ? [e.state.nextProbeAt] : [],
    );
    const halfOpens = events.flatMap((e, i) =>
      e.type === 'circuit' && e.state.kind === 'half-open' ? [i] : [],
    );
    expect(halfOpens).toHaveLength(3);
    // Probe intervals at random 0.5: 750, 1500, 3000 ms after each failure.
    const reopenedAfter = probe.starts.slice(0, 2).map((s, i) => itemAt(opens, i + 1) - s);
    expect(reopenedAfter).toEqual([1_500, 3_000]);
    expect(probe.contexts[0]?.deadline).toBe(
      itemAt(probe.starts, 0) + defaultRetrySettings.breaker.probeTimeoutMs,
    );
  });

  it('probeWith: the cheap request is the probe, the callers then send their own once closed', async () => {
    const { time, policy, events, call } = setup(0.5);
    await failFast(time, policy, call, reset, 3);
    const open = policy.circuit(ENDPOINT);
    const probeAt = open.kind === 'open' ? open.nextProbeAt : 0;
    const cheap = scripted(time, [reset, success(undefined)], 80);
    const stop = policy.probeWith(ENDPOINT, cheap.attempt);
    const parts = scripted(time, [success('p1'), success('p2'), success('p3')], 5_000);
    const results = await time.drive(
      Promise.all(
        [1, 2, 3].map(() => policy.run(call({ operation: 'UploadPart' }), parts.attempt)),
      ),
    );
    expect(results.map((r) => r.kind)).toEqual(['success', 'success', 'success']);
    // The first probe fails (reopens 1.5 s later), the second closes: no part was a probe.
    expect(cheap.starts).toEqual([probeAt, probeAt + 80 + 1_500]);
    expect(cheap.contexts[0]?.deadline).toBe(
      probeAt + defaultRetrySettings.breaker.cheapProbeTimeoutMs,
    );
    expect(parts.starts).toEqual(Array(3).fill(probeAt + 80 + 1_500 + 80));
    expect(results.every((r) => r.kind === 'success' && r.attempts === 1)).toBe(true);
    expect(circuitKinds(events)).toEqual([
      'open:offline',
      'half-open',
      'open:offline',
      'half-open',
      'closed',
    ]);
    stop();
    await failFast(time, policy, call, reset, 3);
    const own = scripted(time, [success('own probe')]);
    await time.drive(policy.run(call(), own.attempt));
    expect(own.starts).toHaveLength(1);
    expect(cheap.starts).toHaveLength(2);
  });

  it("no route: probes stay at most 100 ms apart however long it lasts, the slot's call beside them for free", async () => {
    const { time, policy, events, call } = setup(0.5);
    const noRoute: Failure = { kind: 'unreachable', reason: 'no-route' };
    const opened = (): number =>
      events.filter((e) => e.type === 'circuit' && e.state.kind === 'open').length;
    await failFast(time, policy, call, noRoute, 3);
    const probe = scripted(time, [...Array<Failure>(20).fill(noRoute), success(1)]);
    policy.probeWith(ENDPOINT, probe.attempt);
    const part = scripted(time, [...Array<Failure>(20).fill(noRoute), success('p')]);
    const result = await time.drive(policy.run(call({ operation: 'UploadPart' }), part.attempt));
    // 21 emissions, 20 of which never left the machine: not the profile's 6 attempts, no budget.
    expect(result).toMatchObject({ kind: 'success', attempts: 21 });
    expect(policy.counters(ENDPOINT).retriesGranted).toBe(0);
    expect(policy.budgetAvailable(ENDPOINT)).toBe(defaultRetrySettings.budget.capacity);
    const gaps = probe.starts.slice(1).map((t, i) => t - (probe.starts[i] ?? 0));
    expect(gaps.length).toBe(20);
    expect(Math.max(...gaps)).toBe(75);
    expect(part.starts).toEqual(probe.starts);
    // A reset is not "no route": the same outage then backs off towards 30 s, and the callers
    // wait for the cheap probe's answer.
    const { time: t2, policy: p2, call: c2 } = setup(0.5);
    await failFast(t2, p2, c2, reset, 3);
    const slow = scripted(t2, [...Array<Failure>(8).fill(reset), success(1)]);
    p2.probeWith(ENDPOINT, slow.attempt);
    const own = scripted(t2, [success('p')]);
    await t2.drive(p2.run(c2({ deadline: t2.now() + 3_600_000 }), own.attempt));
    const slowGaps = slow.starts.slice(1).map((t, i) => t - (slow.starts[i] ?? 0));
    expect(Math.max(...slowGaps)).toBe(22_500);
    expect(own.starts).toEqual([slow.starts[8]]);
    // The breaker re-opened after each failed probe: 1 trip + 20 failed probes.
    expect(opened()).toBe(21);
  });

  it('link-up: the first payload request starts within 100 ms of the route coming back, the others one cheap round trip later', async () => {
    const RTT = 80;
    for (const [upAfter, random] of linkUpInstants) {
      const { time, policy, call } = setup(random);
      const noRoute: Failure = { kind: 'unreachable', reason: 'no-route' };
      await failFast(time, policy, call, noRoute, 3);
      const upAt = time.now() + upAfter;
      // Until the route is back every request fails at once on this machine; then HeadBucket
      // answers in one round trip and a part takes 5 s.
      const endpoint = <T>(value: T, durationMs: number) => {
        const starts: number[] = [];
        const attempt = async (): Promise<Outcome<T>> => {
          starts.push(time.now());
          if (time.now() < upAt) return noRoute;
          await time.sleep(durationMs);
          return success(value);
        };
        return { starts, attempt };
      };
      const head = endpoint(undefined, RTT);
      policy.probeWith(ENDPOINT, head.attempt);
      const parts = endpoint('part', 5_000);
      const results = await time.drive(
        Promise.all(
          [1, 2, 3, 4].map(() =>
            policy.run(call({ operation: 'UploadPart', deadline: upAt + 60_000 }), parts.attempt),
          ),
        ),
      );
      expect(results.map((r) => r.kind)).toEqual(Array(4).fill('success'));
      const after = parts.starts.filter((t) => t >= upAt).sort((a, b) => a - b);
      expect(after).toHaveLength(4);
      const first = (after[0] ?? Infinity) - upAt;
      expect(first, `route back after ${upAfter} ms, random ${random}`).toBeLessThanOrEqual(100);
      // The other three went on the cheap probe's answer, not after the 5 s part.
      expect(after.slice(1)).toEqual(Array(3).fill((after[0] ?? 0) + RTT));
      expect(policy.counters(ENDPOINT).retriesGranted).toBe(0);
    }
  });

  it('suspect: a silent link is checked once; no route opens the circuit and probes go on by themselves until it closes', async () => {
    const { time, policy, events } = setup(0.5);
    const noRoute: Failure = { kind: 'unreachable', reason: 'no-route' };
    const t0 = time.now();
    const upAt = t0 + 5_000;
    const starts: number[] = [];
    policy.probeWith(ENDPOINT, async () => {
      starts.push(time.now());
      if (time.now() < upAt) return noRoute;
      await time.sleep(80);
      return success(undefined);
    });
    policy.suspect(ENDPOINT);
    policy.suspect(ENDPOINT);
    expect(starts).toEqual([t0]);
    // Nobody calls `run`: the probes are the check's own, every 75 ms while no route.
    await time.drive(time.sleep(6_000));
    expect(circuitKinds(events).at(-1)).toBe('closed');
    expect(circuitKinds(events)[0]).toBe('open:offline');
    const gaps = starts.slice(1).map((t, i) => t - (starts[i] ?? 0));
    expect(Math.max(...gaps)).toBeLessThanOrEqual(100);
    const last = starts.at(-1) ?? Infinity;
    expect(last).toBeGreaterThanOrEqual(upAt);
    expect(last - upAt).toBeLessThanOrEqual(100);
    expect(policy.counters(ENDPOINT)).toMatchObject({ firstAttempts: 0, retriesGranted: 0 });
    // Closed again: a new silence is checked again.
    policy.suspect(ENDPOINT);
    await time.drive(time.sleep(1_000));
    expect(starts.filter((t) => t > upAt + 100)).toHaveLength(1);
  });

  it('suspect: an answer changes nothing, and nothing is checked while the circuit is not closed', async () => {
    const { time, policy, events, call } = setup(0.5);
    const head = scripted(time, [success(undefined)], 80);
    policy.probeWith(ENDPOINT, head.attempt);
    policy.suspect(ENDPOINT);
    await time.drive(time.sleep(1_000));
    expect(head.starts).toHaveLength(1);
    expect(circuitKinds(events)).toEqual([]);
    await failFast(time, policy, call, reset, 3);
    expect(policy.circuit(ENDPOINT).kind).toBe('open');
    policy.suspect(ENDPOINT);
    expect(head.starts).toHaveLength(1);
  });

  it("stalled-in-outage: sent again at once, free of the budget and of the profile's attempts, and not a failure for the breaker", async () => {
    const { time, policy, events, call } = setup(0.5);
    const stalled: Failure = { kind: 'unreachable', reason: 'stalled-in-outage' };
    const end = scripted(time, [...Array<Failure>(8).fill(stalled), success('etag')], 100);
    const result = await time.drive(policy.run(call({ profile: 'brief' }), end.attempt));
    expect(result).toEqual({ kind: 'success', value: 'etag', attempts: 9 });
    expect(end.starts.slice(1).map((t, i) => t - (end.starts[i] ?? 0))).toEqual(Array(8).fill(100));
    expect(policy.counters(ENDPOINT)).toMatchObject({ firstAttempts: 1, retriesGranted: 0 });
    expect(policy.budgetAvailable(ENDPOINT)).toBe(defaultRetrySettings.budget.capacity);
    expect(circuitKinds(events)).toEqual([]);
    expect(events.filter((e) => e.type === 'retry-scheduled')).toEqual([]);
  });

  it('stalled-in-outage after the whole body of a write: not replayed, the caller asks first', async () => {
    const { time, policy, call } = setup(0.5);
    const stalled: Failure = { kind: 'unreachable', reason: 'stalled-in-outage' };
    const end = scripted(time, [stalled]);
    const result = await time.drive(policy.run(call({ mayReplay: () => false }), end.attempt));
    expect(result).toMatchObject({ kind: 'gave-up', reason: 'outcome-unknown', attempts: 1 });
    expect(end.starts).toHaveLength(1);
  });

  it('a transfer that started before the circuit opened cannot close it by succeeding late', async () => {
    const { time, policy, call } = setup(0.5);
    let finishLongUpload: (o: Outcome<string>) => void = () => undefined;
    const long = policy.run(
      call(),
      () => new Promise<Outcome<string>>((r) => (finishLongUpload = r)),
    );
    await time.advance(1_000);
    await failFast(time, policy, call, reset, 3);
    expect(policy.circuit(ENDPOINT).kind).toBe('open');
    finishLongUpload(success('late'));
    await expect(time.drive(long)).resolves.toMatchObject({ kind: 'success', value: 'late' });
    expect(policy.circuit(ENDPOINT).kind).toBe('open');
  });

  it('a stale success does not reset the count of consecutive unreachable failures', async () => {
    const { time, policy, call } = setup(0.5);
    let finishLongUpload: (o: Outcome<string>) => void = () => undefined;
    const long = policy.run(
      call(),
      () => new Promise<Outcome<string>>((r) => (finishLongUpload = r)),
    );
    await time.advance(1_000);
    await failFast(time, policy, call, reset, 2);
    finishLongUpload(success('late'));
    await time.drive(long);
    await failFast(time, policy, call, reset, 1);
    expect(policy.circuit(ENDPOINT)).toMatchObject({ kind: 'open', cause: 'offline' });
  });

  it('a storm of struggling refusals opens it as server-unavailable', async () => {
    const { time, policy, events, call } = setup(0.5);
    const callers = Array.from({ length: 5 }, () =>
      policy.run(call({ profile: 'brief' }), scripted(time, [refused(503), refused(503)]).attempt),
    );
    await time.drive(Promise.all(callers));
    expect(circuitKinds(events)[0]).toBe('open:server-unavailable');
  });

  it('a probe refused with Retry-After re-opens no sooner than it', async () => {
    const { time, policy, call } = setup(0.5);
    await failFast(time, policy, call, refused(503), 5);
    expect(policy.circuit(ENDPOINT).kind).toBe('open');
    const probe = scripted(time, [refused(503, { retryAfterMs: 60_000 })]);
    await time.drive(policy.run(call({ profile: 'brief' }), probe.attempt));
    expect(policy.circuit(ENDPOINT)).toEqual({
      kind: 'open',
      cause: 'server-unavailable',
      nextProbeAt: itemAt(probe.starts, 0) + 60_000,
    });
  });

  it('networkChanged: offline opens it, back online makes the next probe immediate', async () => {
    const { time, policy, events, call } = setup(0.5);
    await time.drive(policy.run(call(), scripted(time, [success(1)]).attempt));
    policy.networkChanged(false);
    expect(policy.circuit(ENDPOINT)).toMatchObject({ kind: 'open', cause: 'offline' });
    const waiting = policy.run(call(), scripted(time, [success('after')]).attempt);
    await time.advance(100);
    const before = time.now();
    policy.networkChanged(true);
    const result = await time.drive(waiting);
    expect(result).toMatchObject({ kind: 'success', value: 'after', attempts: 1 });
    expect(time.now()).toBe(before);
    expect(circuitKinds(events)).toEqual(['open:offline', 'open:offline', 'half-open', 'closed']);
  });

  it('whenAvailable resolves when closed or at the probe slot, and rejects AbortError', async () => {
    const { time, policy, call } = setup(0.5);
    await time.drive(policy.whenAvailable(ENDPOINT));
    await failFast(time, policy, call, reset, 3);
    const state = policy.circuit(ENDPOINT);
    const probeAt = state.kind === 'open' ? state.nextProbeAt : Number.NaN;
    await time.drive(policy.whenAvailable(ENDPOINT));
    expect(time.now()).toBe(probeAt);

    policy.networkChanged(false);
    const controller = new AbortController();
    const waiting = policy.whenAvailable(ENDPOINT, controller.signal);
    controller.abort();
    await expect(time.drive(waiting)).rejects.toMatchObject({ name: 'AbortError' });
  });

  it('an attempt that throws frees the probe slot and surfaces the bug', async () => {
    const { time, policy, call } = setup(0.5);
    policy.networkChanged(false);
    await time.drive(policy.run(call(), scripted(time, [success(1)]).attempt));
    policy.networkChanged(false);
    const boom = policy.run(call(), () => Promise.reject(new Error('bug')));
    await expect(time.drive(boom)).rejects.toThrow('bug');
    expect(policy.circuit(ENDPOINT)).toEqual({ kind: 'half-open' });
    const next = await time.drive(policy.run(call(), scripted(time, [success(2)]).attempt));
    expect(next).toMatchObject({ kind: 'success', value: 2 });
  });

  it('onEvent returns an unsubscribe', async () => {
    const { time, policy, call } = setup();
    const seen: RetryEvent[] = [];
    const stop = policy.onEvent((e) => seen.push(e));
    stop();
    await time.drive(policy.run(call(), scripted(time, [refused(404)]).attempt));
    expect(seen).toEqual([]);
  });
});

describe('a write whose reply may be lost, and the question that follows it (issue 11)', () => {
  it.each([
    {
      name: 'a lost reply is not replayed',
      first: reset,
      replay: false,
      reason: 'outcome-unknown',
    },
    { name: 'a 503 is replayed as before', first: refused(503), replay: true, reason: 'success' },
  ])('$name', async ({ first, replay, reason }) => {
    const { time, policy, call } = setup();
    const s = scripted(time, [first, success('ok')]);
    const r = await time.drive(
      policy.run(call({ mayReplay: (f) => f.kind !== 'unreachable' }), s.attempt),
    );
    expect(s.starts).toHaveLength(replay ? 2 : 1);
    expect(r.kind === 'success' ? 'success' : r.reason).toBe(reason);
    if (r.kind === 'gave-up') {
      // The caller settles it (asks the server), then may send again: no one is told to give up.
      expect(r.doNotInsist).toBe(false);
      // Not before the instant the replay would have gone: the caller's question is paced too.
      expect(r.notBefore).toBeGreaterThan(time.now());
      expect(policy.counters(ENDPOINT).retriesRefused['outcome-unknown']).toBe(1);
    }
  });

  it('a reconciling call pays its first attempt from the budget, as the retry it stands for', async () => {
    const { time, policy, call } = setup();
    const before = policy.budgetAvailable(ENDPOINT);
    const s = scripted(time, [success('there')]);
    const r = await time.drive(policy.run(call({ reconciles: true }), s.attempt));
    expect(r.kind).toBe('success');
    expect(policy.budgetAvailable(ENDPOINT)).toBe(before - 1);
    expect(policy.counters(ENDPOINT)).toMatchObject({ firstAttempts: 0, retriesGranted: 1 });
  });

  it('an empty budget refuses the question without sending it', async () => {
    const { time, policy, call } = setup(0.5, {
      budget: { ...defaultRetrySettings.budget, capacity: 0 },
    });
    const s = scripted(time, [success('there')]);
    const r = await time.drive(policy.run(call({ reconciles: true }), s.attempt));
    expect(r).toMatchObject({ kind: 'gave-up', reason: 'budget', attempts: 0 });
    expect(s.starts).toHaveLength(0);
  });

  it('an empty budget lets one question go per reconcileFreeEveryMs, as a first attempt, whatever else goes', async () => {
    const { time, policy, call } = setup(0.5, {
      budget: { ...defaultRetrySettings.budget, capacity: 0, reconcileFreeEveryMs: 5_000 },
    });
    const s = scripted(time, [success('there'), success('put'), success('there'), success('x')]);
    const early = await time.drive(policy.run(call({ reconciles: true }), s.attempt));
    expect(early).toMatchObject({ kind: 'gave-up', reason: 'budget', attempts: 0 });
    await time.drive(time.sleep(5_000));
    const free = await time.drive(policy.run(call({ reconciles: true }), s.attempt));
    expect(free.kind).toBe('success');
    expect(policy.counters(ENDPOINT)).toMatchObject({ firstAttempts: 1, retriesGranted: 0 });
    // Other work going on does not hold it back (a night's last files each need one)...
    await time.drive(policy.run(call(), s.attempt));
    await time.drive(time.sleep(5_000));
    const next = await time.drive(policy.run(call({ reconciles: true }), s.attempt));
    expect(next.kind).toBe('success');
    // ...but no two within the interval: a bounded rate, whatever fails.
    const again = await time.drive(policy.run(call({ reconciles: true }), s.attempt));
    expect(again).toMatchObject({ kind: 'gave-up', reason: 'budget', attempts: 0 });
    expect(s.starts).toHaveLength(3);
  });
});
