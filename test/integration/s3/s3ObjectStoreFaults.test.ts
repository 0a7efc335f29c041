import { createHash, randomBytes } from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { S3ObjectStore } from '../../../electron/s3/S3ObjectStore';
import type { EmissionOptions, PutObjectInput } from '../../../shared/ports/ObjectStore';
import { fault, s3Request, startFaultProxy, type FaultProxy } from '../../support/faultProxy';
import { testBucket, type TestBucket } from '../../support/testBucket';
import { waitFor } from '../../support/waitFor';

// The adapter under real faults: radosgw behind the fault proxy. Each case checks the Outcome
// (classified once, by the adapter) and what the server holds afterwards.
// The watchdog under test, on its own store: the others wait far longer, so a server slowed by a
// loaded machine never reads as a stall where a stall is not the point.
const STALL_MS = 600;
const PATIENT_STALL_MS = 30_000;

describe('S3ObjectStore under faults (radosgw behind the fault proxy)', () => {
  let b: TestBucket;
  let proxy: FaultProxy;
  let store: S3ObjectStore;
  let stalling: S3ObjectStore;
  let direct: S3ObjectStore;

  beforeAll(async () => {
    b = await testBucket('faults');
    proxy = await startFaultProxy({ target: b.endpoint });
    const make = (endpoint: string, stallMs = PATIENT_STALL_MS) =>
      new S3ObjectStore({
        endpoint,
        region: b.region,
        bucket: b.bucket,
        credentials: b,
        forcePathStyle: true,
        stallMs,
      });
    store = make(proxy.endpoint);
    stalling = make(proxy.endpoint, STALL_MS);
    direct = make(b.endpoint);
  });
  afterEach(async () => {
    proxy.clearRules();
    proxy.clearLog();
    await proxy.setDown(false);
  });
  afterAll(async () => {
    store.destroy();
    stalling.destroy();
    direct.destroy();
    await proxy.close();
    await b.remove();
  });

  const soon = (ms = 60_000): EmissionOptions => ({ deadline: Date.now() + ms });
  const object = (key: string, size: number): PutObjectInput => {
    const bytes = randomBytes(size);
    return {
      key,
      body: { kind: 'bytes', bytes },
      md5Base64: createHash('md5').update(bytes).digest('base64'),
      metadata: { sha256: createHash('sha256').update(bytes).digest('hex') },
      ifNoneMatch: true,
    };
  };
  // One caller's signal for the held-answer cases, fresh after each.
  const held = {
    controller: new AbortController(),
    get options(): EmissionOptions {
      return { deadline: Date.now() + 120_000, signal: this.controller.signal };
    },
  };
  const onServer = async (key: string) => {
    const head = await direct.headObject({ key }, soon());
    if (head.kind !== 'success') throw new Error(`HeadObject failed: ${JSON.stringify(head)}`);
    return head.value;
  };

  it('a connection reset mid-body is unreachable (connection-reset); nothing stored', async () => {
    proxy.addRule({ match: s3Request.putObject, action: fault.resetAfterBodyBytes(256 * 1024) });
    let sent = 0;
    const outcome = await store.putObject(object('cut.wav', 2 * 1024 * 1024), {
      ...soon(),
      onBytesSent: (total) => (sent = total),
    });
    expect(outcome).toEqual({ kind: 'unreachable', reason: 'connection-reset' });
    expect(sent).toBeGreaterThanOrEqual(256 * 1024);
    expect(await onServer('cut.wav')).toBeUndefined();
  });

  it('503 SlowDown with Retry-After is refused 503 with the wait, after exactly one request', async () => {
    proxy.addRule({
      match: s3Request.putObject,
      action: fault.status(503, { code: 'SlowDown', retryAfter: '3' }),
    });
    expect(await store.putObject(object('slow.wav', 1000), soon())).toMatchObject({
      kind: 'refused',
      status: 503,
      code: 'SlowDown',
      retryAfterMs: 3000,
    });
    expect(proxy.count(s3Request.putObject)).toBe(1);
    expect(await onServer('slow.wav')).toBeUndefined();
  });

  it('Retry-After as an HTTP-date, and x-amz-retry-after in ms, give the wait too', async () => {
    const inFiveSeconds = new Date(Date.now() + 5000).toUTCString();
    proxy.addRule({
      match: s3Request.headObject,
      action: fault.status(503, { code: 'SlowDown', retryAfter: inFiveSeconds }),
    });
    const dated = await store.headObject({ key: 'x' }, soon());
    expect(dated.kind === 'refused' ? dated.retryAfterMs : undefined).toBeGreaterThan(3000);
    expect(dated.kind === 'refused' ? dated.retryAfterMs : undefined).toBeLessThanOrEqual(5000);
    proxy.addRule({
      match: s3Request.listObjects,
      action: fault.status(503, { code: 'SlowDown', amzRetryAfterMs: 1500 }),
    });
    expect(await store.listObjectsPage({ prefix: '' }, soon())).toMatchObject({
      kind: 'refused',
      status: 503,
      code: 'SlowDown',
      retryAfterMs: 1500,
    });
  });

  it('429 is refused 429', async () => {
    proxy.addRule({
      match: s3Request.uploadPart,
      action: fault.status(429, { code: 'TooManyRequests', retryAfter: '1' }),
    });
    const key = 'throttled.wav';
    const created = await store.createMultipartUpload({ key, metadata: {} }, soon());
    if (created.kind !== 'success') throw new Error('CreateMultipartUpload failed');
    const { body, md5Base64 } = object(key, 1000);
    const uploadId = created.value.uploadId;
    expect(
      await store.uploadPart({ key, uploadId, partNumber: 1, body, md5Base64 }, soon()),
    ).toMatchObject({ kind: 'refused', status: 429, code: 'TooManyRequests', retryAfterMs: 1000 });
    expect(await store.abortMultipartUpload({ key, uploadId }, soon())).toMatchObject({
      kind: 'success',
    });
  });

  it('403 AccessDenied and 400 RequestTimeout are refused with their codes', async () => {
    proxy.addRule({
      match: s3Request.putObject,
      action: fault.status(403, { code: 'AccessDenied' }),
    });
    expect(await store.putObject(object('denied.wav', 100), soon())).toMatchObject({
      kind: 'refused',
      status: 403,
      code: 'AccessDenied',
    });
    proxy.addRule({
      match: s3Request.putObject,
      action: fault.status(400, { code: 'RequestTimeout' }),
    });
    expect(await store.putObject(object('timeout.wav', 100), soon())).toMatchObject({
      kind: 'refused',
      status: 400,
      code: 'RequestTimeout',
    });
  });

  it('a burst of 500s is refused 500 each time, then the same call succeeds', async () => {
    proxy.addRule({
      match: s3Request.putObject,
      action: fault.status(500, { code: 'InternalError' }),
      times: 3,
    });
    const input = object('burst.wav', 5000);
    for (let i = 0; i < 3; i++) {
      expect(await store.putObject(input, soon())).toMatchObject({ kind: 'refused', status: 500 });
    }
    expect(await store.putObject(input, soon())).toMatchObject({ kind: 'success' });
    expect(proxy.count(s3Request.putObject)).toBe(4);
  });

  it('a stalled upload is aborted by the watchdog: unreachable (stall) within stallMs', async () => {
    proxy.addRule({ match: s3Request.putObject, action: fault.stall(20_000) });
    const started = Date.now();
    const outcome = await stalling.putObject(object('stalled.wav', 4 * 1024 * 1024), soon());
    const took = Date.now() - started;
    expect(outcome).toEqual({ kind: 'unreachable', reason: 'stall' });
    expect(took).toBeGreaterThanOrEqual(STALL_MS - 50);
    expect(took).toBeLessThan(STALL_MS + 2000);
  });

  it('the deadline aborts a slow answer: unreachable (timeout)', async () => {
    proxy.addRule({ match: s3Request.headObject, action: fault.delay(5000) });
    const started = Date.now();
    expect(await store.headObject({ key: 'x' }, soon(300))).toEqual({
      kind: 'unreachable',
      reason: 'timeout',
    });
    expect(Date.now() - started).toBeLessThan(1500);
  });

  it("the caller's abort mid-upload is aborted, nothing else", async () => {
    proxy.addRule({ match: s3Request.putObject, action: fault.stall(20_000) });
    const controller = new AbortController();
    // Once the request reached the endpoint (mid-upload however slow the machine), not after 100 ms.
    void waitFor(() => proxy.count(s3Request.putObject) > 0, 'PutObject at the proxy').then(() =>
      controller.abort(),
    );
    expect(
      await store.putObject(object('cancelled.wav', 1024 * 1024), {
        ...soon(),
        signal: controller.signal,
      }),
    ).toEqual({ kind: 'aborted' });
  });

  // The handler cache (ADR 0013, fourth pass): the signal no longer goes as the SDK's call option.
  it.each([
    ['HeadObject', s3Request.headObject, () => store.headObject({ key: 'held' }, held.options)],
    [
      'ListObjectsV2',
      s3Request.listObjects,
      () => store.listObjectsPage({ prefix: 'h' }, held.options),
    ],
  ] as const)(
    "a stalled answer (%s) aborted by the caller's signal settles at once",
    async (_, match, call) => {
      proxy.addRule({ match, action: fault.delay(60_000) });
      const outcome = call();
      await waitFor(() => proxy.count(match) > 0, 'the request at the proxy');
      const aborted = Date.now();
      held.controller.abort();
      expect(await outcome).toEqual({ kind: 'aborted' });
      // The proxy holds the answer for 60 s; the call is back long before.
      expect(Date.now() - aborted).toBeLessThan(10_000);
      held.controller = new AbortController();
    },
  );

  it('concurrent calls each answer to their own signal: the aborted ones settle, the others complete', async () => {
    const keys = Array.from({ length: 8 }, (_, i) => `concurrent-${i}.wav`);
    // Every PutObject is held 5 s before the proxy reads it, so all eight are in flight together.
    proxy.addRule({ match: s3Request.putObject, action: fault.stall(5_000), times: Infinity });
    const calls = keys.map((key) => {
      const controller = new AbortController();
      const settled = store
        .putObject(object(key, 40_000), { ...soon(), signal: controller.signal })
        .then((outcome) => ({ outcome, at: Date.now() }));
      return { key, controller, settled };
    });
    await waitFor(() => proxy.count(s3Request.putObject) === keys.length, 'eight PutObjects');
    for (const [i, call] of calls.entries()) if (i % 2 === 1) call.controller.abort();
    const results = await Promise.all(calls.map((c) => c.settled));
    const abortedAt = Math.max(...results.filter((_, i) => i % 2 === 1).map((r) => r.at));
    for (const [i, { outcome, at }] of results.entries()) {
      if (i % 2 === 1) {
        expect(outcome).toEqual({ kind: 'aborted' });
      } else {
        expect(outcome).toMatchObject({ kind: 'success' });
        // Released by the proxy's stall, after every aborted call had settled.
        expect(at).toBeGreaterThanOrEqual(abortedAt);
      }
    }
    proxy.clearRules();
    for (const [i, key] of keys.entries()) {
      expect((await onServer(key))?.size).toBe(i % 2 === 1 ? undefined : 40_000);
    }
  });

  it('a reply lost after PutObject acted: unreachable, yet the object is there', async () => {
    proxy.addRule({ match: s3Request.putObject, action: fault.loseReply() });
    const input = object('lost.wav', 50_000);
    expect(await store.putObject(input, soon())).toEqual({
      kind: 'unreachable',
      reason: 'connection-reset',
    });
    const head = await onServer('lost.wav');
    expect(head?.size).toBe(50_000);
    expect(head?.metadata['sha256']).toBe(input.metadata['sha256']);
    // The replay with If-None-Match says 412: the caller reconciles with HeadObject.
    expect(await store.putObject(input, soon())).toMatchObject({ kind: 'refused', status: 412 });
  });

  it('a reply lost after CompleteMultipartUpload acted: the object exists; a replay succeeds', async () => {
    const key = 'lost-complete.wav';
    const created = await store.createMultipartUpload({ key, metadata: {} }, soon());
    if (created.kind !== 'success') throw new Error('CreateMultipartUpload failed');
    const uploadId = created.value.uploadId;
    const { body, md5Base64 } = object(key, 6 * 1024 * 1024);
    const part = await store.uploadPart({ key, uploadId, partNumber: 1, body, md5Base64 }, soon());
    if (part.kind !== 'success') throw new Error('UploadPart failed');
    const complete = {
      key,
      uploadId,
      parts: [{ partNumber: 1, ...part.value }],
      ifNoneMatch: true,
    };
    proxy.addRule({ match: s3Request.completeMultipartUpload, action: fault.loseReply() });
    expect(await store.completeMultipartUpload(complete, soon())).toEqual({
      kind: 'unreachable',
      reason: 'connection-reset',
    });
    expect((await onServer(key))?.size).toBe(6 * 1024 * 1024);
    // radosgw 16.2 answers a replayed Complete of a completed upload with 200.
    expect(await store.completeMultipartUpload(complete, soon())).toMatchObject({
      kind: 'success',
    });
  });

  it('a part answered 200 without its ETag is unreachable (incomplete-answer), not a status the server never sent', async () => {
    const key = 'no-etag.wav';
    const created = await store.createMultipartUpload({ key, metadata: {} }, soon());
    if (created.kind !== 'success') throw new Error('CreateMultipartUpload failed');
    const uploadId = created.value.uploadId;
    const { body, md5Base64 } = object(key, 5 * 1024 * 1024);
    proxy.addRule({ match: s3Request.uploadPart, action: fault.dropHeader('ETag') });
    expect(
      await store.uploadPart({ key, uploadId, partNumber: 1, body, md5Base64 }, soon()),
    ).toEqual({ kind: 'unreachable', reason: 'incomplete-answer' });
    expect(proxy.count(s3Request.uploadPart)).toBe(1);
    // The server acted: the part is there, as after a lost reply.
    const parts = await direct.listPartsPage({ key, uploadId }, soon());
    expect(parts).toMatchObject({ kind: 'success', value: { items: [{ partNumber: 1 }] } });
    await direct.abortMultipartUpload({ key, uploadId }, soon());
  });

  it('an endpoint that is down is unreachable: refused connection, or reset', async () => {
    await proxy.setDown(true);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(await store.probeListing({ prefix: 'p/' }, soon())).toEqual({
      kind: 'unreachable',
      reason: 'connection-refused',
    });
    await proxy.setDown(true, 'reset');
    expect(await store.probeListing({ prefix: 'p/' }, soon())).toEqual({
      kind: 'unreachable',
      reason: 'connection-reset',
    });
    await proxy.setDown(false);
    expect(await store.probeListing({ prefix: 'p/' }, soon())).toEqual({
      kind: 'success',
      value: { listBucketResult: true },
    });
  });

  it("a clock an hour behind: the first answer's Date corrects every signature after it", async () => {
    const hour = 3_600_000;
    const behind = new S3ObjectStore({
      endpoint: proxy.endpoint,
      region: b.region,
      bucket: b.bucket,
      credentials: b,
      forcePathStyle: true,
      wallClock: { now: () => Date.now() - hour },
    });
    try {
      // Through the SDK: refused once with the server's time, then signed as it counts.
      const skewed = await behind.probeListing({ prefix: 'p/' }, soon());
      expect(skewed).toMatchObject({ kind: 'refused', status: 403, code: 'RequestTimeTooSkewed' });
      expect(skewed.kind === 'refused' ? skewed.serverTime : undefined).toBeGreaterThan(0);
      expect(await behind.probeListing({ prefix: 'p/' }, soon())).toMatchObject({
        kind: 'success',
      });
      // A HEAD's answer has no body: its code is named from its Date, an hour from the signature.
      const head = await behind.headObject({ key: 'p/none' }, soon());
      expect(head).toMatchObject({ kind: 'success' });
      // Through DirectPut, on what the SDK's answer taught: accepted at once.
      expect(await behind.putObject(object('skew.wav', 10), soon())).toMatchObject({
        kind: 'success',
      });
    } finally {
      behind.destroy();
    }
    // A store that never heard the server signs by its own clock: a PUT first is refused, and its
    // own refusal corrects the next one.
    const putFirst = new S3ObjectStore({
      endpoint: proxy.endpoint,
      region: b.region,
      bucket: b.bucket,
      credentials: b,
      forcePathStyle: true,
      wallClock: { now: () => Date.now() + hour },
    });
    try {
      expect(await putFirst.putObject(object('skew2.wav', 10), soon())).toMatchObject({
        kind: 'refused',
        status: 403,
        code: 'RequestTimeTooSkewed',
      });
      expect(await putFirst.putObject(object('skew2.wav', 10), soon())).toMatchObject({
        kind: 'success',
      });
    } finally {
      putFirst.destroy();
    }
  });
});
