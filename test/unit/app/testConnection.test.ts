import { describe, expect, it } from 'vitest';
import { testConnection } from '../../../electron/app/testConnection';
import { MemoryObjectStore } from '../../../electron/s3/MemoryObjectStore';
import type { Outcome } from '../../../shared/retry/Outcome';

// The memory store keeps real time for deadlines: the test clock must agree with it.
const clock = { now: () => Date.now() };

/** The memory store, with the probe answer an S3 adapter would have given. */
const storeProbing = (answer: Outcome<{ readonly listBucketResult: boolean }>) =>
  Object.assign(new MemoryObjectStore(), {
    probeListing: () => Promise.resolve(answer),
  });

describe('testConnection tells configuration from outage (issue 12)', () => {
  it('says nothing listens when the port refuses the connection', async () => {
    const verdict = await testConnection(
      storeProbing({ kind: 'unreachable', reason: 'connection-refused' }),
      clock,
    );
    expect(verdict).toEqual({
      reachable: false,
      problem: 'nothing-listens',
      credentialsAccepted: null,
      bucketExists: null,
      bucketWritable: null,
    });
  });

  it('says the server is not S3 when its 200 is not a listing', async () => {
    const verdict = await testConnection(
      storeProbing({ kind: 'success', value: { listBucketResult: false } }),
      clock,
    );
    expect(verdict).toMatchObject({ reachable: true, problem: 'not-s3', status: 200 });
  });

  it('names a refused certificate instead of calling the server unreachable', async () => {
    const verdict = await testConnection(
      storeProbing({ kind: 'certificate', problem: 'not-yet-valid', code: 'CERT_NOT_YET_VALID' }),
      clock,
    );
    expect(verdict).toEqual({
      reachable: true,
      problem: 'certificate-not-yet-valid',
      credentialsAccepted: null,
      bucketExists: null,
      bucketWritable: null,
    });
  });

  it('names it too when the bucket check is the first to meet it', async () => {
    const store = new MemoryObjectStore();
    store.failNext('headBucket', 1, {
      kind: 'certificate',
      problem: 'name-mismatch',
      code: 'ERR_TLS_CERT_ALTNAME_INVALID',
    });
    expect(await testConnection(store, clock)).toMatchObject({
      reachable: true,
      problem: 'certificate-name-mismatch',
      credentialsAccepted: null,
    });
  });

  it('goes on to the bucket and write checks when the probe finds S3', async () => {
    const verdict = await testConnection(
      storeProbing({ kind: 'success', value: { listBucketResult: true } }),
      clock,
    );
    expect(verdict).toEqual({
      reachable: true,
      credentialsAccepted: true,
      bucketExists: true,
      bucketWritable: true,
    });
  });
});
