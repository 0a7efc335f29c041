import { createServer } from 'node:http';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { classifyProbe, probeEndpoint } from '../../../electron/s3/probeEndpoint';
import type { Outcome } from '../../../shared/retry/Outcome';
import { S3ObjectStore } from '../../../electron/s3/S3ObjectStore';

describe('classifyProbe', () => {
  it.each([
    [{ kind: 'success', value: { listBucketResult: true } }, { kind: 'ok' }],
    [
      { kind: 'success', value: { listBucketResult: false } },
      { kind: 'not-s3', status: 200 },
    ],
    [{ kind: 'unreachable', reason: 'connection-refused' }, { kind: 'nothing-listens' }],
    [
      { kind: 'certificate', problem: 'expired', code: 'CERT_HAS_EXPIRED' },
      { kind: 'certificate', problem: 'expired', code: 'CERT_HAS_EXPIRED' },
    ],
    [
      { kind: 'unreachable', reason: 'no-route' },
      { kind: 'unreachable', reason: 'no-route' },
    ],
    [
      { kind: 'unreachable', reason: 'dns' },
      { kind: 'unreachable', reason: 'dns' },
    ],
    [
      { kind: 'refused', status: 200 },
      { kind: 'not-s3', status: 200 },
    ],
    [
      { kind: 'refused', status: 404 },
      { kind: 'not-s3', status: 404 },
    ],
    [
      { kind: 'refused', status: 302 },
      { kind: 'not-s3', status: 302 },
    ],
    [{ kind: 'refused', status: 404, code: 'NoSuchBucket' }, { kind: 'bucket-missing' }],
    [
      { kind: 'refused', status: 403, code: 'RequestTimeTooSkewed', skewMs: 1_200_000 },
      { kind: 'clock', skewMs: 1_200_000 },
    ],
    [
      { kind: 'refused', status: 403, code: 'RequestTimeTooSkewed' },
      { kind: 'clock', skewMs: null },
    ],
    [
      { kind: 'refused', status: 403, code: 'SignatureDoesNotMatch' },
      { kind: 'auth', status: 403, code: 'SignatureDoesNotMatch' },
    ],
    [
      { kind: 'refused', status: 403, code: 'InvalidAccessKeyId' },
      { kind: 'auth', status: 403, code: 'InvalidAccessKeyId' },
    ],
    // A valid key refused this listing by the bucket's policy: a write-only key, not a
    // configuration mistake (issue 29).
    [
      { kind: 'refused', status: 403, code: 'AccessDenied' },
      { kind: 'cannot-list', prefix: 'vol42/' },
    ],
    [
      { kind: 'refused', status: 400, code: 'InvalidBucketName' },
      { kind: 'refused', status: 400, code: 'InvalidBucketName' },
    ],
    [
      { kind: 'refused', status: 503, code: 'SlowDown' },
      { kind: 'transient', status: 503 },
    ],
    [
      { kind: 'refused', status: 502 },
      { kind: 'transient', status: 502 },
    ],
    [{ kind: 'aborted' }, { kind: 'aborted' }],
  ] as const)('%j -> %j', (answer, verdict) => {
    expect(classifyProbe(answer, 'vol42/')).toEqual(verdict);
  });
});

describe('S3ObjectStore.probeListing against servers that are not S3', () => {
  let server: Server | undefined;
  const warnings: string[] = [];
  const onWarning = (w: Error): void => {
    warnings.push(`${w.name}: ${w.message}`);
  };
  afterEach(() => {
    server?.close();
    process.off('warning', onWarning);
  });

  const serve = async (type: string, body: string): Promise<string> => {
    server = createServer((_req, res) => res.writeHead(200, { 'content-type': type }).end(body));
    await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', resolve));
    return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  };

  it.each([
    ['text/html', '<!doctype html><html><body>Welcome</body></html>'],
    ['text/plain', 'hello'],
    ['application/xml', '<?xml version="1.0"?><Other/>'],
  ])('a 200 %s is not an S3 listing', async (type, body) => {
    process.on('warning', onWarning);
    const store = new S3ObjectStore({
      endpoint: await serve(type, body),
      region: 'us-east-1',
      bucket: 'nights',
      credentials: { accessKeyId: 'a', secretAccessKey: 'b' },
      forcePathStyle: true,
    });
    const verdict = classifyProbe(
      await store.probeListing({ prefix: 'n/' }, { deadline: Date.now() + 10_000 }),
    );
    store.destroy();
    expect(verdict).toEqual({ kind: 'not-s3', status: 200 });
    // The SDK's "upgrade to Node 22" warning is emitted (on Node 20) at its first client.
    await new Promise((resolve) => setImmediate(resolve));
    expect(warnings.filter((w) => w.includes('NodeVersionSupportWarning'))).toEqual([]);
  });
});

describe('probeEndpoint: one emission, one more after a skew the server dated', () => {
  const skewed = {
    kind: 'refused',
    status: 403,
    code: 'RequestTimeTooSkewed',
    serverTime: 1_000,
    skewMs: 1_200_000,
  } as const;
  const probing = (answers: Outcome<{ readonly listBucketResult: boolean }>[]) => {
    const sent: number[] = [];
    const probe = (): Promise<Outcome<{ readonly listBucketResult: boolean }>> => {
      sent.push(sent.length);
      return Promise.resolve(
        answers[sent.length - 1] ?? { kind: 'unreachable', reason: 'network' },
      );
    };
    return { probe, sent };
  };

  it('asks again once, signed by the server’s time: a corrected clock is no problem', async () => {
    const { probe, sent } = probing([
      skewed,
      { kind: 'success', value: { listBucketResult: true } },
    ]);
    expect(await probeEndpoint(probe, 'vol42/', { deadline: 1 })).toEqual({ kind: 'ok' });
    expect(sent).toHaveLength(2);
  });

  it('still refused for the clock: the verdict names it, after two emissions, never more', async () => {
    const { probe, sent } = probing([skewed, skewed, skewed]);
    expect(await probeEndpoint(probe, 'vol42/', { deadline: 1 })).toEqual({
      kind: 'clock',
      skewMs: 1_200_000,
    });
    expect(sent).toHaveLength(2);
  });

  it('no server time to correct by: one emission only', async () => {
    const { probe, sent } = probing([
      { kind: 'refused', status: 403, code: 'RequestTimeTooSkewed' },
    ]);
    expect(await probeEndpoint(probe, 'vol42/', { deadline: 1 })).toEqual({
      kind: 'clock',
      skewMs: null,
    });
    expect(sent).toHaveLength(1);
  });
});
