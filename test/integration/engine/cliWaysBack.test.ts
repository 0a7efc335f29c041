import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  GetObjectCommand,
  ListMultipartUploadsCommand,
  ListObjectsV2Command,
  PutObjectCommand,
} from '@aws-sdk/client-s3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { synthNight } from '../../../electron/field/synthNight';
import { fault, s3Request, type FaultProxy } from '../../support/faultProxy';
import { depotEnv } from '../../support/depotEnv';
import { runDepot, type DepotRun, type DepotRunOptions } from '../../support/runDepot';
import { proxiedBucket, type ProxiedBucket } from '../../support/proxiedBucket';
import type { TestBucket } from '../../support/testBucket';
import { targetArgs } from '../../support/targetArgs';

/**
 * Issue 31 from the command line: a night started under the wrong Point is moved by `depot
 * correct` (what it wrote there taken back, nothing else), finished under the right one, then
 * taken off by `depot remove`. An independent SDK client reads the server after each step.
 */
describe('depot correct / depot remove', () => {
  let setup: ProxiedBucket;
  let b: TestBucket;
  let proxy: FaultProxy;
  let night: string;
  let files: string[];

  beforeAll(async () => {
    setup = await proxiedBucket('cli-ways-back');
    ({ bucket: b, proxy } = setup);
    night = join(setup.work, 'night');
    await synthNight(night, { files: 5, totalBytes: 2_000_000, seed: 31, sizes: 'small' });
    files = readdirSync(night)
      .filter((f) => f.endsWith('.wav'))
      .sort();
  });
  afterAll(() => setup.close());

  const depot = (
    args: readonly string[],
    options: Pick<DepotRunOptions, 'stopWhen' | 'signal'> = {},
  ): Promise<DepotRun> =>
    runDepot([...args, '--db', join(setup.work, 'plans.db')], { ...options, env: depotEnv(b) });
  const target = (prefix: string): string[] => targetArgs(proxy.endpoint, b.bucket, prefix);
  const keys = async (prefix: string): Promise<string[]> => {
    const listed = await b.client.send(
      new ListObjectsV2Command({ Bucket: b.bucket, Prefix: prefix }),
    );
    return (listed.Contents ?? []).map((o) => o.Key ?? '').sort();
  };
  const openUploads = async (): Promise<number> =>
    (await b.client.send(new ListMultipartUploadsCommand({ Bucket: b.bucket }))).Uploads?.length ??
    0;
  const bytesAt = async (key: string): Promise<Buffer> => {
    const got = await b.client.send(new GetObjectCommand({ Bucket: b.bucket, Key: key }));
    return Buffer.from((await got.Body?.transformToByteArray()) ?? []);
  };
  const putCount = (): number =>
    proxy.log().filter((e) => e.method === 'PUT' && e.status === 200).length;

  const wrong = 'SITE51/Z5/2026-06-12';
  const right = 'SITE51/Z6/2026-06-12';
  const foreign = `${wrong}/notes-du-coordinateur.txt`;

  it('correct: the night moved mid-deposit, its objects at the wrong place taken back, not another’s', async () => {
    // Another tool's object under the wrong prefix: never Depot's to remove.
    await b.client.send(new PutObjectCommand({ Bucket: b.bucket, Key: foreign, Body: 'à garder' }));
    // Interrupted once two files are on the server (one transfer at a time, each slowed).
    const slow = proxy.addRule({
      match: s3Request.putObject,
      action: fault.delay(700),
      times: Infinity,
    });
    const before = putCount();
    const first = await depot(['deposit', night, ...target(wrong), '--concurrency', '1'], {
      stopWhen: () => putCount() - before >= 2,
      signal: 'SIGINT',
    });
    slow.remove();
    expect(first.code).toBe(4);
    const sent = (await keys(`${wrong}/`)).filter((k) => k.endsWith('.wav'));
    expect(sent.length).toBeGreaterThanOrEqual(2);
    expect(sent.length).toBeLessThan(files.length);

    const corrected = await depot(['correct', '1', '--prefix', right, '--path-style']);
    expect(corrected.stderr).toBe('');
    expect(corrected.code).toBe(0);
    expect(corrected.stdout).toContain(`moved from`);
    expect(corrected.stdout).toContain(right);
    expect(corrected.stdout).toContain('depot deposit');
    // Only the night's own objects went; the other tool's stays.
    expect(await keys(`${wrong}/`)).toEqual([foreign]);
    expect(await openUploads()).toBe(0);

    const resumed = await depot(['deposit', night, ...target(right)]);
    expect(resumed.code).toBe(0);
    const there = await keys(`${right}/`);
    for (const name of files) {
      expect(there).toContain(`${right}/${name}`);
      expect((await bytesAt(`${right}/${name}`)).equals(readFileSync(join(night, name)))).toBe(
        true,
      );
    }
    // The night's manifest, under the right place only.
    expect(there.some((k) => k.includes('/.depot/'))).toBe(true);
    expect(await keys(`${wrong}/`)).toEqual([foreign]);
    expect(await openUploads()).toBe(0);
  });

  it('remove: says what would go and removes nothing; with --yes, only the night’s own objects go', async () => {
    await b.client.send(
      new PutObjectCommand({ Bucket: b.bucket, Key: `${right}/lisez-moi.txt`, Body: 'autre' }),
    );
    const asked = await depot(['remove', '1', '--path-style']);
    expect(asked.code).toBe(0);
    expect(asked.stdout).toContain(`wrote ${files.length} object(s)`);
    expect(asked.stdout).toContain('Nothing removed');
    expect((await keys(`${right}/`)).filter((k) => k.endsWith('.wav'))).toHaveLength(files.length);

    const removed = await depot(['remove', '1', '--yes', '--path-style']);
    expect(removed.code).toBe(0);
    expect(removed.stdout).toContain('forgotten');
    expect(await keys(`${right}/`)).toEqual([`${right}/lisez-moi.txt`]);
    expect(await keys(`${wrong}/`)).toEqual([foreign]);
    expect(await openUploads()).toBe(0);
    const status = await depot(['status']);
    expect(status.stdout).not.toContain(right);
  });
});
