import { afterEach, describe, expect, it } from 'vitest';
import type { EngineEvent } from '../../../electron/engine/EngineEvent';
import type { NightLive } from '../../../electron/engine/NightLive';
import type { Harness } from './engineHarness';
import { KiB, makeHarness } from './engineHarness';

let h: Harness | undefined;
afterEach(() => {
  h?.cleanup();
  h = undefined;
});

type Seen = { readonly event: EngineEvent; readonly live: NightLive };

/** Every event of the engine, with what the night's live facts said at that moment. */
const watch = (harness: Harness, planId: number): Seen[] => {
  const seen: Seen[] = [];
  harness.engine.on((event) => seen.push({ event, live: harness.engine.nightLive(planId) }));
  return seen;
};

const activities = (seen: readonly Seen[], unitId: number) =>
  seen.flatMap(({ event }) =>
    event.type === 'unit-activity' && event.unitId === unitId ? [event.activity] : [],
  );

/**
 * Issue 32, step 2: the policy tells the file's own call of its waits (no lookup by operation
 * name), and one function announces a wait, from the policy's retry and after a give-up alike;
 * the night's countdown is the same instant as its row's.
 */
describe("a file's wait, from the policy to the engine's events", () => {
  it("a retry the policy schedules is announced on that file's row, ended when the attempt goes", async () => {
    h = makeHarness({ files: { 'a.wav': 10 * KiB, 'b.wav': 10 * KiB } });
    h.objects.failNext('putObject', 1, { kind: 'refused', status: 503, code: 'SlowDown' });
    const plan = await h.engine.planFolder({ dir: h.dir, bucket: 'b', prefix: 'p' });
    const seen = watch(h, plan.id);
    expect(await h.time.drive(h.engine.run(plan.id))).toEqual({ kind: 'completed' });

    const waits = seen.filter(
      (s) => s.event.type === 'unit-activity' && s.event.activity.kind === 'retry-wait',
    );
    expect(waits).toHaveLength(1);
    const [wait] = waits;
    if (wait?.event.type !== 'unit-activity' || wait.event.activity.kind !== 'retry-wait')
      throw new Error('no wait');
    // The night's countdown is its row's: one instant, told once.
    expect(wait.live.nextRetryAt).toBe(wait.event.activity.nextAttemptAt);
    const unitId = wait.event.unitId;
    // The wait ends when the attempt goes, before the file is done.
    expect(activities(seen, unitId).map((a) => a.kind)).toEqual(['retry-wait', 'idle']);
    expect(h.engine.nightLive(plan.id)).toEqual({
      waitingNetwork: false,
      waitingCard: false,
      nextRetryAt: null,
    });
    // The file's own states, each saying what it left: the screen's counts need no read.
    const states = seen.flatMap(({ event }) =>
      event.type === 'unit-state' && event.unitId === unitId
        ? [`${event.was ?? '?'}>${event.state.kind}`]
        : [],
    );
    expect(states).toEqual(['pending>in-progress', 'in-progress>done']);
    // The journal still has the retry, on its night.
    const journal = h.engine.journal({ limit: 50, planId: plan.id });
    expect(journal.some((j) => j.outcome === 'refused:503:SlowDown' && j.attempt === 1)).toBe(true);
  });

  it('a wait after a give-up (Retry-After above the cap) is announced by the same function', async () => {
    h = makeHarness({ files: { 'a.wav': 10 * KiB } });
    h.objects.failNext('putObject', 1, {
      kind: 'refused',
      status: 503,
      code: 'SlowDown',
      retryAfterMs: 45_000,
    });
    const plan = await h.engine.planFolder({ dir: h.dir, bucket: 'b', prefix: 'p' });
    const seen = watch(h, plan.id);
    const start = h.time.now();
    expect(await h.time.drive(h.engine.run(plan.id))).toEqual({ kind: 'completed' });
    const waits = seen.flatMap(({ event, live }) =>
      event.type === 'unit-activity' && event.activity.kind === 'retry-wait'
        ? [{ at: event.activity.nextAttemptAt, night: live.nextRetryAt }]
        : [],
    );
    // Not slept on inside the call: the engine waits for the server's not-before, said once.
    expect(waits).toHaveLength(1);
    expect(waits[0]?.at).toBeGreaterThanOrEqual(start + 45_000);
    expect(waits[0]?.night).toBe(waits[0]?.at);
  });

  it("two files' calls of the same operation name each hear their own wait", async () => {
    h = makeHarness({ files: { 'a.wav': 10 * KiB, 'b.wav': 10 * KiB } });
    h.objects.failNext('putObject', 2, { kind: 'refused', status: 503, code: 'SlowDown' });
    const plan = await h.engine.planFolder({ dir: h.dir, bucket: 'b', prefix: 'p' });
    const seen = watch(h, plan.id);
    expect(await h.time.drive(h.engine.run(plan.id))).toEqual({ kind: 'completed' });
    const waited = new Set(
      seen.flatMap(({ event }) =>
        event.type === 'unit-activity' && event.activity.kind === 'retry-wait'
          ? [event.unitId]
          : [],
      ),
    );
    expect(waited.size).toBe(2);
  });
});
