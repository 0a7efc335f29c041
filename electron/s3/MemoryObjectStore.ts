import { createHash } from 'node:crypto';
import type { StorageTarget } from '../../shared/domain/StorageTarget';
import type {
  EmissionOptions,
  ListedObject,
  ListedPart,
  ListedUpload,
  ObjectHead,
  ObjectRead,
  ObjectStore,
  UploadsMarker,
} from '../../shared/ports/ObjectStore';
import type { Page } from '../../shared/wire/PagedListing';
import type { Failure, Outcome } from '../../shared/retry/Outcome';
import { success } from '../../shared/retry/Outcome';
import type { MemoryEndpointOptions } from './MemoryEndpoint';
import { MemoryEndpoint } from './MemoryEndpoint';

export type { MemoryOperation, MemoryRequest } from './MemoryEndpoint';

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

export type MemoryObjectStoreOptions = MemoryEndpointOptions & {
  readonly endpoint?: string;
  /** The bucket this store stands for (default 'b'); it holds one bucket's objects. */
  readonly bucket?: string;
  /** Which credentials it stands for (default 'memory-key'). */
  readonly credentialId?: string;
  /** radosgw answers CompleteMultipartUpload with an empty ETag; HeadObject gives the `-N` form. */
  readonly emptyCompleteEtag?: boolean;
  /** Entries per listing page (default 1000, as S3's): tests lower it to make several pages. */
  readonly listPageSize?: number;
  /** PutObject answered without an ETag (a header-stripping front): no proof, HeadObject asked. */
  readonly emptyPutEtag?: boolean;
  /** radosgw 16 ignores If-None-Match on CompleteMultipartUpload and replaces the object. */
  readonly completeIgnoresIfNoneMatch?: boolean;
  /** radosgw 16 ignores If-Match on DeleteObject: the object goes whatever its ETag. */
  readonly deleteIgnoresIfMatch?: boolean;
  /** radosgw 16 answers Complete of an upload that is gone with 500 InternalError, not 404. */
  readonly goneCompleteAnswers500?: boolean;
};

const md5 = (bytes: Uint8Array): Buffer => createHash('md5').update(bytes).digest();
const quoted = (hex: string): string => `"${hex}"`;

const refused = (status: number, code: string): Failure => ({ kind: 'refused', status, code });

/**
 * The object store in memory, for fast deterministic unit tests: the same semantics as S3 for
 * what the engine relies on (Content-MD5 checked, If-None-Match 412, multipart ETags, NoSuchUpload).
 * The fault hooks (fail the next N calls of an operation, lose a reply after acting, go down) and
 * the request log that counts what the endpoint received are its `MemoryEndpoint`'s.
 */
export class MemoryObjectStore extends MemoryEndpoint implements ObjectStore {
  readonly endpoint: string;
  readonly target: StorageTarget;
  readonly objects = new Map<string, StoredObject>();
  readonly uploads = new Map<string, Upload>();
  private nextUploadId = 1;

  private readonly pageSize: number;

  constructor(private readonly options: MemoryObjectStoreOptions = {}) {
    super(options);
    this.pageSize = options.listPageSize ?? 1000;
    this.endpoint = options.endpoint ?? 'memory://store';
    this.target = {
      endpoint: this.endpoint,
      region: 'memory',
      pathStyle: true,
      bucket: options.bucket ?? 'b',
      credentialId: options.credentialId ?? 'memory-key',
    };
  }

  /** Stores an object as if someone else had put it (for conflict and already-present tests). */
  seed(key: string, bytes: Uint8Array, metadata: Record<string, string> = {}): void {
    this.objects.set(key, { bytes, etag: quoted(md5(bytes).toString('hex')), metadata });
  }

  probeListing(
    input: { readonly prefix: string },
    options: EmissionOptions,
  ): Promise<Outcome<{ readonly listBucketResult: boolean }>> {
    return this.emit(
      { operation: 'probeListing', prefix: input.prefix, bodyBytes: 0 },
      options,
      () => success({ listBucketResult: true }),
    );
  }

  putObject(
    input: Parameters<ObjectStore['putObject']>[0],
    options: EmissionOptions,
  ): Promise<Outcome<{ etag: string }>> {
    // Received, as a server does: the sender's buffer is its own again once the call settles.
    const bytes = Uint8Array.from(input.body.bytes);
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
        return success({ etag: this.options.emptyPutEtag === true ? '' : etag });
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
    // Received, as a server does: the sender's buffer is its own again once the call settles.
    const bytes = Uint8Array.from(input.body.bytes);
    return this.emit(
      {
        operation: 'uploadPart',
        key: input.key,
        partNumber: input.partNumber,
        bodyBytes: bytes.length,
      },
      options,
      () => {
        const upload = this.uploadOf(input);
        if (upload === undefined) return refused(404, 'NoSuchUpload');
        const digest = md5(bytes);
        if (digest.toString('base64') !== input.md5Base64) return refused(400, 'BadDigest');
        const etag = quoted(digest.toString('hex'));
        upload.parts.set(input.partNumber, { bytes, etag });
        return success({ etag });
      },
    );
  }

  listPartsPage(
    input: { key: string; uploadId: string; marker?: string | undefined },
    options: EmissionOptions,
  ): Promise<Outcome<Page<ListedPart, string>>> {
    return this.emit({ operation: 'listParts', key: input.key, bodyBytes: 0 }, options, () => {
      const upload = this.uploadOf(input);
      if (upload === undefined) return refused(404, 'NoSuchUpload');
      const after = input.marker === undefined ? 0 : Number(input.marker);
      const all = [...upload.parts.entries()]
        .sort(([a], [b]) => a - b)
        .filter(([partNumber]) => partNumber > after)
        .map(([partNumber, p]) => ({ partNumber, size: p.bytes.length, etag: p.etag }));
      return this.page(all, (last) => String(last.partNumber));
    });
  }

  listUploadsPage(
    input: { prefix: string; marker?: UploadsMarker | undefined },
    options: EmissionOptions,
  ): Promise<Outcome<Page<ListedUpload, UploadsMarker>>> {
    return this.emit(
      { operation: 'listMultipartUploads', prefix: input.prefix, bodyBytes: 0 },
      options,
      () => {
        const order = (u: ListedUpload): string => `${u.key}\n${u.uploadId}`;
        const from = input.marker === undefined ? '' : order(input.marker);
        const all = [...this.uploads.entries()]
          .filter(([, u]) => u.key.startsWith(input.prefix))
          .map(([uploadId, u]) => ({ key: u.key, uploadId, initiated: u.initiated }))
          .sort((a, b) => (order(a) < order(b) ? -1 : order(a) > order(b) ? 1 : 0))
          .filter((u) => order(u) > from);
        return this.page(all, (last) => ({ key: last.key, uploadId: last.uploadId }));
      },
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
        const upload = this.uploadOf(input);
        if (upload === undefined) {
          return this.options.goneCompleteAnswers500 === true
            ? refused(500, 'InternalError')
            : refused(404, 'NoSuchUpload');
        }
        const honours = this.options.completeIgnoresIfNoneMatch !== true;
        const there = this.objects.get(input.key);
        if (honours && input.ifNoneMatch && there !== undefined) {
          return refused(412, 'PreconditionFailed');
        }
        if (honours && input.ifMatch !== undefined && there?.etag !== input.ifMatch) {
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
        const upload = this.uploadOf(input);
        if (upload === undefined) return refused(404, 'NoSuchUpload');
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

  deleteObject(
    input: { readonly key: string; readonly ifMatch: string },
    options: EmissionOptions,
  ): Promise<Outcome<void>> {
    return this.emit({ operation: 'deleteObject', key: input.key, bodyBytes: 0 }, options, () => {
      const stored = this.objects.get(input.key);
      // AWS S3 honours If-Match on DeleteObject; radosgw 16 ignores it (tried, issue 31).
      if (
        stored !== undefined &&
        this.options.deleteIgnoresIfMatch !== true &&
        stored.etag !== input.ifMatch &&
        stored.etag !== quoted(input.ifMatch.replace(/"/g, ''))
      )
        return refused(412, 'PreconditionFailed');
      this.objects.delete(input.key);
      return success(undefined);
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

  listObjectsPage(
    input: { prefix: string; token?: string | undefined },
    options: EmissionOptions,
  ): Promise<Outcome<Page<ListedObject, string>>> {
    return this.emit(
      { operation: 'listObjects', prefix: input.prefix, bodyBytes: 0 },
      options,
      () => {
        // The token is the last key of the page before (S3's own is opaque).
        const all = [...this.objects.entries()]
          .filter(([key]) => key.startsWith(input.prefix) && key > (input.token ?? ''))
          .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
          .map(([key, o]) => ({ key, size: o.bytes.length, etag: o.etag }));
        return this.page(all, (last) => last.key);
      },
    );
  }

  /** The upload `uploadId` of `key`: undefined when it is gone, or another key's (NoSuchUpload). */
  private uploadOf(input: { readonly key: string; readonly uploadId: string }): Upload | undefined {
    const upload = this.uploads.get(input.uploadId);
    return upload === undefined || upload.key !== input.key ? undefined : upload;
  }

  /** The first page of `all` (sorted, past the marker), with the marker of the next when more. */
  private page<T, M>(all: readonly T[], markerOf: (last: T) => M): Outcome<Page<T, M>> {
    const items = all.slice(0, this.pageSize);
    const last = items.at(-1);
    return success({
      items,
      ...(all.length > items.length && last !== undefined ? { next: markerOf(last) } : {}),
    });
  }
}
