import { createHash } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { PassThrough } from 'node:stream';
import {
  AbortMultipartUploadCommand,
  CreateBucketCommand,
  GetObjectCommand,
  ListMultipartUploadsCommand,
  ListObjectsV2Command,
  PutObjectCommand,
} from '@aws-sdk/client-s3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StorageTarget } from '../../../shared/domain/StorageTarget';
import { verifyCommand } from '../../../electron/cli/verifyCommand';
import { createEngineStack } from '../../../electron/runtime/createEngineStack';
import type { DepositEngine } from '../../../electron/engine/DepositEngine';
import type { EngineSettings } from '../../../electron/engine/EngineSettings';
import { S3ObjectStore } from '../../../electron/s3/S3ObjectStore';
import { openDatabase } from '../../../electron/store/openDatabase';
import { PlanStore } from '../../../electron/store/PlanStore';
import { contentOf } from '../../support/contentOf';
import { fault, s3Request, type FaultProxy } from '../../support/faultProxy';
import { proxiedBucket, type ProxiedBucket } from '../../support/proxiedBucket';
import { uniqueBucketName, type TestBucket } from '../../support/testBucket';
import { verifyBucket } from './verifyBucket';

const MiB = 1024 * 1024;

/**
 * Issue 11, one scenario per rule, on the real radosgw (through the fault proxy where a fault or
 * a count is needed). What is on the server is always checked with an independent SDK client.
 */
describe('a night owns its truth on the server (issue 11)', () => {
  let setup: ProxiedBucket;
  let b: TestBucket;
  let proxy: FaultProxy;
  let work: string;
  let case_ = 0;

  beforeAll(async () => {
    setup = await proxiedBucket('night-integrity');
    ({ bucket: b, proxy, work } = setup);
  });
  afterAll(() => setup.close());

  const folder = (files: Readonly<Record<string, number | Buffer>>): string => {
    case_ += 1;
    const dir = join(work, `night${case_}`);
    mkdirSync(dir, { recursive: true });
    for (const [name, content] of Object.entries(files)) {
      const path = join(dir, name);
      mkdirSync(join(path, '..'), { recursive: true });
      writeFileSync(path, typeof content === 'number' ? contentOf(name, content) : content);
    }
    return dir;
  };

  const targetOf = (bucket: string, endpoint = proxy.endpoint): StorageTarget => ({
    endpoint,
    region: b.region,
    pathStyle: true,
    bucket,
    credentialId: b.accessKeyId,
  });

  /** The real stack on a database of its own, its current settings pointing at `bucket`. */
  const stack = (
    db: string,
    bucket = b.bucket,
    settings: Partial<EngineSettings> = {},
    storeFor?: (target: StorageTarget) => S3ObjectStore | undefined,
  ): { engine: DepositEngine; close: () => void } => {
    const store = new PlanStore(openDatabase(join(work, db)));
    const s = createEngineStack({
      store,
      s3: {
        endpoint: proxy.endpoint,
        region: b.region,
        bucket,
        credentials: b,
        forcePathStyle: true,
        stallMs: 2_000,
      },
      settings: { partSize: 5 * MiB, multipartThreshold: 5 * MiB, concurrency: 2, ...settings },
      ...(storeFor === undefined ? {} : { storeFor }),
    });
    return {
      engine: s.engine,
      close: () => {
        s.objectStore.destroy();
        store.close();
      },
    };
  };

  const keysUnder = async (bucket: string, prefix: string): Promise<string[]> => {
    const listed = await b.client.send(
      new ListObjectsV2Command({ Bucket: bucket, Prefix: prefix }),
    );
    return (listed.Contents ?? []).map((o) => o.Key ?? '').sort();
  };

  const bytesOf = async (bucket: string, key: string): Promise<Buffer> => {
    const got = await b.client.send(new GetObjectCommand({ Bucket: bucket, Key: key }));
    return Buffer.from((await got.Body?.transformToByteArray()) ?? []);
  };

  /** Body bytes the server was sent for payload (PutObject and UploadPart), manifests aside. */
  const payloadBytesSeen = (): number =>
    proxy
      .log()
      .filter((e) => e.method === 'PUT' && !e.path.includes('/.depot/'))
      .reduce((sum, e) => sum + e.bytesIn, 0);

  const verify = async (
    dir: string,
    prefix: string,
    extra: readonly string[] = [],
  ): Promise<{ code: number; out: string }> => {
    const stdout = new PassThrough();
    const stderr = new PassThrough();
    let out = '';
    stdout.on('data', (c: Buffer) => (out += c.toString()));
    stderr.on('data', (c: Buffer) => (out += c.toString()));
    const code = await verifyCommand.run(
      [
        dir,
        '--endpoint',
        b.endpoint,
        '--bucket',
        b.bucket,
        '--prefix',
        prefix,
        '--region',
        b.region,
        '--path-style',
        ...extra,
      ],
      {
        stdout,
        stderr,
        env: { AWS_ACCESS_KEY_ID: b.accessKeyId, AWS_SECRET_ACCESS_KEY: b.secretAccessKey },
        signal: new AbortController().signal,
      },
    );
    return { code, out };
  };

  it('keeps a night on its own bucket when the settings change mid-night', async () => {
    const other = uniqueBucketName('night-other');
    await b.client.send(new CreateBucketCommand({ Bucket: other }));
    const dir = folder({ 'a.wav': 100_000, 'b.wav': 200_000, 'c.wav': 6 * MiB });
    const first = stack('target.db');
    const plan = await first.engine.planFolder({ dir, bucket: b.bucket, prefix: 'target' });
    // Stopped after its first file, as a settings change stops the runs.
    const stop = new AbortController();
    first.engine.on((e) => {
      if (e.type === 'unit-state' && e.state.kind === 'done') stop.abort();
    });
    await first.engine.run(plan.id, { signal: stop.signal });
    first.close();
    // The app rebuilt for the other bucket: the night still goes to its own.
    const stores: S3ObjectStore[] = [];
    const second = stack('target.db', other, {}, (target) => {
      const s = new S3ObjectStore({
        endpoint: target.endpoint,
        region: target.region,
        bucket: target.bucket,
        forcePathStyle: target.pathStyle,
        credentials: b,
      });
      stores.push(s);
      return s;
    });
    expect(await second.engine.run(plan.id)).toEqual({ kind: 'completed' });
    second.close();
    for (const s of stores) s.destroy();
    expect(stores.map((s) => s.target)).toEqual([targetOf(b.bucket)]);
    const own = await keysUnder(b.bucket, 'target/');
    expect(own.filter((k) => k.endsWith('.wav'))).toEqual([
      'target/a.wav',
      'target/b.wav',
      'target/c.wav',
    ]);
    expect(own.filter((k) => k.includes('/.depot/night-'))).toHaveLength(1);
    expect(await keysUnder(other, '')).toEqual([]);
    const checked = await verifyBucket(b.client, b.bucket, 'target', dir, [
      'a.wav',
      'b.wav',
      'c.wav',
    ]);
    expect(checked.wrong).toEqual([]);
  });

  it('waits, blocked with its cause, when its credentials are gone; never deposits elsewhere', async () => {
    const dir = folder({ 'a.wav': 50_000 });
    const first = stack('gone.db');
    const plan = await first.engine.planFolder({ dir, bucket: b.bucket, prefix: 'gone' });
    first.close();
    const other = stack('gone.db', 'some-other-bucket', {}, () => undefined);
    expect(await other.engine.run(plan.id)).toEqual({
      kind: 'blocked',
      cause: { kind: 'target-unavailable', bucket: b.bucket, credentialId: b.accessKeyId },
    });
    other.close();
    expect(await keysUnder(b.bucket, 'gone/')).toEqual([]);
  });

  it("deposits a volunteer's own depot-manifest.json like any file, never overwriting it", async () => {
    const theirs = Buffer.from('{"mine": "the volunteer wrote this"}');
    const dir = folder({ 'a.wav': 80_000, 'depot-manifest.json': theirs });
    const s = stack('own-manifest.db');
    const plan = await s.engine.planFolder({ dir, bucket: b.bucket, prefix: 'own' });
    expect(await s.engine.run(plan.id)).toEqual({ kind: 'completed' });
    s.close();
    expect((await bytesOf(b.bucket, 'own/depot-manifest.json')).equals(theirs)).toBe(true);
    const manifests = (await keysUnder(b.bucket, 'own/')).filter((k) => k.includes('/.depot/'));
    expect(manifests).toHaveLength(1);
    const manifest = JSON.parse((await bytesOf(b.bucket, manifests[0] ?? '')).toString()) as {
      files: { path: string }[];
    };
    expect(manifest.files.map((f) => f.path).sort()).toEqual(['a.wav', 'depot-manifest.json']);
  });

  it('gives two nights under one prefix a manifest each; verify finds each night its own', async () => {
    const one = folder({ 'n1_a.wav': 60_000, 'n1_b.wav': 70_000 });
    const two = folder({ 'n2_a.wav': 65_000 });
    for (const [dir, db] of [
      [one, 'two-nights-1.db'],
      [two, 'two-nights-2.db'],
    ] as const) {
      const s = stack(db);
      const plan = await s.engine.planFolder({ dir, bucket: b.bucket, prefix: 'shared' });
      expect(await s.engine.run(plan.id)).toEqual({ kind: 'completed' });
      s.close();
    }
    const manifests = (await keysUnder(b.bucket, 'shared/')).filter((k) => k.includes('.depot/'));
    expect(manifests).toHaveLength(2);
    // Each night is verified against its own manifest; the other night's files are unexpected
    // for it (they share the prefix), never a reason to call its manifest wrong.
    const first = await verify(one, 'shared');
    expect(first.out).toMatch(/2\/2 files identical/);
    expect(first.out).toMatch(/manifest shared\/\.depot\/night-[0-9a-f]{32}\.json: present/);
    expect(first.out).not.toMatch(/MANIFEST /);
    expect(first.out).toMatch(/UNEXPECTED shared\/n2_a\.wav/);
    const second = await verify(two, 'shared');
    expect(second.out).toMatch(/1\/1 files identical/);
    expect(second.out).not.toMatch(/MANIFEST /);
  });

  it('re-deposits a night already on the server from a fresh database with no payload sent', async () => {
    const files = { 'r1.wav': 300_000, 'r2.wav': 400_000, 'r3.wav': 11 * MiB };
    const dir = folder(files);
    const total = Object.values(files).reduce((a, n) => a + n, 0);
    const first = stack('again-1.db');
    const p1 = await first.engine.planFolder({ dir, bucket: b.bucket, prefix: 'again' });
    expect(await first.engine.run(p1.id)).toEqual({ kind: 'completed' });
    first.close();
    proxy.clearLog();
    const fresh = stack('again-2.db');
    const p2 = await fresh.engine.planFolder({ dir, bucket: b.bucket, prefix: 'again' });
    expect(await fresh.engine.run(p2.id)).toEqual({ kind: 'completed' });
    expect(fresh.engine.planSummary(p2.id)).toMatchObject({
      done: 3,
      alreadyPresent: 3,
      bytesSent: 0,
      bytesResent: 0,
    });
    fresh.close();
    // Under 1 % of the payload went on the wire again (here: none), as the server counted.
    expect(payloadBytesSeen()).toBeLessThan(total * 0.01);
    expect(proxy.count(s3Request.uploadPart)).toBe(0);
  });

  it('proves content by the server checksum: matching sha256 metadata over other bytes is a conflict', async () => {
    const local = contentOf('liar.wav', 90_000);
    const dir = folder({ 'liar.wav': local });
    const sha = createHash('sha256').update(local).digest('hex');
    const other = Buffer.from(local);
    other[100] = (other[100] ?? 0) ^ 0xff;
    await b.client.send(
      new PutObjectCommand({
        Bucket: b.bucket,
        Key: 'liar/liar.wav',
        Body: other,
        Metadata: { sha256: sha },
      }),
    );
    const s = stack('liar.db');
    const plan = await s.engine.planFolder({ dir, bucket: b.bucket, prefix: 'liar' });
    expect(await s.engine.run(plan.id)).toEqual({ kind: 'failures', failed: 1 });
    expect(s.engine.failedUnits(plan.id)[0]?.state).toMatchObject({
      kind: 'failed',
      cause: { kind: 'conflict', localSize: 90_000, remoteSize: 90_000 },
    });
    s.close();
    expect((await bytesOf(b.bucket, 'liar/liar.wav')).equals(other)).toBe(true);
    const checked = await verify(dir, 'liar');
    expect(checked.code).toBe(3);
    expect(checked.out).toMatch(/DIFFERS liar\.wav/);
  });

  it('calls an object of another part layout unproven, and --read-back settles it', async () => {
    const local = contentOf('layout.wav', 12 * MiB);
    const dir = folder({ 'layout.wav': local });
    // Another tool's multipart upload with 8 MiB parts: its ETag proves nothing for 5 MiB parts.
    const { CreateMultipartUploadCommand, UploadPartCommand, CompleteMultipartUploadCommand } =
      await import('@aws-sdk/client-s3');
    const key = 'layout/layout.wav';
    const created = await b.client.send(
      new CreateMultipartUploadCommand({ Bucket: b.bucket, Key: key }),
    );
    const parts = [];
    for (const [n, start] of [
      [1, 0],
      [2, 8 * MiB],
    ] as const) {
      const up = await b.client.send(
        new UploadPartCommand({
          Bucket: b.bucket,
          Key: key,
          UploadId: created.UploadId,
          PartNumber: n,
          Body: local.subarray(start, Math.min(local.length, start + 8 * MiB)),
        }),
      );
      parts.push({ PartNumber: n, ETag: up.ETag });
    }
    await b.client.send(
      new CompleteMultipartUploadCommand({
        Bucket: b.bucket,
        Key: key,
        UploadId: created.UploadId,
        MultipartUpload: { Parts: parts },
      }),
    );
    const plain = await verify(dir, 'layout');
    expect(plain.code).toBe(3);
    expect(plain.out).toMatch(/UNPROVEN layout\.wav/);
    const readBack = await verify(dir, 'layout', ['--read-back']);
    expect(readBack.out).toMatch(/1\/1 files identical/);
    const s = stack('layout.db');
    const plan = await s.engine.planFolder({ dir, bucket: b.bucket, prefix: 'layout' });
    expect(await s.engine.run(plan.id)).toEqual({ kind: 'failures', failed: 1 });
    expect(s.engine.failedUnits(plan.id)[0]?.state).toMatchObject({
      cause: { kind: 'unproven' },
    });
    s.close();
    const settled = stack('layout-2.db', b.bucket, { readBack: true });
    const again = await settled.engine.planFolder({ dir, bucket: b.bucket, prefix: 'layout' });
    expect(await settled.engine.run(again.id)).toEqual({ kind: 'completed' });
    expect(settled.engine.planSummary(again.id)).toMatchObject({ alreadyPresent: 1 });
    settled.close();
  });

  it('asks the server after a lost PutObject reply and sends nothing again', async () => {
    const dir = folder({ 'lost.wav': 250_000 });
    proxy.clearLog();
    const rule = proxy.addRule({
      match: { ...s3Request.putObject, path: /\/lost\/lost\.wav$/ },
      action: fault.loseReply(),
    });
    const s = stack('lost.db');
    const plan = await s.engine.planFolder({ dir, bucket: b.bucket, prefix: 'lost' });
    expect(await s.engine.run(plan.id)).toEqual({ kind: 'completed' });
    expect(rule.fired).toBe(1);
    expect(s.engine.planSummary(plan.id)).toMatchObject({
      done: 1,
      alreadyPresent: 0,
      bytesSent: 250_000,
      bytesResent: 0,
    });
    s.close();
    rule.remove();
    const onKey = proxy.log().filter((e) => e.path.endsWith('/lost/lost.wav'));
    expect(onKey.map((e) => e.method)).toEqual(['PUT', 'HEAD']);
  });

  it('restarts a multipart upload the server dropped, and says so after the second time', async () => {
    const dir = folder({ 'drop.wav': 11 * MiB });
    // Dropped once, after its first part: the file starts again and lands.
    let dropped = false;
    const s = stack('drop.db');
    s.engine.on((e) => {
      if (!dropped && e.type === 'unit-activity' && e.activity.kind === 'sending') {
        dropped = true;
        void b.client
          .send(new ListMultipartUploadsCommand({ Bucket: b.bucket, Prefix: 'drop/' }))
          .then((listed) =>
            Promise.all(
              (listed.Uploads ?? []).map((u) =>
                b.client.send(
                  new AbortMultipartUploadCommand({
                    Bucket: b.bucket,
                    Key: u.Key,
                    UploadId: u.UploadId,
                  }),
                ),
              ),
            ),
          );
      }
    });
    const plan = await s.engine.planFolder({ dir, bucket: b.bucket, prefix: 'drop' });
    expect(await s.engine.run(plan.id)).toEqual({ kind: 'completed' });
    s.close();
    expect(dropped).toBe(true);
    expect((await verifyBucket(b.client, b.bucket, 'drop', dir, ['drop.wav'])).wrong).toEqual([]);
    // Dropped every time: three uploads (the first and two restarts), then the cause.
    const always = folder({ 'always.wav': 11 * MiB });
    proxy.clearLog();
    const rule = proxy.addRule({
      match: s3Request.uploadPart,
      action: fault.status(404, { code: 'NoSuchUpload' }),
      times: Infinity,
    });
    const t = stack('always.db');
    const p2 = await t.engine.planFolder({ dir: always, bucket: b.bucket, prefix: 'always' });
    expect(await t.engine.run(p2.id)).toEqual({ kind: 'failures', failed: 1 });
    expect(t.engine.failedUnits(p2.id)[0]?.state).toMatchObject({
      cause: { kind: 'upload-vanished', restarts: 2 },
    });
    t.close();
    rule.remove();
    expect(proxy.count(s3Request.createMultipartUpload)).toBe(3);
  });

  it('counts as re-sent every payload byte that went twice, as the server saw them', async () => {
    const dir = folder({ 'cut.wav': 11 * MiB, 'small.wav': 300_000 });
    proxy.clearLog();
    const cuts = [
      proxy.addRule({ match: s3Request.uploadPart, action: fault.resetAfterBodyBytes(2 * MiB) }),
      proxy.addRule({
        match: s3Request.putObject,
        action: fault.status(503, { code: 'SlowDown' }),
        after: 0,
      }),
    ];
    const s = stack('resent.db');
    const plan = await s.engine.planFolder({ dir, bucket: b.bucket, prefix: 'resent' });
    expect(await s.engine.run(plan.id)).toEqual({ kind: 'completed' });
    const summary = s.engine.planSummary(plan.id);
    s.close();
    for (const c of cuts) c.remove();
    const payload = 11 * MiB + 300_000;
    const seen = payloadBytesSeen();
    // Every payload byte counted once for the payload, the rest as re-sent; never fewer re-sent
    // bytes than the server received beyond the payload. A reset loses what sat in the sockets'
    // buffers, which the client cannot tell from bytes delivered: counted too, at most the part
    // that was cut.
    expect(summary.bytesSent - summary.bytesResent).toBe(payload);
    expect(summary.bytesResent).toBeGreaterThanOrEqual(seen - payload);
    expect(summary.bytesResent - (seen - payload)).toBeLessThanOrEqual(5 * MiB);
    // The 503 after the small file's body: its second send is counted re-sent in full.
    expect(summary.bytesResent).toBeGreaterThanOrEqual(300_000 + 2 * MiB);
    expect((await verifyBucket(b.client, b.bucket, 'resent', dir, ['cut.wav'])).wrong).toEqual([]);
  });
});
