import { PutObjectCommand, UploadPartCommand } from '@aws-sdk/client-s3';
import { Agent as HttpAgent, createServer } from 'node:http';
import { Agent as HttpsAgent } from 'node:https';
import type { AddressInfo } from 'node:net';
import { Readable } from 'node:stream';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { PutObjectInput, UploadPartInput } from '../../../shared/ports/ObjectStore';
import { withSignal, type RequestHandlerLike } from '../../../electron/s3/callSignal';
import {
  DirectPut,
  putObjectRequest,
  uploadPartRequest,
  type SignedPut,
} from '../../../electron/s3/DirectPut';
import { startEmission } from '../../../electron/s3/Emission';
import { S3Clients } from '../../../electron/s3/S3Clients';
import { ServerClock } from '../../../electron/s3/ServerClock';
import { systemClock } from '../../../electron/runtime/systemClock';
import type { S3ObjectStoreOptions } from '../../../electron/s3/S3ObjectStoreOptions';

// DirectPut sends PutObject and UploadPart without the SDK's client (issue 15, ADR 0024). What it
// sends must be what the SDK sends: the same path and query, the same headers, signed alike. The
// SDK's request is recorded under its HTTP layer; the signature itself is proven by radosgw in
// test/integration/s3 (a wrong one is refused 403).

type Sent = { path: string; query: Record<string, string>; headers: Record<string, string> };

const sdkRequest = async (
  options: S3ObjectStoreOptions,
  command: PutObjectCommand | UploadPartCommand,
  serverClock: ServerClock,
): Promise<Sent> => {
  let sent: Sent | undefined;
  const handler: RequestHandlerLike = {
    handle: (request) => {
      sent = {
        path: request.path,
        query: Object.fromEntries(Object.entries(request.query).map(([k, v]) => [k, String(v)])),
        headers: { ...request.headers, host: request.headers.host ?? request.hostname },
      };
      return Promise.resolve({
        response: { statusCode: 200, headers: { etag: '"e"' }, body: Readable.from([]) },
      } as never);
    },
    destroy: () => undefined,
    updateHttpClientConfig: () => undefined,
    httpHandlerConfigs: () => ({}),
  };
  const clients = new S3Clients(options, serverClock, handler);
  const client = clients.get();
  const signal = new AbortController().signal;
  if (command instanceof PutObjectCommand) await client.send(withSignal(command, signal));
  else await client.send(withSignal(command, signal));
  clients.destroy();
  if (sent === undefined) throw new Error('the SDK sent nothing');
  return sent;
};

/** What DirectPut gives node:http, in the recorder's terms; user agents and signature aside. */
const directRequest = (signed: SignedPut): Sent => {
  const [path = '', query = ''] = signed.path.split('?');
  return {
    path,
    query: Object.fromEntries(new URLSearchParams(query)),
    headers: { ...signed.headers },
  };
};

/** The signed header names, less the SDK's own user agent, which DirectPut does not send. */
const signedNames = (headers: Record<string, string>): string =>
  /SignedHeaders=([^,]+)/
    .exec(headers.authorization ?? '')?.[1]
    ?.split(';')
    .filter((name) => name !== 'x-amz-user-agent')
    .join(';') ?? '';

const comparable = (sent: Sent) => {
  const headers = { ...sent.headers };
  const authorization = headers.authorization ?? '';
  for (const name of ['authorization', 'user-agent', 'x-amz-user-agent']) delete headers[name];
  return {
    path: sent.path,
    query: sent.query,
    headers,
    signed: signedNames({ authorization }),
    credential: /Credential=([^,]+)/.exec(authorization)?.[1],
  };
};

const base: S3ObjectStoreOptions = {
  endpoint: 'http://127.0.0.1:9000',
  region: 'eu-west-3',
  bucket: 'nights',
  forcePathStyle: true,
  credentials: { accessKeyId: 'AKID', secretAccessKey: 'secret' },
};

const KEYS = [
  'night-2026-06-01/REC_0001.wav',
  "night 1/ä+é(1)!*~'.wav",
  'a//b/%25/c.wav',
  'Site A/Carré 12/2026-06-01 21:03:00.WAV',
];

const put = (key: string, extra: Partial<PutObjectInput> = {}): PutObjectInput => ({
  key,
  body: { kind: 'bytes', bytes: Buffer.from('hello') },
  md5Base64: 'XUFAKrxLKna5cZ2REBfFkg==',
  metadata: {
    sha256: 'ab'.repeat(32),
    mtime: '1780000000.123456789',
    md5chksum: 'XUFAKrxLKna5cZ2REBfFkg==',
  },
  ifNoneMatch: true,
  ...extra,
});

const sdkPut = (bucket: string, input: PutObjectInput) =>
  new PutObjectCommand({
    Bucket: bucket,
    Key: input.key,
    Body: Readable.from([Buffer.from(input.body.bytes)]),
    ContentLength: input.body.bytes.length,
    ContentMD5: input.md5Base64,
    Metadata: { ...input.metadata },
    ...(input.contentType === undefined ? {} : { ContentType: input.contentType }),
    ...(input.ifNoneMatch ? { IfNoneMatch: '*' } : {}),
  });

const compare = async (
  options: S3ObjectStoreOptions,
  command: PutObjectCommand | UploadPartCommand,
  request: ReturnType<typeof putObjectRequest>,
  length: number,
  offsetMs = 0,
) => {
  // One server clock for both, as in S3ObjectStore: told the server's Date by an answer.
  const serverClock = new ServerClock(systemClock);
  serverClock.heard({ date: new Date(Date.now() + offsetMs).toUTCString() });
  const direct = new DirectPut(options, {} as never, serverClock);
  const ours = directRequest(await direct.request(request, length));
  expect(comparable(ours)).toEqual(comparable(await sdkRequest(options, command, serverClock)));
};

describe('DirectPut sends what the SDK sends', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-06-01T21:03:04.567Z'));
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('PutObject: path, query and headers, for keys that need escaping', async () => {
    for (const key of KEYS) {
      await compare(base, sdkPut('nights', put(key)), putObjectRequest(put(key)), 5);
    }
  });

  it('PutObject without If-None-Match, with a content type, and with a session token', async () => {
    const input = put('n/x.wav', { ifNoneMatch: false, contentType: 'audio/wav' });
    await compare(base, sdkPut('nights', input), putObjectRequest(input), 5);
    const withToken = { ...base, credentials: { ...base.credentials, sessionToken: 'tok/en+=' } };
    await compare(withToken, sdkPut('nights', put('n/y.wav')), putObjectRequest(put('n/y.wav')), 5);
  });

  it('UploadPart: its part number and upload id in the query', async () => {
    const input: UploadPartInput = {
      key: KEYS[1] ?? '',
      uploadId: '2~aB3+c/d=e_f.g',
      partNumber: 17,
      body: { kind: 'bytes', bytes: Buffer.from('hello') },
      md5Base64: 'XUFAKrxLKna5cZ2REBfFkg==',
    };
    const command = new UploadPartCommand({
      Bucket: 'nights',
      Key: input.key,
      UploadId: input.uploadId,
      PartNumber: input.partNumber,
      Body: Readable.from([Buffer.from('hello')]),
      ContentLength: 5,
      ContentMD5: input.md5Base64,
    });
    await compare(base, command, uploadPartRequest(input), 5);
  });

  it('chooses the host as the SDK does: virtual-hosted on a name unless path style is asked, path style on an address or a dotted bucket', async () => {
    const named = { ...base, endpoint: 'https://s3.example.org', forcePathStyle: false };
    await compare(
      named,
      sdkPut('nights', put(KEYS[0] ?? '')),
      putObjectRequest(put(KEYS[0] ?? '')),
      5,
    );
    const address = { ...base, forcePathStyle: false };
    await compare(
      address,
      sdkPut('nights', put(KEYS[0] ?? '')),
      putObjectRequest(put(KEYS[0] ?? '')),
      5,
    );
    const forced = { ...named, forcePathStyle: true };
    await compare(
      forced,
      sdkPut('nights', put(KEYS[0] ?? '')),
      putObjectRequest(put(KEYS[0] ?? '')),
      5,
    );
    const dotted = { ...named, bucket: 'bat.nights' };
    await compare(
      dotted,
      sdkPut('bat.nights', put(KEYS[0] ?? '')),
      putObjectRequest(put(KEYS[0] ?? '')),
      5,
    );
  });

  it("signs at the server's time its answers told (a skewed clock corrected)", async () => {
    await compare(
      base,
      sdkPut('nights', put('n/z.wav')),
      putObjectRequest(put('n/z.wav')),
      5,
      1_234_567,
    );
  });
});

describe('DirectPut under the bandwidth cap (issue 30)', () => {
  it('takes every slice of the body from the cap before writing it', async () => {
    const received: number[] = [];
    const server = createServer((req, res) => {
      req.on('data', (chunk: Buffer) => received.push(chunk.length));
      req.on('end', () => res.writeHead(200, { etag: '"e"' }).end());
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const port = (server.address() as AddressInfo).port;
    const agents = { http: new HttpAgent(), https: new HttpsAgent() };
    const taken: number[] = [];
    const written: number[] = [];
    const outOfStep: string[] = [];
    const pace = {
      sliceBytes: 48 * 1024,
      take: (bytes: number) => {
        // Each take comes before its bytes are handed to the socket, and after the last ones.
        const before = taken.reduce((a, b) => a + b, 0);
        if ((written.at(-1) ?? 0) !== before) outOfStep.push(`${written.at(-1)} != ${before}`);
        taken.push(bytes);
        return Promise.resolve();
      },
    };
    const emission = startEmission(
      {
        deadline: Date.now() + 30_000,
        onBytesSent: (total) => written.push(total),
      },
      { now: () => Date.now() },
      30_000,
      30_000,
    );
    const body = Buffer.alloc(1024 * 1024 + 5, 7);
    const direct = new DirectPut(
      { ...base, endpoint: `http://127.0.0.1:${port}` },
      agents,
      new ServerClock(systemClock),
    );
    const answer = await direct.send(putObjectRequest(put('n/a.wav')), body, emission, pace);
    emission.end();
    agents.http.destroy();
    server.close();
    expect(answer.etag).toBe('"e"');
    expect(outOfStep).toEqual([]);
    expect(taken.reduce((a, b) => a + b, 0)).toBe(body.length);
    expect(Math.max(...taken)).toBe(48 * 1024);
    expect(received.reduce((a, b) => a + b, 0)).toBe(body.length);
  });
});
