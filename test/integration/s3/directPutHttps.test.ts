import { execFileSync } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { Agent as HttpAgent } from 'node:http';
import { Agent as HttpsAgent } from 'node:https';
import { connect, type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createServer, type Server } from 'node:tls';
import {
  CompleteMultipartUploadCommand,
  CreateMultipartUploadCommand,
  GetObjectCommand,
  HeadObjectCommand,
} from '@aws-sdk/client-s3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DirectPut, putObjectRequest, uploadPartRequest } from '../../../electron/s3/DirectPut';
import { startEmission } from '../../../electron/s3/Emission';
import { systemClock } from '../../../electron/runtime/systemClock';
import { testBucket, type TestBucket } from '../../support/testBucket';

// DirectPut over TLS (every real endpoint is https; radosgw here speaks plain HTTP): radosgw behind
// a TLS pass-through on 127.0.0.1 with a certificate made for the test. The signature covers the
// host and port the client sees, which the pass-through leaves in the request as they are.

const md5 = (bytes: Uint8Array): string => createHash('md5').update(bytes).digest('hex');

describe('DirectPut over https', () => {
  let bucket: TestBucket;
  let tls: Server;
  let dir: string;
  let direct: DirectPut;
  const agents = { http: new HttpAgent(), https: new HttpsAgent({ keepAlive: true }) };

  beforeAll(async () => {
    bucket = await testBucket('https');
    dir = mkdtempSync(join(tmpdir(), 'depot-tls-'));
    execFileSync(
      'openssl',
      [
        'req',
        '-x509',
        '-newkey',
        'rsa:2048',
        '-nodes',
        '-days',
        '1',
        '-subj',
        '/CN=127.0.0.1',
        '-addext',
        'subjectAltName=IP:127.0.0.1',
        '-keyout',
        join(dir, 'key.pem'),
        '-out',
        join(dir, 'cert.pem'),
      ],
      { stdio: 'ignore' },
    );
    const cert = readFileSync(join(dir, 'cert.pem'));
    const upstream = new URL(bucket.endpoint);
    tls = createServer({ key: readFileSync(join(dir, 'key.pem')), cert }, (client) => {
      const server = connect(Number(upstream.port), upstream.hostname);
      client.pipe(server).pipe(client);
      client.on('error', () => server.destroy());
      server.on('error', () => client.destroy());
    });
    await new Promise<void>((resolve) => tls.listen(0, '127.0.0.1', resolve));
    const port = (tls.address() as AddressInfo).port;
    agents.https = new HttpsAgent({ keepAlive: true, ca: cert });
    direct = new DirectPut(
      {
        endpoint: `https://127.0.0.1:${port}`,
        region: bucket.region,
        bucket: bucket.bucket,
        forcePathStyle: true,
        credentials: bucket,
      },
      agents,
    );
  });

  afterAll(async () => {
    agents.https.destroy();
    agents.http.destroy();
    await new Promise<void>((resolve) => tls.close(() => resolve()));
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
      0,
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
        0,
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
        endpoint: `https://127.0.0.1:${(tls.address() as AddressInfo).port}`,
        region: bucket.region,
        bucket: bucket.bucket,
        forcePathStyle: true,
        credentials: bucket,
      },
      { http: agents.http, https: new HttpsAgent() },
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
      0,
    );
    await expect(sent).rejects.toMatchObject({ code: 'DEPTH_ZERO_SELF_SIGNED_CERT' });
    e.end();
  });
});
