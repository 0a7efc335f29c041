import { APP_VERSION } from '../runtime/appVersion';

const MiB = 1024 * 1024;

export type EngineSettings = {
  /** Files deposited at once. */
  readonly concurrency: number;
  /** Multipart part size; grown for a file that would need more than 10,000 parts. */
  readonly partSize: number;
  /** Files of this size or more go multipart; smaller ones are one PutObject. */
  readonly multipartThreshold: number;
  /** Bytes per second across all transfers, as they are written to the sockets. */
  readonly bwlimitBytesPerSec?: number;
  /** Deadline of one call: this much plus the body at `minThroughputBytesPerSec`. */
  readonly callTimeoutMs: number;
  readonly minThroughputBytesPerSec: number;
  /** A wait longer than this is persisted as `deferred` and the worker moves on. */
  readonly deferAfterMs: number;
  /**
   * A deferral ending further away than this is not waited for: the run ends for that file
   * (`postponed`), said with its time, until that time comes or the volunteer lifts it
   * (docs/retry-policy.md, "Deferrals the run waits for").
   */
  readonly waitDeferralsUpToMs: number;
  /** Pacing after a give-up that named no time (equal jitter, doubling, capped). */
  readonly paceBaseMs: number;
  readonly paceCapMs: number;
  /** After a give-up, no new emission to the endpoint for its not-before time, at most this long. */
  readonly endpointHoldCapMs: number;
  /** Written in the manifest. */
  readonly appVersion: string;
  /**
   * Read back an object at a key whose content nothing the server computed proves (another
   * tool's part layout): download it and compare SHA-256 instead of reporting it unproven.
   */
  readonly readBack: boolean;
  /** A run lease not renewed for this long is taken over by another process. */
  readonly leaseStaleMs: number;
  /** How often a running plan renews its lease (well under `leaseStaleMs`). */
  readonly leaseRenewMs: number;
};

export const defaultEngineSettings: EngineSettings = {
  concurrency: 4,
  // S3's smallest part: a cut or a kill costs what the parts in flight had sent (ADR 0009).
  partSize: 5 * MiB,
  multipartThreshold: 5 * MiB,
  callTimeoutMs: 120_000,
  minThroughputBytesPerSec: 16 * 1024,
  deferAfterMs: 60_000,
  waitDeferralsUpToMs: 5 * 60_000,
  paceBaseMs: 2_000,
  paceCapMs: 60_000,
  endpointHoldCapMs: 30_000,
  appVersion: APP_VERSION,
  readBack: false,
  leaseStaleMs: 60_000,
  leaseRenewMs: 15_000,
};

/** How long one call may take: `callTimeoutMs` plus its body at the slowest throughput accepted. */
export const callMsFor = (settings: EngineSettings, bodyBytes: number): number =>
  settings.callTimeoutMs + Math.ceil((bodyBytes * 1000) / settings.minThroughputBytesPerSec);
