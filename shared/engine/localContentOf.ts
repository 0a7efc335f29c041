import type { LocalContent } from '../wire/proveSameContent';

/**
 * What Depot knows of a file's bytes to compare with an object already at its key: its size, the
 * ETag its own upload gives, and its whole MD5 when known (a single part's MD5 is the whole's).
 */
export const localContentOf = (
  unit: { readonly size: number; readonly multipart: boolean; readonly md5: string | null },
  expectedEtag: string,
  firstPartMd5: string | undefined,
): LocalContent => ({
  size: unit.size,
  expectedEtag,
  ...(unit.md5 !== null
    ? { wholeMd5: unit.md5 }
    : unit.multipart
      ? {}
      : { wholeMd5: firstPartMd5 ?? '' }),
});
