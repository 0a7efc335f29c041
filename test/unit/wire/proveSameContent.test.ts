import { describe, expect, it } from 'vitest';
import { bareEtag, proveSameContent } from '../../../shared/wire/proveSameContent';

const md5 = 'aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa';
const other = 'bbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbb';
const mp3 = 'cccccccccccccccccccccccccccccccc-3';

describe('proveSameContent: what the server computed proves, metadata never does', () => {
  it.each([
    [
      'single upload, same MD5',
      { size: 5, expectedEtag: md5, wholeMd5: md5 },
      { size: 5, etag: `"${md5}"` },
      'same',
    ],
    [
      'single upload, other MD5',
      { size: 5, expectedEtag: md5, wholeMd5: md5 },
      { size: 5, etag: other },
      'different',
    ],
    ['another size', { size: 5, expectedEtag: md5 }, { size: 6, etag: md5 }, 'different'],
    [
      'our multipart layout, same ETag',
      { size: 9, expectedEtag: mp3 },
      { size: 9, etag: `"${mp3.toUpperCase()}"` },
      'same',
    ],
    [
      'our multipart layout, other ETag',
      { size: 9, expectedEtag: mp3 },
      { size: 9, etag: `${other}-3` },
      'different',
    ],
    [
      'another part layout',
      { size: 9, expectedEtag: mp3 },
      { size: 9, etag: `${other}-2` },
      'unproven',
    ],
    [
      'one request by another tool, whole MD5 known',
      { size: 9, expectedEtag: mp3, wholeMd5: md5 },
      { size: 9, etag: md5 },
      'same',
    ],
    [
      'one request by another tool, whole MD5 unknown',
      { size: 9, expectedEtag: mp3 },
      { size: 9, etag: md5 },
      'unproven',
    ],
    ['no ETag', { size: 5, expectedEtag: md5 }, { size: 5, etag: '' }, 'unproven'],
    [
      'not an MD5 (an encrypted object)',
      { size: 5, expectedEtag: md5 },
      { size: 5, etag: 'xyz' },
      'unproven',
    ],
  ] as const)('%s', (_name, local, remote, kind) => {
    expect(proveSameContent(local, remote).kind).toBe(kind);
  });
});

describe('bareEtag', () => {
  it.each([
    ['"ABCDEF"', 'abcdef'],
    ['W/"abc-2"', 'abc-2'],
    ['abc', 'abc'],
  ])('%s -> %s', (raw, bare) => {
    expect(bareEtag(raw)).toBe(bare);
  });
});
