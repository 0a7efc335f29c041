import { createHmac } from 'node:crypto';

/** The portal's S3 account: the bucket and the key pair its `_sign_request` signs with. */
export type PortalS3Account = {
  readonly bucket: string;
  readonly accessKeyId: string;
  readonly secretAccessKey: string;
};

export type SignRequest = {
  readonly verb: 'GET' | 'PUT' | 'POST' | 'DELETE';
  readonly objectName: string;
  /** Signed as is: the client must send exactly this Content-Type ('' for none). */
  readonly contentType?: string;
  /** Epoch seconds. */
  readonly expires: number;
  /** A subresource signed and sent before the auth parameters (`uploads`, `uploadId=...`). */
  readonly signHead?: string;
  /**
   * Where the URL points, `http://127.0.0.1:PORT` (path style). The real portal builds
   * `https://<bucket>.s3.amazonaws.com/<key>` (virtual host); the string to sign is `/bucket/key`
   * either way, so radosgw on 127.0.0.1, or a fault proxy in front of it, verifies the same
   * signature.
   */
  readonly urlBase: string;
};

/**
 * `_sign_request` of `vigiechiro/resources/fichiers.py` (facts §3): AWS Signature V2 in the query
 * string, HMAC-SHA1 over `VERB\n<Content-MD5, always ''>\n<Content-Type>\n<Expires>\n/<bucket>/<key>
 * [?subresource]`, base64, stripped, then `quote_plus`-escaped (`+`, `/`, `=` escaped: the same as
 * `encodeURIComponent` on base64). The key is put in the URL unescaped, as the portal does (titles
 * are `[a-zA-Z0-9_\-.]` only).
 */
export const signRequestV2 = (account: PortalS3Account, request: SignRequest): string => {
  const path = `/${account.bucket}/${request.objectName}`;
  const signedPath = request.signHead === undefined ? path : `${path}?${request.signHead}`;
  const toSign = `${request.verb}\n\n${request.contentType ?? ''}\n${request.expires}\n${signedPath}`;
  const signature = encodeURIComponent(
    createHmac('sha1', account.secretAccessKey).update(toSign).digest('base64').trim(),
  );
  const head = request.signHead === undefined ? '?' : `?${request.signHead}&`;
  return (
    `${request.urlBase}${path}${head}` +
    `AWSAccessKeyId=${account.accessKeyId}&Expires=${request.expires}&Signature=${signature}`
  );
};
