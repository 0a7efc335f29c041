import { afterEach, describe, expect, it } from 'vitest';
import { defaultRetrySettings } from '../../../shared/retry/RetrySettings';
import { defaultSilentMs } from '../../../electron/s3/defaultSilentMs';
import { KiB, MiB, makeHarness } from './engineHarness';
import type { Harness } from './engineHarness';

let h: Harness | undefined;
afterEach(() => h?.cleanup());

const CUT_AT = 2_000;
const CUT_MS = 5_000;

/**
 * Issue 15: the route goes for 5 s while parts are on the wire (the lab's `ip link set down`).
 * The memory store stalls them as TCP does: silent, then resumed on the retransmission timer
 * (300 ms doubled since the route went: 4.3 s after it is back). Virtual time.
 */
const cutWhileSending = async (
  files: Readonly<Record<string, number>>,
): Promise<{ upAt: number; firstPayloadAfterUp: number; harness: Harness }> => {
  const harness = makeHarness({
    files,
    memory: { latencyMs: 40, bytesPerSec: 1_250 * KiB, retransmitMs: 300 },
  });
  h = harness;
  const plan = await harness.engine.planFolder({ dir: harness.dir, bucket: 'b', prefix: 'p' });
  const start = harness.time.now();
  const upAt = start + CUT_AT + CUT_MS;
  const result = await harness.time.drive(harness.engine.run(plan.id), {
    hooks: [
      { at: start + CUT_AT, run: () => harness.objects.setRoute(false) },
      { at: upAt, run: () => harness.objects.setRoute(true) },
    ],
  });
  expect(result).toEqual({ kind: 'completed' });
  expect(harness.engine.planSummary(plan.id)).toMatchObject({ failed: 0 });
  const payload = harness.objects.requests.filter(
    (r) => r.at >= upAt && (r.operation === 'uploadPart' || r.operation === 'putObject'),
  );
  return { upAt, firstPayloadAfterUp: (payload[0]?.at ?? Infinity) - upAt, harness };
};

describe('the first payload byte after a link-up (issue 15)', () => {
  it("parts that sat silent through a 5 s cut go again within 0.3 s of the route coming back, not on TCP's timer", async () => {
    const { firstPayloadAfterUp, harness, upAt } = await cutWhileSending({
      'a.wav': 12 * MiB,
      'b.wav': 12 * MiB,
    });
    // The old code waited for TCP's timer: 4.3 s after the route came back.
    expect(firstPayloadAfterUp).toBeLessThanOrEqual(300);
    // The silence was checked (HeadBucket), and probes found the route back.
    expect(
      harness.objects.requests.some((r) => r.operation === 'probeListing' && r.at >= upAt),
    ).toBe(true);
    const abandoned = harness.engine
      .journal({ limit: 1_000 })
      .filter((e) => e.outcome === 'unreachable:stalled-in-outage');
    expect(abandoned.length).toBeGreaterThan(0);
    // Free and at once: no retry granted by the budget for them, no backoff.
    expect(harness.policy.counters(harness.objects.endpoint).retriesGranted).toBe(0);
  });

  it('while the route is gone nothing is sent but the silence check, and the resends go together within one route check of its return', async () => {
    const { firstPayloadAfterUp, harness, upAt } = await cutWhileSending({
      'a.wav': 12 * MiB,
      'b.wav': 12 * MiB,
    });
    const { routeCheckCapMs } = defaultRetrySettings.breaker;
    const inCut = harness.objects.requests.filter((r) => r.at >= upAt - CUT_MS && r.at < upAt);
    // The silence's one HeadBucket; before the route check, a HeadBucket and a part's attempt
    // failed on this machine every 50-100 ms through the cut (22 a second, 109 in 5 s).
    expect(inCut.map((r) => r.operation)).toEqual(['probeListing']);
    // Route checks at their cap's pace from the silence's check (2 s into the cut) to its end.
    expect(harness.objects.routeChecks).toBeGreaterThan(
      (CUT_MS - defaultSilentMs) / routeCheckCapMs,
    );
    expect(firstPayloadAfterUp).toBeLessThanOrEqual(routeCheckCapMs);
    // Every part abandoned in the cut went at that instant, beside the cheap probe.
    const abandoned = harness.engine
      .journal({ limit: 1_000 })
      .filter((e) => e.outcome === 'unreachable:stalled-in-outage').length;
    const resentAtOnce = harness.objects.requests.filter(
      (r) => r.operation === 'uploadPart' && r.at === upAt + firstPayloadAfterUp,
    );
    expect(abandoned).toBeGreaterThan(0);
    expect(resentAtOnce.length).toBe(abandoned);
  });

  it('resends at most one part per emission that sat through the cut, and counts what it resent', async () => {
    const { harness } = await cutWhileSending({ 'a.wav': 12 * MiB, 'b.wav': 12 * MiB });
    const abandoned = harness.engine
      .journal({ limit: 1_000 })
      .filter((e) => e.outcome === 'unreachable:stalled-in-outage').length;
    const summary = harness.engine.planSummary(1);
    const payload = 24 * MiB;
    expect(summary.bytesSent).toBeGreaterThan(payload);
    expect(summary.bytesSent - payload).toBeLessThanOrEqual(abandoned * 5 * MiB);
  });

  it('a cut shorter than the silence is left to TCP: nothing is abandoned', async () => {
    const harness = makeHarness({
      files: { 'a.wav': 12 * MiB },
      memory: { latencyMs: 40, bytesPerSec: 1_250 * KiB, retransmitMs: 300 },
    });
    h = harness;
    const plan = await harness.engine.planFolder({ dir: harness.dir, bucket: 'b', prefix: 'p' });
    const start = harness.time.now();
    await harness.time.drive(harness.engine.run(plan.id), {
      hooks: [
        { at: start + CUT_AT, run: () => harness.objects.setRoute(false) },
        { at: start + CUT_AT + 600, run: () => harness.objects.setRoute(true) },
      ],
    });
    expect(harness.engine.planSummary(plan.id)).toMatchObject({ done: 1, bytesSent: 12 * MiB });
    expect(harness.objects.count('probeListing')).toBe(0);
  });
});
