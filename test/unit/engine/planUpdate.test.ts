import { appendFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { PlanError } from '../../../electron/engine/PlanError';
import { contentOf, KiB, makeHarness, MiB, sha256Hex } from './engineHarness';
import type { Harness } from './engineHarness';

let h: Harness | undefined;
afterEach(() => h?.cleanup());

/** Payload bytes the object store received for a key (PutObject and UploadPart bodies). */
const bodyBytesOf = (harness: Harness, key: string): number =>
  harness.objects.requests
    .filter((r) => r.key === key && r.bodyBytes > 0)
    .reduce((sum, r) => sum + r.bodyBytes, 0);

describe('a changed folder has a way forward (update)', () => {
  it('keeps verified files, re-sends changed ones with their open upload aborted, drops removed ones, adds new ones', async () => {
    h = makeHarness({
      files: { 'a.wav': 10 * KiB, 'big.wav': 12 * MiB, 'gone.wav': 10 * KiB },
      settings: { concurrency: 1 },
    });
    const harness = h;
    const plan = await harness.engine.planFolder({ dir: harness.dir, bucket: 'b', prefix: 'p' });
    // Stopped once big.wav has one part on the server: its upload stays open.
    const controller = new AbortController();
    const off = harness.engine.on((e) => {
      if (e.type === 'plan-progress' && e.bytesAcked >= 5 * MiB + 20 * KiB) controller.abort();
    });
    expect(
      await harness.time.drive(harness.engine.run(plan.id, { signal: controller.signal })),
    ).toEqual({ kind: 'stopped', reason: 'aborted' });
    off();
    const openUpload = [...harness.objects.uploads.values()];
    expect(openUpload).toHaveLength(1);
    expect(harness.objects.objects.has('p/a.wav')).toBe(true);

    appendFileSync(join(harness.dir, 'big.wav'), 'more');
    rmSync(join(harness.dir, 'gone.wav'));
    harness.writeFile('new.wav', 3 * KiB);
    await expect(
      harness.engine.planFolder({ dir: harness.dir, bucket: 'b', prefix: 'p' }),
    ).rejects.toMatchObject({ detail: { code: 'sources-changed' } });

    const sentBefore = {
      a: bodyBytesOf(harness, 'p/a.wav'),
      big: bodyBytesOf(harness, 'p/big.wav'),
    };
    // The abort is a request, on the virtual clock like every other.
    const updated = await harness.time.drive(
      harness.engine.planFolder({ dir: harness.dir, bucket: 'b', prefix: 'p', update: true }),
    );
    expect(updated.id).toBe(plan.id);
    expect(updated.update).toEqual({
      changed: ['big.wav'],
      retried: [],
      changedAfterVerified: [],
      removed: ['gone.wav'],
      added: ['new.wav'],
      abortedUploads: 1,
    });
    expect(harness.objects.uploads.size).toBe(0);
    expect(harness.objects.count('abortMultipartUpload')).toBe(1);
    expect(updated).toMatchObject({ units: 3, done: 1, pending: 2 });

    expect(await harness.time.drive(harness.engine.run(plan.id))).toEqual({ kind: 'completed' });
    // a.wav, verified before, was not sent again; big.wav was sent again whole, as it is now.
    expect(bodyBytesOf(harness, 'p/a.wav')).toBe(sentBefore.a);
    expect(bodyBytesOf(harness, 'p/big.wav') - sentBefore.big).toBe(12 * MiB + 4);
    const big = Buffer.concat([contentOf('big.wav', 12 * MiB), Buffer.from('more')]);
    expect(harness.objects.objects.get('p/big.wav')?.metadata.sha256).toBe(sha256Hex(big));
    expect(harness.objects.objects.has('p/new.wav')).toBe(true);
    expect(
      harness.engine.listUnits(plan.id, { offset: 0, limit: 10 }).units.map((u) => u.relPath),
    ).toEqual(['a.wav', 'big.wav', 'new.wav']);
    // The plan now matches its folder: depositing it again resumes it as it is.
    await expect(
      harness.engine.planFolder({ dir: harness.dir, bucket: 'b', prefix: 'p' }),
    ).resolves.toMatchObject({ id: plan.id, resumed: true, done: 3 });
  });

  it('says so when a verified file changed: the server keeps its copy, the file ends as a conflict', async () => {
    h = makeHarness({ files: { 'a.wav': 10 * KiB } });
    const plan = await h.engine.planFolder({ dir: h.dir, bucket: 'b', prefix: 'p' });
    expect(await h.time.drive(h.engine.run(plan.id))).toEqual({ kind: 'completed' });
    appendFileSync(join(h.dir, 'a.wav'), 'x');
    const updated = await h.engine.planFolder({
      dir: h.dir,
      bucket: 'b',
      prefix: 'p',
      update: true,
    });
    expect(updated.update?.changedAfterVerified).toEqual(['a.wav']);
    expect(updated).toMatchObject({ done: 0, completedAt: null, manifestAt: null });
    expect(await h.time.drive(h.engine.run(plan.id))).toEqual({ kind: 'failures', failed: 1 });
    expect(h.engine.planSummary(plan.id).conflicts).toBe(1);
    expect(h.objects.objects.get('p/a.wav')?.bytes.length).toBe(10 * KiB);
  });

  it("rewrites the night's own manifest after an update, so it lists exactly the night's files", async () => {
    h = makeHarness({ files: { 'a.wav': 10 * KiB, 'b.wav': 10 * KiB } });
    const plan = await h.engine.planFolder({ dir: h.dir, bucket: 'b', prefix: 'p' });
    expect(await h.time.drive(h.engine.run(plan.id))).toEqual({ kind: 'completed' });
    const manifestKey = [...h.objects.objects.keys()].find((k) => k.startsWith('p/.depot/night-'));
    if (manifestKey === undefined) throw new Error('no manifest');
    const listed = (): string[] =>
      (
        JSON.parse(Buffer.from(h?.objects.objects.get(manifestKey)?.bytes ?? []).toString()) as {
          files: { path: string }[];
        }
      ).files.map((f) => f.path);
    expect(listed()).toEqual(['a.wav', 'b.wav']);

    rmSync(join(h.dir, 'b.wav'));
    h.writeFile('c.wav', 3 * KiB);
    await h.time.drive(h.engine.planFolder({ dir: h.dir, bucket: 'b', prefix: 'p', update: true }));
    expect(await h.time.drive(h.engine.run(plan.id))).toEqual({ kind: 'completed' });
    expect(listed()).toEqual(['a.wav', 'c.wav']);
    expect(h.engine.planSummary(plan.id).manifestAt).not.toBeNull();
  });

  it('does not rewrite a plan another process is depositing', async () => {
    h = makeHarness({ files: { 'a.wav': 10 * KiB } });
    const plan = await h.engine.planFolder({ dir: h.dir, bucket: 'b', prefix: 'p' });
    h.store.acquireLease({
      planId: plan.id,
      pid: 4242,
      host: 'other-host',
      token: 'other',
      now: h.time.now(),
      staleMs: 60_000,
      isAlive: () => true,
    });
    appendFileSync(join(h.dir, 'a.wav'), 'x');
    await expect(
      h.engine.planFolder({ dir: h.dir, bucket: 'b', prefix: 'p', update: true }),
    ).rejects.toMatchObject({ detail: { code: 'already-running' } });
    expect(
      h.store.getUnit(h.engine.listUnits(plan.id, { offset: 0, limit: 1 }).units[0]?.id ?? 0)?.size,
    ).toBe(10 * KiB);
  });
});

describe('two starts at once', () => {
  it('two engines planning one folder at once get one plan; the run lease lets one deposit it', async () => {
    h = makeHarness({ files: { 'a.wav': 10 * KiB, 'b.wav': 10 * KiB } });
    const harness = h;
    const other = harness.otherProcess();
    const input = { dir: harness.dir, bucket: 'b', prefix: 'p', hashAhead: false };
    const [one, two] = await Promise.all([
      harness.engine.planFolder(input),
      other.planFolder(input),
    ]);
    expect(two.id).toBe(one.id);
    expect([one.resumed, two.resumed].sort()).toEqual([false, true]);
    expect(harness.engine.listPlans()).toHaveLength(1);
    const first = harness.engine.run(one.id);
    const second = await other.run(two.id).then(
      (r) => r,
      (e: unknown) => e,
    );
    expect(second).toBeInstanceOf(PlanError);
    expect((second as PlanError).detail.code).toBe('already-running');
    expect(await harness.time.drive(first)).toEqual({ kind: 'completed' });
  });
});
