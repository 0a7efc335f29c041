import { Readable } from 'node:stream';
import type { Body } from '../../shared/ports/ObjectStore';

const CHUNK = 64 * 1024;

export type CountingBody = {
  /** A fresh stream: a body is never replayed (a stream sent once is spent). */
  readonly stream: Readable;
  /** Sent as Content-Length: servers refuse the aws-chunked encoding an unknown length needs. */
  readonly length: number;
};

/**
 * Opens `body` afresh for one attempt and reports the running total of bytes the HTTP request has
 * pulled from it, which is what the socket has been handed (give or take one buffer). Bytes in
 * memory cannot fail to read: no counting stage and no read-error path (the file body kind went in
 * issue 13), the stream counts as it is pulled (a generator, a Transform and a pipe per 40 KB file
 * were a tenth of Depot's CPU, issue 15).
 */
export const countingBody = (body: Body, onProgress: (total: number) => void): CountingBody => {
  const { bytes } = body;
  const length = bytes.length;
  let at = 0;
  const stream = new Readable({
    read() {
      const end = Math.min(at + CHUNK, length);
      if (end > at) {
        const chunk = bytes.subarray(at, end);
        at = end;
        onProgress(at);
        this.push(chunk);
      }
      if (at >= length) this.push(null);
    },
  });
  return { stream, length };
};
