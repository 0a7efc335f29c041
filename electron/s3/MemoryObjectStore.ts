import { createHash } from 'node:crypto';
import type { StorageTarget } from '../../shared/domain/StorageTarget';
import type { Clock } from '../../shared/ports/Clock';
import type {
  EmissionOptions,
  ListedObject,
  ListedPart,
  ListedUpload,
  ObjectHead,
  ObjectRead,
  ObjectStore,
} from '../../shared/ports/ObjectStore';
import type { Sleeper } from '../../shared/ports/Sleeper';
import type { Failure, Outcome } from '../../shared/retry/Outcome';
import { success } from '../../shared/retry/Outcome';

export type MemoryOperation =
  | 'headBucket'
  | 'putObject'
  | 'createMultipartUpload'
  | 'uploadPart'
  | 'listParts'
  | 'listMultipartUploads'
  | 'completeMultipartUpload'
  | 'abortMultipartUpload'
  | 'headObject'
  | 'getObject'
  | 'listObjects';

/** What a fault hook sees of a request: the operation and the key it touches, when it has one. */
export type MemoryRequest = {
  readonly operation: MemoryOperation;
  readonly key?: string;
  readonly partNumber?: number;
  readonly at: number;
  readonly bodyBytes: number;
};

type StoredObject = {
  bytes: Uint8Array;
  etag: string;
  metadata: Record<string, string>;
};

type Upload = {
  key: string;
  metadata: Record<string, string>;
  initiated: number;
  parts: Map<number, { bytes: Uint8Array; etag: string }>;
};

type Fault = {
  operation: MemoryOperation;
  remaining: number;
  matches: (request: MemoryRequest) => boolean;
  /** A failure returned without acting, or 'lose-reply': act, then report the connection reset. */
  effect: Failure | 'lose-reply';
};

export type MemoryObjectStoreOptions = {
  readonly endpoint?: string;
  /** The bucket this store stands for (default 'b'); it holds one bucket's objects. */
  readonly bucket?: string;
  /** Which credentials it stands for (default 'memory-key'). */
  readonly credentialId?: string;
  readonly clock?: Clock;
  /** With a sleeper, every request takes `latencyMs` plus its body at `bytesPerSec` (virtual time in tests). */
  readonly sleeper?: Sleeper;
  readonly latencyMs?: number;
  readonly bytesPerSec?: number;
  readonly bucketExists?: boolean;
  readonly credentialsValid?: boolean;
  /** radosgw answers CompleteMultipartUpload with an empty ETag; HeadObject gives the `-N` form. */
  readonly emptyCompleteEtag?: boolean;
  /** radosgw 16 ignores If-None-Match on CompleteMultipartUpload and replaces the object. */
  readonly completeIgnoresIfNoneMatch?: boolean;
  /** radosgw 16 answers Complete of an upload that is gone with 500 InternalError, not 404. */
  readonly goneCompleteAnswers500?: boolean;
};

const md5 = (bytes: Uint8Array): Buffer => createHash('md5').update(bytes).digest();
const quoted = (hex: string): string => `"${hex}"`;

const refused = (status: number, code: string): Failure => ({ kind: 'refused', status, code });

/**
 * The object store in memory, for fast deterministic unit tests: the same semantics as S3 for
 * what the engine relies on (Content-MD5 checked, If-None-Match 412, multipart ETags, NoSuchUpload)
 * plus fault hooks: fail the next N calls of an operation, lose a reply after acting, go down,
 * and a request log to count what the endpoint received.
 */
export class MemoryObjectStore implements ObjectStore {
  readonly endpoint: string;
  readonly target: StorageTarget;
  readonly objects = new Map<string, StoredObject>();
  readonly uploads = new Map<string, Upload>();
  readonly requests: MemoryRequest[] = [];
  private faults: Fault[] = [];
  private down = false;
  private nextUploadId = 1;
  private bucketExists: boolean;
  private credentialsValid: boolean;

  constructor(private readonly options: MemoryObjectStoreOptions = {}) {
    this.endpoint = options.endpoint ?? 'memory://store';
    this.target = {
      endpoint: this.endpoint,
      region: 'memory',
      pathStyle: true,
      bucket: options.bucket ?? 'b',
      credentialId: options.credentialId ?? 'memory-key',
    };
    this.bucketExists = options.bucketExists ?? true;
    this.credentialsValid = options.credentialsValid ?? true;
  }

  /** The next `times` matching calls of `operation` get `failure` (or, for 'lose-reply', act then fail). */
  failNext(
    operation: MemoryOperation,
    times: number,
    effect: Failure | 'lose-reply',
    matches: (request: MemoryRequest) => boolean = () => true,
  ): void {
    this.faults.push({ operation, remaining: times, matches, effect });
  }

  /** Unreachable: every request fails at once with connection refused (and is still counted). */
  setDown(down: boolean): void {
    this.down = down;
  }

  setCredentialsValid(valid: boolean): void {
    this.credentialsValid = valid;
  }

  setBucketExists(exists: boolean): void {
    this.bucketExists = exists;
  }

  clearFaults(): void {
    this.faults = [];
  }

  count(operation?: MemoryOperation): number {
    return operation === undefined
      ? this.requests.length
      : this.requests.filter((r) => r.operation === operation).length;
  }

  /** Stores an object as if someone else had put it (for conflict and already-present tests). */
  seed(key: string, bytes: Uint8Array, metadata: Record<string, string> = {}): void {
    this.objects.set(key, { bytes, etag: quoted(md5(bytes).toString('hex')), metadata });
  }

  private now(): number {
    return this.options.clock?.now() ?? Date.now();
  }

  /**
   * Everything an emission goes through before and after acting: the log, the wire time, the
   * deadline and signal, the endpoint's state and the scripted faults.
   */
  private async emit<T>(
    request: Omit<MemoryRequest, 'at'>,
    options: EmissionOptions,
    act: () => Promise<Outcome<T>> | Outcome<T>,
  ): Promise<Outcome<T>> {
    const at = this.now();
    this.requests.push({ ...request, at });
    if (options.signal?.aborted) return { kind: 'aborted' };
    if (at >= options.deadline) return { kind: 'unreachable', reason: 'timeout' };
    if (this.down) return { kind: 'unreachable', reason: 'connection-refused' };
    const sleeper = this.options.sleeper;
    if (sleeper !== undefined) {
      const wire =
        (this.options.latencyMs ?? 0) +
        (this.options.bytesPerSec === undefined
          ? 0
          : (request.bodyBytes * 1000) / this.options.bytesPerSec);
      const wait = Math.min(wire, Math.max(0, options.deadline - at));
      try {
        if (wait > 0) await sleeper.sleep(wait, options.signal);
      } catch {
        return { kind: 'aborted' };
      }
      if (this.now() >= options.deadline && wait < wire) {
        return { kind: 'unreachable', reason: 'timeout' };
      }
    }
    if (this.down) return { kind: 'unreachable', reason: 'connection-reset' };
    options.onBytesSent?.(request.bodyBytes);
    const fault = this.faults.find(
      (f) => f.operation === request.operation && f.remaining > 0 && f.matches({ ...request, at }),
    );
    if (fault !== undefined) {
      fault.remaining -= 1;
      if (fault.effect !== 'lose-reply') return fault.effect;
    }
    if (!this.credentialsValid) return refused(403, 'InvalidAccessKeyId');
    if (!this.bucketExists) return refused(404, 'NoSuchBucket');
    const outcome = await act();
    if (fault?.effect === 'lose-reply') return { kind: 'unreachable', reason: 'connection-reset' };
    return outcome;
  }

  headBucket(options: EmissionOptions): Promise<Outcome<void>> {
    return this.emit({ operation: 'headBucket', bodyBytes: 0 }, options, () => success(undefined));
  }

  putObject(
    input: Parameters<ObjectStore['putObject']>[0],
    options: EmissionOptions,
  ): Promise<Outcome<{ etag: string }>> {
    const { bytes } = input.body;
    return this.emit(
      { operation: 'putObject', key: input.key, bodyBytes: bytes.length },
      options,
      () => {
        const digest = md5(bytes);
        if (digest.toString('base64') !== input.md5Base64) return refused(400, 'BadDigest');
        if (input.ifNoneMatch && this.objects.has(input.key)) {
          return refused(412, 'PreconditionFailed');
        }
        const etag = quoted(digest.toString('hex'));
        this.objects.set(input.key, { bytes, etag, metadata: { ...input.metadata } });
        return success({ etag });
      },
    );
  }

  createMultipartUpload(
    input: Parameters<ObjectStore['createMultipartUpload']>[0],
    options: EmissionOptions,
  ): Promise<Outcome<{ uploadId: string }>> {
    return this.emit(
      { operation: 'createMultipartUpload', key: input.key, bodyBytes: 0 },
      options,
      () => {
        const uploadId = `upload-${this.nextUploadId++}`;
        this.uploads.set(uploadId, {
          key: input.key,
          metadata: { ...input.metadata },
          initiated: this.now(),
          parts: new Map(),
        });
        return success({ uploadId });
      },
    );
  }

  uploadPart(
    input: Parameters<ObjectStore['uploadPart']>[0],
    options: EmissionOptions,
  ): Promise<Outcome<{ etag: string }>> {
    const { bytes } = input.body;
    return this.emit(
      {
        operation: 'uploadPart',
        key: input.key,
        partNumber: input.partNumber,
        bodyBytes: bytes.length,
      },
      options,
      () => {
        const upload = this.uploads.get(input.uploadId);
        if (upload === undefined || upload.key !== input.key) return refused(404, 'NoSuchUpload');
        const digest = md5(bytes);
        if (digest.toString('base64') !== input.md5Base64) return refused(400, 'BadDigest');
        const etag = quoted(digest.toString('hex'));
        upload.parts.set(input.partNumber, { bytes, etag });
        return success({ etag });
      },
    );
  }

  listParts(
    input: { key: string; uploadId: string },
    options: EmissionOptions,
  ): Promise<Outcome<ListedPart[]>> {
    return this.emit({ operation: 'listParts', key: input.key, bodyBytes: 0 }, options, () => {
      const upload = this.uploads.get(input.uploadId);
      if (upload === undefined || upload.key !== input.key) return refused(404, 'NoSuchUpload');
      return success(
        [...upload.parts.entries()]
          .sort(([a], [b]) => a - b)
          .map(([partNumber, p]) => ({ partNumber, size: p.bytes.length, etag: p.etag })),
      );
    });
  }

  listMultipartUploads(
    input: { prefix: string },
    options: EmissionOptions,
  ): Promise<Outcome<ListedUpload[]>> {
    return this.emit({ operation: 'listMultipartUploads', bodyBytes: 0 }, options, () =>
      success(
        [...this.uploads.entries()]
          .filter(([, u]) => u.key.startsWith(input.prefix))
          .map(([uploadId, u]) => ({ key: u.key, uploadId, initiated: u.initiated })),
      ),
    );
  }

  completeMultipartUpload(
    input: Parameters<ObjectStore['completeMultipartUpload']>[0],
    options: EmissionOptions,
  ): Promise<Outcome<{ etag: string }>> {
    return this.emit(
      { operation: 'completeMultipartUpload', key: input.key, bodyBytes: 0 },
      options,
      () => {
        const upload = this.uploads.get(input.uploadId);
        if (upload === undefined || upload.key !== input.key) {
          return this.options.goneCompleteAnswers500 === true
            ? refused(500, 'InternalError')
            : refused(404, 'NoSuchUpload');
        }
        if (
          input.ifNoneMatch &&
          this.options.completeIgnoresIfNoneMatch !== true &&
          this.objects.has(input.key)
        ) {
          return refused(412, 'PreconditionFailed');
        }
        const chunks: Uint8Array[] = [];
        const digests: Buffer[] = [];
        let previous = 0;
        for (const part of input.parts) {
          const stored = upload.parts.get(part.partNumber);
          if (stored === undefined || stored.etag !== part.etag) return refused(400, 'InvalidPart');
          if (part.partNumber <= previous) return refused(400, 'InvalidPartOrder');
          previous = part.partNumber;
          chunks.push(stored.bytes);
          digests.push(md5(stored.bytes));
        }
        const etag = quoted(`${md5(Buffer.concat(digests)).toString('hex')}-${input.parts.length}`);
        this.objects.set(input.key, {
          bytes: Buffer.concat(chunks),
          etag,
          metadata: upload.metadata,
        });
        this.uploads.delete(input.uploadId);
        return success({ etag: this.options.emptyCompleteEtag === true ? '' : etag });
      },
    );
  }

  abortMultipartUpload(
    input: { key: string; uploadId: string },
    options: EmissionOptions,
  ): Promise<Outcome<void>> {
    return this.emit(
      { operation: 'abortMultipartUpload', key: input.key, bodyBytes: 0 },
      options,
      () => {
        const upload = this.uploads.get(input.uploadId);
        if (upload === undefined || upload.key !== input.key) return refused(404, 'NoSuchUpload');
        this.uploads.delete(input.uploadId);
        return success(undefined);
      },
    );
  }

  headObject(
    input: { key: string },
    options: EmissionOptions,
  ): Promise<Outcome<ObjectHead | undefined>> {
    return this.emit({ operation: 'headObject', key: input.key, bodyBytes: 0 }, options, () => {
      const object = this.objects.get(input.key);
      return success(
        object === undefined
          ? undefined
          : {
              size: object.bytes.length,
              etag: object.etag,
              metadata: object.metadata,
            },
      );
    });
  }

  getObject(
    input: { key: string; maxBytes: number },
    options: EmissionOptions,
  ): Promise<Outcome<ObjectRead>> {
    return this.emit({ operation: 'getObject', key: input.key, bodyBytes: 0 }, options, () => {
      const stored = this.objects.get(input.key);
      if (stored === undefined) return success<ObjectRead>({ kind: 'absent' });
      if (stored.bytes.length > input.maxBytes) {
        return success<ObjectRead>({ kind: 'too-large', size: stored.bytes.length });
      }
      return success<ObjectRead>({ kind: 'bytes', bytes: Uint8Array.from(stored.bytes) });
    });
  }

  listObjects(
    input: { prefix: string },
    options: EmissionOptions,
  ): Promise<Outcome<ListedObject[]>> {
    return this.emit({ operation: 'listObjects', bodyBytes: 0 }, options, () =>
      success(
        [...this.objects.entries()]
          .filter(([key]) => key.startsWith(input.prefix))
          .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
          .map(([key, o]) => ({ key, size: o.bytes.length, etag: o.etag })),
      ),
    );
  }
}
