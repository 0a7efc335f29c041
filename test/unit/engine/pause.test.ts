import { afterEach, describe, expect, it } from 'vitest';
import { makeHarness, MiB } from './engineHarness';
import type { Harness } from './engineHarness';

let h: Harness | undefined;
afterEach(() => h?.cleanup());

describe('pause and resume per plan', () => {
  it('pause stops the run at once (persisted), resume lets the same plan finish without re-sending', async () => {
    h = makeHarness({
      files: { 'a.wav': 12 * MiB, 'b.wav': 12 * MiB },
      settings: { concurrency: 2 },
    });
    const plan = await h.engine.planFolder({ dir: h.dir, bucket: 'b', prefix: 'p' });
    const harness = h;
    const off = h.engine.on((e) => {
      if (e.type === 'plan-progress' && e.bytesAcked >= 10 * MiB) harness.engine.pause(plan.id);
    });
    expect(await h.time.drive(h.engine.run(plan.id))).toEqual({
      kind: 'stopped',
      reason: 'paused',
    });
    off();
    const paused = h.engine.planSummary(plan.id);
    expect(paused).toMatchObject({ paused: true, inProgress: 0 });
    expect(paused.bytesAcked).toBeGreaterThanOrEqual(10 * MiB);
    // A paused plan does not run, even after a restart, until resumed.
    expect(await h.time.drive(h.restart().run(plan.id))).toEqual({
      kind: 'stopped',
      reason: 'paused',
    });
    h.engine.resume(plan.id);
    const sentBefore = h.objects.count('uploadPart');
    expect(await h.time.drive(h.engine.run(plan.id))).toEqual({ kind: 'completed' });
    // 2 files x 3 parts; at most one part per file was in flight at the pause.
    expect(h.objects.count('uploadPart')).toBeLessThanOrEqual(6 + 2);
    expect(h.objects.count('uploadPart') - sentBefore).toBeLessThanOrEqual(6 - 2);
    expect(h.events).toContainEqual({ type: 'plan-state', planId: plan.id, state: 'paused' });
  });

  it('refuses to run the same plan twice at once', async () => {
    h = makeHarness({ files: { 'a.wav': 1024 } });
    const plan = await h.engine.planFolder({ dir: h.dir, bucket: 'b', prefix: 'p' });
    const first = h.engine.run(plan.id);
    await expect(h.engine.run(plan.id)).rejects.toThrow(/already running/);
    expect(await h.time.drive(first)).toEqual({ kind: 'completed' });
  });
});
