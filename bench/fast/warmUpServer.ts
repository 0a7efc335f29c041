import {
  CompleteMultipartUploadCommand,
  CreateBucketCommand,
  CreateMultipartUploadCommand,
  PutObjectCommand,
  UploadPartCommand,
  type S3Client,
} from '@aws-sdk/client-s3';

/**
 * The server's first uses, paid before any tool is measured: on a fresh radosgw the first object
 * written and the first multipart upload wait ~2 s for what the server sets up on first use (a
 * deposit of 8 x 60 MB: 2.1 s from CreateMultipartUpload to its first part on a fresh server,
 * 0.5 s on the next deposit), and the tool that ran first paid it: Depot, first in every workload.
 */
export const warmUpServer = async (client: S3Client): Promise<void> => {
  const Bucket = 'fast-server-warm-up';
  await client.send(new CreateBucketCommand({ Bucket }));
  await client.send(new PutObjectCommand({ Bucket, Key: 'small', Body: Buffer.alloc(40_000, 1) }));
  const { UploadId } = await client.send(
    new CreateMultipartUploadCommand({ Bucket, Key: 'multipart' }),
  );
  const part = await client.send(
    new UploadPartCommand({
      Bucket,
      Key: 'multipart',
      UploadId,
      PartNumber: 1,
      Body: Buffer.alloc(5 * 1024 * 1024, 2),
    }),
  );
  await client.send(
    new CompleteMultipartUploadCommand({
      Bucket,
      Key: 'multipart',
      UploadId,
      MultipartUpload: { Parts: [{ PartNumber: 1, ETag: part.ETag }] },
    }),
  );
};
