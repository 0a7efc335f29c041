import { inject } from 'vitest';
import { S3ObjectStore } from '../../../electron/s3/S3ObjectStore';
import { startFaultProxy } from '../../support/faultProxy';
import { objectStoreContract, type ContractSetup } from '../../support/objectStoreContract';
import { testBucket, uniqueBucketName } from '../../support/testBucket';

/**
 * The S3 adapter against the real server, `via` nothing or a fault proxy with no rules (which
 * must be invisible: same signatures, same answers). Listing pages of 3 exercise pagination.
 */
const makeS3 =
  (via: 'direct' | 'proxy') =>
  async (setup: ContractSetup = {}) => {
    const s3 = inject('s3');
    const bucket = setup.bucket === 'missing' ? undefined : await testBucket('contract');
    const proxy = via === 'proxy' ? await startFaultProxy({ target: s3.endpoint }) : undefined;
    const store = new S3ObjectStore({
      endpoint: proxy?.endpoint ?? s3.endpoint,
      region: s3.region,
      bucket: bucket?.bucket ?? uniqueBucketName('missing'),
      forcePathStyle: true,
      credentials:
        setup.credentials === 'wrong'
          ? { accessKeyId: s3.accessKeyId, secretAccessKey: `${s3.secretAccessKey}-wrong` }
          : s3,
      listPageSize: 3,
      stallMs: 30_000,
    });
    return {
      store,
      cleanup: async () => {
        store.destroy();
        await proxy?.close();
        await bucket?.remove();
      },
    };
  };

// Measured on radosgw 16.2.15 (Debian bookworm); see docs/decisions/0003-radosgw-test-server.md.
const radosgw = {
  completeGoneUpload: { status: 500, code: 'InternalError' },
  completeIgnoresIfNoneMatch: true,
} as const;

objectStoreContract('S3ObjectStore on radosgw', makeS3('direct'), radosgw);
objectStoreContract('S3ObjectStore on radosgw through the fault proxy', makeS3('proxy'), radosgw);
