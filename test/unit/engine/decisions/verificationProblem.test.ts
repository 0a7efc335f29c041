import { describe, expect, it } from 'vitest';
import { verificationProblem } from '../../../../shared/engine/verificationProblem';

const md5 = '0123456789abcdef0123456789abcdef';
const local = { size: 10, expectedEtag: md5 };

describe('verificationProblem: the object after upload is the one sent, or why not', () => {
  it.each<[string, { size: number; etag: string } | undefined, string | undefined]>([
    ['same size, same ETag', { size: 10, etag: `"${md5}"` }, undefined],
    ['same ETag upper-case', { size: 10, etag: `"${md5.toUpperCase()}"` }, undefined],
    ['missing', undefined, 'the object is missing after upload'],
    ['another size', { size: 9, etag: `"${md5}"` }, 'size 9 on the server, 10 here'],
    [
      'another ETag',
      { size: 10, etag: '"ffffffffffffffffffffffffffffffff"' },
      `ETag ffffffffffffffffffffffffffffffff on the server, ${md5} expected`,
    ],
    ['no ETag', { size: 10, etag: '' }, `ETag (none) on the server, ${md5} expected`],
  ])('%s', (_, head, expected) => {
    expect(verificationProblem(head, local)).toBe(expected);
  });
});
