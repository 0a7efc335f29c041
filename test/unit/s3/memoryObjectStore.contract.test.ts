import { MemoryObjectStore } from '../../../electron/s3/MemoryObjectStore';
import { objectStoreContract } from '../../support/objectStoreContract';

// The same contract the S3 adapter passes against radosgw (test/integration/s3/).
objectStoreContract('MemoryObjectStore', (setup = {}) =>
  Promise.resolve({
    store: new MemoryObjectStore({
      bucketExists: setup.bucket !== 'missing',
      credentialsValid: setup.credentials !== 'wrong',
      listPageSize: 3,
    }),
    cleanup: () => Promise.resolve(),
  }),
);
