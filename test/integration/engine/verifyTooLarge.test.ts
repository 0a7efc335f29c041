import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { PutObjectCommand } from '@aws-sdk/client-s3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { synthNight } from '../../../electron/field/synthNight';
import { depotEnv } from '../../support/depotEnv';
import { runDepot } from '../../support/runDepot';
import { proxiedBucket, type BucketAndWork } from '../../support/proxiedBucket';
import type { TestBucket } from '../../support/testBucket';

/**
 * ADR 0021: a body longer than the caller reads is `too-large`, a value, not a refusal. `depot
 * verify` reads each night's manifest up to 64 MiB: a longer object at the manifest's key is an
 * invalid manifest, said as such, on the real server.
 */
describe('depot verify: an object too large to be a manifest', () => {
  let setup: BucketAndWork;
  let b: TestBucket;
  let work: string;
  let night: string;

  beforeAll(async () => {
    setup = await proxiedBucket('engine-too-large', { proxy: false });
    ({ bucket: b, work } = setup);
    night = join(work, 'night');
    await synthNight(night, { files: 2, totalBytes: 300_000, seed: 21, sizes: 'small' });
  });
  afterAll(() => setup.close());

  const depot = (...args: string[]) =>
    runDepot(
      [...args, '--endpoint', b.endpoint, '--bucket', b.bucket, '--prefix', 'big', '--path-style'],
      {
        env: depotEnv(b),
      },
    );

  it('is reported invalid ("larger than ... bytes: not read"), exit 3, without reading it', async () => {
    const deposited = await depot('deposit', night, '--db', join(work, 'depot.db'));
    expect(deposited.code, deposited.stderr).toBe(0);
    const clean = await depot('verify', night, '--json');
    expect(clean.code, clean.stdout).toBe(0);
    const { key } = (JSON.parse(clean.stdout) as { manifest: { key: string } }).manifest;
    await b.client.send(
      new PutObjectCommand({
        Bucket: b.bucket,
        Key: key,
        Body: Buffer.alloc(64 * 1024 * 1024 + 1),
      }),
    );
    const v = await depot('verify', night, '--json');
    expect(v.code).toBe(3);
    const report = JSON.parse(v.stdout) as { verified: number; manifest: { invalid?: string } };
    expect(report.manifest.invalid).toBe('larger than 67108864 bytes: not read');
    // The files themselves are still proved by their ETags.
    expect(report.verified).toBe(readdirSync(night).length);
  });
});
