import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import {
  GetObjectCommand,
  ListMultipartUploadsCommand,
  ListObjectsV2Command,
} from '@aws-sdk/client-s3';
import type { S3Client } from '@aws-sdk/client-s3';
import type { DepositFixture } from './depositFixture';

/**
 * What the server holds, read by an independent SDK client on the server itself (not through
 * Depot, not through the fault proxy): every key of the bucket, and every multipart upload left
 * open. Each e2e flow of issue 31 ends by reading it.
 */
export const serverState = async (
  world: Pick<DepositFixture, 'bucket'>,
): Promise<{ readonly keys: readonly string[]; readonly openUploads: readonly string[] }> => {
  const { client, bucket } = world.bucket;
  const keys: string[] = [];
  let token: string | undefined;
  do {
    const page = await client.send(
      new ListObjectsV2Command({ Bucket: bucket, ContinuationToken: token }),
    );
    keys.push(...(page.Contents ?? []).map((o) => o.Key ?? ''));
    token = page.NextContinuationToken;
  } while (token !== undefined);
  const uploads = await client.send(new ListMultipartUploadsCommand({ Bucket: bucket }));
  return {
    keys: keys.sort(),
    openUploads: (uploads.Uploads ?? []).map((u) => u.Key ?? '').sort(),
  };
};

/**
 * The object's bytes on the server, read by the independent client (or `client`: objects a
 * volunteer's own key wrote are theirs, which the bucket's owner may not read on radosgw).
 */
export const objectBytes = async (
  world: Pick<DepositFixture, 'bucket'>,
  key: string,
  client: S3Client = world.bucket.client,
): Promise<Buffer> => {
  const got = await client.send(new GetObjectCommand({ Bucket: world.bucket.bucket, Key: key }));
  return Buffer.from((await got.Body?.transformToByteArray()) ?? []);
};

/** Every recording of the night is on the server under `prefix`, byte for byte. */
export const recordingsAre = async (
  world: Pick<DepositFixture, 'bucket' | 'nightDir' | 'files'>,
  prefix: string,
  client?: S3Client,
): Promise<boolean> => {
  for (const name of world.files) {
    const there = await objectBytes(world, `${prefix}/${name}`, client).catch(() =>
      Buffer.alloc(0),
    );
    if (!there.equals(await readFile(join(world.nightDir, name)))) return false;
  }
  return true;
};
