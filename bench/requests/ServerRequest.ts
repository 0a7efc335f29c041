/** One request as radosgw logged it (its beast frontend's access line). */
export type ServerRequest = {
  /** When radosgw had read the request's head (ms since the epoch, radosgw's coarse clock). */
  readonly startMs: number;
  readonly remote: string;
  readonly method: string;
  /** The request line's target as sent: path-style `/bucket/key?query`. */
  readonly target: string;
  /** 0 when radosgw never answered (the connection went first). */
  readonly status: number;
  /** Bytes radosgw sent and received for it, headers of the answer and body of the request. */
  readonly bytes: number;
  readonly latencyS: number;
};
