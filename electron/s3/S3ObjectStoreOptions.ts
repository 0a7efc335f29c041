import type { Clock } from '../../shared/ports/Clock';

export type S3ObjectStoreOptions = {
  /** `https://s3.example.org` or `http://127.0.0.1:PORT`. */
  readonly endpoint: string;
  readonly region: string;
  readonly bucket: string;
  readonly credentials: {
    readonly accessKeyId: string;
    readonly secretAccessKey: string;
    readonly sessionToken?: string;
  };
  /** `https://endpoint/bucket/key` rather than `https://bucket.endpoint/key`. */
  readonly forcePathStyle?: boolean;
  /** TCP (and TLS) connection set-up bound (default 10 s). */
  readonly connectionTimeoutMs?: number;
  /** A socket idle this long is closed (default 60 s); the stall watchdog usually fires first. */
  readonly socketTimeoutMs?: number;
  /** No body byte moved and no response for this long: abort, unreachable 'stall' (default 30 s). */
  readonly stallMs?: number;
  /**
   * No body byte moved and no response for this long: the engine is told (it asks the endpoint
   * whether the link is gone, ADR 0013), nothing is aborted (default `defaultSilentMs`, 2 s).
   */
  readonly silentMs?: number;
  /** Keep-alive connections per endpoint (default 16). */
  readonly maxSockets?: number;
  /** Keys (or parts, uploads) per listing page; tests lower it to exercise paging (default 1000). */
  readonly listPageSize?: number;
  /** Deadlines and the stall watchdog (default: the monotonic clock, as the engine's). */
  readonly clock?: Clock;
  /** What signatures are dated by and skews measured on (default: this computer's wall clock). */
  readonly wallClock?: Clock;
};
