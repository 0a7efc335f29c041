import type { StorageTarget } from '../domain/StorageTarget';
import type { BodyPacer } from './BodyPacer';
import type { Outcome } from '../retry/Outcome';
import type { Page } from '../wire/PagedListing';

/**
 * The object store as the deposit engine sees it. One port, two adapters (memory for fast unit
 * tests, S3 for real), one contract suite run on both. Every method makes exactly ONE emission
 * and classifies what it received into an Outcome: retrying is the retry policy's job, never the
 * adapter's (DESIGN principle 1). A listing is one page per call: its caller pages through it,
 * each page a call of its own (`PagedListing`).
 */

/**
 * A request body the adapter opens afresh for every attempt (a stream is never replayed). Bytes
 * only: the engine reads, hashes and holds each part (ADR 0011); a file-range kind read by the
 * adapter itself was used by the contract tests alone and is gone (issue 13).
 */
export type Body = { readonly kind: 'bytes'; readonly bytes: Uint8Array };

export type EmissionOptions = {
  /** Epoch ms: the adapter aborts the emission when it is reached (classified unreachable/timeout). */
  readonly deadline: number;
  /** The caller's cancellation (classified aborted). */
  readonly signal?: AbortSignal;
  /** Body bytes handed to the socket so far, for progress and the stall watchdog. */
  readonly onBytesSent?: (totalSent: number) => void;
  /** No body byte moved and no answer came for the adapter's silence (once per silence). */
  readonly onSilent?: () => void;
  /**
   * The engine abandons the emission: it sat through an outage without moving and the endpoint
   * answers again (classified unreachable `stalled-in-outage`, not aborted; ADR 0013).
   */
  readonly abandon?: AbortSignal;
  /**
   * The bandwidth cap, for a call with a body: its bytes are taken slice by slice before they are
   * written. Time spent waiting for the cap is neither silence, nor a stall, nor the deadline's.
   */
  readonly pace?: BodyPacer;
};

export type PutObjectInput = {
  readonly key: string;
  readonly body: Body;
  /** Base64 MD5 of the body, sent as Content-MD5 so the server rejects corrupted bytes. */
  readonly md5Base64: string;
  /** Stored as user metadata (`x-amz-meta-*`); the SHA-256 of the whole file lives here. */
  readonly metadata: Readonly<Record<string, string>>;
  /** Sends `If-None-Match: *`: a 412 means the key already exists. */
  readonly ifNoneMatch: boolean;
  readonly contentType?: string;
};

export type UploadPartInput = {
  readonly key: string;
  readonly uploadId: string;
  readonly partNumber: number;
  readonly body: Body;
  readonly md5Base64: string;
};

export type CompletedPart = { readonly partNumber: number; readonly etag: string };

export type ListedPart = {
  readonly partNumber: number;
  readonly size: number;
  readonly etag: string;
};

export type ListedUpload = {
  readonly key: string;
  readonly uploadId: string;
  readonly initiated?: number;
};

export type ObjectHead = {
  readonly size: number;
  readonly etag: string;
  /** User metadata with lower-case keys, without the `x-amz-meta-` prefix. */
  readonly metadata: Readonly<Record<string, string>>;
};

export type ListedObject = { readonly key: string; readonly size: number; readonly etag: string };

/** Where a page of open uploads starts (S3's key and upload-id markers). */
export type UploadsMarker = { readonly key: string; readonly uploadId: string };

/**
 * What a `getObject` found: the bytes, no such key (404 is an answer), or a body longer than the
 * caller's `maxBytes`, not read. `size` is the length the server announced or, when it announced
 * none, the bytes received before the read stopped (a lower bound).
 */
export type ObjectRead =
  | { readonly kind: 'bytes'; readonly bytes: Uint8Array }
  | { readonly kind: 'absent' }
  | { readonly kind: 'too-large'; readonly size: number };

export type ObjectStore = {
  /** Endpoint identity for the per-endpoint budget and breaker (scheme://host:port). */
  readonly endpoint: string;
  /** The whole target this store addresses: what a night created through it owns (issue 11). */
  readonly target: StorageTarget;
  /**
   * One ListObjectsV2 of `prefix` with max-keys 0, on a new connection: it lists nothing and
   * changes nothing, stays inside the night's prefix (least privilege, issue 29), and its answer
   * has a known shape (`listBucketResult`: a ListBucketResult naming the bucket). It is the first
   * contact's probe, the breaker's probe and the silent link's check (ADR 0013, 0014, 0028): any
   * answer of the server, a 403 included, proves the endpoint answers.
   */
  probeListing(
    input: { readonly prefix: string },
    options: EmissionOptions,
  ): Promise<Outcome<{ readonly listBucketResult: boolean }>>;
  /**
   * Whether this machine has a route to the endpoint now, found without sending anything (no
   * emission): success, unreachable `no-route`, or any other outcome when it cannot tell. The
   * breaker's probe while the route was gone (issue 15).
   */
  checkRoute(): Promise<Outcome<void>>;
  putObject(input: PutObjectInput, options: EmissionOptions): Promise<Outcome<{ etag: string }>>;
  createMultipartUpload(
    input: { key: string; metadata: Readonly<Record<string, string>>; contentType?: string },
    options: EmissionOptions,
  ): Promise<Outcome<{ uploadId: string }>>;
  uploadPart(input: UploadPartInput, options: EmissionOptions): Promise<Outcome<{ etag: string }>>;
  /** One page of an upload's parts (from after `marker`, a part number); `next`: the page after. */
  listPartsPage(
    input: { key: string; uploadId: string; marker?: string | undefined },
    options: EmissionOptions,
  ): Promise<Outcome<Page<ListedPart, string>>>;
  /** One page of the open multipart uploads under a prefix; `next`: where the page after starts. */
  listUploadsPage(
    input: { prefix: string; marker?: UploadsMarker | undefined },
    options: EmissionOptions,
  ): Promise<Outcome<Page<ListedUpload, UploadsMarker>>>;
  /**
   * With `ifNoneMatch`, a 412 means the key already exists (where the server honours it: radosgw
   * 16 does not); with `ifMatch`, a 412 means the object at the key is no longer that ETag.
   * NoSuchUpload after a lost reply means "ask HeadObject".
   */
  completeMultipartUpload(
    input: {
      key: string;
      uploadId: string;
      parts: readonly CompletedPart[];
      ifNoneMatch: boolean;
      ifMatch?: string;
    },
    options: EmissionOptions,
  ): Promise<Outcome<{ etag: string }>>;
  abortMultipartUpload(
    input: { key: string; uploadId: string },
    options: EmissionOptions,
  ): Promise<Outcome<void>>;
  /** Success(undefined) when there is no such object (404 is an answer, not a failure). */
  headObject(
    input: { key: string },
    options: EmissionOptions,
  ): Promise<Outcome<ObjectHead | undefined>>;
  /**
   * The object's bytes, `absent` when there is no such key, `too-large` (not read) when the body
   * is longer than `maxBytes`: all three are answers, and no retry can change them.
   */
  getObject(
    input: { key: string; maxBytes: number },
    options: EmissionOptions,
  ): Promise<Outcome<ObjectRead>>;
  /** One page of the objects under a prefix (from its continuation `token`). */
  listObjectsPage(
    input: { prefix: string; token?: string | undefined },
    options: EmissionOptions,
  ): Promise<Outcome<Page<ListedObject, string>>>;
};
