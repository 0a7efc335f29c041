import { spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ListObjectsV2Command } from '@aws-sdk/client-s3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { synthNight } from '../../../electron/field/synthNight';
import { repoRoot, runDepot } from '../../support/runDepot';
import { testBucket, type TestBucket } from '../../support/testBucket';
import { targetArgs } from '../../support/targetArgs';

type Result = { code: number | null; stdout: string; stderr: string };

const run = (command: string, args: readonly string[], env: NodeJS.ProcessEnv): Promise<Result> =>
  new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd: repoRoot, stdio: ['ignore', 'pipe', 'pipe'], env });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (c: Buffer) => (stdout += c.toString()));
    child.stderr.on('data', (c: Buffer) => (stderr += c.toString()));
    const guard = setTimeout(() => child.kill('SIGKILL'), 120_000);
    child.once('error', reject);
    child.once('exit', (code) => {
      clearTimeout(guard);
      resolve({ code, stdout, stderr });
    });
  });

/**
 * Issue 15: station managers top up and check nights with rclone and the AWS CLI. After a Depot
 * deposit (single and multipart objects), both peers must see every file as already there and
 * rclone must check every hash, multipart ones included, on the real server.
 */
describe('the peers see a Depot deposit as complete', () => {
  let b: TestBucket;
  let work: string;
  let night: string;
  let files: string[];
  let env: NodeJS.ProcessEnv;
  const prefix = 'site01/2026-06-12';

  beforeAll(async () => {
    b = await testBucket('interop');
    work = mkdtempSync(join(tmpdir(), 'depot-interop-'));
    night = join(work, 'night');
    // 5 MiB parts: the larger files of this spread are multipart, the others single PUTs.
    await synthNight(night, { files: 10, totalBytes: 40_000_000, seed: 15, sizes: 'realistic' });
    files = readdirSync(night).sort();
    const config = join(work, 'rclone.conf');
    writeFileSync(config, '');
    // Only what each tool needs: the machine's AWS_CA_BUNDLE, for one, makes rclone refuse its
    // own transport, and the server is plain HTTP on 127.0.0.1.
    env = {
      PATH: process.env['PATH'],
      HOME: work,
      AWS_PAGER: '',
      AWS_ACCESS_KEY_ID: b.accessKeyId,
      AWS_SECRET_ACCESS_KEY: b.secretAccessKey,
      AWS_DEFAULT_REGION: b.region,
      AWS_CONFIG_FILE: join(work, 'none'),
      AWS_SHARED_CREDENTIALS_FILE: join(work, 'none'),
      NODE_NO_WARNINGS: '1',
      // An inline rclone remote on the test server; no user configuration is read.
      RCLONE_CONFIG: config,
      RCLONE_CONFIG_DEPOT_TYPE: 's3',
      RCLONE_CONFIG_DEPOT_PROVIDER: 'Ceph',
      RCLONE_CONFIG_DEPOT_ENDPOINT: b.endpoint,
      RCLONE_CONFIG_DEPOT_REGION: b.region,
      RCLONE_CONFIG_DEPOT_ACCESS_KEY_ID: b.accessKeyId,
      RCLONE_CONFIG_DEPOT_SECRET_ACCESS_KEY: b.secretAccessKey,
      RCLONE_CONFIG_DEPOT_FORCE_PATH_STYLE: 'true',
    };
    const deposit = await runDepot(
      [
        'deposit',
        night,
        ...targetArgs(b.endpoint, b.bucket, prefix),
        '--part-size',
        '5MiB',
        '--db',
        join(work, 'depot.db'),
      ],
      { env },
    );
    expect(deposit.code, deposit.stderr).toBe(0);
  });
  afterAll(async () => {
    await b.remove();
    rmSync(work, { recursive: true, force: true });
  });

  const objects = async (): Promise<Map<string, string>> => {
    const listed = await b.client.send(
      new ListObjectsV2Command({ Bucket: b.bucket, Prefix: `${prefix}/` }),
    );
    return new Map(
      (listed.Contents ?? []).map((o) => [o.Key ?? '', `${o.ETag} ${o.LastModified?.getTime()}`]),
    );
  };

  it('has deposited single and multipart objects', async () => {
    const etags = [...(await objects()).entries()]
      .filter(([key]) => files.some((f) => key === `${prefix}/${f}`))
      .map(([, v]) => v);
    expect(etags).toHaveLength(files.length);
    expect(etags.filter((e) => /-\d+"/.test(e)).length).toBeGreaterThanOrEqual(2);
    expect(etags.filter((e) => !/-\d+"/.test(e)).length).toBeGreaterThanOrEqual(2);
  });

  it('rclone check compares every hash, multipart objects included', async () => {
    const remote = `depot:${b.bucket}/${prefix}`;
    const r = await run('rclone', ['check', night, remote, '--one-way'], env);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stderr).toMatch(new RegExp(`${files.length} matching files`));
    expect(r.stderr).not.toMatch(/could not be checked/);
    // The same with rclone hashing the source itself (not trusting sizes only).
    const sums = await run('rclone', ['md5sum', remote], env);
    expect(sums.code, sums.stderr).toBe(0);
    const listed = sums.stdout.trim().split('\n');
    for (const f of files)
      expect(listed.some((l) => /^[0-9a-f]{32} {2}/.test(l) && l.endsWith(f))).toBe(true);
  });

  it('rclone copy of the same folder transfers nothing and rewrites no object', async () => {
    const before = await objects();
    const remote = `depot:${b.bucket}/${prefix}`;
    const r = await run('rclone', ['copy', night, remote, '-v', '--stats', '0'], env);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stderr).not.toMatch(/: Copied|Updated modification time/);
    expect(r.stderr).toMatch(/There was nothing to transfer|Unchanged skipping/);
    // A modification time rclone did not recognise would be "fixed" by a server-side copy.
    expect(await objects()).toEqual(before);
  });

  it('aws s3 sync has nothing to do', async () => {
    // Debian's AWS CLI by absolute path, as the bench runs it (`aws` on PATH may be a shim).
    const r = await run(
      '/usr/bin/aws',
      ['s3', 'sync', night, `s3://${b.bucket}/${prefix}`, '--dryrun', '--endpoint-url', b.endpoint],
      env,
    );
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout.trim()).toBe('');
  });
});
