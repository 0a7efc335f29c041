import { GetObjectCommand, PutObjectCommand } from '@aws-sdk/client-s3';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { testBucket, type TestBucket } from '../../support/testBucket';

// The shared server from globalSetup: real SigV4, real buckets, real bytes.
describe('the test S3 server', () => {
  let b: TestBucket;
  beforeAll(async () => {
    b = await testBucket('server');
  });
  afterAll(async () => {
    await b.remove();
  });

  it('is provided to tests and stores what it is given', async () => {
    expect(inject('s3').endpoint).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    const body = new TextEncoder().encode('a night of bats');
    await b.client.send(new PutObjectCommand({ Bucket: b.bucket, Key: 'n/1.wav', Body: body }));
    const got = await b.client.send(new GetObjectCommand({ Bucket: b.bucket, Key: 'n/1.wav' }));
    expect(await got.Body?.transformToString()).toBe('a night of bats');
  });

  it('gives each caller a bucket of its own', async () => {
    const other = await testBucket('server');
    try {
      expect(other.bucket).not.toBe(b.bucket);
    } finally {
      await other.remove();
    }
  });
});
