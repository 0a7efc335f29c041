import { spawn } from 'node:child_process';
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { hostname } from 'node:os';
import { join } from 'node:path';
import {
  DeleteObjectCommand,
  GetObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
} from '@aws-sdk/client-s3';
import BetterSqlite3 from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { synthNight } from '../../../electron/field/synthNight';
import { fault, s3Request, type FaultProxy } from '../../support/faultProxy';
import { depotEnv } from '../../support/depotEnv';
import { runDepot, type DepotRun, type DepotRunOptions } from '../../support/runDepot';
import { proxiedBucket, type ProxiedBucket } from '../../support/proxiedBucket';
import type { TestBucket } from '../../support/testBucket';
import { targetArgs } from '../../support/targetArgs';

/** The command line as a volunteer's script runs it: real process, real server, exit codes. */
describe('depot deposit / status / retry-failures / verify', () => {
  let setup: ProxiedBucket;
  let b: TestBucket;
  let proxy: FaultProxy;
  let work: string;
  let night: string;
  let files: string[];

  beforeAll(async () => {
    setup = await proxiedBucket('engine-cli');
    ({ bucket: b, proxy, work } = setup);
    night = join(work, 'night');
    await synthNight(night, { files: 4, totalBytes: 3_000_000, seed: 5, sizes: 'small' });
    files = readdirSync(night).filter((f) => f.endsWith('.wav'));
  });
  afterAll(() => setup.close());

  const depot = (
    args: readonly string[],
    options: { env?: Record<string, string> } & Pick<DepotRunOptions, 'stopWhen' | 'signal'> = {},
  ): Promise<DepotRun> => runDepot(args, { ...options, env: depotEnv(b, options.env) });

  const target = (prefix: string, endpoint = proxy.endpoint): string[] => [
    ...targetArgs(endpoint, b.bucket, prefix),
  ];
  const db = (name: string): string[] => ['--db', join(work, name)];

  it('usage and configuration errors exit 2 with a message saying what to fix', async () => {
    const noBucket = await depot(['deposit', night, '--endpoint', proxy.endpoint, ...db('u.db')]);
    expect(noBucket.code).toBe(2);
    expect(noBucket.stderr).toMatch(/--bucket NAME is required/);

    const missing = await depot(['deposit', join(work, 'nope'), ...target('x'), ...db('u.db')]);
    expect(missing.code).toBe(2);
    expect(missing.stderr).toMatch(/does not exist/);

    const empty = join(work, 'empty');
    mkdirSync(empty);
    writeFileSync(join(empty, '.DS_Store'), 'junk');
    const emptyRun = await depot(['deposit', empty, ...target('x'), ...db('u.db')]);
    expect(emptyRun.code).toBe(2);
    expect(emptyRun.stderr).toMatch(/no file to deposit/);

    const noCredentials = await depot(['deposit', night, ...target('x'), ...db('u.db')], {
      env: {
        AWS_ACCESS_KEY_ID: '',
        AWS_SECRET_ACCESS_KEY: '',
        AWS_SHARED_CREDENTIALS_FILE: join(work, 'none'),
      },
    });
    expect(noCredentials.code).toBe(2);
    expect(noCredentials.stderr).toMatch(/no credentials/);

    for (const command of ['deposit', 'verify']) {
      const extra = command === 'deposit' ? db('u.db') : [];
      const badPrefix = await depot([command, night, ...target('{site'), ...extra]);
      expect(badPrefix.code).toBe(2);
      expect(badPrefix.stderr).toMatch(
        new RegExp(`^depot ${command}: prefix "\\{site": "\\{" without "\\}"`, 'm'),
      );
    }
  });

  it('refuses to start on a blocking pre-flight problem; --skip-invalid leaves that file out', async () => {
    const mixed = join(work, 'mixed');
    mkdirSync(mixed);
    for (const f of files) writeFileSync(join(mixed, f), readFileSync(join(night, f)));
    writeFileSync(join(mixed, 'broken.wav'), 'this is not a RIFF file');
    const refused = await depot(['deposit', mixed, ...target('mixed'), ...db('mixed.db')]);
    expect(refused.code).toBe(2);
    expect(refused.stderr).toMatch(/broken\.wav/);
    expect(refused.stderr).toMatch(/--skip-invalid/);
    const skipped = await depot([
      'deposit',
      mixed,
      ...target('mixed'),
      ...db('mixed.db'),
      '--skip-invalid',
      '--json',
    ]);
    expect(skipped.code, skipped.stderr).toBe(0);
    expect(JSON.parse(skipped.stdout)).toMatchObject({ units: files.length, done: files.length });
    const listed = await b.client.send(
      new ListObjectsV2Command({ Bucket: b.bucket, Prefix: 'mixed/' }),
    );
    expect((listed.Contents ?? []).map((o) => o.Key)).not.toContain('mixed/broken.wav');
  });

  it('a missing bucket or wrong credentials exit 2 and leave no plan behind', async () => {
    const missingBucket = await depot([
      'deposit',
      night,
      '--endpoint',
      proxy.endpoint,
      '--bucket',
      'no-such-bucket-here',
      '--path-style',
      ...db('b.db'),
    ]);
    expect(missingBucket.code).toBe(2);
    expect(missingBucket.stderr).toMatch(/bucket "no-such-bucket-here" does not exist/);
    const wrong = await depot(['deposit', night, ...target('x'), ...db('b.db')], {
      env: { AWS_SECRET_ACCESS_KEY: 'not-the-secret' },
    });
    expect(wrong.code).toBe(2);
    expect(wrong.stderr).toMatch(/refused the credentials/);
    const status = await depot(['status', '--json', ...db('b.db')]);
    expect(JSON.parse(status.stdout)).toEqual({ plans: [] });
  });

  it('a database from a newer Depot, or a damaged one, exits 2 and is left untouched', async () => {
    const newer = join(work, 'newer.db');
    const handle = new BetterSqlite3(newer);
    handle.pragma('user_version = 999');
    handle.close();
    const r = await depot(['deposit', night, ...target('x'), '--db', newer]);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/newer version of Depot/);

    const damaged = join(work, 'damaged.db');
    writeFileSync(damaged, 'not a database at all, but years of history '.repeat(100));
    const before = readFileSync(damaged);
    const d = await depot(['status', '--db', damaged]);
    expect(d.code).toBe(2);
    expect(d.stderr).toMatch(/not a readable Depot database/);
    expect(readFileSync(damaged).equals(before)).toBe(true);
  });

  it('an unreachable endpoint at start waits (never fails a unit); SIGTERM stops it with exit 4', async () => {
    // Connections reset as a dead link does: an outage. A closed port (connection refused) is a
    // configuration mistake since issue 12: exit 2 at once (test/integration/hostile/).
    await proxy.setDown(true, 'reset');
    const r = await depot(['deposit', night, ...target('x'), ...db('down.db')], {
      // Once it says it waits (not after a fixed time: a loaded machine may not be there yet).
      stopWhen: ({ stderr }) => /waiting for the network/.test(stderr),
    }).finally(() => proxy.setDown(false));
    expect(r.code, r.stderr).toBe(4);
    // Can fail: an exit 4 for another reason comes before the stop condition ever holds.
    expect(r.stderr).toMatch(/waiting for the network/);
    const status = await depot(['status', '--json', ...db('down.db')]);
    expect(JSON.parse(status.stdout)).toEqual({ plans: [] });
  });

  it('deposits, then verify reports it identical; a rerun resumes and sends nothing', async () => {
    const r = await depot(['deposit', night, ...target('ok'), ...db('ok.db'), '--json']);
    expect(r.code, r.stderr).toBe(0);
    const summary = JSON.parse(r.stdout) as Record<string, unknown>;
    expect(summary).toMatchObject({
      result: 'completed',
      units: files.length,
      done: files.length,
      failed: [],
      bytesResent: 0,
      manifest: true,
    });
    expect(summary['firstAttempts']).toBeGreaterThan(0);
    const v = await depot(['verify', night, ...target('ok'), '--json']);
    expect(v.code).toBe(0);
    expect(JSON.parse(v.stdout)).toMatchObject({
      verified: files.length,
      missing: [],
      differing: [],
      unexpected: [],
      manifest: { present: true },
    });
    const again = await depot(['deposit', night, ...target('ok'), ...db('ok.db'), '--json']);
    expect(again.code).toBe(0);
    expect(JSON.parse(again.stdout)).toMatchObject({
      result: 'completed',
      bytesSent: summary['bytesSent'],
    });
  });

  it('verify reports missing, differing and unexpected objects (exit 3) and "could not verify" when the listing fails (exit 4)', async () => {
    const first = files[0] ?? '';
    const second = files[1] ?? '';
    await b.client.send(new DeleteObjectCommand({ Bucket: b.bucket, Key: `ok/${first}` }));
    await b.client.send(
      new PutObjectCommand({
        Bucket: b.bucket,
        Key: `ok/${second}`,
        Body: 'other bytes',
        Metadata: { sha256: 'x' },
      }),
    );
    await b.client.send(
      new PutObjectCommand({ Bucket: b.bucket, Key: 'ok/stranger.wav', Body: 'x' }),
    );
    const v = await depot(['verify', night, ...target('ok'), '--json']);
    expect(v.code).toBe(3);
    const report = JSON.parse(v.stdout) as {
      missing: string[];
      differing: { path: string }[];
      unexpected: string[];
    };
    expect(report.missing).toEqual([first]);
    expect(report.differing.map((d) => d.path)).toEqual([second]);
    expect(report.unexpected).toEqual(['ok/stranger.wav']);

    proxy.addRule({
      match: s3Request.listObjects,
      action: fault.status(500, { code: 'InternalError' }),
      times: Infinity,
    });
    const failing = await depot(['verify', night, ...target('ok')]);
    proxy.clearRules();
    expect(failing.code).toBe(4);
    expect(failing.stderr).toMatch(/could not verify/);
    expect(failing.stdout).not.toMatch(/missing/);
  });

  it('a file refused by the server fails with its cause (exit 3, listed in --json); status and retry-failures say so', async () => {
    const refused = files[2] ?? '';
    proxy.addRule({
      match: {
        ...s3Request.putObject,
        test: (r) => r.path.endsWith(encodeURIComponent(refused).replace(/%2F/g, '/')),
      },
      action: fault.status(403, { code: 'AccessDenied' }),
      times: Infinity,
    });
    const r = await depot(['deposit', night, ...target('refused'), ...db('refused.db'), '--json']);
    proxy.clearRules();
    expect(r.code, r.stderr).toBe(3);
    const summary = JSON.parse(r.stdout) as {
      failed: { path: string; cause: unknown }[];
      done: number;
      manifest: boolean;
    };
    expect(summary.failed).toEqual([
      expect.objectContaining({
        path: refused,
        cause: { kind: 'denied', action: 'write', bucket: b.bucket, folder: 'refused/' },
      }),
    ]);
    expect(summary.done).toBe(files.length - 1);
    expect(summary.manifest).toBe(false);
    const status = await depot(['status', '1', ...db('refused.db')]);
    expect(status.stdout).toMatch(
      new RegExp(
        `FAILED ${refused.replace(/\./g, '\\.')}: this key may not write to ${b.bucket}/refused/ \\(AccessDenied\\)`,
      ),
    );
    const retry = await depot(['retry-failures', '--json', ...db('refused.db')]);
    expect(JSON.parse(retry.stdout)).toEqual({
      plans: [{ planId: 1, requeued: 0, lifted: 0, definitive: 0, awaitingCredentials: 1 }],
    });
    // Permissions fixed: the same command re-arms it (credentials are read afresh) and finishes.
    const fixed = await depot([
      'deposit',
      night,
      ...target('refused'),
      ...db('refused.db'),
      '--json',
    ]);
    expect(fixed.code, fixed.stderr).toBe(0);
  });

  it('SIGINT during a deposit stops it cleanly (exit 4); the same command resumes and completes', async () => {
    const r = await depot(
      ['deposit', night, ...target('int'), ...db('int.db'), '--bwlimit', '500KiB/s'],
      {
        // Once its first payload reached the server: mid-deposit however slow the machine is.
        stopWhen: () => proxy.log().some((e) => e.method === 'PUT' && e.path.includes('/int/')),
        signal: 'SIGINT',
      },
    );
    expect(r.code).toBe(4);
    expect(r.stderr).toMatch(/run the same command again to resume/);
    const again = await depot(['deposit', night, ...target('int'), ...db('int.db'), '--json']);
    expect(again.code).toBe(0);
    expect(JSON.parse(again.stdout)).toMatchObject({ result: 'completed', done: files.length });
  });

  it('refuses a plan another live Depot process is depositing (exit 4, pid named); takes over a dead one', async () => {
    const first = await depot(['deposit', night, ...target('lease'), ...db('lease.db'), '--json']);
    expect(first.code, first.stderr).toBe(0);
    const planId = (JSON.parse(first.stdout) as { planId: number }).planId;
    const holdBy = (pid: number): void => {
      const sqlite = new BetterSqlite3(join(work, 'lease.db'));
      try {
        sqlite
          .prepare(
            `INSERT OR REPLACE INTO run_leases
               (plan_id, holder_pid, holder_host, holder_token, taken_at, heartbeat_at)
             VALUES (?, ?, ?, 'other', ?, ?)`,
          )
          .run(planId, pid, hostname(), Date.now(), Date.now());
      } finally {
        sqlite.close();
      }
    };
    // This test process stands for the other Depot: alive, on this host, heartbeat fresh.
    holdBy(process.pid);
    const refused = await depot(['deposit', night, ...target('lease'), ...db('lease.db')]);
    expect(refused.code).toBe(4);
    expect(refused.stderr).toContain(
      `plan ${planId} is being deposited by another Depot process, pid ${process.pid}`,
    );
    // A holder that died (kill -9 leaves its row) is taken over at once.
    const gone = spawn(process.execPath, ['-e', '0']);
    const deadPid = gone.pid ?? 0;
    await new Promise((resolve) => gone.once('exit', resolve));
    holdBy(deadPid);
    const again = await depot(['deposit', night, ...target('lease'), ...db('lease.db'), '--json']);
    expect(again.code, again.stderr).toBe(0);
    const sqlite = new BetterSqlite3(join(work, 'lease.db'), { readonly: true });
    try {
      expect(sqlite.prepare('SELECT COUNT(*) AS n FROM run_leases').get()).toEqual({ n: 0 });
    } finally {
      sqlite.close();
    }
  });

  it('verify reads the manifest: entries that disagree with the files or the listing, and an invalid manifest, exit 3', async () => {
    const r = await depot(['deposit', night, ...target('mf'), ...db('mf.db')]);
    expect(r.code, r.stderr).toBe(0);
    const clean = await depot(['verify', night, ...target('mf'), '--json']);
    expect(clean.code, clean.stdout).toBe(0);
    const cleanReport = JSON.parse(clean.stdout) as { manifest: { key: string } };
    expect(cleanReport).toMatchObject({ manifest: { present: true, disagreements: [] } });
    // The night's own manifest, under a key that carries its id (issue 11).
    const key = cleanReport.manifest.key;
    expect(key).toMatch(/^mf\/\.depot\/night-[0-9a-f]{32}\.json$/);
    const got = await b.client.send(new GetObjectCommand({ Bucket: b.bucket, Key: key }));
    const manifest = JSON.parse((await got.Body?.transformToString()) ?? '') as {
      files: { key: string; size: number; sha256: string }[];
    };
    const manifestOf = manifest.files.map((f) => ({ ...f }));
    const [a, c, d] = manifest.files;
    if (a === undefined || c === undefined || d === undefined) throw new Error('short manifest');
    a.sha256 = '0'.repeat(64);
    c.size += 1;
    manifest.files = manifest.files.filter((f) => f !== d);
    manifest.files.push({ key: 'mf/ghost.wav', size: 5, sha256: 'f'.repeat(64) });
    const put = (body: string) =>
      b.client.send(new PutObjectCommand({ Bucket: b.bucket, Key: key, Body: body }));
    await put(JSON.stringify(manifest));
    const v = await depot(['verify', night, ...target('mf'), '--json']);
    expect(v.code).toBe(3);
    const report = JSON.parse(v.stdout) as {
      verified: number;
      manifest: { disagreements: { key: string; reason: string }[] };
    };
    expect(report.verified).toBe(files.length);
    expect(report.manifest.disagreements).toEqual([
      { key: a.key, reason: 'the manifest SHA-256 differs from the local file' },
      { key: c.key, reason: `the manifest says ${c.size} bytes, the server lists ${c.size - 1}` },
      { key: c.key, reason: `the manifest says ${c.size} bytes, ${c.size - 1} here` },
      { key: 'mf/ghost.wav', reason: 'in the manifest, not on the server' },
      { key: 'mf/ghost.wav', reason: 'in the manifest, no such local file' },
      { key: d.key, reason: 'not in the manifest' },
    ]);
    await put('{"format": "depot-manifest/1", "files": [{"key": 3}]');
    const broken = await depot(['verify', night, ...target('mf')]);
    expect(broken.code).toBe(3);
    expect(broken.stdout).toMatch(/INVALID: not JSON/);
    await put('{"format": "something-else", "files": []}');
    const foreign = await depot(['verify', night, ...target('mf'), '--json']);
    expect(foreign.code).toBe(3);
    const foreignReport = JSON.parse(foreign.stdout) as { manifest: { invalid?: string } };
    expect(foreignReport.manifest.invalid).toMatch(/^not a Depot manifest at format/);
    // A manifest written before issue 11 (one shared key per prefix, format 1) is still read.
    await b.client.send(new DeleteObjectCommand({ Bucket: b.bucket, Key: key }));
    const legacy = {
      format: 'depot-manifest/1',
      files: (JSON.parse(clean.stdout) as { files: number }).files > 0 ? manifestOf : [],
    };
    await b.client.send(
      new PutObjectCommand({
        Bucket: b.bucket,
        Key: 'mf/depot-manifest.json',
        Body: JSON.stringify(legacy),
      }),
    );
    const old = await depot(['verify', night, ...target('mf'), '--json']);
    expect(old.code, old.stdout).toBe(0);
    expect(JSON.parse(old.stdout)).toMatchObject({
      manifest: { present: true, key: 'mf/depot-manifest.json', disagreements: [] },
    });
  });
});
