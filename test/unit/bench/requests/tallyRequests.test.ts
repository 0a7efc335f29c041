import { describe, expect, it } from 'vitest';
import { tallyRequests } from '../../../../bench/requests/RequestTally';
import type { ServerRequest } from '../../../../bench/requests/ServerRequest';

const req = (method: string, target: string, status = 200): ServerRequest => ({
  startMs: 0,
  remote: '10.0.0.1',
  method,
  target,
  status,
  bytes: 0,
  latencyS: 0,
});

describe('tallyRequests', () => {
  it("counts Depot's night by kind: placeholders, the manifest and the multipart files told apart", () => {
    const t = tallyRequests(
      [
        req('GET', '/b/?list-type=2&max-keys=0&prefix=n%2F'),
        req('GET', '/b/?list-type=2&max-keys=1000&prefix=n%2F'),
        req('PUT', '/b/n/small.wav?x-id=PutObject'),
        req('POST', '/b/n/big%20one.wav?uploads='),
        req('PUT', '/b/n/big%20one.wav?partNumber=1&uploadId=u'),
        req('PUT', '/b/n/big%20one.wav?partNumber=2&uploadId=u', 0),
        req('PUT', '/b/n/big%20one.wav?partNumber=2&uploadId=u'),
        req('PUT', '/b/n/big%20one.wav?x-id=PutObject'),
        req('POST', '/b/n/big%20one.wav?uploadId=u'),
        req('HEAD', '/b/n/big%20one.wav'),
        req('PUT', '/b/n/.depot-manifest.json?x-id=PutObject', 503),
        req('PUT', '/b/n/.depot-manifest.json?x-id=PutObject'),
      ],
      { bucket: 'b', prefix: 'n/', files: ['small.wav', 'big one.wav', 'unsent.wav', 'x.wav'] },
    );
    expect(t).toEqual({
      total: 12,
      files: 4,
      perFile: 3,
      byKind: {
        PutObject: 4,
        UploadPart: 3,
        CreateMultipartUpload: 1,
        CompleteMultipartUpload: 1,
        'ListObjectsV2 max-keys 0': 1,
        'ListObjectsV2 prefix': 1,
        HeadObject: 1,
      },
      failed: 2,
      placeholders: 1,
      outsideNight: 2,
      multipartFiles: 1,
    });
  });

  it('a Complete refused does not make a multipart file', () => {
    const t = tallyRequests([req('POST', '/b/n/a.wav?uploadId=u', 500)], {
      bucket: 'b',
      prefix: 'n/',
      files: ['a.wav'],
    });
    expect(t.multipartFiles).toBe(0);
    expect(t.failed).toBe(1);
  });
});
