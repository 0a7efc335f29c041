import type { Agent as HttpAgent, ClientRequest, IncomingMessage, RequestOptions } from 'node:http';
import { request as httpRequest } from 'node:http';
import type { Agent as HttpsAgent } from 'node:https';
import { request as httpsRequest } from 'node:https';
import type { BodyPacer } from '../../shared/ports/BodyPacer';
import type { SourceSlices } from '../../shared/ports/Portal';
import type { Emission } from '../s3/Emission';
import { watchSocket } from '../s3/watchSocket';

/** A body read from its source slice by slice as it goes (a portal file: one PUT, up to 5 GB). */
export type SourcedBody = { readonly size: number; open(): Promise<SourceSlices> };

/**
 * The body's source failed (a read error, a file shorter than planned): the source's fault, never
 * the network's. Rejected as such so the caller passes `cause` on instead of classifying it.
 */
export class BodySourceError extends Error {
  override readonly name = 'BodySourceError';
  constructor(override readonly cause: unknown) {
    super('the request body could not be read from its source');
  }
}

export type HttpRequest = {
  readonly method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  readonly url: URL;
  /** Lower-case names; Content-Length and the user agent are added here. */
  readonly headers: Readonly<Record<string, string>>;
  readonly body?: Uint8Array | SourcedBody;
  /** Answer bytes read at most: past them the answer is left unread and marked `tooLarge`. */
  readonly maxAnswerBytes: number;
  /** The bandwidth cap: each slice of the body is taken from it before it is written. */
  readonly pace?: BodyPacer;
};

export type HttpAnswer = {
  readonly status: number;
  /** Lower-case names, repeated headers joined. */
  readonly headers: Readonly<Record<string, string>>;
  readonly body: Uint8Array;
  /** The announced length, or what had arrived, when it went past `maxAnswerBytes`. */
  readonly tooLarge?: number;
};

/** The connections and time-outs every exchange of one adapter shares. */
export type HttpContext = {
  readonly agents: { readonly http: HttpAgent; readonly https: HttpsAgent };
  readonly connectionTimeoutMs: number;
  readonly socketTimeoutMs: number;
  readonly userAgent: string;
};

/**
 * A body goes to the socket in writes of this size, each reported as progress (as `DirectPut`
 * does: 0.2 s apart at 10 Mbit/s, well inside the 2 s silence check).
 */
const CHUNK = 256 * 1024;

const headersOf = (raw: IncomingMessage['headers']): Record<string, string> => {
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(raw)) {
    if (typeof value === 'string') headers[name.toLowerCase()] = value;
    else if (Array.isArray(value)) headers[name.toLowerCase()] = value.join(', ');
  }
  return headers;
};

/** How one exchange ends, once: its connection timer and abort listener let go first. */
type Ending = {
  readonly settled: () => boolean;
  readonly done: () => void;
  readonly fail: (error: Error) => void;
};

/** Where the request goes and what it says: Content-Length and the user agent added. */
const requestOptions = (
  request: HttpRequest,
  context: HttpContext,
  bodyLength: number,
): RequestOptions => {
  const secure = request.url.protocol === 'https:';
  const headers: Record<string, string> = {
    ...request.headers,
    'user-agent': context.userAgent,
    ...(request.body === undefined && request.method !== 'POST' && request.method !== 'PUT'
      ? {}
      : { 'content-length': String(bodyLength) }),
  };
  return {
    method: request.method,
    protocol: request.url.protocol,
    hostname: request.url.hostname.replace(/^\[|\]$/g, ''),
    ...(request.url.port === '' ? {} : { port: Number(request.url.port) }),
    path: `${request.url.pathname}${request.url.search}`,
    headers,
    agent: secure ? context.agents.https : context.agents.http,
  };
};

/** The answer read whole up to `maxAnswerBytes` (past them left unread, marked `tooLarge`). */
const readAnswer = (
  res: IncomingMessage,
  maxAnswerBytes: number,
  emission: Emission,
  ending: Ending,
  resolve: (answer: HttpAnswer) => void,
): void => {
  const { done, fail } = ending;
  emission.alive();
  const announced = Number(res.headers['content-length'] ?? Number.NaN);
  const answer = (bytes: Uint8Array, tooLarge?: number): HttpAnswer => ({
    status: res.statusCode ?? 0,
    headers: headersOf(res.headers),
    body: bytes,
    ...(tooLarge === undefined ? {} : { tooLarge }),
  });
  if (Number.isFinite(announced) && announced > maxAnswerBytes) {
    res.destroy();
    done();
    resolve(answer(new Uint8Array(), announced));
    return;
  }
  const chunks: Buffer[] = [];
  let length = 0;
  res.on('data', (chunk: Buffer) => {
    emission.alive();
    length += chunk.length;
    if (length > maxAnswerBytes) {
      res.destroy();
      if (ending.settled()) return;
      done();
      resolve(answer(new Uint8Array(), length));
      return;
    }
    chunks.push(chunk);
  });
  res.on('error', fail);
  // Cut before its end: nothing usable arrived.
  res.on('aborted', () =>
    fail(Object.assign(new Error('portal: the answer was cut short'), { code: 'ECONNRESET' })),
  );
  res.on('end', () => {
    if (ending.settled()) return;
    done();
    resolve(answer(Buffer.concat(chunks)));
  });
};

/**
 * One HTTP exchange on `node:http(s)`: the body written in chunks reported to the emission (its
 * progress, stall watchdog and silence), the answer read whole up to a bound. It resolves with any
 * answer, whatever its status; it rejects with what the socket said (Node's errno as is, a
 * time-out named TimeoutError, the emission's abort as AbortError), for `toRawResponse`.
 */
export const httpExchange = (
  request: HttpRequest,
  emission: Emission,
  context: HttpContext,
): Promise<HttpAnswer> =>
  new Promise((resolve, reject) => {
    const secure = request.url.protocol === 'https:';
    const body = request.body;
    const bodyLength =
      body === undefined ? 0 : body instanceof Uint8Array ? body.length : body.size;
    let connect: NodeJS.Timeout | undefined;
    let settled = false;
    const done = (): void => {
      settled = true;
      clearTimeout(connect);
      emission.signal.removeEventListener('abort', onAbort);
    };
    const fail = (error: Error): void => {
      if (settled) return;
      done();
      reject(error);
    };
    const ending: Ending = { settled: () => settled, done, fail };
    const req = (secure ? httpsRequest : httpRequest)(
      requestOptions(request, context, bodyLength),
      (res) => readAnswer(res, request.maxAnswerBytes, emission, ending, resolve),
    );
    const onAbort = (): void => {
      req.destroy();
      fail(Object.assign(new Error('portal: aborted'), { name: 'AbortError' }));
    };
    req.on('error', fail);
    emission.signal.addEventListener('abort', onAbort, { once: true });
    if (emission.signal.aborted) {
      onAbort();
      return;
    }
    watchSocket(req, 'portal', context, fail, (timer) => (connect = timer));
    if (body === undefined) {
      req.end();
      return;
    }
    void writeBody(req, body, bodyLength, emission, request.pace).then(
      () => req.end(),
      (error: unknown) => {
        req.destroy();
        fail(error instanceof Error ? error : new Error(String(error)));
      },
    );
  });

/** Resolves once `req` may take more (at once when its buffer is not full). */
const drained = (req: ClientRequest, flowing: boolean): Promise<void> =>
  flowing ? Promise.resolve() : new Promise((resolve) => req.once('drain', () => resolve()));

/**
 * Writes the body in slices, each taken from the bandwidth cap first (the emission's watchdog
 * stands still meanwhile) and reported as progress once handed to the socket. A sourced body is
 * read slice by slice: what is in memory is one slice and the socket's buffer, whatever its size.
 */
const writeBody = async (
  req: ClientRequest,
  body: Uint8Array | SourcedBody,
  length: number,
  emission: Emission,
  pace: BodyPacer | undefined,
): Promise<void> => {
  const slice = pace === undefined ? CHUNK : Math.min(CHUNK, pace.sliceBytes);
  let source: SourceSlices | undefined;
  if (!(body instanceof Uint8Array)) {
    try {
      source = await body.open();
    } catch (error) {
      throw new BodySourceError(error);
    }
  }
  try {
    let at = 0;
    while (at < length) {
      if (emission.signal.aborted) return;
      const end = Math.min(at + slice, length);
      if (pace !== undefined) await emission.paced(pace.take(end - at, emission.signal));
      let chunk: Uint8Array;
      if (source === undefined) chunk = (body as Uint8Array).subarray(at, end);
      else {
        // A fresh buffer per slice: the socket may still hold the last one.
        const buffer = Buffer.allocUnsafeSlow(end - at);
        let filled = 0;
        try {
          while (filled < buffer.length) {
            const read = await source.read(buffer, filled, buffer.length - filled, at + filled);
            if (read === 0) throw new ShortSource(at + filled, length);
            filled += read;
          }
        } catch (error) {
          throw new BodySourceError(error);
        }
        chunk = buffer;
      }
      const flowing = req.write(chunk);
      at = end;
      emission.progress(at);
      await drained(req, flowing);
    }
  } finally {
    await source?.close().catch(() => undefined);
  }
};

/** The source ended before the length announced (it was planned longer). */
class ShortSource extends Error {
  override readonly name = 'SourceChangedError';
  constructor(at: number, length: number) {
    super(`the file ended at ${at} bytes, ${length} were planned`);
  }
}
