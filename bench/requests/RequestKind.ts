/**
 * What a request is, by its shape on the wire (method, path, query): the S3 operation, with
 * ListObjectsV2 split by what it asks (Depot's probe is one of max-keys 0).
 */
export const REQUEST_KINDS = [
  'PutObject',
  'UploadPart',
  'CreateMultipartUpload',
  'CompleteMultipartUpload',
  'AbortMultipartUpload',
  'ListObjectsV2 max-keys 0',
  'ListObjectsV2 prefix',
  'ListObjectsV2 bucket',
  'ListObjects v1',
  'ListMultipartUploads',
  'ListParts',
  'HeadObject',
  'HeadBucket',
  'GetObject',
  'other',
] as const;

export type RequestKind = (typeof REQUEST_KINDS)[number];

/** Query parameters a plain ListObjects (v1) may carry; anything else on a bucket GET is another API. */
const LIST_V1_PARAMS = new Set(['prefix', 'delimiter', 'marker', 'max-keys', 'encoding-type']);
const GET_OBJECT_PARAMS = new Set(['x-id', 'partNumber', 'versionId']);

const onlyOf = (q: URLSearchParams, allowed: ReadonlySet<string>): boolean =>
  [...q.keys()].every((k) => allowed.has(k) || k.startsWith('response-'));

/** `target` is the request line's target, path-style (`/bucket/key?query`). */
export const requestKind = (method: string, target: string, bucket: string): RequestKind => {
  const at = target.indexOf('?');
  const path = at < 0 ? target : target.slice(0, at);
  const q = new URLSearchParams(at < 0 ? '' : target.slice(at + 1));
  const onBucket = path === `/${bucket}` || path === `/${bucket}/`;
  switch (method) {
    case 'HEAD':
      return onBucket ? 'HeadBucket' : 'HeadObject';
    case 'GET':
      if (onBucket) {
        if (q.has('uploads')) return 'ListMultipartUploads';
        if (q.get('list-type') === '2') {
          if (q.get('max-keys') === '0') return 'ListObjectsV2 max-keys 0';
          return (q.get('prefix') ?? '') === '' ? 'ListObjectsV2 bucket' : 'ListObjectsV2 prefix';
        }
        return onlyOf(q, LIST_V1_PARAMS) ? 'ListObjects v1' : 'other';
      }
      if (q.has('uploadId')) return 'ListParts';
      return onlyOf(q, GET_OBJECT_PARAMS) ? 'GetObject' : 'other';
    case 'PUT':
      if (onBucket) return 'other';
      if (q.has('partNumber') && q.has('uploadId')) return 'UploadPart';
      return onlyOf(q, new Set(['x-id'])) ? 'PutObject' : 'other';
    case 'POST':
      if (onBucket) return 'other';
      if (q.has('uploads')) return 'CreateMultipartUpload';
      if (q.has('uploadId')) return 'CompleteMultipartUpload';
      return 'other';
    case 'DELETE':
      return !onBucket && q.has('uploadId') ? 'AbortMultipartUpload' : 'other';
    default:
      return 'other';
  }
};
