import {
  AbortMultipartUploadCommand,
  CompleteMultipartUploadCommand,
  CreateMultipartUploadCommand,
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  ListMultipartUploadsCommand,
  ListObjectsV2Command,
  ListPartsCommand,
} from '@aws-sdk/client-s3';
import type {
  $Command,
  S3ClientResolvedConfig,
  ServiceInputTypes,
  ServiceOutputTypes,
} from '@aws-sdk/client-s3';
import type { StorageTarget } from '../../shared/domain/StorageTarget';
import type { Clock } from '../../shared/ports/Clock';
import { monotonicClock } from '../runtime/monotonicClock';
import { systemClock } from '../runtime/systemClock';
import type {
  EmissionOptions,
  ListedObject,
  ListedPart,
  ListedUpload,
  ObjectHead,
  ObjectRead,
  ObjectStore,
  PutObjectInput,
  UploadPartInput,
  UploadsMarker,
} from '../../shared/ports/ObjectStore';
import type { Page } from '../../shared/wire/PagedListing';
import { classifyResponse } from '../../shared/retry/classifyResponse';
import { success, type Outcome } from '../../shared/retry/Outcome';
import type { RawResponse } from '../../shared/retry/RawResponse';
import { withSignal } from './callSignal';
import { defaultSilentMs } from './defaultSilentMs';
import { DirectPut, putObjectRequest, uploadPartRequest } from './DirectPut';
import type { Emission } from './Emission';
import { startEmission } from './Emission';
import { hideSdkNodeVersionWarning } from './hideSdkNodeVersionWarning';
import { IncompleteAnswer } from './IncompleteAnswer';
import { objectsPage, partsPage, uploadsPage } from './listedPages';
import { readBounded } from './readBounded';
import { routeCheckTo } from './routeCheckTo';
import { S3Clients } from './S3Clients';
import { ServerClock } from './ServerClock';
import type { S3ObjectStoreOptions } from './S3ObjectStoreOptions';
import { toRawResponse } from './toRawResponse';

// Where the wiring and the engine stack have always imported it from.
export type { S3ObjectStoreOptions } from './S3ObjectStoreOptions';

/** A command of the SDK's S3 client, its output typed. */
type S3Command<I extends ServiceInputTypes, O extends ServiceOutputTypes> = $Command<
  I,
  O,
  S3ClientResolvedConfig,
  ServiceInputTypes,
  ServiceOutputTypes
>;

/**
 * The object store on a real S3-compatible endpoint through `@aws-sdk/client-s3`. Exactly one
 * emission per call (the SDK's retries are off: `maxAttempts: 1`), classified once into an Outcome;
 * retrying is the policy's job (DESIGN principles 1-2, 6). Never `@aws-sdk/lib-storage`.
 */
export class S3ObjectStore implements ObjectStore {
  readonly endpoint: string;
  readonly target: StorageTarget;
  private readonly bucket: string;
  private readonly clock: Clock;
  private readonly wallClock: Clock;
  private readonly serverClock: ServerClock;
  private readonly stallMs: number;
  private readonly silentMs: number;
  private readonly pageSize: number;
  private readonly clients: S3Clients;
  private readonly direct: DirectPut;
  private readonly route: () => Promise<Outcome<void>>;

  constructor(options: S3ObjectStoreOptions) {
    hideSdkNodeVersionWarning();
    const url = new URL(options.endpoint);
    this.endpoint = `${url.protocol}//${url.host}`;
    this.bucket = options.bucket;
    this.target = {
      endpoint: this.endpoint,
      region: options.region,
      pathStyle: options.forcePathStyle ?? false,
      bucket: options.bucket,
      credentialId: options.credentials.accessKeyId,
    };
    this.clock = options.clock ?? monotonicClock;
    this.wallClock = options.wallClock ?? systemClock;
    this.stallMs = options.stallMs ?? 30_000;
    this.silentMs = options.silentMs ?? defaultSilentMs;
    this.pageSize = options.listPageSize ?? 1000;
    this.serverClock = new ServerClock(this.wallClock);
    this.clients = new S3Clients(options, this.serverClock);
    this.direct = new DirectPut(options, this.clients.agents, this.serverClock);
    this.route = routeCheckTo(url);
  }

  /** Closes idle keep-alive connections. */
  destroy(): void {
    this.clients.destroy();
  }

  /** Runs `send` as one emission and classifies what it gave. */
  private async emit<T>(
    options: EmissionOptions,
    send: (emission: Emission) => Promise<T>,
    onError?: (raw: RawResponse) => Outcome<T> | undefined,
  ): Promise<Outcome<T>> {
    if (options.signal?.aborted) return { kind: 'aborted' };
    if (this.clock.now() >= options.deadline) return { kind: 'unreachable', reason: 'timeout' };
    const emission = startEmission(options, this.clock, this.stallMs, this.silentMs);
    const signedAt = this.serverClock.offsetMs;
    try {
      return success(await send(emission));
    } catch (error) {
      if (error instanceof IncompleteAnswer)
        return { kind: 'unreachable', reason: 'incomplete-answer' };
      const abortCause = emission.cause();
      const raw = this.serverClock.namedSkew(
        toRawResponse(error, {
          // This computer's wall clock, which an HTTP-date Retry-After and a skew are measured on.
          receivedAt: this.wallClock.now(),
          ...(abortCause === undefined ? {} : { abortCause }),
        }),
        signedAt,
      );
      return onError?.(raw) ?? classifyResponse(raw);
    } finally {
      emission.end();
    }
  }

  /**
   * One SDK command as one emission, its output read into the call's value: the shape of every
   * call but the two PUTs of a body (DirectPut). Sent on the emission's signal with no options
   * (callSignal.ts); the SDK's client is asked for only here, by the calls that use it (ADR 0024).
   */
  private command<I extends ServiceInputTypes, O extends ServiceOutputTypes, T>(
    options: EmissionOptions,
    command: S3Command<I, O>,
    read: (out: O, emission: Emission) => T | Promise<T>,
    onError?: (raw: RawResponse) => Outcome<T> | undefined,
  ): Promise<Outcome<T>> {
    return this.emit(
      options,
      async (e) => read(await this.clients.get().send(withSignal(command, e.signal)), e),
      onError,
    );
  }

  checkRoute(): Promise<Outcome<void>> {
    return this.route();
  }

  putObject(input: PutObjectInput, options: EmissionOptions): Promise<Outcome<{ etag: string }>> {
    return this.emit(options, async (e) => {
      const put = putObjectRequest(input);
      const { etag } = await this.direct.send(put, input.body.bytes, e, options.pace);
      return { etag: etag ?? '' };
    });
  }

  createMultipartUpload(
    input: { key: string; metadata: Readonly<Record<string, string>>; contentType?: string },
    options: EmissionOptions,
  ): Promise<Outcome<{ uploadId: string }>> {
    return this.command(
      options,
      new CreateMultipartUploadCommand({
        Bucket: this.bucket,
        Key: input.key,
        Metadata: { ...input.metadata },
        ...(input.contentType === undefined ? {} : { ContentType: input.contentType }),
      }),
      (out) => {
        if (out.UploadId === undefined) throw new IncompleteAnswer('UploadId');
        return { uploadId: out.UploadId };
      },
    );
  }

  uploadPart(input: UploadPartInput, options: EmissionOptions): Promise<Outcome<{ etag: string }>> {
    return this.emit(options, async (e) => {
      const put = uploadPartRequest(input);
      const { etag } = await this.direct.send(put, input.body.bytes, e, options.pace);
      if (etag === undefined) throw new IncompleteAnswer('ETag');
      return { etag };
    });
  }

  listPartsPage(
    input: { key: string; uploadId: string; marker?: string | undefined },
    options: EmissionOptions,
  ): Promise<Outcome<Page<ListedPart, string>>> {
    return this.command(
      options,
      new ListPartsCommand({
        Bucket: this.bucket,
        Key: input.key,
        UploadId: input.uploadId,
        MaxParts: this.pageSize,
        ...(input.marker === undefined ? {} : { PartNumberMarker: input.marker }),
      }),
      partsPage,
      uploadGone,
    );
  }

  listUploadsPage(
    input: { prefix: string; marker?: UploadsMarker | undefined },
    options: EmissionOptions,
  ): Promise<Outcome<Page<ListedUpload, UploadsMarker>>> {
    return this.command(
      options,
      new ListMultipartUploadsCommand({
        Bucket: this.bucket,
        Prefix: input.prefix,
        MaxUploads: this.pageSize,
        ...(input.marker === undefined
          ? {}
          : { KeyMarker: input.marker.key, UploadIdMarker: input.marker.uploadId }),
      }),
      uploadsPage,
    );
  }

  completeMultipartUpload(
    input: {
      key: string;
      uploadId: string;
      parts: readonly { partNumber: number; etag: string }[];
      ifNoneMatch: boolean;
      ifMatch?: string;
    },
    options: EmissionOptions,
  ): Promise<Outcome<{ etag: string }>> {
    return this.command(
      options,
      new CompleteMultipartUploadCommand({
        Bucket: this.bucket,
        Key: input.key,
        UploadId: input.uploadId,
        MultipartUpload: {
          Parts: input.parts.map((p) => ({ PartNumber: p.partNumber, ETag: p.etag })),
        },
        ...(input.ifNoneMatch ? { IfNoneMatch: '*' } : {}),
        ...(input.ifMatch === undefined ? {} : { IfMatch: input.ifMatch }),
      }),
      // radosgw answers with an empty ETag; HeadObject gives the `"...-N"` form.
      (out) => ({ etag: out.ETag ?? '' }),
    );
  }

  abortMultipartUpload(
    input: { key: string; uploadId: string },
    options: EmissionOptions,
  ): Promise<Outcome<void>> {
    return this.command(
      options,
      new AbortMultipartUploadCommand({
        Bucket: this.bucket,
        Key: input.key,
        UploadId: input.uploadId,
      }),
      () => undefined,
    );
  }

  headObject(
    input: { key: string },
    options: EmissionOptions,
  ): Promise<Outcome<ObjectHead | undefined>> {
    return this.command(
      options,
      new HeadObjectCommand({ Bucket: this.bucket, Key: input.key }),
      (out): ObjectHead | undefined => {
        const metadata: Record<string, string> = {};
        for (const [k, v] of Object.entries(out.Metadata ?? {})) metadata[k.toLowerCase()] = v;
        return {
          size: out.ContentLength ?? 0,
          etag: out.ETag ?? '',
          metadata,
          ...(out.LastModified === undefined ? {} : { lastModified: out.LastModified.getTime() }),
        };
      },
      // No such object is an answer. (HEAD has no body: a missing bucket looks the same; the
      // first contact's listing of the night's prefix says NoSuchBucket before a deposit.)
      (raw) => (raw.status === 404 ? success(undefined) : undefined),
    );
  }

  deleteObject(
    input: { readonly key: string; readonly ifMatch: string },
    options: EmissionOptions,
  ): Promise<Outcome<void>> {
    return this.command(
      options,
      new DeleteObjectCommand({
        Bucket: this.bucket,
        Key: input.key,
        IfMatch: input.ifMatch,
      }),
      () => undefined,
      // Gone already is what was asked.
      (raw) => (raw.status === 404 && raw.code !== 'NoSuchBucket' ? success(undefined) : undefined),
    );
  }

  getObject(
    input: { key: string; maxBytes: number },
    options: EmissionOptions,
  ): Promise<Outcome<ObjectRead>> {
    return this.command(
      options,
      new GetObjectCommand({ Bucket: this.bucket, Key: input.key }),
      (out, e): Promise<ObjectRead> => {
        const body = out.Body as (AsyncIterable<Uint8Array> & { destroy?: () => void }) | undefined;
        return readBounded(body, out.ContentLength, input.maxBytes, e.alive);
      },
      // No such key is an answer; a missing bucket is not (GET has a body that says which).
      (raw) =>
        raw.status === 404 && raw.code !== 'NoSuchBucket'
          ? success({ kind: 'absent' as const })
          : undefined,
    );
  }

  listObjectsPage(
    input: { prefix: string; token?: string | undefined },
    options: EmissionOptions,
  ): Promise<Outcome<Page<ListedObject, string>>> {
    return this.command(
      options,
      new ListObjectsV2Command({
        Bucket: this.bucket,
        Prefix: input.prefix,
        MaxKeys: this.pageSize,
        ...(input.token === undefined ? {} : { ContinuationToken: input.token }),
      }),
      objectsPage,
    );
  }

  /**
   * One ListObjectsV2 of `prefix` with max-keys 0 (nothing listed, nothing changed), on a new
   * connection: the first contact's probe, the breaker's probe and the silent link's check (ADR
   * 0013, 0014, 0028). An idle connection that sat through an outage would hold it on TCP's
   * retransmission timer, or never answer after an address change; the new one, left idle by the
   * answer, then carries the first request sent again. Whether the answer has the
   * ListBucketResult shape an S3 server gives (it names the bucket): a web server answering 200
   * with HTML passes a HeadBucket, not this. It stays inside the night's prefix (issue 29).
   */
  probeListing(
    input: { readonly prefix: string },
    options: EmissionOptions,
  ): Promise<Outcome<{ readonly listBucketResult: boolean }>> {
    this.clients.dropIdle();
    return this.command(
      options,
      new ListObjectsV2Command({ Bucket: this.bucket, Prefix: input.prefix, MaxKeys: 0 }),
      (out) => ({ listBucketResult: out.Name === this.bucket }),
      // At first contact a 2xx that is not XML is what it says: not a ListBucketResult (a web
      // page, a captive portal), where later in a run the same is a garbled answer (transient).
      (raw) =>
        raw.status !== undefined && raw.status >= 200 && raw.status < 300
          ? success({ listBucketResult: false })
          : undefined,
    );
  }
}

/**
 * radosgw (16.2) answers ListParts of an upload that is gone with 404 NoSuchKey where S3 says
 * NoSuchUpload; the engine decides on NoSuchUpload, so say it once, here.
 */
const uploadGone = (raw: RawResponse): Outcome<never> | undefined =>
  raw.status === 404 && raw.code === 'NoSuchKey'
    ? classifyResponse({ ...raw, code: 'NoSuchUpload' })
    : undefined;
