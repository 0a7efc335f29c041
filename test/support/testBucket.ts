import { randomBytes } from 'node:crypto';
import {
  AbortMultipartUploadCommand,
  CreateBucketCommand,
  DeleteBucketCommand,
  DeleteObjectsCommand,
  ListMultipartUploadsCommand,
  ListObjectsV2Command,
  S3Client,
} from '@aws-sdk/client-s3';
import { inject } from 'vitest';
import type { S3Coordinates } from './s3server/S3Coordinates';

export type TestBucket = S3Coordinates & {
  readonly bucket: string;
  /** A plain SDK client on the server (not through any proxy), for setup and inspection. */
  readonly client: S3Client;
  /** Empties and deletes the bucket, then closes the client. */
  remove(): Promise<void>;
};

/** A fresh, uniquely named bucket on the shared server (see globalSetup.ts). */
export const testBucket = async (label = 'test'): Promise<TestBucket> => {
  const coordinates = inject('s3');
  const client = s3ClientFor(coordinates);
  const bucket = uniqueBucketName(label);
  await client.send(new CreateBucketCommand({ Bucket: bucket }));
  const remove = async (): Promise<void> => {
    try {
      await emptyBucket(client, bucket);
      await client.send(new DeleteBucketCommand({ Bucket: bucket }));
    } finally {
      client.destroy();
    }
  };
  return { ...coordinates, bucket, client, remove };
};

/** `maxAttempts` 1 for a client whose failures are the point of the test. */
export const s3ClientFor = (c: S3Coordinates, maxAttempts = 3): S3Client =>
  new S3Client({
    endpoint: c.endpoint,
    region: c.region,
    forcePathStyle: true,
    // Test plumbing, not the code under test: a few SDK retries keep setup from flaking.
    maxAttempts,
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
    credentials: { accessKeyId: c.accessKeyId, secretAccessKey: c.secretAccessKey },
  });

/** Lower-case, 3-63 characters, unique per call. */
export const uniqueBucketName = (label: string): string => {
  const clean = label
    .toLowerCase()
    .replace(/[^a-z0-9-]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 30);
  return `depot-${clean || 'test'}-${Date.now().toString(36)}-${randomBytes(3).toString('hex')}`;
};

const emptyBucket = async (client: S3Client, bucket: string): Promise<void> => {
  for (let page = 0; page < 1000; page++) {
    const uploads = await client.send(new ListMultipartUploadsCommand({ Bucket: bucket }));
    for (const u of uploads.Uploads ?? []) {
      await client.send(
        new AbortMultipartUploadCommand({ Bucket: bucket, Key: u.Key, UploadId: u.UploadId }),
      );
    }
    const listed = await client.send(new ListObjectsV2Command({ Bucket: bucket }));
    const keys = (listed.Contents ?? []).flatMap((o) =>
      o.Key === undefined ? [] : [{ Key: o.Key }],
    );
    if (keys.length > 0) {
      await client.send(new DeleteObjectsCommand({ Bucket: bucket, Delete: { Objects: keys } }));
    }
    if (keys.length === 0 && (uploads.Uploads ?? []).length === 0) return;
  }
};
