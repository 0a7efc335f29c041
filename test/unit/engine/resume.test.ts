import { afterEach, describe, expect, it } from 'vitest';
import { contentOf, KiB, makeHarness, MiB } from './engineHarness';
import type { Harness } from './engineHarness';

let h: Harness | undefined;
afterEach(() => h?.cleanup());

const partSends = (harness: Harness, key: string): number[] =>
  harness.objects.requests
    .filter((r) => r.operation === 'uploadPart' && r.key === key)
    .map((r) => r.partNumber ?? 0);

/** Runs until the server acknowledged `bytes` of the plan, then stops the run (like a kill). */
const runUntilAcked = async (harness: Harness, planId: number, bytes: number): Promise<void> => {
  const controller = new AbortController();
  const off = harness.engine.on((e) => {
    if (e.type === 'plan-progress' && e.bytesAcked >= bytes) controller.abort();
  });
  const result = await harness.time.drive(
    harness.engine.run(planId, { signal: controller.signal }),
  );
  off();
  expect(result).toEqual({ kind: 'stopped', reason: 'aborted' });
};

describe('resuming a multipart deposit', () => {
  it('skips a listed part only when its size and ETag match the local bytes', async () => {
    h = makeHarness({ files: { 'big.wav': 12 * MiB }, settings: { concurrency: 1 } });
    const plan = await h.engine.planFolder({ dir: h.dir, bucket: 'b', prefix: 'p' });
    await runUntilAcked(h, plan.id, 10 * MiB);
    expect(partSends(h, 'p/big.wav')).toEqual([1, 2]);
    // The server's part 2 differs from the local bytes (corrupted, or another writer).
    const [upload] = [...h.objects.uploads.values()];
    const stored = upload?.parts.get(2);
    if (upload === undefined || stored === undefined) throw new Error('no upload in progress');
    upload.parts.set(2, { bytes: Buffer.alloc(stored.bytes.length), etag: '"0000"' });

    const engine = h.restart();
    expect(await h.time.drive(engine.run(plan.id))).toEqual({ kind: 'completed' });
    expect(partSends(h, 'p/big.wav')).toEqual([1, 2, 2, 3]);
    expect(h.objects.count('listParts')).toBe(1);
    expect(h.objects.count('createMultipartUpload')).toBe(1);
    const object = h.objects.objects.get('p/big.wav');
    expect(Buffer.from(object?.bytes ?? []).equals(contentOf('big.wav', 12 * MiB))).toBe(true);
    expect(h.objects.uploads.size).toBe(0);
    const summary = engine.planSummary(plan.id);
    expect(summary.bytesResent).toBe(5 * MiB);
  });

  it('trusts ListParts for a part acknowledged by the server but not yet recorded (kill before commit)', async () => {
    h = makeHarness({ files: { 'big.wav': 12 * MiB }, settings: { concurrency: 1 } });
    const plan = await h.engine.planFolder({ dir: h.dir, bucket: 'b', prefix: 'p' });
    await runUntilAcked(h, plan.id, 5 * MiB);
    const unit = h.store.listUnits(plan.id, { offset: 0, limit: 1 }).units[0];
    if (unit === undefined) throw new Error('no unit');
    h.store.forgetAcks(unit.id, 1);
    expect(await h.time.drive(h.restart().run(plan.id))).toEqual({ kind: 'completed' });
    expect(partSends(h, 'p/big.wav').filter((n) => n === 1)).toHaveLength(1);
  });

  it('adopts the upload a lost CreateMultipartUpload reply created instead of opening a second one', async () => {
    h = makeHarness({ files: { 'big.wav': 6 * MiB } });
    h.objects.failNext('createMultipartUpload', 1, 'lose-reply');
    const plan = await h.engine.planFolder({ dir: h.dir, bucket: 'b', prefix: 'p' });
    expect(await h.time.drive(h.engine.run(plan.id))).toEqual({ kind: 'completed' });
    expect(h.objects.count('createMultipartUpload')).toBe(1);
    expect(h.objects.count('listMultipartUploads')).toBeGreaterThanOrEqual(1);
    expect(h.objects.uploads.size).toBe(0);
  });

  it('after a crash between Create and recording it, finds its own upload first', async () => {
    h = makeHarness({ files: { 'big.wav': 6 * MiB } });
    const plan = await h.engine.planFolder({ dir: h.dir, bucket: 'b', prefix: 'p' });
    const unit = h.store.listUnits(plan.id, { offset: 0, limit: 1 }).units[0];
    if (unit === undefined) throw new Error('no unit');
    h.store.markCreateStarted(unit.id);
    await h.time.drive(
      h.objects.createMultipartUpload(
        { key: 'p/big.wav', metadata: { sha256: unit.sha256 ?? '' } },
        { deadline: h.time.now() + 60_000 },
      ),
    );
    const creates = h.objects.count('createMultipartUpload');
    expect(await h.time.drive(h.engine.run(plan.id))).toEqual({ kind: 'completed' });
    expect(h.objects.count('createMultipartUpload')).toBe(creates);
    expect(h.objects.uploads.size).toBe(0);
  });

  it('after a lost CompleteMultipartUpload reply, HeadObject decides: done, not "already present"', async () => {
    h = makeHarness({ files: { 'big.wav': 6 * MiB } });
    h.objects.failNext('completeMultipartUpload', 1, 'lose-reply');
    const plan = await h.engine.planFolder({ dir: h.dir, bucket: 'b', prefix: 'p' });
    expect(await h.time.drive(h.engine.run(plan.id))).toEqual({ kind: 'completed' });
    expect(h.objects.count('completeMultipartUpload')).toBe(1);
    expect(h.engine.planSummary(plan.id)).toMatchObject({ done: 1, alreadyPresent: 0, failed: 0 });
  });

  it('after a lost Complete reply and a restart, NoSuchUpload is settled by HeadObject', async () => {
    h = makeHarness({ files: { 'big.wav': 6 * MiB } });
    const plan = await h.engine.planFolder({ dir: h.dir, bucket: 'b', prefix: 'p' });
    // Every Complete reply is lost and the process stops while waiting to retry.
    h.objects.failNext('completeMultipartUpload', 1, 'lose-reply');
    const controller = new AbortController();
    const off = h.engine.on((e) => {
      if (e.type === 'unit-activity' && e.activity.kind === 'retry-wait') controller.abort();
    });
    await h.time.drive(h.engine.run(plan.id, { signal: controller.signal }));
    off();
    expect(h.objects.objects.has('p/big.wav')).toBe(true);
    expect(await h.time.drive(h.restart().run(plan.id))).toEqual({ kind: 'completed' });
    expect(h.engine.planSummary(plan.id)).toMatchObject({ done: 1, alreadyPresent: 0 });
    expect(h.objects.count('uploadPart')).toBe(2);
  });

  it('re-creates an upload that vanished (expired) and sends its parts again', async () => {
    h = makeHarness({ files: { 'big.wav': 12 * MiB }, settings: { concurrency: 1 } });
    const plan = await h.engine.planFolder({ dir: h.dir, bucket: 'b', prefix: 'p' });
    await runUntilAcked(h, plan.id, 5 * MiB);
    h.objects.uploads.clear();
    expect(await h.time.drive(h.restart().run(plan.id))).toEqual({ kind: 'completed' });
    expect(h.objects.count('createMultipartUpload')).toBe(2);
    expect(h.objects.uploads.size).toBe(0);
  });
});

describe('a lost PutObject reply', () => {
  it('is asked about before anything is sent again (seed 003): HeadObject shows our bytes, the unit is done', async () => {
    h = makeHarness({ files: { 'a.wav': 100 * KiB } });
    h.objects.failNext('putObject', 1, 'lose-reply', (r) => r.key === 'p/a.wav');
    const plan = await h.engine.planFolder({ dir: h.dir, bucket: 'b', prefix: 'p' });
    expect(await h.time.drive(h.engine.run(plan.id))).toEqual({ kind: 'completed' });
    expect(h.engine.planSummary(plan.id)).toMatchObject({
      done: 1,
      alreadyPresent: 0,
      bytesSent: 100 * KiB,
      bytesResent: 0,
    });
    const ops = h.objects.requests.filter((r) => r.key === 'p/a.wav').map((r) => r.operation);
    expect(ops).toEqual(['putObject', 'headObject']);
    // The question after the lost reply is paid by the budget as the retry it stands for.
    expect(h.policy.counters(h.objects.endpoint).retriesGranted).toBe(1);
    expect(
      h.engine
        .journal({ limit: 50 })
        .some((j) => j.outcome === 'gave-up:outcome-unknown:unreachable:connection-reset'),
    ).toBe(true);
  });
});
