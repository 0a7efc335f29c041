import { afterEach, describe, expect, it } from 'vitest';
import type { MemoryOperation } from '../../../electron/s3/MemoryObjectStore';
import { contentOf, KiB, makeHarness, MiB } from './engineHarness';
import type { Harness } from './engineHarness';

let h: Harness | undefined;
afterEach(() => h?.cleanup());

/** A server like radosgw 16: Complete ignores its conditions and answers without an ETag. */
const radosgwLike = {
  completeIgnoresIfNoneMatch: true,
  goneCompleteAnswers500: true,
  emptyCompleteEtag: true,
} as const;

/** A write-only "drop box" key: no listing, no read, no listing of uploads (issue 29). */
const DROP_BOX: readonly MemoryOperation[] = [
  'probeListing',
  'listObjects',
  'headObject',
  'getObject',
  'listMultipartUploads',
];

const FILES = { 'a.wav': 10 * KiB, 'b.wav': 20 * KiB, 'big.wav': 11 * MiB };

describe('a home-folder key (issue 29)', () => {
  it('deposits a night with a multipart file, and asks nothing outside its folder', async () => {
    h = makeHarness({ files: FILES });
    h.objects.setPermissions({ scope: 'vol42/', denied: ['listMultipartUploads'] });
    const plan = await h.engine.planFolder({ dir: h.dir, bucket: 'b', prefix: 'vol42/n1' });
    expect(await h.time.drive(h.engine.checkEndpoint('b', { prefix: 'vol42/' }))).toEqual({
      kind: 'ok',
    });
    expect(await h.time.drive(h.engine.run(plan.id))).toEqual({ kind: 'completed' });
    expect(h.engine.planSummary(plan.id)).toMatchObject({ done: 3, unverifiable: 0 });
    const outside = h.objects.requests.filter(
      (r) => !(r.key ?? r.prefix ?? '').startsWith('vol42/'),
    );
    expect(outside).toEqual([]);
    expect(h.objects.uploads.size).toBe(0);
  });
});

describe('a write-only "drop box" key (issue 29)', () => {
  it('deposits: single PUTs proved by their ETag, the multipart file deposited and said not verifiable', async () => {
    h = makeHarness({ files: FILES, memory: radosgwLike });
    h.objects.setPermissions({ denied: DROP_BOX });
    const plan = await h.engine.planFolder({ dir: h.dir, bucket: 'b', prefix: 'drop7/n1' });
    expect(await h.time.drive(h.engine.checkEndpoint('b', { prefix: 'drop7/' }))).toEqual({
      kind: 'ok',
    });
    const checked: unknown[] = [];
    h.engine.on((e) => {
      if (e.type === 'night-checked') checked.push(e);
    });
    expect(await h.time.drive(h.engine.run(plan.id))).toEqual({ kind: 'completed' });
    expect(checked).toEqual([
      { type: 'night-checked', planId: plan.id, listed: false, returned: [], unchecked: 0 },
    ]);
    // The radosgw-like Complete answers without an ETag and the key may not read: not verified.
    expect(h.engine.planSummary(plan.id)).toMatchObject({
      done: 3,
      unverifiable: 1,
      failed: 0,
    });
    const states = Object.fromEntries(
      h.store.listUnits(plan.id, { offset: 0, limit: 10 }).units.map((u) => [u.relPath, u.state]),
    );
    expect(states['big.wav']).toEqual({ kind: 'done', alreadyPresent: false, unverifiable: true });
    expect(states['a.wav']).toEqual({ kind: 'done', alreadyPresent: false });
    expect(h.objects.objects.get('drop7/n1/big.wav')?.bytes.length).toBe(11 * MiB);
    expect(h.engine.planSummary(plan.id).manifestAt).not.toBeNull();
  });

  it('settles a lost PUT reply with the conditional write, not a read', async () => {
    h = makeHarness({ files: { 'a.wav': 10 * KiB } });
    h.objects.setPermissions({ denied: DROP_BOX });
    h.objects.failNext('putObject', 1, 'lose-reply', (r) => r.key === 'drop7/n1/a.wav');
    const plan = await h.engine.planFolder({ dir: h.dir, bucket: 'b', prefix: 'drop7/n1' });
    expect(await h.time.drive(h.engine.run(plan.id))).toEqual({ kind: 'completed' });
    // The second PUT's 412 says our first landed: deposited, and said not verifiable.
    expect(h.objects.count('putObject')).toBe(3);
    expect(h.engine.planSummary(plan.id)).toMatchObject({ done: 1, unverifiable: 1 });
    expect(h.objects.count('getObject')).toBe(0);
  });

  it('never takes another writer’s object for its own: refused, said as a read it may not do', async () => {
    h = makeHarness({ files: { 'a.wav': 10 * KiB } });
    h.objects.setPermissions({ denied: DROP_BOX });
    h.objects.seed('drop7/n1/a.wav', Buffer.from('someone else'));
    const plan = await h.engine.planFolder({ dir: h.dir, bucket: 'b', prefix: 'drop7/n1' });
    expect(await h.time.drive(h.engine.run(plan.id))).toEqual({ kind: 'failures', failed: 1 });
    expect(h.engine.failedUnits(plan.id)[0]?.state).toEqual({
      kind: 'failed',
      cause: { kind: 'denied', action: 'read', bucket: 'b', folder: 'drop7/n1/' },
    });
    expect(Buffer.from(h.objects.objects.get('drop7/n1/a.wav')?.bytes ?? []).toString()).toBe(
      'someone else',
    );
  });
});

describe('done is checked against the server every time it is claimed (issue 30 item 1)', () => {
  it('a verified object deleted since goes back to the queue, is said, and is sent again', async () => {
    h = makeHarness({ files: { 'a.wav': 10 * KiB, 'b.wav': 10 * KiB } });
    const plan = await h.engine.planFolder({ dir: h.dir, bucket: 'b', prefix: 'p' });
    expect(await h.time.drive(h.engine.run(plan.id))).toEqual({ kind: 'completed' });
    h.objects.objects.delete('p/b.wav');
    const checked: { returned: readonly string[] }[] = [];
    h.engine.on((e) => {
      if (e.type === 'night-checked') checked.push(e);
    });
    expect(await h.time.drive(h.engine.run(plan.id))).toEqual({ kind: 'completed' });
    expect(checked.map((c) => c.returned)).toEqual([['b.wav']]);
    expect(h.objects.objects.has('p/b.wav')).toBe(true);
    expect(h.engine.planSummary(plan.id)).toMatchObject({ done: 2 });
  });

  it('a manifest deleted since is written again', async () => {
    h = makeHarness({ files: { 'a.wav': 10 * KiB } });
    const plan = await h.engine.planFolder({ dir: h.dir, bucket: 'b', prefix: 'p' });
    expect(await h.time.drive(h.engine.run(plan.id))).toEqual({ kind: 'completed' });
    const manifest = [...h.objects.objects.keys()].find((k) => k.startsWith('p/.depot/'));
    expect(manifest).toBeDefined();
    h.objects.objects.delete(manifest ?? '');
    expect(await h.time.drive(h.engine.run(plan.id))).toEqual({ kind: 'completed' });
    expect(h.objects.objects.has(manifest ?? '')).toBe(true);
  });
});

describe('a listing entry is a hint (issue 30 item 2)', () => {
  it('an object the listing shows but the server does not hold is sent, not counted as there', async () => {
    h = makeHarness({ files: { 'a.wav': 10 * KiB } });
    const bytes = contentOf('a.wav', 10 * KiB);
    // A stale listing: the key with the right size and ETag, the object gone.
    h.objects.seed('p/a.wav', bytes);
    const list = h.objects.listObjectsPage.bind(h.objects);
    const objects = h.objects;
    objects.listObjectsPage = async (input, options) => {
      const listed = await list(input, options);
      objects.objects.delete('p/a.wav');
      return listed;
    };
    const plan = await h.engine.planFolder({ dir: h.dir, bucket: 'b', prefix: 'p' });
    expect(await h.time.drive(h.engine.run(plan.id))).toEqual({ kind: 'completed' });
    expect(h.engine.planSummary(plan.id)).toMatchObject({ done: 1, alreadyPresent: 0 });
    expect(h.objects.count('headObject')).toBe(1);
    expect(h.objects.count('putObject')).toBe(2);
    expect(h.objects.objects.has('p/a.wav')).toBe(true);
  });
});

describe('the sweep aborts only the uploads this night started (issue 30 item 17)', () => {
  it('leaves another client’s open upload at one of the night’s keys', async () => {
    h = makeHarness({ files: { 'big.wav': 6 * MiB } });
    const theirs = await h.time.drive(
      h.objects.createMultipartUpload(
        { key: 'p/big.wav', metadata: {} },
        { deadline: Number.MAX_SAFE_INTEGER },
      ),
    );
    const plan = await h.engine.planFolder({ dir: h.dir, bucket: 'b', prefix: 'p' });
    expect(await h.time.drive(h.engine.run(plan.id))).toEqual({ kind: 'completed' });
    expect(theirs.kind === 'success' && h.objects.uploads.has(theirs.value.uploadId)).toBe(true);
    expect(h.objects.uploads.size).toBe(1);
    expect(h.objects.count('listMultipartUploads')).toBe(0);
  });
});

describe('Complete never replaces another writer’s object (issue 30 item 3)', () => {
  it('on a server that ignores conditions on Complete, a conditional writer gets 412 from the placeholder', async () => {
    h = makeHarness({ files: { 'big.wav': 6 * MiB }, memory: radosgwLike });
    const objects = h.objects;
    const theirs = Buffer.from('another Depot, conditional');
    let answer: string | undefined;
    const complete = objects.completeMultipartUpload.bind(objects);
    // A second writer between the reservation and the Complete, writing only where nothing is.
    objects.completeMultipartUpload = async (input, options) => {
      const put = await objects.putObject(
        {
          key: input.key,
          body: { kind: 'bytes', bytes: theirs },
          md5Base64: (await import('node:crypto'))
            .createHash('md5')
            .update(theirs)
            .digest('base64'),
          metadata: {},
          ifNoneMatch: true,
        },
        options,
      );
      answer = put.kind === 'refused' ? String(put.status) : put.kind;
      return complete(input, options);
    };
    const plan = await h.engine.planFolder({ dir: h.dir, bucket: 'b', prefix: 'p' });
    expect(await h.time.drive(h.engine.run(plan.id))).toEqual({ kind: 'completed' });
    expect(answer).toBe('412');
    expect(h.objects.objects.get('p/big.wav')?.bytes.length).toBe(6 * MiB);
  });

  it('where the server honours If-Match, an unconditional writer’s object is never completed over', async () => {
    h = makeHarness({ files: { 'big.wav': 6 * MiB } });
    const objects = h.objects;
    const theirs = Buffer.from('an unconditional writer');
    const complete = objects.completeMultipartUpload.bind(objects);
    let once = false;
    objects.completeMultipartUpload = (input, options) => {
      if (!once) {
        once = true;
        objects.seed(input.key, theirs);
      }
      return complete(input, options);
    };
    const plan = await h.engine.planFolder({ dir: h.dir, bucket: 'b', prefix: 'p' });
    expect(await h.time.drive(h.engine.run(plan.id))).toEqual({ kind: 'failures', failed: 1 });
    expect(h.engine.failedUnits(plan.id)[0]?.state).toMatchObject({
      kind: 'failed',
      cause: { kind: 'conflict' },
    });
    expect(Buffer.from(h.objects.objects.get('p/big.wav')?.bytes ?? []).equals(theirs)).toBe(true);
    expect(h.objects.uploads.size).toBe(0);
  });

  it('a run stopped after its reservation finds its own placeholder and completes over it', async () => {
    h = makeHarness({ files: { 'big.wav': 6 * MiB }, memory: radosgwLike });
    // The first Complete is refused (the key's secret revoked meanwhile): the night stops with
    // its placeholder at the key.
    h.objects.failNext('completeMultipartUpload', 1, {
      kind: 'refused',
      status: 403,
      code: 'InvalidAccessKeyId',
    });
    const plan = await h.engine.planFolder({ dir: h.dir, bucket: 'b', prefix: 'p' });
    const first = await h.time.drive(h.engine.run(plan.id));
    expect(first.kind).toBe('blocked');
    expect(h.objects.objects.get('p/big.wav')?.bytes.length).toBe(0);
    expect(h.engine.credentialsChanged()).toBe(1);
    expect(await h.time.drive(h.engine.run(plan.id))).toEqual({ kind: 'completed' });
    expect(h.objects.objects.get('p/big.wav')?.bytes.length).toBe(6 * MiB);
  });
});
