import {
  AbortMultipartUploadCommand,
  CompleteMultipartUploadCommand,
  CreateMultipartUploadCommand,
  GetObjectCommand,
  HeadBucketCommand,
  HeadObjectCommand,
  ListMultipartUploadsCommand,
  ListObjectsV2Command,
  ListPartsCommand,
  PutObjectCommand,
  UploadPartCommand,
} from '@aws-sdk/client-s3';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { withSignal, type RequestHandlerLike } from '../../../electron/s3/callSignal';
import { S3Clients } from '../../../electron/s3/S3Clients';
import { ServerClock } from '../../../electron/s3/ServerClock';
import { systemClock } from '../../../electron/runtime/systemClock';

// The SDK's plumbing under the handler cache (ADR 0013, fourth pass): what reaches the HTTP layer
// for each call. The HTTP layer here records and answers nothing: a call settles only when its
// signal aborts, as a stalled connection does. These tests fail if an SDK upgrade stops carrying
// the signal, starts resolving the stack per call again, or puts a middleware inside ours.

type Recorded = {
  readonly path: string;
  readonly headers: Readonly<Record<string, string>>;
  readonly signal: AbortSignal | undefined;
};

const recordingHandler = () => {
  const recorded: Recorded[] = [];
  let onRecord: () => void = () => undefined;
  const handler: RequestHandlerLike = {
    handle: (request, options) => {
      const signal = options?.abortSignal as AbortSignal | undefined;
      recorded.push({ path: request.path, headers: { ...request.headers }, signal });
      onRecord();
      return new Promise((_, reject) => {
        if (signal === undefined) return reject(new Error('no signal'));
        signal.addEventListener('abort', () => reject(new Error('aborted')), { once: true });
      });
    },
    destroy: () => undefined,
    updateHttpClientConfig: () => undefined,
    httpHandlerConfigs: () => ({}),
  };
  const reached = (n: number): Promise<void> =>
    new Promise((resolve) => {
      onRecord = () => {
        if (recorded.length >= n) resolve();
      };
      onRecord();
    });
  return { handler, recorded, reached };
};

const clientsWith = (handler: RequestHandlerLike): S3Clients =>
  new S3Clients(
    {
      endpoint: 'http://127.0.0.1:9',
      region: 'us-east-1',
      bucket: 'night',
      forcePathStyle: true,
      credentials: { accessKeyId: 'id', secretAccessKey: 'secret' },
    },
    new ServerClock(systemClock),
    handler,
  );

const put = (key: string) =>
  new PutObjectCommand({ Bucket: 'night', Key: key, Body: 'x', ContentLength: 1 });

describe('each call carries its own abort signal through the cached handler', () => {
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it('concurrent calls of one command: each request gets its own signal; the stack is resolved once', async () => {
    const resolve = vi.spyOn(PutObjectCommand.prototype, 'resolveMiddleware');
    const { handler, recorded, reached } = recordingHandler();
    const clients = clientsWith(handler);
    const client = clients.get();
    const calls = Array.from({ length: 8 }, (_, i) => {
      const controller = new AbortController();
      const settled = client.send(withSignal(put(`k${i}.wav`), controller.signal)).then(
        () => 'answered' as const,
        () => 'rejected' as const,
      );
      return { key: `k${i}.wav`, controller, settled };
    });
    await reached(8);

    expect(resolve).toHaveBeenCalledTimes(1);
    for (const call of calls) {
      const request = recorded.filter((r) => r.path.endsWith(`/${call.key}`));
      expect(request).toHaveLength(1);
      expect(request[0]?.signal).toBe(call.controller.signal);
    }
    // Aborting the even calls settles those, and only those.
    const pending = new Set(calls.map((c) => c.key));
    for (const [i, call] of calls.entries()) {
      if (i % 2 === 0) call.controller.abort();
    }
    for (const [i, call] of calls.entries()) {
      if (i % 2 !== 0) continue;
      expect(await call.settled).toBe('rejected');
      pending.delete(call.key);
    }
    for (const call of calls) {
      if (pending.has(call.key)) expect(call.controller.signal.aborted).toBe(false);
      call.controller.abort();
      expect(await call.settled).toBe('rejected');
    }
    clients.destroy();
  });

  it('one signer and one default user agent serve every call, and the SDK asks for them at each', async () => {
    const { handler, recorded, reached } = recordingHandler();
    const clients = clientsWith(handler);
    const client = clients.get();
    // Counted around the reuse S3Clients installed: the SDK must still ask at each request.
    const reused = client.config.signer;
    const signers = new Set<unknown>();
    let asked = 0;
    client.config.signer = async (authScheme) => {
      asked += 1;
      const signer = await reused(authScheme);
      signers.add(signer);
      return signer;
    };
    const userAgent = client.config.defaultUserAgentProvider;
    let agents = 0;
    client.config.defaultUserAgentProvider = () => {
      agents += 1;
      return userAgent();
    };
    const controller = new AbortController();
    const calls = Array.from({ length: 5 }, (_, i) =>
      client.send(withSignal(put(`s${i}.wav`), controller.signal)).catch(() => 'rejected'),
    );
    await reached(5);
    expect(asked).toBe(5);
    expect(signers.size).toBe(1);
    expect(agents).toBe(5);
    const headers = recorded.map((r) => r.headers['x-amz-user-agent']);
    expect(new Set(headers).size).toBe(1);
    expect(headers[0]).toMatch(/^aws-sdk-js\//);
    // Each request signed at its own time with the one signer.
    expect(
      recorded.every((r) => /Signature=[0-9a-f]{64}/.test(r.headers['authorization'] ?? '')),
    ).toBe(true);
    controller.abort();
    await Promise.all(calls);
    clients.destroy();
  });

  it('a command sent without its signal never reaches the connection', async () => {
    const { handler, recorded } = recordingHandler();
    const clients = clientsWith(handler);
    await expect(clients.get().send(put('bare.wav'))).rejects.toThrow(/without its signal/);
    expect(recorded).toHaveLength(0);
    clients.destroy();
  });

  it.each([
    ['HeadBucket', () => new HeadBucketCommand({ Bucket: 'night' })],
    ['PutObject', () => put('a.wav')],
    [
      'CreateMultipartUpload',
      () => new CreateMultipartUploadCommand({ Bucket: 'night', Key: 'a' }),
    ],
    [
      'UploadPart',
      () =>
        new UploadPartCommand({
          Bucket: 'night',
          Key: 'a',
          UploadId: 'u',
          PartNumber: 1,
          Body: 'x',
          ContentLength: 1,
        }),
    ],
    ['ListParts', () => new ListPartsCommand({ Bucket: 'night', Key: 'a', UploadId: 'u' })],
    ['ListMultipartUploads', () => new ListMultipartUploadsCommand({ Bucket: 'night' })],
    [
      'CompleteMultipartUpload',
      () =>
        new CompleteMultipartUploadCommand({
          Bucket: 'night',
          Key: 'a',
          UploadId: 'u',
          MultipartUpload: { Parts: [{ PartNumber: 1, ETag: '"e"' }] },
        }),
    ],
    [
      'AbortMultipartUpload',
      () => new AbortMultipartUploadCommand({ Bucket: 'night', Key: 'a', UploadId: 'u' }),
    ],
    ['HeadObject', () => new HeadObjectCommand({ Bucket: 'night', Key: 'a' })],
    ['GetObject', () => new GetObjectCommand({ Bucket: 'night', Key: 'a' })],
    ['ListObjectsV2', () => new ListObjectsV2Command({ Bucket: 'night' })],
  ])('%s: its signal reaches the connection; no middleware sits inside ours', async (_, make) => {
    const { handler, recorded, reached } = recordingHandler();
    const clients = clientsWith(handler);
    const client = clients.get();
    // One command class at a time; the union of eleven does not fit `send`'s overloads.
    const command = make() as unknown as PutObjectCommand;
    const controller = new AbortController();
    const settled = client.send(withSignal(command, controller.signal)).catch(() => 'rejected');
    await reached(1);
    expect(recorded[0]?.signal).toBe(controller.signal);
    controller.abort();
    expect(await settled).toBe('rejected');
    // The request our middleware files is the one the handler is given only if nothing runs
    // after it.
    const order = client.middlewareStack.concat(command.middlewareStack).identify();
    expect(order.at(-1)).toBe('depotCallSignal - deserialize');
    // Removed as useless per request (ADR 0013, fourth pass); a renamed one would be back.
    expect(order.join('\n')).not.toMatch(/recursionDetection|logger/i);
    // The retry middleware is overridden by a step that adds nothing: none of its headers.
    expect(Object.keys(recorded[0]?.headers ?? {})).not.toContain('amz-sdk-invocation-id');
    expect(Object.keys(recorded[0]?.headers ?? {})).not.toContain('amz-sdk-request');
    clients.destroy();
  });
});
