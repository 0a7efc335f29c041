import { describe, expect, it } from 'vitest';
import { requestKind } from '../../../../bench/requests/RequestKind';

describe('requestKind', () => {
  it.each([
    ['PUT', '/bench/n/a.wav?x-id=PutObject', 'PutObject'],
    ['PUT', '/bench/n/a.wav', 'PutObject'],
    ['PUT', '/bench/n/a.wav?partNumber=2&uploadId=2~abc&x-id=UploadPart', 'UploadPart'],
    ['POST', '/bench/n/a.wav?uploads=', 'CreateMultipartUpload'],
    ['POST', '/bench/n/a.wav?uploads&x-id=CreateMultipartUpload', 'CreateMultipartUpload'],
    ['POST', '/bench/n/a.wav?uploadId=2~abc', 'CompleteMultipartUpload'],
    ['DELETE', '/bench/n/a.wav?uploadId=2~abc&x-id=AbortMultipartUpload', 'AbortMultipartUpload'],
    ['DELETE', '/bench/n/a.wav?x-id=DeleteObject', 'other'],
    ['GET', '/bench/?list-type=2&max-keys=0&prefix=n%2F', 'ListObjectsV2 max-keys 0'],
    ['GET', '/bench/?list-type=2&max-keys=1000&prefix=n%2F', 'ListObjectsV2 prefix'],
    ['GET', '/bench?list-type=2&prefix=n%2F&encoding-type=url', 'ListObjectsV2 prefix'],
    ['GET', '/bench/?list-type=2', 'ListObjectsV2 bucket'],
    ['GET', '/bench/?list-type=2&prefix=', 'ListObjectsV2 bucket'],
    ['GET', '/bench?delimiter=&max-keys=1000&prefix=n%2F', 'ListObjects v1'],
    ['GET', '/bench/', 'ListObjects v1'],
    ['GET', '/bench/?location', 'other'],
    ['GET', '/bench/?uploads&prefix=n%2F', 'ListMultipartUploads'],
    ['GET', '/bench/n/a.wav?uploadId=2~abc&x-id=ListParts', 'ListParts'],
    ['GET', '/bench/n/a.wav?x-id=GetObject', 'GetObject'],
    ['GET', '/bench/n/a.wav?tagging', 'other'],
    ['HEAD', '/bench/n/a.wav', 'HeadObject'],
    ['HEAD', '/bench/', 'HeadBucket'],
    ['HEAD', '/bench', 'HeadBucket'],
    ['PUT', '/bench', 'other'],
    ['OPTIONS', '/bench/n/a.wav', 'other'],
  ] as const)('%s %s is %s', (method, target, kind) => {
    expect(requestKind(method, target, 'bench')).toBe(kind);
  });

  it('a key that starts like the bucket is still an object', () => {
    expect(requestKind('HEAD', '/bench/bench', 'bench')).toBe('HeadObject');
  });
});
