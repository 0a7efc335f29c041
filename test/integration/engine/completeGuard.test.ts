import { createHash } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  AbortMultipartUploadCommand,
  GetObjectCommand,
  ListMultipartUploadsCommand,
  PutObjectCommand,
} from '@aws-sdk/client-s3';
import { contentOf } from '../../support/contentOf';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEngineStack } from '../../../electron/runtime/createEngineStack';
import { S3ObjectStore } from '../../../electron/s3/S3ObjectStore';
import { openDatabase } from '../../../electron/store/openDatabase';
import { PlanStore } from '../../../electron/store/PlanStore';
import type { EmissionOptions, UploadPartInput } from '../../../shared/ports/ObjectStore';
import { proxiedBucket, type BucketAndWork } from '../../support/proxiedBucket';
import type { TestBucket } from '../../support/testBucket';
import { verifyBucket } from './verifyBucket';

const MiB = 1024 * 1024;
const SIZE = 11 * MiB;
const PARTS = 3;

/**
 * radosgw 16 ignores If-None-Match on CompleteMultipartUpload (ADR 0003) and answers 500 to the
 * Complete of an upload that is gone. Something happens at the server right after our last part
 * is acknowledged (deterministically: the adapter waits for it), then the engine must decide.
 */
describe('CompleteMultipartUpload guards on radosgw', () => {
  let setup: BucketAndWork;
  let b: TestBucket;
  let work: string;
  let source: string;

  beforeAll(async () => {
    setup = await proxiedBucket('complete-guard', { proxy: false });
    ({ bucket: b, work } = setup);
    source = join(work, 'night');
    mkdirSync(source);
    writeFileSync(join(source, 'big.wav'), contentOf('big.wav', SIZE));
  });
  afterAll(() => setup.close());

  const deposit = async (prefix: string, afterLastPart: (uploadId: string) => Promise<void>) => {
    let completes = 0;
    let fired = false;
    class Interposed extends S3ObjectStore {
      override async uploadPart(input: UploadPartInput, options: EmissionOptions) {
        const r = await super.uploadPart(input, options);
        if (r.kind === 'success' && input.partNumber === PARTS && !fired) {
          fired = true;
          await afterLastPart(input.uploadId);
        }
        return r;
      }
      override completeMultipartUpload(
        input: Parameters<S3ObjectStore['completeMultipartUpload']>[0],
        options: EmissionOptions,
      ) {
        completes += 1;
        return super.completeMultipartUpload(input, options);
      }
    }
    const objectStore = new Interposed({
      endpoint: b.endpoint,
      region: b.region,
      bucket: b.bucket,
      credentials: b,
      forcePathStyle: true,
    });
    const store = new PlanStore(openDatabase(join(work, `${prefix}.db`)));
    const { engine } = createEngineStack({
      store,
      objectStore,
      settings: { partSize: 4 * MiB, multipartThreshold: 4 * MiB, concurrency: 1 },
    });
    try {
      const plan = await engine.planFolder({ dir: source, bucket: b.bucket, prefix });
      const result = await engine.run(plan.id);
      return {
        result,
        fired,
        completes,
        summary: engine.planSummary(plan.id),
        failed: engine.failedUnits(plan.id),
      };
    } finally {
      objectStore.destroy();
      store.close();
    }
  };

  const openUploads = async (prefix: string): Promise<number> => {
    const out = await b.client.send(
      new ListMultipartUploadsCommand({ Bucket: b.bucket, Prefix: `${prefix}/` }),
    );
    return out.Uploads?.length ?? 0;
  };

  const put = (key: string, body: Buffer, metadata: Record<string, string> = {}) =>
    b.client.send(
      new PutObjectCommand({ Bucket: b.bucket, Key: key, Body: body, Metadata: metadata }),
    );

  it('an object put at the key while the parts were sent ends as a conflict, its bytes unchanged', async () => {
    const theirs = Buffer.from('a different recording, put by someone else');
    const r = await deposit('conflict', () => put('conflict/big.wav', theirs).then(() => {}));
    expect(r.fired).toBe(true);
    expect(r.result).toEqual({ kind: 'failures', failed: 1 });
    expect(r.failed.map((u) => u.state)).toEqual([
      { kind: 'failed', cause: { kind: 'conflict', localSize: SIZE, remoteSize: theirs.length } },
    ]);
    expect(r.completes).toBe(0);
    const got = await b.client.send(
      new GetObjectCommand({ Bucket: b.bucket, Key: 'conflict/big.wav' }),
    );
    expect(Buffer.from((await got.Body?.transformToByteArray()) ?? []).equals(theirs)).toBe(true);
    expect(await openUploads('conflict')).toBe(0);
  });

  it('the same bytes put at the key meanwhile end as already present', async () => {
    const same = contentOf('big.wav', SIZE);
    const sha = createHash('sha256').update(same).digest('hex');
    const r = await deposit('same', () =>
      put('same/big.wav', same, { sha256: sha }).then(() => {}),
    );
    expect(r.fired).toBe(true);
    expect(r.result).toEqual({ kind: 'completed' });
    expect(r.summary).toMatchObject({ done: 1, alreadyPresent: 1, failed: 0 });
    expect(r.completes).toBe(0);
    expect(await openUploads('same')).toBe(0);
  });

  it('a Complete of an upload that vanished (500 here) is reconciled, not retried to exhaustion', async () => {
    const started = Date.now();
    const r = await deposit('gone', async (uploadId) => {
      await b.client.send(
        new AbortMultipartUploadCommand({
          Bucket: b.bucket,
          Key: 'gone/big.wav',
          UploadId: uploadId,
        }),
      );
    });
    expect(r.fired).toBe(true);
    expect(r.result).toEqual({ kind: 'completed' });
    expect(r.summary).toMatchObject({ done: 1, alreadyPresent: 0, failed: 0 });
    // The 500, one ListParts that says "gone" instead of a second Complete, then a new upload
    // and its Complete.
    expect(r.completes).toBe(2);
    expect(Date.now() - started).toBeLessThan(60_000);
    const { wrong, openUploads: open } = await verifyBucket(b.client, b.bucket, 'gone', source, [
      'big.wav',
    ]);
    expect(wrong).toEqual([]);
    expect(open).toBe(0);
  });
});
