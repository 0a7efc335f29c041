/** The ETag S3 gives a completed multipart object: MD5 of the parts' binary MD5s, then `-N`. */
import { createHash } from 'node:crypto';

export const multipartEtag = (partMd5Hex: readonly string[]): string =>
  `${createHash('md5')
    .update(Buffer.concat(partMd5Hex.map((hex) => Buffer.from(hex, 'hex'))))
    .digest('hex')}-${partMd5Hex.length}`;
