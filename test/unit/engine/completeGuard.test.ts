import { afterEach, describe, expect, it } from 'vitest';
import { contentOf, makeHarness, MiB, sha256Hex } from './engineHarness';
import type { Harness } from './engineHarness';

let h: Harness | undefined;
afterEach(() => h?.cleanup());

/** A server like radosgw 16: Complete ignores If-None-Match, a gone upload's Complete is a 500. */
const radosgwLike = { completeIgnoresIfNoneMatch: true, goneCompleteAnswers500: true } as const;

/** Puts `bytes` at `key` as someone else would, once the first part of our upload is acknowledged. */
const seedAfterFirstPart = (harness: Harness, key: string, bytes: Buffer, sha?: string): void => {
  let seeded = false;
  harness.engine.on((e) => {
    if (!seeded && e.type === 'unit-activity' && e.activity.kind === 'sending') {
      if (e.activity.bytesAcked > 0) {
        seeded = true;
        harness.objects.seed(key, bytes, sha === undefined ? {} : { sha256: sha });
      }
    }
  });
};

describe('CompleteMultipartUpload on a server that ignores If-None-Match', () => {
  it('an object that appeared while the parts were sent is a conflict, left untouched', async () => {
    h = makeHarness({ files: { 'big.wav': 6 * MiB }, memory: radosgwLike });
    const theirs = Buffer.from('someone else put this here');
    seedAfterFirstPart(h, 'p/big.wav', theirs);
    const plan = await h.engine.planFolder({ dir: h.dir, bucket: 'b', prefix: 'p' });
    expect(await h.time.drive(h.engine.run(plan.id))).toEqual({ kind: 'failures', failed: 1 });
    expect(h.engine.failedUnits(plan.id).map((u) => u.state)).toEqual([
      {
        kind: 'failed',
        cause: { kind: 'conflict', localSize: 6 * MiB, remoteSize: theirs.length },
      },
    ]);
    expect(h.objects.count('completeMultipartUpload')).toBe(0);
    expect(Buffer.from(h.objects.objects.get('p/big.wav')?.bytes ?? []).equals(theirs)).toBe(true);
    expect(h.objects.uploads.size).toBe(0);
  });

  it('the same bytes already there count as already present; our upload is aborted', async () => {
    h = makeHarness({ files: { 'big.wav': 6 * MiB }, memory: radosgwLike });
    const same = contentOf('big.wav', 6 * MiB);
    seedAfterFirstPart(h, 'p/big.wav', same, sha256Hex(same));
    const plan = await h.engine.planFolder({ dir: h.dir, bucket: 'b', prefix: 'p' });
    expect(await h.time.drive(h.engine.run(plan.id))).toEqual({ kind: 'completed' });
    expect(h.engine.planSummary(plan.id)).toMatchObject({ done: 1, alreadyPresent: 1 });
    expect(h.objects.count('completeMultipartUpload')).toBe(0);
    expect(h.objects.uploads.size).toBe(0);
  });

  it('an object appearing between Complete retries is never completed over', async () => {
    h = makeHarness({ files: { 'big.wav': 6 * MiB }, memory: radosgwLike });
    const theirs = Buffer.from('arrived during the retry wait');
    h.objects.failNext('completeMultipartUpload', 1, { kind: 'refused', status: 503 }, () => {
      h?.objects.seed('p/big.wav', theirs);
      return true;
    });
    const plan = await h.engine.planFolder({ dir: h.dir, bucket: 'b', prefix: 'p' });
    expect(await h.time.drive(h.engine.run(plan.id))).toEqual({ kind: 'failures', failed: 1 });
    expect(h.engine.failedUnits(plan.id)[0]?.state).toMatchObject({
      cause: { kind: 'conflict', remoteSize: theirs.length },
    });
    expect(h.objects.count('completeMultipartUpload')).toBe(1);
    expect(Buffer.from(h.objects.objects.get('p/big.wav')?.bytes ?? []).equals(theirs)).toBe(true);
    expect(h.objects.uploads.size).toBe(0);
  });
});

describe('CompleteMultipartUpload of an upload that is gone (500 on radosgw)', () => {
  it('reconciles after one 500 instead of spending the retry sequence, then re-creates the upload', async () => {
    h = makeHarness({ files: { 'big.wav': 6 * MiB }, memory: radosgwLike });
    let cleared = false;
    h.engine.on((e) => {
      // The upload expires once every part is acknowledged, before the first Complete.
      if (!cleared && e.type === 'unit-activity' && e.activity.kind === 'sending') {
        if (e.activity.bytesAcked === 6 * MiB) {
          cleared = true;
          h?.objects.uploads.clear();
        }
      }
    });
    const plan = await h.engine.planFolder({ dir: h.dir, bucket: 'b', prefix: 'p' });
    expect(await h.time.drive(h.engine.run(plan.id))).toEqual({ kind: 'completed' });
    expect(cleared).toBe(true);
    expect(h.engine.planSummary(plan.id)).toMatchObject({ done: 1, alreadyPresent: 0 });
    // One Complete met the 500, the retry asked ListParts (gone) instead of completing again,
    // then a new upload was created and completed.
    expect(h.objects.count('completeMultipartUpload')).toBe(2);
    expect(h.objects.count('createMultipartUpload')).toBe(2);
    expect(h.objects.count('listParts')).toBe(1);
    const sha = h.objects.objects.get('p/big.wav')?.metadata.sha256;
    expect(sha).toBe(sha256Hex(contentOf('big.wav', 6 * MiB)));
    expect(h.objects.uploads.size).toBe(0);
  });
});
