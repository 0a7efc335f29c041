import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { S3ObjectStoreOptions } from '../../electron/s3/S3ObjectStoreOptions';
import { startFaultProxy, type FaultProxy } from './faultProxy';
import { testBucket, type TestBucket } from './testBucket';

/** A fresh bucket and a temp work dir, removed together by `close()`. */
export type BucketAndWork = {
  readonly bucket: TestBucket;
  readonly work: string;
  close(): Promise<void>;
};

/** The same, with a fault proxy in front of the bucket (closed first by `close()`). */
export type ProxiedBucket = BucketAndWork & { readonly proxy: FaultProxy };

/**
 * The setup most integration tests repeat: `testBucket(label)`, a fault proxy in front of it
 * unless `{ proxy: false }`, and a temp work dir `depot-<label>-…`.
 */
export function proxiedBucket(
  label: string,
  options?: { readonly proxy: true },
): Promise<ProxiedBucket>;
export function proxiedBucket(
  label: string,
  options: { readonly proxy: false },
): Promise<BucketAndWork>;
export async function proxiedBucket(
  label: string,
  options: { readonly proxy: boolean } = { proxy: true },
): Promise<ProxiedBucket | BucketAndWork> {
  const bucket = await testBucket(label);
  const proxy = options.proxy ? await startFaultProxy({ target: bucket.endpoint }) : undefined;
  const work = mkdtempSync(join(tmpdir(), `depot-${label}-`));
  const close = async (): Promise<void> => {
    await proxy?.close();
    await bucket.remove();
    rmSync(work, { recursive: true, force: true });
  };
  return proxy === undefined ? { bucket, work, close } : { bucket, proxy, work, close };
}

/** The S3 adapter's options for `bucket` reached through `proxy`, with a stall watchdog of `stallMs`. */
export const s3Through = (
  proxy: FaultProxy,
  bucket: TestBucket,
  stallMs: number,
): S3ObjectStoreOptions => ({
  endpoint: proxy.endpoint,
  region: bucket.region,
  bucket: bucket.bucket,
  credentials: bucket,
  forcePathStyle: true,
  stallMs,
});
