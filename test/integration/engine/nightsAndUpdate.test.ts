import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  GetObjectCommand,
  ListMultipartUploadsCommand,
  ListObjectsV2Command,
} from '@aws-sdk/client-s3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { wavFile } from '../../../shared/field/riffBytes';
import { fault, s3Request, type FaultProxy } from '../../support/faultProxy';
import { depotEnv } from '../../support/depotEnv';
import { runDepot, type DepotRun } from '../../support/runDepot';
import { proxiedBucket, type ProxiedBucket } from '../../support/proxiedBucket';
import type { TestBucket } from '../../support/testBucket';
import { targetArgs } from '../../support/targetArgs';

const MiB = 1024 * 1024;

let noise = 1;
/** A valid WAV of about `bytes` bytes, distinct audio at every call. */
const wav = (bytes: number): Uint8Array => {
  const seed = noise++;
  return wavFile({
    format: { sampleRate: 384_000, channels: 1, bitsPerSample: 16 },
    audio: new Uint8Array(bytes & ~1).map((_, i) => (i * 31 + seed * 97 + (i >> 9)) & 0xff),
  });
};

/**
 * Issue 11, the planning side, through the real command line and radosgw: one night, one date;
 * a changed folder's update; two starts at once; a "source changed" failure retried.
 */
describe('depot deposit: several nights, --update, concurrent starts', () => {
  let setup: ProxiedBucket;
  let b: TestBucket;
  let proxy: FaultProxy;
  let work: string;

  beforeAll(async () => {
    setup = await proxiedBucket('engine-nights');
    ({ bucket: b, proxy, work } = setup);
  });
  afterAll(() => setup.close());

  /** The command line as a volunteer runs it; `until` may stop it (SIGTERM) once it holds. */
  const depot = (
    args: readonly string[],
    options: { until?: () => boolean } = {},
  ): Promise<DepotRun> =>
    runDepot(args, {
      env: depotEnv(b),
      ...(options.until !== undefined ? { stopWhen: options.until } : {}),
    });

  /** Where the night goes, as `verify` takes it too. */
  const place = (prefix: string): string[] => targetArgs(proxy.endpoint, b.bucket, prefix);
  const target = (prefix: string): string[] => [...place(prefix), '--part-size', '5MiB'];
  const db = (name: string): string[] => ['--db', join(work, name)];

  const keysUnder = async (prefix: string): Promise<string[]> => {
    const listed = await b.client.send(
      new ListObjectsV2Command({ Bucket: b.bucket, Prefix: prefix }),
    );
    return (listed.Contents ?? []).map((o) => o.Key ?? '').sort();
  };
  const openUploads = async (prefix: string): Promise<number> => {
    const listed = await b.client.send(
      new ListMultipartUploadsCommand({ Bucket: b.bucket, Prefix: prefix }),
    );
    return (listed.Uploads ?? []).length;
  };
  const folder = (name: string, files: Readonly<Record<string, number>>): string => {
    const dir = join(work, name);
    mkdirSync(dir);
    for (const [file, size] of Object.entries(files)) writeFileSync(join(dir, file), wav(size));
    return dir;
  };
  /** Payload bytes the server received for .wav keys (PUT bodies), since the log was cleared. */
  const wavBytesIn = (): number =>
    proxy
      .log()
      .filter((e) => e.method === 'PUT' && /\.wav$/.test(e.path))
      .reduce((sum, e) => sum + e.bytesIn, 0);

  it('{night} over a folder of two nights deposits each night under its own date, one plan each; without it, exit 2 says how', async () => {
    // Noon to noon: 01:30 on the 2nd belongs to the night of June 1st.
    const dir = folder('two-nights', {
      'PT1_20240601_220000.wav': 40_000,
      'PT1_20240602_013000.wav': 40_000,
      'PT1_20240602_230000.wav': 40_000,
    });
    const refused = await depot(['deposit', dir, ...target('site/'), ...db('nights.db')]);
    expect(refused.code).toBe(2);
    expect(refused.stderr).toMatch(/2 nights \(2024-06-01, 2024-06-02\)/);
    expect(refused.stderr).toMatch(/add \{night\} to --prefix/);
    expect(refused.stderr).toMatch(/--night 2024-06-01/);
    // Leaving the blocking files out never settles "several nights" by mixing them.
    const skipping = await depot([
      'deposit',
      dir,
      ...target('site/'),
      ...db('nights.db'),
      '--skip-invalid',
    ]);
    expect(skipping.code).toBe(2);
    expect(skipping.stderr).toMatch(/add \{night\} to --prefix/);
    expect(await keysUnder('site/')).toEqual([]);

    const both = await depot([
      'deposit',
      dir,
      ...target('site/{night}/'),
      ...db('nights.db'),
      '--tz',
      'Europe/Paris',
      '--json',
    ]);
    expect(both.code, both.stderr).toBe(0);
    const summary = JSON.parse(both.stdout) as {
      nights: { night: string; planId: number; units: number; done: number; result: string }[];
    };
    expect(summary.nights.map((n) => [n.night, n.units, n.done, n.result])).toEqual([
      ['2024-06-01', 2, 2, 'completed'],
      ['2024-06-02', 1, 1, 'completed'],
    ]);
    expect(new Set(summary.nights.map((n) => n.planId)).size).toBe(2);
    // An independent client's listing: every recording under its own night's date.
    const wavs = (await keysUnder('site/')).filter((k) => k.endsWith('.wav'));
    expect(wavs).toEqual([
      'site/2024-06-01/PT1_20240601_220000.wav',
      'site/2024-06-01/PT1_20240602_013000.wav',
      'site/2024-06-02/PT1_20240602_230000.wav',
    ]);

    // `depot verify` splits the folder as the deposit did: each night under its own date, its
    // own manifest, the other night's files neither missing nor unexpected.
    const verified = await depot([
      'verify',
      dir,
      ...place('site/{night}/'),
      '--tz',
      'Europe/Paris',
      '--json',
    ]);
    expect(verified.code, verified.stdout + verified.stderr).toBe(0);
    const reports = verified.stdout
      .trim()
      .split('\n')
      .map(
        (line) =>
          JSON.parse(line) as {
            prefix: string;
            files: number;
            verified: number;
            unexpected: string[];
            manifest: { present: boolean };
          },
      );
    expect(
      reports.map((r) => [r.prefix, r.files, r.verified, r.unexpected.length, r.manifest.present]),
    ).toEqual([
      ['site/2024-06-01/', 2, 2, 0, true],
      ['site/2024-06-02/', 1, 1, 0, true],
    ]);
    const oneNight = await depot([
      'verify',
      dir,
      ...place('site/{night}/'),
      '--tz',
      'Europe/Paris',
      '--night',
      '2024-06-02',
    ]);
    expect(oneNight.code, oneNight.stdout + oneNight.stderr).toBe(0);
    expect(oneNight.stdout).toMatch(/site\/2024-06-02\/: 1\/1 files identical/);
    expect(oneNight.stdout).not.toMatch(/2024-06-01/);
    const mixed = await depot(['verify', dir, ...place('site/'), '--tz', 'Europe/Paris']);
    expect(mixed.code).toBe(2);
    expect(mixed.stderr).toMatch(/depot verify: .* holds 2 nights/);

    // One night only, picked by --night, into another prefix.
    const one = await depot([
      'deposit',
      dir,
      ...target('one/{night}/'),
      ...db('nights.db'),
      '--tz',
      'Europe/Paris',
      '--night',
      '2024-06-02',
      '--json',
    ]);
    expect(one.code, one.stderr).toBe(0);
    expect((await keysUnder('one/')).filter((k) => k.endsWith('.wav'))).toEqual([
      'one/2024-06-02/PT1_20240602_230000.wav',
    ]);
  });

  it('--update after a change: only the changed file is sent again, its open upload aborted, the removed file named', async () => {
    const dir = folder('changed', {
      'PT1_20240601_220000.wav': 200_000,
      'PT1_20240601_221000.wav': 200_000,
      'PT1_20240601_223000.wav': 12 * MiB,
    });
    const [kept, gone, big] = [
      'PT1_20240601_220000.wav',
      'PT1_20240601_221000.wav',
      'PT1_20240601_223000.wav',
    ];
    // The big file's second part hangs: the deposit is stopped with its upload open.
    const stall = proxy.addRule({
      match: { ...s3Request.uploadPart, test: (r) => r.query.get('partNumber') === '2' },
      action: fault.stall(60_000),
    });
    proxy.clearLog();
    const answered = (name: string): boolean =>
      proxy.log().some((e) => e.method === 'PUT' && e.path.endsWith(name) && e.status === 200);
    const stopped = await depot(
      ['deposit', dir, ...target('upd'), ...db('upd.db'), '--concurrency', '1'],
      {
        until: () => answered(kept) && answered(gone) && stall.fired > 0,
      },
    );
    proxy.clearRules();
    expect(stopped.code, stopped.stderr).toBe(4);
    expect(await openUploads('upd/')).toBe(1);

    writeFileSync(join(dir, big), wav(11 * MiB));
    rmSync(join(dir, gone));
    const refused = await depot(['deposit', dir, ...target('upd'), ...db('upd.db')]);
    expect(refused.code).toBe(2);
    expect(refused.stderr).toMatch(/changed since it was planned/);
    expect(refused.stderr).toMatch(/--update/);

    proxy.clearLog();
    const updated = await depot([
      'deposit',
      dir,
      ...target('upd'),
      ...db('upd.db'),
      '--update',
      '--json',
    ]);
    expect(updated.code, updated.stderr).toBe(0);
    const summary = JSON.parse(updated.stdout) as {
      done: number;
      units: number;
      update: { changed: string[]; removed: string[]; abortedUploads: number };
    };
    expect(summary.update).toMatchObject({
      changed: [big],
      removed: [gone],
      abortedUploads: 1,
    });
    expect(summary).toMatchObject({ units: 2, done: 2 });
    // Payload on the wire: the changed file's bytes, once; nothing for the verified one.
    expect(wavBytesIn()).toBe(readFileSync(join(dir, big)).length);
    expect(proxy.log().some((e) => e.method === 'PUT' && e.path.endsWith(kept))).toBe(false);
    expect(proxy.count(s3Request.abortMultipartUpload)).toBeGreaterThanOrEqual(1);
    expect(await openUploads('upd/')).toBe(0);
    // The removed file's object stays on the server.
    const keys = await keysUnder('upd/');
    expect(keys).toEqual(expect.arrayContaining([`upd/${gone}`, `upd/${big}`]));
    // The night's own manifest lists exactly the night's files now.
    const manifestKey = keys.find((k) => k.startsWith('upd/.depot/night-'));
    const manifest = await b.client.send(
      new GetObjectCommand({ Bucket: b.bucket, Key: manifestKey }),
    );
    const listed = JSON.parse((await manifest.Body?.transformToString()) ?? '{}') as {
      files: { path: string }[];
    };
    expect(listed.files.map((f) => f.path)).toEqual([kept, big]);

    const text = await depot(['deposit', dir, ...target('upd'), ...db('upd.db'), '--update']);
    expect(text.code, text.stderr).toBe(0);
  });

  it('two deposits of one folder started at the same instant: one exits 0, the other 4', async () => {
    const dir = folder('twice', {
      'PT1_20240601_220000.wav': 3 * MiB,
      'PT1_20240601_221000.wav': 3 * MiB,
    });
    const args = ['deposit', dir, ...target('twice'), ...db('twice.db'), '--bwlimit', '2MiB/s'];
    const results = await Promise.all([depot(args), depot(args)]);
    const codes = results.map((r) => r.code).sort();
    expect(codes, results.map((r) => r.stderr).join('\n---\n')).toEqual([0, 4]);
    const second = results.find((r) => r.code === 4);
    expect(second?.stderr).toMatch(/being deposited by another Depot process/);
    expect(second?.stderr).not.toMatch(/UNIQUE/);
  });

  it('a file that changed during the deposit fails as "source changed"; retry-failures re-queues it once stable, and it completes', async () => {
    const dir = folder('retry', {
      'PT1_20240601_220000.wav': 100_000,
      'PT1_20240601_223000.wav': 12 * MiB,
    });
    const big = 'PT1_20240601_223000.wav';
    // The answer to the second part is slow: the file is rewritten meanwhile.
    const slow = proxy.addRule({
      match: { ...s3Request.uploadPart, test: (r) => r.query.get('partNumber') === '2' },
      action: fault.delay(1_500),
    });
    let rewritten = false;
    const poll = setInterval(() => {
      if (!rewritten && slow.fired > 0) {
        rewritten = true;
        writeFileSync(join(dir, big), wav(12 * MiB + 4096));
      }
    }, 20);
    const first = await depot([
      'deposit',
      dir,
      ...target('retry'),
      ...db('retry.db'),
      '--concurrency',
      '1',
      '--json',
    ]);
    clearInterval(poll);
    proxy.clearRules();
    expect(first.code, first.stderr).toBe(3);
    const failed = JSON.parse(first.stdout) as {
      failed: { path: string; cause: { kind: string } }[];
    };
    expect(failed.failed.map((f) => [f.path, f.cause.kind])).toEqual([[big, 'source-changed']]);

    const retried = await depot(['retry-failures', ...db('retry.db'), '--json']);
    expect(retried.code).toBe(0);
    expect(JSON.parse(retried.stdout)).toMatchObject({ plans: [{ requeued: 1, definitive: 0 }] });

    proxy.clearLog();
    const again = await depot(['deposit', dir, ...target('retry'), ...db('retry.db'), '--json']);
    expect(again.code, again.stderr).toBe(0);
    expect(wavBytesIn()).toBe(readFileSync(join(dir, big)).length);
    expect(await openUploads('retry/')).toBe(0);
  });
});
