import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  AbortMultipartUploadCommand,
  CompleteMultipartUploadCommand,
  CreateMultipartUploadCommand,
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  ListMultipartUploadsCommand,
  ListObjectsV2Command,
  PutBucketPolicyCommand,
  PutObjectCommand,
  type S3Client,
  UploadPartCommand,
} from '@aws-sdk/client-s3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testConnection } from '../../../electron/app/testConnection';
import { synthNight } from '../../../electron/field/synthNight';
import { S3ObjectStore } from '../../../electron/s3/S3ObjectStore';
import { translate } from '../../../renderer/i18n/translate';
import { killAfterObserved } from '../../support/afterObserved';
import { depotEnv } from '../../support/depotEnv';
import {
  fault,
  payloadArrivedSince,
  s3Request,
  type FaultProxy,
  type ProxyLogEntry,
} from '../../support/faultProxy';
import { proxiedBucket, type ProxiedBucket } from '../../support/proxiedBucket';
import { runDepot, type DepotRun } from '../../support/runDepot';
import { TEST_USERS } from '../../support/s3server/startS3Server';
import type { TestBucket } from '../../support/testBucket';
import { startSlowLink, type SlowLink } from './slowLink';
import { verifyBucket } from './verifyBucket';
import { targetArgs } from '../../support/targetArgs';

const MiB = 1024 * 1024;

type Key = { readonly accessKeyId: string; readonly secretAccessKey: string };

/**
 * The policies of issue 29, set by the bucket's owner and evaluated by radosgw: a volunteer's
 * home folder (`s3:ListBucket` only under `vol42/`; write, read, abort and list parts inside it),
 * the same key listing `ro42/` without writing there (a missing write permission), and a
 * write-only drop box (`drop7/`: write, abort, list parts; no list, no read). README's "Bucket
 * policies" shows these documents as run here.
 */
const policyFor = (bucket: string): string =>
  JSON.stringify({
    Version: '2012-10-17',
    Statement: [
      {
        Sid: 'HomeFolderList',
        Effect: 'Allow',
        Principal: { AWS: [`arn:aws:iam:::user/${TEST_USERS.vol42.uid}`] },
        Action: ['s3:ListBucket'],
        Resource: [`arn:aws:s3:::${bucket}`],
        Condition: { StringLike: { 's3:prefix': ['vol42/*', 'ro42/*'] } },
      },
      {
        Sid: 'HomeFolderObjects',
        Effect: 'Allow',
        Principal: { AWS: [`arn:aws:iam:::user/${TEST_USERS.vol42.uid}`] },
        Action: [
          's3:PutObject',
          's3:GetObject',
          's3:AbortMultipartUpload',
          's3:ListMultipartUploadParts',
        ],
        Resource: [`arn:aws:s3:::${bucket}/vol42/*`],
      },
      {
        // On radosgw (as on AWS without "bucket owner enforced"), an object belongs to the key
        // that wrote it: the coordinator reads the volunteers' objects through this statement.
        Sid: 'CoordinatorReadsAll',
        Effect: 'Allow',
        Principal: { AWS: ['arn:aws:iam:::user/depot-test'] },
        Action: ['s3:GetObject', 's3:ListBucket', 's3:ListBucketMultipartUploads'],
        Resource: [`arn:aws:s3:::${bucket}`, `arn:aws:s3:::${bucket}/*`],
      },
      {
        Sid: 'DropBox',
        Effect: 'Allow',
        Principal: { AWS: [`arn:aws:iam:::user/${TEST_USERS.drop7.uid}`] },
        Action: ['s3:PutObject', 's3:AbortMultipartUpload', 's3:ListMultipartUploadParts'],
        Resource: [`arn:aws:s3:::${bucket}/drop7/*`],
      },
    ],
  });

type Summary = {
  readonly result: string;
  readonly done: number;
  readonly verified: number;
  readonly unverifiable: number;
  readonly alreadyPresent: number;
  readonly listed: boolean;
  readonly returned: readonly string[];
  readonly manifest: boolean;
};

describe('least privilege against radosgw with real users and bucket policies (issue 29)', () => {
  let setup: ProxiedBucket;
  let b: TestBucket;
  let proxy: FaultProxy;
  let link: SlowLink;
  let work: string;
  let night: string;
  let files: string[];

  beforeAll(async () => {
    setup = await proxiedBucket('least-privilege');
    ({ bucket: b, proxy, work } = setup);
    await b.client.send(
      new PutBucketPolicyCommand({ Bucket: b.bucket, Policy: policyFor(b.bucket) }),
    );
    // A 4 MiB/s uplink in front of the proxy: a kill lands in the middle of the multipart file.
    link = await startSlowLink(proxy.endpoint, 4 * MiB);
    night = join(work, 'night');
    await synthNight(night, { files: 3, totalBytes: 600_000, seed: 29, sizes: 'small' });
    await synthNight(night, {
      files: 1,
      totalBytes: 12 * MiB,
      seed: 30,
      sizes: 'large',
      site: 'SITE02',
    });
    files = readdirSync(night).filter((f) => f.endsWith('.wav'));
  });
  afterAll(async () => {
    await link.close();
    await setup.close();
  });

  const deposit = (
    key: Key,
    prefix: string,
    options: { readonly killAfterPayloadMs?: number; readonly db: string; readonly json?: boolean },
  ): Promise<DepotRun> => {
    const payloadSeen = payloadArrivedSince(proxy);
    return runDepot(
      [
        'deposit',
        night,
        ...targetArgs(link.endpoint, b.bucket, prefix),
        '--part-size',
        '5MiB',
        '--concurrency',
        '2',
        '--db',
        join(work, options.db),
        ...(options.json === false ? [] : ['--json']),
      ],
      {
        env: depotEnv(key),
        hangMs: 240_000,
        ...killAfterObserved(payloadSeen, options.killAfterPayloadMs, () => link.resetAll()),
      },
    );
  };

  const verify = (key: Key, prefix: string): Promise<DepotRun> =>
    runDepot(['verify', night, ...targetArgs(proxy.endpoint, b.bucket, prefix)], {
      env: depotEnv(key),
      hangMs: 120_000,
    });

  /** The night's manifest as the owner reads it: one under PREFIX/.depot/, listing every file. */
  const manifestOf = async (client: S3Client, prefix: string): Promise<{ files: unknown[] }> => {
    const listed = await client.send(
      new ListObjectsV2Command({ Bucket: b.bucket, Prefix: `${prefix}/.depot/` }),
    );
    const keys = (listed.Contents ?? []).map((o) => o.Key ?? '');
    expect(keys).toHaveLength(1);
    const got = await client.send(new GetObjectCommand({ Bucket: b.bucket, Key: keys[0] }));
    return JSON.parse((await got.Body?.transformToString()) ?? '{}') as { files: unknown[] };
  };

  /** A kill -9 while the multipart file is on the wire, then the same command to the end. */
  const killedThenResumed = async (key: Key, prefix: string, db: string): Promise<Summary> => {
    const killed = await deposit(key, prefix, { killAfterPayloadMs: 1_500, db });
    expect(killed.signal, killed.stderr).toBe('SIGKILL');
    const final = await deposit(key, prefix, { db });
    expect(final.code, final.stderr + final.stdout).toBe(0);
    return JSON.parse(final.stdout) as Summary;
  };

  /** Every object checked by the owner, the manifest listing every file, no upload left open. */
  const ownerChecks = async (prefix: string): Promise<void> => {
    const { wrong, openUploads } = await verifyBucket(b.client, b.bucket, prefix, night, files);
    expect(wrong).toEqual([]);
    expect(openUploads).toBe(0);
    expect((await manifestOf(b.client, prefix)).files).toHaveLength(files.length);
  };

  it('the owner key: a night with a multipart file, kill -9, resume', async () => {
    const summary = await killedThenResumed(b, 'own/n1', 'own.db');
    expect(summary).toMatchObject({ result: 'completed', done: 4, verified: 4, unverifiable: 0 });
    await ownerChecks('own/n1');
  });

  it('a home-folder key deposits, resumes and verifies, and never asks outside its folder', async () => {
    const key = TEST_USERS.vol42;
    proxy.clearLog();
    const summary = await killedThenResumed(key, 'vol42/n1', 'vol42.db');
    expect(summary).toMatchObject({ result: 'completed', done: 4, verified: 4, listed: true });
    await ownerChecks('vol42/n1');
    const checked = await verify(key, 'vol42/n1');
    expect(checked.code, checked.stderr + checked.stdout).toBe(0);
    // What the endpoint received from the volunteer's runs: every request inside vol42/.
    const outside = proxy.log().filter((e) => !insideFolder(e, b.bucket, 'vol42/'));
    expect(outside.map((e) => `${e.method} ${e.path}${e.query}`)).toEqual([]);
    expect(proxy.log().filter((e) => e.method === 'HEAD' && isBucket(e, b.bucket))).toEqual([]);
  });

  it('a drop-box key deposits and resumes; what it cannot read is said, verify says it cannot list', async () => {
    const key = TEST_USERS.drop7;
    const summary = await killedThenResumed(key, 'drop7/n1', 'drop7.db');
    // The single PUTs are proved by their own ETag. radosgw answers Complete without an ETag;
    // a HeadObject then proves the multipart file where the server lets the writer read what it
    // wrote (radosgw's object ACL does, whatever the policy), else it is said not verifiable
    // (the memory store's drop box: test/unit/engine/leastPrivilege.test.ts).
    expect(summary).toMatchObject({ result: 'completed', done: 4, listed: false, manifest: true });
    expect(summary.verified + summary.unverifiable).toBe(4);
    await ownerChecks('drop7/n1');
    const checked = await verify(key, 'drop7/n1');
    expect(checked.code).toBe(2);
    expect(checked.stderr.trim().split('\n')).toHaveLength(1);
    expect(checked.stderr).toMatch(/this key may not list .*drop7\/n1\/ \(AccessDenied\)/);
  });

  it('the connection test names a wrong secret, a missing list and a missing write, in fr and en', async () => {
    const verdictOf = async (key: Key, prefix: string) => {
      const store = new S3ObjectStore({
        endpoint: proxy.endpoint,
        region: b.region,
        bucket: b.bucket,
        credentials: key,
        forcePathStyle: true,
      });
      try {
        return await testConnection(store, { now: () => Date.now() }, prefix);
      } finally {
        store.destroy();
      }
    };
    const folder = (p: string): string => `${b.bucket}/${p}`;
    const wrong = await verdictOf(
      { ...TEST_USERS.vol42, secretAccessKey: 'not-the-secret' },
      'vol42/',
    );
    expect(wrong).toMatchObject({
      reachable: true,
      credentialsAccepted: false,
      code: 'SignatureDoesNotMatch',
    });
    const dropBox = await verdictOf(TEST_USERS.drop7, 'drop7/');
    expect(dropBox).toMatchObject({
      credentialsAccepted: true,
      canList: false,
      bucketWritable: true,
    });
    const readOnly = await verdictOf(TEST_USERS.vol42, 'ro42/');
    expect(readOnly).toMatchObject({
      credentialsAccepted: true,
      canList: true,
      bucketWritable: false,
    });
    const home = await verdictOf(TEST_USERS.vol42, 'vol42/');
    expect(home).toMatchObject({ canList: true, bucketWritable: true });
    // What the server honours of conditional writes (issue 30 item 3), as the test learned it,
    // against the same writes made with the SDK alone, beside the marker.
    const keptOut = async (write: () => Promise<unknown>): Promise<boolean> => {
      try {
        await write();
        return false;
      } catch (e) {
        const status = (e as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode;
        if (status === 412 || status === 404) return true;
        throw e;
      }
    };
    const Key = 'vol42/sdk-conditional-check';
    const put = () =>
      b.client.send(new PutObjectCommand({ Bucket: b.bucket, Key, Body: '', IfNoneMatch: '*' }));
    await put();
    const putHonoured = await keptOut(put);
    const { UploadId } = await b.client.send(
      new CreateMultipartUploadCommand({ Bucket: b.bucket, Key }),
    );
    const { ETag } = await b.client.send(
      new UploadPartCommand({ Bucket: b.bucket, Key, UploadId, PartNumber: 1, Body: 'depot' }),
    );
    const completeHonoured = await keptOut(() =>
      b.client.send(
        new CompleteMultipartUploadCommand({
          Bucket: b.bucket,
          Key,
          UploadId,
          MultipartUpload: { Parts: [{ PartNumber: 1, ETag }] },
          IfMatch: '"00000000000000000000000000000000"',
        }),
      ),
    );
    if (completeHonoured)
      await b.client.send(new AbortMultipartUploadCommand({ Bucket: b.bucket, Key, UploadId }));
    await b.client.send(new DeleteObjectCommand({ Bucket: b.bucket, Key }));
    console.log(
      `conditional writes on this server: PutObject If-None-Match ${putHonoured ? 'honoured' : 'ignored'}, ` +
        `CompleteMultipartUpload If-Match ${completeHonoured ? 'honoured' : 'ignored'}`,
    );
    expect(home.conditionalWrites).toEqual({
      putIfNoneMatch: putHonoured,
      completeIfMatch: completeHonoured,
      marker: `${b.bucket}/vol42/.depot/conditional-check`,
    });
    // The one object the test leaves: empty, or the marker its ignored Complete replaced.
    const marker = await b.client.send(
      new HeadObjectCommand({ Bucket: b.bucket, Key: 'vol42/.depot/conditional-check' }),
    );
    expect(marker.ContentLength).toBe(completeHonoured ? 0 : 5);
    // The sentences a volunteer reads, in both languages.
    expect(translate('fr', 'settings.verdict.cannotList', { folder: folder('drop7/') })).toContain(
      `ne peut pas lister ${folder('drop7/')}`,
    );
    expect(translate('en', 'settings.verdict.cannotList', { folder: folder('drop7/') })).toContain(
      `may not list ${folder('drop7/')}`,
    );
    expect(translate('fr', 'settings.verdict.cannotWrite', { folder: folder('ro42/') })).toContain(
      `ne peut pas écrire dans ${folder('ro42/')}`,
    );
    expect(translate('en', 'settings.verdict.cannotWrite', { folder: folder('ro42/') })).toContain(
      `may not write to ${folder('ro42/')}`,
    );
    expect(translate('fr', 'settings.verdict.wrongSecret')).toMatch(/ne reconnaît pas/);
    expect(translate('en', 'settings.verdict.wrongSecret')).toMatch(/does not recognise/);
    // Nothing left behind by the write checks.
    const uploads = await b.client.send(new ListMultipartUploadsCommand({ Bucket: b.bucket }));
    expect(uploads.Uploads ?? []).toEqual([]);
  });

  it('issue 30 item 1: an object deleted after it was verified is found missing and sent again', async () => {
    const first = await deposit(b, 'gone/n1', { db: 'gone.db' });
    expect(first.code, first.stderr).toBe(0);
    const victim = files[0] ?? '';
    await b.client.send(new DeleteObjectCommand({ Bucket: b.bucket, Key: `gone/n1/${victim}` }));
    const again = await deposit(b, 'gone/n1', { db: 'gone.db', json: false });
    expect(again.code, again.stderr).toBe(0);
    expect(again.stdout).toContain(
      `1 file(s) had vanished from the server: sent again (${victim})`,
    );
    await ownerChecks('gone/n1');
  });

  it('issue 30 item 2: a stale listing is a hint, the file is sent, not counted as already there', async () => {
    const victim = files[0] ?? '';
    const bytes = readFileSync(join(night, victim));
    const md5 = createHash('md5').update(bytes).digest('hex');
    // The listing shows the key with its size and ETag; the server holds nothing there.
    const entry =
      `<Contents><Key>stale/n1/${victim}</Key><LastModified>2026-06-13T04:00:00.000Z</LastModified>` +
      `<ETag>&quot;${md5}&quot;</ETag><Size>${bytes.length}</Size><StorageClass>STANDARD</StorageClass></Contents>`;
    const rule = proxy.addRule({
      match: { ...s3Request.listObjects, test: (r) => r.query.get('prefix') === 'stale/n1/' },
      action: fault.rewriteBody((body) =>
        body
          .replace(/<KeyCount>\d+<\/KeyCount>/, '<KeyCount>1</KeyCount>')
          .replace('</ListBucketResult>', `${entry}</ListBucketResult>`),
      ),
      times: 1,
    });
    const run = await deposit(b, 'stale/n1', { db: 'stale.db' });
    expect(rule.fired).toBe(1);
    expect(run.code, run.stderr).toBe(0);
    expect(JSON.parse(run.stdout)).toMatchObject({ done: 4, alreadyPresent: 0 });
    await ownerChecks('stale/n1');
  });

  it('issue 30 item 3: a concurrent conditional writer during Complete gets 412; nothing of anyone is replaced', async () => {
    // The Complete held 1.5 s at the proxy: the second writer puts at the key meanwhile.
    proxy.addRule({
      match: s3Request.completeMultipartUpload,
      action: fault.stall(1_500),
      times: 1,
    });
    const big = files.find((f) => f.startsWith('SITE02')) ?? '';
    const key = `race/n1/${big}`;
    let answer: string | undefined;
    const watcher = setInterval(() => {
      const arrived = proxy.log().some((e) => e.method === 'POST' && e.query.includes('uploadId'));
      if (!arrived || answer !== undefined) return;
      answer = 'sent';
      b.client
        .send(
          new PutObjectCommand({
            Bucket: b.bucket,
            Key: key,
            Body: 'second writer',
            IfNoneMatch: '*',
          }),
        )
        .then(
          () => (answer = 'written'),
          (error: { $metadata?: { httpStatusCode?: number } }) =>
            (answer = String(error.$metadata?.httpStatusCode ?? 'error')),
        );
    }, 10);
    proxy.clearLog();
    const run = await deposit(b, 'race/n1', { db: 'race.db' });
    clearInterval(watcher);
    expect(run.code, run.stderr).toBe(0);
    expect(answer).toBe('412');
    await ownerChecks('race/n1');
    console.log(`item 3 window, through a 1.5 s stall: ${windowMs(proxy.log(), big)} ms`);
  });

  it('issue 30 item 17: the end of the night leaves another client’s upload at one of its keys', async () => {
    const big = files.find((f) => f.startsWith('SITE02')) ?? '';
    const key = `other/n1/${big}`;
    const theirs = await b.client.send(
      new CreateMultipartUploadCommand({ Bucket: b.bucket, Key: key }),
    );
    proxy.clearLog();
    const run = await deposit(b, 'other/n1', { db: 'other.db' });
    expect(run.code, run.stderr).toBe(0);
    // The window that stays on radosgw 16, measured on a night without faults.
    console.log(`item 3 window, no fault: ${windowMs(proxy.log(), big)} ms`);
    const open = await b.client.send(
      new ListMultipartUploadsCommand({ Bucket: b.bucket, Prefix: 'other/' }),
    );
    expect((open.Uploads ?? []).map((u) => u.UploadId)).toEqual([theirs.UploadId]);
    await b.client.send(
      new AbortMultipartUploadCommand({ Bucket: b.bucket, Key: key, UploadId: theirs.UploadId }),
    );
    const head = await b.client.send(new HeadObjectCommand({ Bucket: b.bucket, Key: key }));
    expect(head.ContentLength).toBe(readFileSync(join(night, big)).length);
  });
});

/**
 * What stays open on radosgw 16, which ignores If-Match on Complete (ADR 0028): from the answer to
 * the placeholder's conditional PUT to the Complete's answer, an unconditional writer's object
 * would be replaced. Measured at the proxy, as the endpoint saw it.
 */
const windowMs = (log: readonly ProxyLogEntry[], file: string): number => {
  const placeholder = log.find(
    (e) =>
      e.method === 'PUT' &&
      e.bytesIn === 0 &&
      !e.query.includes('uploadId') &&
      e.path.endsWith(file),
  );
  const complete = log.find(
    (e) => e.method === 'POST' && e.query.includes('uploadId') && e.path.endsWith(file),
  );
  return (complete?.endedAt ?? Number.NaN) - (placeholder?.endedAt ?? Number.NaN);
};

/** `/bucket` or `/bucket/`: a request on the bucket itself (a listing, a HeadBucket). */
const isBucket = (e: ProxyLogEntry, bucket: string): boolean =>
  e.path === `/${bucket}` || e.path === `/${bucket}/`;

/** Inside `folder`: an object key under it, or a listing whose prefix is under it. */
const insideFolder = (e: ProxyLogEntry, bucket: string, folder: string): boolean =>
  e.path.startsWith(`/${bucket}/${folder}`) ||
  (isBucket(e, bucket) && (new URLSearchParams(e.query).get('prefix') ?? '').startsWith(folder));
