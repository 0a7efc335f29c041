import { spawn } from 'node:child_process';
import { readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { ListMultipartUploadsCommand, ListObjectsV2Command } from '@aws-sdk/client-s3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { synthNight } from '../../../electron/field/synthNight';
import { depotEnv } from '../../support/depotEnv';
import { s3Request, type FaultProxy } from '../../support/faultProxy';
import { proxiedBucket, type ProxiedBucket } from '../../support/proxiedBucket';
import { repoRoot, runDepot } from '../../support/runDepot';
import type { TestBucket } from '../../support/testBucket';
import { targetArgs } from '../../support/targetArgs';

/**
 * Issue 30, item 15: a closed terminal (SIGHUP) ended a deposit with exit 129 and no word, and a
 * closed stderr (`depot deposit ... 2>&1 | head -c 10`) ended it with exit 1 at its next progress
 * line, nothing sent. What the server holds is read with the SDK, not from Depot's report.
 */
describe('a closed terminal and a closed stderr', () => {
  let setup: ProxiedBucket;
  let b: TestBucket;
  let proxy: FaultProxy;
  let work: string;

  beforeAll(async () => {
    setup = await proxiedBucket('hangup');
    ({ bucket: b, proxy, work } = setup);
  });
  afterAll(() => setup.close());

  const target = (prefix: string): string[] => [
    ...targetArgs(proxy.endpoint, b.bucket, prefix),
    '--db',
    join(work, `${prefix}.db`),
  ];

  /** Every file of `dir` under `prefix` on the server, with its size, and the uploads left open. */
  const onServer = async (
    prefix: string,
  ): Promise<{ sizes: Map<string, number>; openUploads: number }> => {
    const listed = await b.client.send(
      new ListObjectsV2Command({ Bucket: b.bucket, Prefix: `${prefix}/` }),
    );
    const uploads = await b.client.send(
      new ListMultipartUploadsCommand({ Bucket: b.bucket, Prefix: `${prefix}/` }),
    );
    return {
      sizes: new Map((listed.Contents ?? []).map((o) => [o.Key ?? '', o.Size ?? -1])),
      openUploads: (uploads.Uploads ?? []).length,
    };
  };

  const expectWholeNight = async (dir: string, prefix: string): Promise<void> => {
    const { sizes, openUploads } = await onServer(prefix);
    for (const name of readdirSync(dir))
      expect(sizes.get(`${prefix}/${name}`), name).toBe(statSync(join(dir, name)).size);
    expect([...sizes.keys()].filter((k) => k.startsWith(`${prefix}/.depot/night-`))).toHaveLength(
      1,
    );
    expect(openUploads).toBe(0);
  };

  it('SIGHUP stops a deposit as SIGTERM does: exit 4, said, and the same command finishes it', async () => {
    const night = join(work, 'hup');
    // Files of several parts: a hang-up lands while multipart uploads are open.
    await synthNight(night, { files: 3, totalBytes: 24_000_000, seed: 7, sizes: 'large' });
    const env = depotEnv(b);
    const first = await runDepot(['deposit', night, ...target('hup'), '--bwlimit', '2MiB/s'], {
      env,
      // Once a part reached the server: mid-deposit however slow the machine is.
      stopWhen: () => proxy.count(s3Request.uploadPart) > 0,
      signal: 'SIGHUP',
    });
    expect(first.signal).toBeNull();
    expect(first.code, first.stderr).toBe(4);
    expect(first.stderr).toMatch(/run the same command again to resume/);
    const again = await runDepot(['deposit', night, ...target('hup'), '--json'], { env });
    expect(again.code, again.stderr).toBe(0);
    await expectWholeNight(night, 'hup');
  });

  it('a stderr closed by its reader (2>&1 | head -c 10) does not stop the deposit', async () => {
    const night = join(work, 'pipe');
    await synthNight(night, { files: 4, totalBytes: 1_600_000, seed: 8, sizes: 'small' });
    // Paced so that it writes progress lines (every 5 s on a pipe) after the reader has gone.
    const child = spawn(
      process.execPath,
      ['bin/depot.js', 'deposit', night, ...target('pipe'), '--bwlimit', '256KiB/s'],
      { cwd: repoRoot, stdio: ['ignore', 'pipe', 'pipe'], env: depotEnv(b) },
    );
    let stdout = '';
    child.stdout.on('data', (c: Buffer) => (stdout += c.toString()));
    const firstBytes = await new Promise<string>((resolve) =>
      child.stderr.once('data', (c: Buffer) => resolve(c.toString())),
    );
    child.stderr.destroy();
    const hang = setTimeout(() => child.kill('SIGKILL'), 120_000);
    const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
    clearTimeout(hang);
    expect(firstBytes).toMatch(/^Planning/);
    expect(code, stdout).toBe(0);
    expect(stdout).toMatch(/manifest: written/);
    await expectWholeNight(night, 'pipe');
  });
});
