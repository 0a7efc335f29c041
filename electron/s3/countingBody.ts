import { createReadStream } from 'node:fs';
import { Readable, Transform, type TransformCallback } from 'node:stream';
import type { Body } from '../../shared/ports/ObjectStore';
import { SourceReadError } from './SourceReadError';

const CHUNK = 64 * 1024;

export type CountingBody = {
  /** A fresh stream: a body is never replayed (a stream sent once is spent). */
  readonly stream: Readable;
  /** Sent as Content-Length: servers refuse the aws-chunked encoding an unknown length needs. */
  readonly length: number;
  /** Set when reading the source failed (missing, unreadable, shorter than planned). */
  readError(): SourceReadError | undefined;
};

/**
 * Opens `body` afresh for one attempt and reports the running total of bytes the HTTP request has
 * pulled from it, which is what the socket has been handed (give or take one buffer). A read
 * failure calls `onReadError` so the emission stops at once instead of waiting on a stalled body.
 */
export const countingBody = (
  body: Body,
  onProgress: (total: number) => void,
  onReadError: () => void,
): CountingBody => {
  const length = body.kind === 'bytes' ? body.bytes.length : body.length;
  let failure: SourceReadError | undefined;
  let total = 0;
  const counter = new Transform({
    transform(chunk: Buffer, _encoding: BufferEncoding, done: TransformCallback) {
      total += chunk.length;
      onProgress(total);
      done(null, chunk);
    },
    flush(done: TransformCallback) {
      if (total === length) {
        done();
        return;
      }
      failure = new SourceReadError(
        new Error(`the source gave ${total} bytes where ${length} were planned`),
      );
      onReadError();
      done(failure);
    },
  });
  // The HTTP request may have stopped listening by then; the failure is reported by readError().
  counter.on('error', () => undefined);
  const source: Readable =
    body.kind === 'bytes'
      ? Readable.from(chunksOf(body.bytes), { objectMode: false })
      : length === 0
        ? Readable.from([], { objectMode: false })
        : createReadStream(body.path, {
            start: body.start,
            end: body.start + length - 1,
            highWaterMark: CHUNK,
          });
  source.on('error', (error: Error) => {
    failure = new SourceReadError(error);
    onReadError();
    counter.destroy(failure);
  });
  source.pipe(counter);
  return { stream: counter, length, readError: () => failure };
};

function* chunksOf(bytes: Uint8Array): Generator<Uint8Array> {
  for (let at = 0; at < bytes.length; at += CHUNK) yield bytes.subarray(at, at + CHUNK);
}
