import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  GetObjectCommand,
  HeadObjectCommand,
  ListMultipartUploadsCommand,
  type S3Client,
} from '@aws-sdk/client-s3';

/**
 * Checks with a plain SDK client (not the code under test) that every local file is on the server
 * under `prefix/relPath` with the same bytes and SHA-256 metadata, and that no multipart upload is
 * left open in the bucket. Returns the keys that are not right, with why.
 */
export const verifyBucket = async (
  client: S3Client,
  bucket: string,
  prefix: string,
  dir: string,
  relPaths: readonly string[],
): Promise<{ wrong: string[]; openUploads: number }> => {
  const wrong: string[] = [];
  for (const relPath of relPaths) {
    const key = `${prefix}/${relPath}`;
    const local = readFileSync(join(dir, relPath));
    const sha = createHash('sha256').update(local).digest('hex');
    try {
      const head = await client.send(new HeadObjectCommand({ Bucket: bucket, Key: key }));
      if (head.ContentLength !== local.length) wrong.push(`${key}: size ${head.ContentLength}`);
      else if (head.Metadata?.['sha256'] !== sha) wrong.push(`${key}: sha256 metadata`);
      else {
        const got = await client.send(new GetObjectCommand({ Bucket: bucket, Key: key }));
        const bytes = await got.Body?.transformToByteArray();
        const remoteSha = createHash('sha256')
          .update(bytes ?? new Uint8Array())
          .digest('hex');
        if (remoteSha !== sha) wrong.push(`${key}: content differs`);
      }
    } catch (error) {
      wrong.push(`${key}: ${error instanceof Error ? error.name : String(error)}`);
    }
  }
  const uploads = await client.send(new ListMultipartUploadsCommand({ Bucket: bucket }));
  return { wrong, openUploads: (uploads.Uploads ?? []).length };
};
