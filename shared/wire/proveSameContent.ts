/**
 * What an object already at a key proves about its bytes, decided from what the SERVER computed
 * (its ETag), never from metadata a client wrote (DESIGN principle 9, issue 11).
 *
 * - A single PUT's ETag is the MD5 of its bytes.
 * - A multipart object's ETag is MD5(concatenated part MD5s)-N: it proves the bytes only for the
 *   same part layout. Another layout (another tool's part size) proves nothing either way.
 */
export type ContentProof =
  | { readonly kind: 'same' }
  | { readonly kind: 'different'; readonly why: 'size' | 'etag' }
  | { readonly kind: 'unproven'; readonly why: 'no-etag' | 'other-part-layout' | 'no-whole-md5' };

export type LocalContent = {
  readonly size: number;
  /** The ETag Depot's own upload of this file gives (bare, no quotes). */
  readonly expectedEtag: string;
  /** Hex MD5 of the whole file, when known (single-part files always: their one part's MD5). */
  readonly wholeMd5?: string;
};

export type RemoteContent = { readonly size: number; readonly etag: string };

/** ETags arrive quoted, sometimes weak (`W/`) or upper-case: compared bare and lower-case. */
export const bareEtag = (etag: string): string =>
  etag.replace(/^W\//, '').replace(/"/g, '').toLowerCase();

const MULTIPART_ETAG = /^[0-9a-f]{32}-(\d+)$/;
const PLAIN_ETAG = /^[0-9a-f]{32}$/;

export const proveSameContent = (local: LocalContent, remote: RemoteContent): ContentProof => {
  if (remote.size !== local.size) return { kind: 'different', why: 'size' };
  const etag = bareEtag(remote.etag);
  if (etag === '') return { kind: 'unproven', why: 'no-etag' };
  if (etag === local.expectedEtag.toLowerCase()) return { kind: 'same' };
  const multipart = MULTIPART_ETAG.exec(etag);
  const ours = MULTIPART_ETAG.exec(local.expectedEtag.toLowerCase());
  if (multipart !== null) {
    // The same layout with another ETag is other bytes; another layout proves nothing.
    if (ours !== null && ours[1] === multipart[1]) return { kind: 'different', why: 'etag' };
    return { kind: 'unproven', why: 'other-part-layout' };
  }
  if (PLAIN_ETAG.test(etag)) {
    if (local.wholeMd5 === undefined) return { kind: 'unproven', why: 'no-whole-md5' };
    return etag === local.wholeMd5.toLowerCase()
      ? { kind: 'same' }
      : { kind: 'different', why: 'etag' };
  }
  // Not an MD5 at all (an encrypted object's ETag, say): nothing proven either way.
  return { kind: 'unproven', why: 'no-etag' };
};
