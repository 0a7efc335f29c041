/** The MD5 of no bytes: the ETag of every empty object, Depot's placeholders included. */
export const EMPTY_MD5_HEX = 'd41d8cd98f00b204e9800998ecf8427e';
export const EMPTY_MD5_BASE64 = '1B2M2Y8AsgTpgAmY7PhCfg==';

/** The user metadata (lower case, without `x-amz-meta-`) that names a night's placeholder. */
export const PLACEHOLDER_KEY = 'depot-placeholder';

/**
 * Whether the object at a key is this night's own placeholder: the empty object a multipart file
 * reserves its key with before its Complete (ADR 0028), named by the night's id. Only then may the
 * Complete replace it: anything else at the key is another writer's, never overwritten.
 */
export const isOwnPlaceholder = (
  head: { readonly size: number; readonly metadata: Readonly<Record<string, string>> },
  nightId: string,
): boolean => head.size === 0 && head.metadata[PLACEHOLDER_KEY] === nightId;
