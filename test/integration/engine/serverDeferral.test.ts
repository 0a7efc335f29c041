import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { HeadObjectCommand } from '@aws-sdk/client-s3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { synthNight } from '../../../electron/field/synthNight';
import { depotEnv } from '../../support/depotEnv';
import { fault, s3Request } from '../../support/faultProxy';
import { proxiedBucket, type ProxiedBucket } from '../../support/proxiedBucket';
import { runDepot, type DepotRun } from '../../support/runDepot';
import { targetArgs } from '../../support/targetArgs';

/**
 * Issue 30, item 6: one `503 SlowDown` with `Retry-After: 100000` (a proxy or a captive portal can
 * say anything) parked a file for 27.8 hours, the next run waited silently until killed, and
 * `retry-failures` lifted nothing. A deferral further away than a run waits ends the run for that
 * file, said with its time, within seconds; it holds for later runs; the volunteer lifts it.
 */
describe('a server that asks to come back in 27.8 hours', () => {
  let setup: ProxiedBucket;
  let night: string;

  beforeAll(async () => {
    setup = await proxiedBucket('deferral');
    night = join(setup.work, 'night');
    await synthNight(night, { files: 4, totalBytes: 2_000_000, seed: 11, sizes: 'small' });
  });
  afterAll(() => setup.close());

  const deposit = (): Promise<DepotRun> =>
    runDepot(
      [
        'deposit',
        night,
        ...targetArgs(setup.proxy.endpoint, setup.bucket.bucket, 'later'),
        '--db',
        join(setup.work, 'depot.db'),
      ],
      // A hang bound only: the deferral is 27.8 hours.
      { env: depotEnv(setup.bucket), hangMs: 5 * 60_000 },
    );

  it('ends the run for that file at once, keeps the deferral, and is lifted by retry-failures', async () => {
    const { proxy, bucket: b } = setup;
    const files = readdirSync(night)
      .filter((f) => f.endsWith('.wav'))
      .sort();
    const parked = files[0] ?? '';
    const parkedPut = {
      ...s3Request.putObject,
      test: (r: { path: string }) => r.path.endsWith(`/later/${parked}`),
    };
    proxy.addRule({
      match: parkedPut,
      action: fault.status(503, { code: 'SlowDown', retryAfter: '100000' }),
      times: 1,
    });
    const first = await deposit();
    expect(first.code).toBe(4);
    expect(first.stderr).toMatch(
      /1 file\(s\) postponed by the server until \d{4}-\d\d-\d\d \d\d:\d\d/,
    );
    expect(first.stderr).toMatch(/depot retry-failures/);
    // The others landed meanwhile; the parked one was asked once and never again.
    expect(proxy.count(parkedPut)).toBe(1);
    const again = await deposit();
    expect(again.code).toBe(4);
    expect(proxy.count(parkedPut)).toBe(1);

    const lifted = await runDepot(['retry-failures', '--db', join(setup.work, 'depot.db')], {
      env: depotEnv(b),
    });
    expect(lifted.code).toBe(0);
    expect(lifted.stdout).toMatch(/1 postponed by the server now tried again at once/);
    const last = await deposit();
    expect(last.code).toBe(0);
    for (const name of files) {
      const head = await b.client.send(
        new HeadObjectCommand({ Bucket: b.bucket, Key: `later/${name}` }),
      );
      const md5 = createHash('md5')
        .update(readFileSync(join(night, name)))
        .digest('hex');
      expect(head.ETag).toBe(`"${md5}"`);
    }
  });
});
