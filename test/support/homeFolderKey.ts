import { randomBytes } from 'node:crypto';
import { PutBucketPolicyCommand } from '@aws-sdk/client-s3';
import { ensureRadosgwUser } from './s3server/radosgwUser';
import type { RadosgwUser } from './s3server/radosgwUser';
import type { TestBucket } from './testBucket';

/**
 * A volunteer's key limited to a home folder of the bucket, as a coordinator gives it (issue 29's
 * policy): write, read and list there, abort its own uploads, and delete only when `mayDelete`.
 * Set by the bucket's owner with PutBucketPolicy, which radosgw evaluates (LAB.md).
 */
export const homeFolderKey = async (
  bucket: TestBucket,
  folder: string,
  options: { readonly mayDelete: boolean },
): Promise<RadosgwUser> => {
  if (bucket.cephConf === undefined)
    throw new Error('homeFolderKey: the test server names no ceph.conf (radosgw-admin needed)');
  const id = randomBytes(4).toString('hex');
  const user: RadosgwUser = {
    uid: `vol-${id}`,
    accessKeyId: `VOL${id.toUpperCase()}KEY00000`,
    secretAccessKey: `vol-secret-${id}-not-a-real-secret`,
  };
  await ensureRadosgwUser(bucket.cephConf, user);
  await setHomeFolderPolicy(bucket, user, folder, options);
  return user;
};

/** The bucket's policy for that key (set again to grant or withdraw s3:DeleteObject). */
export const setHomeFolderPolicy = async (
  bucket: TestBucket,
  user: RadosgwUser,
  folder: string,
  options: { readonly mayDelete: boolean },
): Promise<void> => {
  const principal = { AWS: [`arn:aws:iam:::user/${user.uid}`] };
  const objects = `arn:aws:s3:::${bucket.bucket}/${folder}*`;
  const policy = {
    Version: '2012-10-17',
    Statement: [
      {
        Effect: 'Allow',
        Principal: principal,
        Action: ['s3:ListBucket', 's3:ListBucketMultipartUploads'],
        Resource: [`arn:aws:s3:::${bucket.bucket}`],
      },
      {
        Effect: 'Allow',
        Principal: principal,
        Action: [
          's3:PutObject',
          's3:GetObject',
          's3:AbortMultipartUpload',
          's3:ListMultipartUploadParts',
          ...(options.mayDelete ? ['s3:DeleteObject'] : []),
        ],
        Resource: [objects],
      },
    ],
  };
  await bucket.client.send(
    new PutBucketPolicyCommand({ Bucket: bucket.bucket, Policy: JSON.stringify(policy) }),
  );
};
