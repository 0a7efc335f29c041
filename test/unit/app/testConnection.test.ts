import { describe, expect, it } from 'vitest';
import { testConnection } from '../../../electron/app/testConnection';
import { MemoryObjectStore } from '../../../electron/s3/MemoryObjectStore';
import type { Outcome } from '../../../shared/retry/Outcome';

// The memory store keeps real time for deadlines: the test clock must agree with it.
const clock = { now: () => Date.now() };
const PREFIX = 'vol42/';
const MARKER = 'b/vol42/.depot/conditional-check';

/** The memory store, with the probe answer an S3 adapter would have given. */
const storeProbing = (answer: Outcome<{ readonly listBucketResult: boolean }>) =>
  Object.assign(new MemoryObjectStore(), {
    probeListing: () => Promise.resolve(answer),
  });

const unknown = {
  credentialsAccepted: null,
  bucketExists: null,
  bucketWritable: null,
  canList: null,
};

describe('testConnection tells configuration from outage (issue 12)', () => {
  it('says nothing listens when the port refuses the connection', async () => {
    const verdict = await testConnection(
      storeProbing({ kind: 'unreachable', reason: 'connection-refused' }),
      clock,
      PREFIX,
    );
    expect(verdict).toEqual({
      reachable: false,
      problem: 'nothing-listens',
      folder: 'b/vol42/',
      ...unknown,
    });
  });

  it('says the server is not S3 when its 200 is not a listing', async () => {
    const verdict = await testConnection(
      storeProbing({ kind: 'success', value: { listBucketResult: false } }),
      clock,
      PREFIX,
    );
    expect(verdict).toMatchObject({ reachable: true, problem: 'not-s3', status: 200 });
  });

  it('names a refused certificate instead of calling the server unreachable', async () => {
    const verdict = await testConnection(
      storeProbing({ kind: 'certificate', problem: 'not-yet-valid', code: 'CERT_NOT_YET_VALID' }),
      clock,
      PREFIX,
    );
    expect(verdict).toEqual({
      reachable: true,
      problem: 'certificate-not-yet-valid',
      folder: 'b/vol42/',
      ...unknown,
    });
  });

  it('goes on to the write check when the probe finds S3, leaving only its marker behind', async () => {
    const store = new MemoryObjectStore();
    const verdict = await testConnection(store, clock, PREFIX);
    expect(verdict).toEqual({
      reachable: true,
      folder: 'b/vol42/',
      credentialsAccepted: true,
      bucketExists: true,
      canList: true,
      bucketWritable: true,
      conditionalWrites: { putIfNoneMatch: true, completeIfMatch: true, marker: MARKER },
    });
    expect([...store.objects.keys()]).toEqual(['vol42/.depot/conditional-check']);
    expect(store.objects.get('vol42/.depot/conditional-check')?.bytes.length).toBe(0);
    expect(store.uploads.size).toBe(0);
  });
});

describe('testConnection learns what the server honours of conditional writes (issue 30 item 3)', () => {
  it('the same answer on the next test, the marker already there', async () => {
    const store = new MemoryObjectStore();
    await testConnection(store, clock, PREFIX);
    expect((await testConnection(store, clock, PREFIX)).conditionalWrites).toEqual({
      putIfNoneMatch: true,
      completeIfMatch: true,
      marker: MARKER,
    });
    expect(store.objects.size).toBe(1);
    expect(store.uploads.size).toBe(0);
  });

  it('a server that lets a Complete past its If-Match (radosgw 16) is named', async () => {
    const store = new MemoryObjectStore({ completeIgnoresIfNoneMatch: true });
    expect((await testConnection(store, clock, PREFIX)).conditionalWrites).toEqual({
      putIfNoneMatch: true,
      completeIfMatch: false,
      marker: MARKER,
    });
    // Its Complete replaced the marker: still the one object, none open.
    expect([...store.objects.keys()]).toEqual(['vol42/.depot/conditional-check']);
    expect(store.uploads.size).toBe(0);
  });

  it('a refused write of the marker leaves both unknown', async () => {
    const store = new MemoryObjectStore();
    store.putObject = () =>
      Promise.resolve({ kind: 'refused', status: 500, code: 'InternalError' });
    expect((await testConnection(store, clock, PREFIX)).conditionalWrites).toEqual({
      putIfNoneMatch: null,
      completeIfMatch: null,
      marker: MARKER,
    });
    expect(store.uploads.size).toBe(0);
  });
});

describe('testConnection names what a key lacks, inside the night folder (issue 29)', () => {
  it('a wrong key or secret: credentials refused, nothing more asked', async () => {
    const store = new MemoryObjectStore({ credentialsValid: false });
    const verdict = await testConnection(store, clock, PREFIX);
    expect(verdict).toMatchObject({ reachable: true, credentialsAccepted: false, canList: null });
    expect(verdict.code).toBe('InvalidAccessKeyId');
    expect(store.count()).toBe(1);
  });

  it('a key that may not list: said, and the write still checked', async () => {
    const store = new MemoryObjectStore();
    store.setPermissions({ denied: ['probeListing', 'listObjects'] });
    expect(await testConnection(store, clock, PREFIX)).toMatchObject({
      credentialsAccepted: true,
      canList: false,
      bucketWritable: true,
    });
  });

  it('a key that may not write: the write refused by the policy, not the credentials', async () => {
    const store = new MemoryObjectStore();
    store.setPermissions({ denied: ['createMultipartUpload'] });
    expect(await testConnection(store, clock, PREFIX)).toMatchObject({
      credentialsAccepted: true,
      canList: true,
      bucketWritable: false,
      status: 403,
      code: 'AccessDenied',
    });
  });

  it('asks nothing outside the folder: a key scoped to it passes', async () => {
    const store = new MemoryObjectStore();
    store.setPermissions({ scope: PREFIX });
    expect(await testConnection(store, clock, PREFIX)).toMatchObject({
      canList: true,
      bucketWritable: true,
    });
    expect(store.requests.every((r) => (r.key ?? r.prefix ?? '').startsWith(PREFIX))).toBe(true);
  });
});
