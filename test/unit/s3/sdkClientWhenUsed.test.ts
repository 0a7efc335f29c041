import { createHash } from 'node:crypto';
import { createServer } from 'node:http';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { S3Clients } from '../../../electron/s3/S3Clients';
import { S3ObjectStore } from '../../../electron/s3/S3ObjectStore';

describe('S3ObjectStore: the SDK’s client only for the calls that go through it (ADR 0024)', () => {
  let server: Server | undefined;
  afterEach(() => {
    server?.close();
    vi.restoreAllMocks();
  });

  it('PutObject and UploadPart build no SDK client, even with a skewed clock; HeadObject does', async () => {
    const seen: string[] = [];
    server = createServer((req, res) => {
      seen.push(`${req.method ?? ''} ${req.url ?? ''}`);
      req.resume();
      req.on('end', () => res.writeHead(200, { etag: '"e"', 'content-length': '0' }).end());
    });
    await new Promise<void>((resolve) => server?.listen(0, '127.0.0.1', resolve));
    const store = new S3ObjectStore({
      endpoint: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
      region: 'us-east-1',
      bucket: 'nights',
      credentials: { accessKeyId: 'a', secretAccessKey: 'b' },
      forcePathStyle: true,
    });
    const clients = vi.spyOn(S3Clients.prototype, 'get');
    const bytes = Buffer.from('night');
    const body = { kind: 'bytes', bytes } as const;
    const md5Base64 = createHash('md5').update(bytes).digest('base64');
    const options = { deadline: Date.now() + 10_000 };
    const put = { key: 'a.wav', body, md5Base64, metadata: {}, ifNoneMatch: true };
    expect(await store.putObject(put, options)).toEqual({
      kind: 'success',
      value: { etag: '"e"' },
    });
    const part = { key: 'b.wav', uploadId: 'u', partNumber: 1, body, md5Base64 };
    expect(await store.uploadPart(part, options)).toEqual({
      kind: 'success',
      value: { etag: '"e"' },
    });
    expect(clients).not.toHaveBeenCalled();
    expect((await store.headObject({ key: 'a.wav' }, options)).kind).toBe('success');
    expect(clients).toHaveBeenCalled();
    expect(seen).toEqual([
      // As the SDK builds them (DirectPut copies its path and query).
      'PUT /nights/a.wav?x-id=PutObject',
      'PUT /nights/b.wav?x-id=UploadPart&partNumber=1&uploadId=u',
      'HEAD /nights/a.wav',
    ]);
    store.destroy();
  });
});
