import { createHash, createHmac, type Hash, type Hmac } from 'node:crypto';
import type {
  Agent as HttpAgent,
  ClientRequest,
  IncomingMessage,
  OutgoingHttpHeaders,
} from 'node:http';
import { request as httpRequest } from 'node:http';
import type { Agent as HttpsAgent } from 'node:https';
import { request as httpsRequest } from 'node:https';
import { SignatureV4 } from '@smithy/signature-v4';
import { isIP } from 'node:net';
import type { BodyPacer } from '../../shared/ports/BodyPacer';
import type { PutObjectInput, UploadPartInput } from '../../shared/ports/ObjectStore';
import type { Emission } from './Emission';
import type { S3ObjectStoreOptions } from './S3ObjectStoreOptions';
import type { ServerClock } from './ServerClock';
import { watchSocket } from './watchSocket';

/** One PUT with a body: PutObject's or UploadPart's, as the SDK would send it (less its user agent). */
export type PutRequest = {
  readonly key: string;
  /** The SDK's own `x-id` included, so that both send the same request line. */
  readonly query: Readonly<Record<string, string>>;
  /** Lower-case names; Content-Length, Host and the signature's are added here. */
  readonly headers: Readonly<Record<string, string>>;
};

/** PutObject's request, as the SDK's PutObjectCommand builds it. */
export const putObjectRequest = (input: PutObjectInput): PutRequest => ({
  key: input.key,
  query: { 'x-id': 'PutObject' },
  headers: {
    'content-md5': input.md5Base64,
    ...(input.ifNoneMatch ? { 'if-none-match': '*' } : {}),
    ...Object.fromEntries(
      Object.entries(input.metadata).map(([k, v]) => [`x-amz-meta-${k.toLowerCase()}`, v]),
    ),
    'content-type': input.contentType ?? 'application/octet-stream',
  },
});

/** UploadPart's request, as the SDK's UploadPartCommand builds it. */
export const uploadPartRequest = (input: UploadPartInput): PutRequest => ({
  key: input.key,
  query: { 'x-id': 'UploadPart', partNumber: String(input.partNumber), uploadId: input.uploadId },
  headers: { 'content-md5': input.md5Base64, 'content-type': 'application/octet-stream' },
});

/** What `request` gives `node:http`: a signed request ready to go. */
export type SignedPut = {
  readonly protocol: 'http:' | 'https:';
  readonly hostname: string;
  readonly port: number | undefined;
  /** Path and query, escaped. */
  readonly path: string;
  readonly headers: Readonly<Record<string, string>>;
};

/**
 * An S3 error answer in the shape of the SDK's (the fields `toRawResponse` reads), so that a
 * refusal is classified the same whichever path sent the request.
 */
export class S3ErrorAnswer extends Error {
  override readonly name: string;
  readonly Code: string | undefined;
  readonly $metadata: { readonly httpStatusCode: number };
  readonly $response: { readonly statusCode: number; readonly headers: IncomingMessage['headers'] };

  constructor(status: number, code: string | undefined, headers: IncomingMessage['headers']) {
    super(`S3 answered ${status}${code === undefined ? '' : ` ${code}`}`);
    this.name = code ?? 'UnknownError';
    this.Code = code;
    this.$metadata = { httpStatusCode: status };
    this.$response = { statusCode: status, headers };
  }
}

/**
 * A body goes to the socket in writes of this size, each reported as progress: 0.2 s apart at
 * 10 Mbit/s, well inside the 2 s silence check. 64 KiB writes cost 0.1 CPU s more per 480 MB
 * (compareBuilds, 8 x 60 MB, 4 rounds: 2.45 -> 2.35 s).
 */
const CHUNK = 256 * 1024;
/** An error document is a few hundred bytes; more is not read. */
const MAX_ERROR_BODY = 64 * 1024;
// What the SDK's HTTP handler names a timeout, kept so that errors classify alike.
const TIMEOUT_CODES = new Set(['ECONNRESET', 'EPIPE', 'ETIMEDOUT']);
const USER_AGENT = 'depot (S3 PUT without the SDK middleware; aws-sdk-js v3 for other calls)';

/** RFC 3986's unreserved characters stay, everything else is percent-encoded, as SigV4 asks. */
const escapeSegment = (segment: string): string =>
  encodeURIComponent(segment).replace(
    /[!'()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );

const bytesOf = (data: ArrayBuffer | ArrayBufferView): Uint8Array =>
  ArrayBuffer.isView(data)
    ? new Uint8Array(data.buffer, data.byteOffset, data.byteLength)
    : new Uint8Array(data);

/** The signer's hash: node:crypto's SHA-256, and its HMAC when given a key. */
class Sha256 {
  private hash: Hash | Hmac;
  private readonly secret: string | Uint8Array | undefined;
  constructor(secret?: string | ArrayBuffer | ArrayBufferView) {
    this.secret = secret === undefined || typeof secret === 'string' ? secret : bytesOf(secret);
    this.hash = this.fresh();
  }
  update(data: string | ArrayBuffer | ArrayBufferView): void {
    this.hash.update(typeof data === 'string' ? data : bytesOf(data));
  }
  digest(): Promise<Uint8Array> {
    return Promise.resolve(new Uint8Array(this.hash.digest()));
  }
  reset(): void {
    this.hash = this.fresh();
  }
  private fresh(): Hash | Hmac {
    return this.secret === undefined ? createHash('sha256') : createHmac('sha256', this.secret);
  }
}

/**
 * The two requests that carry a file's bytes, PutObject and UploadPart, sent on `node:http` with
 * the SDK's own signer, not through the SDK's client: its middleware stack, schema serialisation
 * and HTTP handler cost ~0.9 ms of CPU per request, 1.38 against 0.47-0.53 ms for the same
 * PutObject (`bench/fast/adapterCpu.ts`), which on 2,000 small files is most of what separates
 * Depot's CPU from the AWS CLI's and its wall from rclone's (issue 15, ADR 0024). Every other call
 * stays on the SDK: few, and their answers need its XML parsing.
 *
 * The request is the SDK's, header for header (test/unit/s3/DirectPut.test.ts compares them): the
 * same path escaping, `x-amz-content-sha256: UNSIGNED-PAYLOAD` (Content-MD5 guards the bytes), no
 * `Expect: 100-continue`. Its errors take the shapes the SDK's handler gives, so they classify
 * alike: a socket's errno as is, the same time-outs, an error answer as an `S3ErrorAnswer`.
 */
export class DirectPut {
  private readonly url: URL;
  /** The host the requests go to, the bucket in front where it is virtual-hosted. */
  private readonly hostname: string;
  /** The Host header: the host name, and the port where the endpoint names one. */
  private readonly host: string;
  /** What comes before the key in the path: the bucket in path style, else nothing. */
  private readonly bucketPath: string;
  private readonly signer: SignatureV4;

  constructor(
    private readonly options: S3ObjectStoreOptions,
    private readonly agents: { readonly http: HttpAgent; readonly https: HttpsAgent },
    private readonly serverClock: ServerClock,
  ) {
    this.url = new URL(options.endpoint);
    // As the SDK's endpoint rules decide: the bucket goes in the host name only where it can be
    // one label of it, and never in front of an IP address.
    const pathStyle =
      (options.forcePathStyle ?? false) ||
      isIP(this.url.hostname.replace(/^\[|\]$/g, '')) !== 0 ||
      !/^[a-z0-9][a-z0-9-]{1,61}[a-z0-9]$/.test(options.bucket);
    this.hostname = pathStyle ? this.url.hostname : `${options.bucket}.${this.url.hostname}`;
    this.host = this.url.port === '' ? this.hostname : `${this.hostname}:${this.url.port}`;
    this.bucketPath = pathStyle ? `/${escapeSegment(options.bucket)}` : '';
    this.signer = new SignatureV4({
      credentials: { ...options.credentials },
      region: options.region,
      service: 's3',
      sha256: Sha256,
      // S3 signs the path as sent, escaped once (the SDK's S3 client says the same).
      uriEscapePath: false,
    });
  }

  /** The signed request, dated by the server's clock as its answers told it. */
  async request(put: PutRequest, contentLength: number): Promise<SignedPut> {
    const hostname = this.hostname;
    const path = `${this.bucketPath}/${put.key.split('/').map(escapeSegment).join('/')}`;
    const token = this.options.credentials.sessionToken;
    const headers: Record<string, string> = {
      ...put.headers,
      'content-length': String(contentLength),
      host: this.host,
      'x-amz-content-sha256': 'UNSIGNED-PAYLOAD',
      ...(token === undefined ? {} : { 'x-amz-security-token': token }),
    };
    const signed = await this.signer.sign(
      {
        method: 'PUT',
        protocol: this.url.protocol,
        hostname,
        path,
        query: { ...put.query },
        headers,
      },
      { signingDate: this.serverClock.signingDate() },
    );
    const query = Object.entries(put.query)
      .map(([k, v]) => `${escapeSegment(k)}=${escapeSegment(v)}`)
      .join('&');
    return {
      protocol: this.url.protocol === 'https:' ? 'https:' : 'http:',
      hostname,
      port: this.url.port === '' ? undefined : Number(this.url.port),
      path: query === '' ? path : `${path}?${query}`,
      headers: { ...signed.headers, 'user-agent': USER_AGENT },
    };
  }

  /** Sends `body`, reporting bytes handed to the socket; resolves with the answer's ETag. */
  async send(
    put: PutRequest,
    body: Uint8Array,
    emission: Emission,
    /** The bandwidth cap: each slice of the body is taken from it before it is written. */
    pace?: BodyPacer,
  ): Promise<{ etag: string | undefined }> {
    const signed = await this.request(put, body.length);
    return new Promise((resolve, reject) => {
      const secure = signed.protocol === 'https:';
      const req = (secure ? httpsRequest : httpRequest)(
        {
          method: 'PUT',
          host: signed.hostname,
          ...(signed.port === undefined ? {} : { port: signed.port }),
          path: signed.path,
          headers: signed.headers as OutgoingHttpHeaders,
          agent: secure ? this.agents.https : this.agents.http,
        },
        (res) => readPutAnswer(res, emission, this.serverClock, { done, fail, resolve, reject }),
      );
      let connect: NodeJS.Timeout | undefined;
      const done = (): void => {
        clearTimeout(connect);
        emission.signal.removeEventListener('abort', onAbort);
      };
      function fail(error: Error & { code?: string }): void {
        done();
        if (error.code !== undefined && TIMEOUT_CODES.has(error.code)) error.name = 'TimeoutError';
        reject(error);
      }
      const onAbort = (): void => {
        req.destroy();
        done();
        reject(Object.assign(new Error('PUT aborted'), { name: 'AbortError' }));
      };
      req.on('error', fail);
      emission.signal.addEventListener('abort', onAbort, { once: true });
      if (emission.signal.aborted) return onAbort();
      const timeouts = {
        connectionTimeoutMs: this.options.connectionTimeoutMs ?? 10_000,
        socketTimeoutMs: this.options.socketTimeoutMs ?? 60_000,
      };
      watchSocket(req, 'PUT', timeouts, fail, (timer) => (connect = timer));
      writeSlices(req, body, emission, pace);
    });
  }
}

/** How one PUT ends: its connection timer and abort listener let go, then its promise settled. */
type PutEnding = {
  readonly done: () => void;
  readonly fail: (error: Error & { code?: string }) => void;
  readonly resolve: (answer: { etag: string | undefined }) => void;
  readonly reject: (error: Error) => void;
};

/** The PUT's answer: its ETag on a 2xx, else its S3 error code read from the first bytes. */
const readPutAnswer = (
  res: IncomingMessage,
  emission: Emission,
  serverClock: ServerClock,
  { done, fail, resolve, reject }: PutEnding,
): void => {
  emission.alive();
  serverClock.heard(res.headers);
  const status = res.statusCode ?? 0;
  const chunks: Buffer[] = [];
  let length = 0;
  res.on('data', (chunk: Buffer) => {
    emission.alive();
    if (length < MAX_ERROR_BODY && (status < 200 || status >= 300)) chunks.push(chunk);
    length += chunk.length;
  });
  res.on('error', fail);
  // Cut before its end: the answer is not taken, as the SDK would fail reading it.
  res.on('aborted', () =>
    fail(Object.assign(new Error('PUT: the answer was cut short'), { code: 'ECONNRESET' })),
  );
  res.on('end', () => {
    done();
    if (status >= 200 && status < 300) {
      resolve({
        etag: typeof res.headers.etag === 'string' ? res.headers.etag : undefined,
      });
      return;
    }
    const code = /<Code>([^<]+)<\/Code>/.exec(Buffer.concat(chunks).toString('utf8'))?.[1];
    reject(new S3ErrorAnswer(status, code, res.headers));
  });
};

/**
 * Writes the body in slices, each taken from the bandwidth cap first, reported as progress once
 * handed to the socket, the next one after `drain` when the socket's buffer is full; then ends it.
 */
const writeSlices = (
  req: ClientRequest,
  body: Uint8Array,
  emission: Emission,
  pace: BodyPacer | undefined,
): void => {
  let at = 0;
  const slice = pace === undefined ? CHUNK : Math.min(CHUNK, pace.sliceBytes);
  const write = (): void => {
    while (at < body.length) {
      const end = Math.min(at + slice, body.length);
      if (pace !== undefined && !taken) {
        // The cap's slice is taken before its bytes are written, then the loop goes on.
        emission
          .paced(pace.take(end - at, emission.signal))
          .then(() => {
            taken = true;
            write();
          })
          // An abort rejects the take: onAbort has already settled the call.
          .catch(() => undefined);
        return;
      }
      taken = false;
      const flowing = req.write(body.subarray(at, end));
      at = end;
      emission.progress(at);
      if (!flowing) {
        req.once('drain', write);
        return;
      }
    }
    req.end();
  };
  let taken = false;
  write();
};
