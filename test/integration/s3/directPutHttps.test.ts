import { createHash, randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { Agent as HttpAgent } from 'node:http';
import { Agent as HttpsAgent } from 'node:https';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  CompleteMultipartUploadCommand,
  CreateMultipartUploadCommand,
  GetObjectCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
} from '@aws-sdk/client-s3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testConnection } from '../../../electron/app/testConnection';
import type { EngineEvent } from '../../../electron/engine/EngineEvent';
import { createEngineStack } from '../../../electron/runtime/createEngineStack';
import { DirectPut, putObjectRequest, uploadPartRequest } from '../../../electron/s3/DirectPut';
import { ServerClock } from '../../../electron/s3/ServerClock';
import { S3ObjectStore } from '../../../electron/s3/S3ObjectStore';
import { openDatabase } from '../../../electron/store/openDatabase';
import { PlanStore } from '../../../electron/store/PlanStore';
import { startEmission } from '../../../electron/s3/Emission';
import { systemClock } from '../../../electron/runtime/systemClock';
import { testBucket, type TestBucket } from '../../support/testBucket';
import { startTlsFront, type TlsFront } from '../../support/tlsFront';

// DirectPut over TLS (every real endpoint is https; radosgw here speaks plain HTTP): radosgw behind
// the test's TLS pass-through (see tlsFront.ts). The signature covers the host and port the client
// sees, which the pass-through leaves in the request as they are.

const md5 = (bytes: Uint8Array): string => createHash('md5').update(bytes).digest('hex');

describe('DirectPut over https', () => {
  let bucket: TestBucket;
  let tls: TlsFront;
  let dir: string;
  let direct: DirectPut;
  const agents = { http: new HttpAgent(), https: new HttpsAgent({ keepAlive: true }) };

  beforeAll(async () => {
    bucket = await testBucket('https');
    dir = mkdtempSync(join(tmpdir(), 'depot-tls-'));
    tls = await startTlsFront({ target: bucket.endpoint });
    agents.https = new HttpsAgent({ keepAlive: true, ca: tls.cert });
    direct = new DirectPut(
      {
        endpoint: tls.endpoint,
        region: bucket.region,
        bucket: bucket.bucket,
        forcePathStyle: true,
        credentials: bucket,
      },
      agents,
      new ServerClock(systemClock),
    );
  });

  afterAll(async () => {
    agents.https.destroy();
    agents.http.destroy();
    await tls.close();
    rmSync(dir, { recursive: true, force: true });
    await bucket.remove();
  });

  const emission = () =>
    startEmission({ deadline: Date.now() + 30_000 }, systemClock, 30_000, 2_000);

  it('puts an object: the server proves the bytes by its ETag, the metadata is stored', async () => {
    const bytes = randomBytes(150_000);
    const key = 'night 2026-06-01/Carré ä+(1).wav';
    const e = emission();
    const { etag } = await direct.send(
      putObjectRequest({
        key,
        body: { kind: 'bytes', bytes },
        md5Base64: Buffer.from(md5(bytes), 'hex').toString('base64'),
        metadata: { sha256: createHash('sha256').update(bytes).digest('hex') },
        ifNoneMatch: true,
      }),
      bytes,
      e,
    );
    e.end();
    expect(etag).toBe(`"${md5(bytes)}"`);
    const head = await bucket.client.send(
      new HeadObjectCommand({ Bucket: bucket.bucket, Key: key }),
    );
    expect(head.ETag).toBe(`"${md5(bytes)}"`);
    expect(head.Metadata?.sha256).toBe(createHash('sha256').update(bytes).digest('hex'));
  });

  it('uploads parts of a multipart upload; the completed object is whole', async () => {
    const key = 'night/long recording.wav';
    const { UploadId } = await bucket.client.send(
      new CreateMultipartUploadCommand({ Bucket: bucket.bucket, Key: key }),
    );
    const parts = [randomBytes(5 * 1024 * 1024), randomBytes(300_000)];
    const etags: string[] = [];
    for (const [index, bytes] of parts.entries()) {
      const e = emission();
      const { etag } = await direct.send(
        uploadPartRequest({
          key,
          uploadId: UploadId ?? '',
          partNumber: index + 1,
          body: { kind: 'bytes', bytes },
          md5Base64: Buffer.from(md5(bytes), 'hex').toString('base64'),
        }),
        bytes,
        e,
      );
      e.end();
      expect(etag).toBe(`"${md5(bytes)}"`);
      etags.push(etag ?? '');
    }
    await bucket.client.send(
      new CompleteMultipartUploadCommand({
        Bucket: bucket.bucket,
        Key: key,
        UploadId,
        MultipartUpload: { Parts: etags.map((ETag, i) => ({ ETag, PartNumber: i + 1 })) },
      }),
    );
    const got = await bucket.client.send(new GetObjectCommand({ Bucket: bucket.bucket, Key: key }));
    const body = Buffer.from((await got.Body?.transformToByteArray()) ?? []);
    expect(md5(body)).toBe(md5(Buffer.concat(parts)));
  });

  it('a certificate it does not trust is refused before any byte is sent', async () => {
    const untrusting = new DirectPut(
      {
        endpoint: tls.endpoint,
        region: bucket.region,
        bucket: bucket.bucket,
        forcePathStyle: true,
        credentials: bucket,
      },
      { http: agents.http, https: new HttpsAgent() },
      new ServerClock(systemClock),
    );
    const bytes = randomBytes(1000);
    const e = emission();
    const sent = untrusting.send(
      putObjectRequest({
        key: 'never.wav',
        body: { kind: 'bytes', bytes },
        md5Base64: Buffer.from(md5(bytes), 'hex').toString('base64'),
        metadata: {},
        ifNoneMatch: true,
      }),
      bytes,
      e,
    );
    await expect(sent).rejects.toMatchObject({ code: 'DEPTH_ZERO_SELF_SIGNED_CERT' });
    e.end();
  });

  describe('the engine against an endpoint whose certificate this computer does not trust', () => {
    const untrustedTarget = () => ({
      endpoint: tls.endpoint,
      region: bucket.region,
      bucket: bucket.bucket,
      forcePathStyle: true,
      credentials: bucket,
    });
    const expectedCause = {
      kind: 'certificate',
      problem: 'untrusted',
      code: 'DEPTH_ZERO_SELF_SIGNED_CERT',
    } as const;

    it('a run stops with the certificate cause instead of waiting for the network', async () => {
      const source = join(dir, 'night');
      mkdirSync(source, { recursive: true });
      writeFileSync(join(source, 'a.wav'), randomBytes(20_000));
      writeFileSync(join(source, 'b.wav'), randomBytes(30_000));
      const store = new PlanStore(openDatabase(join(dir, 'untrusted.db')));
      const { engine, objectStore, policy } = createEngineStack({
        store,
        s3: untrustedTarget(),
      });
      const events: EngineEvent[] = [];
      engine.on((e) => events.push(e));
      try {
        const before = tls.refusedHandshakes();
        expect(await engine.checkEndpoint(bucket.bucket)).toEqual({
          kind: 'blocked',
          cause: expectedCause,
        });
        const plan = await engine.planFolder({
          dir: source,
          bucket: bucket.bucket,
          prefix: 'untrusted',
        });
        expect(await engine.run(plan.id)).toEqual({ kind: 'blocked', cause: expectedCause });
        expect(tls.refusedHandshakes()).toBeGreaterThan(before);
        // Not one retry, never "waiting for network", no file failed for it.
        expect(policy.allCounters().retriesGranted).toBe(0);
        expect(policy.circuit(objectStore.endpoint)).toEqual({ kind: 'closed' });
        expect(events.some((e) => e.type === 'waiting-network' && e.waiting)).toBe(false);
        expect(engine.planSummary(plan.id)).toMatchObject({ failed: 0, done: 0 });
      } finally {
        objectStore.destroy();
        store.close();
      }
      const listed = await bucket.client.send(
        new ListObjectsV2Command({ Bucket: bucket.bucket, Prefix: 'untrusted' }),
      );
      expect(listed.KeyCount ?? 0).toBe(0);
    });

    it('the connection test names the certificate, not an unreachable server', async () => {
      const store = new S3ObjectStore(untrustedTarget());
      try {
        expect(await testConnection(store, systemClock, 'night/')).toEqual({
          reachable: true,
          problem: 'certificate-untrusted',
          folder: `${store.target.bucket}/night/`,
          credentialsAccepted: null,
          bucketExists: null,
          bucketWritable: null,
          canList: null,
        });
      } finally {
        store.destroy();
      }
    });
  });
});
