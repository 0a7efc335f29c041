import { createHash } from 'node:crypto';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { GetObjectCommand, ListMultipartUploadsCommand } from '@aws-sdk/client-s3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { synthNight } from '../../../electron/field/synthNight';
import { seededRandom } from '../../../shared/random/seededRandom';
import { depotEnv } from '../../support/depotEnv';
import { fault } from '../../support/faultProxy';
import type { MatchableRequest } from '../../support/faultRules';
import { proxiedBucket, type ProxiedBucket } from '../../support/proxiedBucket';
import { runDepot } from '../../support/runDepot';
import { targetArgs } from '../../support/targetArgs';

const sha256 = (bytes: Uint8Array): string => createHash('sha256').update(bytes).digest('hex');

/**
 * Issue 30, item 9: under 20 % 503, 10 % resets and 10 % lost replies a night did not finish in
 * 900 s (the same night without faults: 14 s); its last files, each needing a question to the
 * server after a lost reply, waited for the emptied budget a minute at a time.
 */
describe('a heavy fault mix (the chaos proxy)', () => {
  let setup: ProxiedBucket;
  let night: string;
  beforeAll(async () => {
    setup = await proxiedBucket('fault-mix');
    night = join(setup.work, 'night');
    await synthNight(night, { files: 20, totalBytes: 60_000_000, seed: 58, sizes: 'realistic' });
  });
  afterAll(() => setup.close());

  it('20 % 503, 10 % resets, 10 % lost replies: the night finishes, every file whole, nothing open', async () => {
    const { proxy, bucket: b, work } = setup;
    const files = readdirSync(night).filter((f) => f.endsWith('.wav'));
    const megabytes = files.reduce((n, f) => n + statSync(join(night, f)).size, 0) / 1e6;
    // One draw per request, shared by the three rules: each request meets at most one fault.
    const random = seededRandom(58);
    const draws = new WeakMap<MatchableRequest, number>();
    const draw = (r: MatchableRequest): number => {
      const known = draws.get(r);
      if (known !== undefined) return known;
      const d = random.next();
      draws.set(r, d);
      return d;
    };
    proxy.addRule({
      match: { test: (r) => draw(r) < 0.2 },
      action: fault.status(503, { code: 'SlowDown' }),
      times: Infinity,
    });
    proxy.addRule({
      match: { test: (r) => draw(r) >= 0.2 && draw(r) < 0.3 },
      action: fault.reset(),
      times: Infinity,
    });
    proxy.addRule({
      match: { test: (r) => draw(r) >= 0.3 && draw(r) < 0.4 },
      action: fault.loseReply(),
      times: Infinity,
    });
    // The limit from the night's size: two minutes and 4 s a megabyte (57 MB: 348 s), a tenth of
    // which the night takes here; before the fix it took 219 to 546 s on the same night.
    const limitMs = 120_000 + 4_000 * megabytes;
    const started = performance.now();
    const run = await runDepot(
      [
        'deposit',
        night,
        ...targetArgs(proxy.endpoint, b.bucket, 'mix'),
        '--db',
        join(work, 'depot.db'),
      ],
      { env: depotEnv(b), hangMs: 2 * limitMs },
    );
    const took = performance.now() - started;
    proxy.clearRules();
    console.log(
      `heavy fault mix: ${megabytes.toFixed(1)} MB in ${(took / 1000).toFixed(1)} s (limit ${(limitMs / 1000).toFixed(0)} s), ${proxy.log().length} requests`,
    );
    expect(run.code).toBe(0);
    expect(took).toBeLessThan(limitMs);
    for (const name of files) {
      const got = await b.client.send(
        new GetObjectCommand({ Bucket: b.bucket, Key: `mix/${name}` }),
      );
      expect(sha256((await got.Body?.transformToByteArray()) ?? new Uint8Array())).toBe(
        sha256(readFileSync(join(night, name))),
      );
    }
    const open = await b.client.send(
      new ListMultipartUploadsCommand({ Bucket: b.bucket, Prefix: 'mix/' }),
    );
    expect(open.Uploads ?? []).toEqual([]);
  });
});
