import { describe, expect, it } from 'vitest';
import { localContentOf } from '../../../../shared/engine/localContentOf';
import type { LocalContent } from '../../../../shared/wire/proveSameContent';

const whole = 'a'.repeat(32);
const part1 = 'b'.repeat(32);

describe('localContentOf: what Depot knows of a file to compare with an object at its key', () => {
  it.each<[string, { multipart: boolean; md5: string | null }, string | undefined, LocalContent]>([
    [
      'single, whole MD5 known',
      { multipart: false, md5: whole },
      part1,
      { size: 5, expectedEtag: 'e', wholeMd5: whole },
    ],
    [
      'single, its one part is the whole',
      { multipart: false, md5: null },
      part1,
      { size: 5, expectedEtag: 'e', wholeMd5: part1 },
    ],
    [
      'multipart, whole MD5 known',
      { multipart: true, md5: whole },
      part1,
      { size: 5, expectedEtag: 'e', wholeMd5: whole },
    ],
    [
      'multipart, whole MD5 unknown',
      { multipart: true, md5: null },
      part1,
      { size: 5, expectedEtag: 'e' },
    ],
  ])('%s', (_, unit, firstPartMd5, expected) => {
    expect(localContentOf({ size: 5, ...unit }, 'e', firstPartMd5)).toEqual(expected);
  });
});
