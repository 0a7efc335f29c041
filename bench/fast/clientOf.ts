import { S3Client } from '@aws-sdk/client-s3';
import type { S3Server } from '../../test/support/s3server/startS3Server';

/** The bench's own client of a server it started (buckets, checks): path style, its keys. */
export const clientOf = (server: S3Server): S3Client =>
  new S3Client({
    endpoint: server.endpoint,
    region: server.region,
    forcePathStyle: true,
    credentials: { accessKeyId: server.accessKeyId, secretAccessKey: server.secretAccessKey },
  });
