import { describe, expect, it } from 'vitest';
import { stillOnServer } from '../../../../shared/engine/stillOnServer';

const MD5 = '0123456789abcdef0123456789abcdef';
const OTHER = 'fedcba9876543210fedcba9876543210';
const MULTI = `${MD5}-3`;

describe('stillOnServer: a done unit against the run listing (issue 30 item 1)', () => {
  it.each([
    [
      'listed with its size and ETag',
      { size: 10, expectedEtag: MD5 },
      { size: 10, etag: `"${MD5}"` },
      'seen',
    ],
    ['not listed (deleted, bucket purged)', { size: 10, expectedEtag: MD5 }, undefined, 'missing'],
    ['another size', { size: 10, expectedEtag: MD5 }, { size: 11, etag: `"${MD5}"` }, 'changed'],
    [
      'same size, other MD5',
      { size: 10, expectedEtag: MD5, wholeMd5: MD5 },
      { size: 10, etag: OTHER },
      'changed',
    ],
    [
      'multipart, same layout, other ETag',
      { size: 30, expectedEtag: MULTI },
      { size: 30, etag: `${OTHER}-3` },
      'changed',
    ],
    [
      'multipart, its ETag',
      { size: 30, expectedEtag: MULTI },
      { size: 30, etag: `"${MULTI}"` },
      'seen',
    ],
    // No ETag to compare (a server that lists none): the listing does not contradict it.
    ['listed without an ETag', { size: 10, expectedEtag: MD5 }, { size: 10, etag: '' }, 'seen'],
  ] as const)('%s', (_name, local, listed, expected) => {
    expect(stillOnServer(local, listed)).toBe(expected);
  });
});
