import { bareEtag } from '../wire/proveSameContent';

/**
 * Why the object the server shows after an upload is not the one sent (missing, another size,
 * another ETag than the one it computed over our bytes), or undefined when it is: the unit is
 * done only then.
 */
export const verificationProblem = (
  head: { readonly size: number; readonly etag: string } | undefined,
  local: { readonly size: number; readonly expectedEtag: string },
): string | undefined =>
  head === undefined
    ? 'the object is missing after upload'
    : head.size !== local.size
      ? `size ${head.size} on the server, ${local.size} here`
      : bareEtag(head.etag) !== local.expectedEtag
        ? `ETag ${bareEtag(head.etag) || '(none)'} on the server, ${local.expectedEtag} expected`
        : undefined;
