import { HeadObjectCommand, PutObjectCommand, type S3Client } from '@aws-sdk/client-s3';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { fault, s3Request, startFaultProxy, type FaultProxy } from '../../support/faultProxy';
import { s3ClientFor, testBucket, type TestBucket } from '../../support/testBucket';
import { waitFor } from '../../support/waitFor';

// The proxy on its own, with a plain SDK client (the adapter's fault tests are in
// s3ObjectStoreFaults.test.ts): signatures survive it, and each fault does what it says.
describe('fault proxy in front of the real server', () => {
  let b: TestBucket;
  let proxy: FaultProxy;
  let viaProxy: S3Client;

  beforeAll(async () => {
    b = await testBucket('proxy');
    proxy = await startFaultProxy({ target: b.endpoint });
    // One attempt: the SDK must not hide a fault by retrying it.
    viaProxy = s3ClientFor({ ...b, endpoint: proxy.endpoint }, 1);
  });
  afterEach(() => {
    proxy.clearRules();
    proxy.clearLog();
  });
  afterAll(async () => {
    viaProxy.destroy();
    await proxy.close();
    await b.remove();
  });

  const put = (key: string, size = 1024) =>
    viaProxy.send(
      new PutObjectCommand({ Bucket: b.bucket, Key: key, Body: new Uint8Array(size).fill(7) }),
    );
  const existsOnServer = async (key: string): Promise<boolean> => {
    try {
      await b.client.send(new HeadObjectCommand({ Bucket: b.bucket, Key: key }));
      return true;
    } catch (error) {
      if ((error as { name?: string }).name === 'NotFound') return false;
      throw error;
    }
  };
  const failureOf = async (pending: Promise<unknown>) => {
    try {
      await pending;
    } catch (error) {
      return error as {
        name?: string;
        code?: string;
        $metadata?: { httpStatusCode?: number };
        $response?: { headers?: Record<string, string> };
      };
    }
    throw new Error('expected the request to fail');
  };

  it('passes the Host header through: a request signed for the proxy is accepted', async () => {
    await put('signed.bin', 4096);
    expect(await existsOnServer('signed.bin')).toBe(true);
    const [entry] = proxy.log();
    expect(entry).toMatchObject({ method: 'PUT', status: 200, bytesIn: 4096 });
    expect(entry?.path).toBe(`/${b.bucket}/signed.bin`);
  });

  it('answers a scripted 503 SlowDown with Retry-After, as S3 XML', async () => {
    proxy.addRule({
      match: s3Request.putObject,
      action: fault.status(503, { code: 'SlowDown', retryAfter: '2', amzRetryAfterMs: 1500 }),
    });
    const error = await failureOf(put('slow.bin'));
    expect(error.name).toBe('SlowDown');
    expect(error.$metadata?.httpStatusCode).toBe(503);
    expect(error.$response?.headers?.['retry-after']).toBe('2');
    expect(error.$response?.headers?.['x-amz-retry-after']).toBe('1500');
    expect(await existsOnServer('slow.bin')).toBe(false);
    expect(proxy.log()[0]).toMatchObject({ status: 503, fault: 'status' });
  });

  it('resets before any reply: nothing reaches the server', async () => {
    proxy.addRule({ match: s3Request.putObject, action: fault.reset() });
    const error = await failureOf(put('reset.bin'));
    expect(error.$metadata?.httpStatusCode).toBeUndefined();
    expect(await existsOnServer('reset.bin')).toBe(false);
  });

  it('cuts an upload after N body bytes: the server stores nothing', async () => {
    proxy.addRule({ match: s3Request.putObject, action: fault.resetAfterBodyBytes(64 * 1024) });
    const error = await failureOf(put('cut.bin', 1024 * 1024));
    expect(error.$metadata?.httpStatusCode).toBeUndefined();
    expect(await existsOnServer('cut.bin')).toBe(false);
    const [entry] = proxy.log();
    expect(entry?.bytesIn).toBeGreaterThanOrEqual(64 * 1024);
    expect(entry?.bytesIn).toBeLessThan(1024 * 1024);
  });

  it('loses the reply after the server acted: the client fails, the object exists', async () => {
    proxy.addRule({ match: s3Request.putObject, action: fault.loseReply() });
    const error = await failureOf(put('lost.bin'));
    expect(error.$metadata?.httpStatusCode).toBeUndefined();
    expect(await existsOnServer('lost.bin')).toBe(true);
    expect(proxy.log()[0]?.status).toBeUndefined();
  });

  it('stalls, then forwards; delays a reply; applies a rule only `times` times', async () => {
    proxy.addRule({ match: s3Request.putObject, action: fault.stall(300) });
    proxy.addRule({ match: s3Request.putObject, action: fault.delay(300) });
    for (const key of ['s1.bin', 's2.bin', 's3.bin']) {
      const started = Date.now();
      await put(key);
      const took = Date.now() - started;
      if (key === 's3.bin') expect(took).toBeLessThan(1000);
      else expect(took).toBeGreaterThanOrEqual(290);
    }
    expect(proxy.count(s3Request.putObject)).toBe(3);
    expect(proxy.log().map((e) => e.fault)).toEqual(['stall', 'delay', undefined]);
  });

  it('resets every open connection on demand: a cut of the link mid-request', async () => {
    proxy.addRule({ match: s3Request.headObject, action: fault.delay(5000) });
    const pending = failureOf(
      viaProxy.send(new HeadObjectCommand({ Bucket: b.bucket, Key: 'signed.bin' })),
    );
    // Cut once the request is held at the proxy (observed), not after a guessed 200 ms.
    await waitFor(() => proxy.count(s3Request.headObject) > 0, 'HeadObject at the proxy');
    const started = Date.now();
    proxy.resetAllConnections();
    expect((await pending).code).toBe('ECONNRESET');
    // Ended by the cut, not by the 5 s delay running out.
    expect(Date.now() - started).toBeLessThan(5_000);
  });

  it('goes down (refused, then reset) and comes back on the same address', async () => {
    await proxy.setDown(true);
    // Let the client see the reset of its idle keep-alive socket before it tries a new one.
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect((await failureOf(put('down.bin'))).code).toBe('ECONNREFUSED');
    await proxy.setDown(true, 'reset');
    expect((await failureOf(put('down.bin'))).code).toBe('ECONNRESET');
    await proxy.setDown(false);
    await put('up.bin');
    expect(await existsOnServer('up.bin')).toBe(true);
  });
});
