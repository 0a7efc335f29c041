import { afterEach, describe, expect, it } from 'vitest';
import { contentOf, KiB, makeHarness, MiB } from './engineHarness';
import type { Harness } from './engineHarness';

let h: Harness | undefined;
afterEach(() => h?.cleanup());

const keys = (harness: Harness, prefix: string): string[] =>
  [...harness.objects.objects.keys()].filter((k) => k.startsWith(prefix)).sort();

const move = (prefix: string) => ({
  target: {
    endpoint: 'memory://store',
    region: 'us-east-1',
    pathStyle: true,
    bucket: 'b',
    credentialId: 'memory-key',
  },
  prefix,
  metadata: {},
  programme: null,
  by: 'volunteer' as const,
  removeOld: true,
  at: 0,
});

describe('a night corrected after it wrote under the wrong place (issue 31)', () => {
  it('takes back only its own objects (checked by ETag), then goes on under the right one', async () => {
    h = makeHarness({ files: { 'a.wav': 10 * KiB, 'b.wav': 20 * KiB, 'big.wav': 6 * MiB } });
    const plan = await h.engine.planFolder({ dir: h.dir, bucket: 'b', prefix: 'S/Z5/n' });
    expect(await h.time.drive(h.engine.run(plan.id))).toEqual({ kind: 'completed' });
    const target = h.engine.targetOf(plan.id);
    // Someone else's object beside the night's, and one of the night's replaced since.
    h.objects.seed('S/Z5/n/theirs.wav', Buffer.from('not this night'));
    h.objects.seed('S/Z5/n/b.wav', Buffer.from('replaced by another writer'));
    expect(h.engine.ownObjects(plan.id)).toEqual({ objects: 3, uploads: 0 });

    const report = h.engine.correctDestination(plan.id, { ...move('S/Z6/n'), target });
    expect(report).toEqual({ toRemove: 3, uploadsToAbort: 0, moved: true });
    expect(h.engine.planSummary(plan.id)).toMatchObject({ prefix: 'S/Z6/n', done: 0, pending: 3 });
    expect(h.engine.planSummary(plan.id).correction).toMatchObject({
      from: { prefix: 'S/Z5/n' },
      by: 'volunteer',
    });

    expect(await h.time.drive(h.engine.run(plan.id))).toEqual({ kind: 'completed' });
    // Its own objects and its manifest are gone; what it did not write (or no longer holds) stays.
    expect(keys(h, 'S/Z5/')).toEqual(['S/Z5/n/b.wav', 'S/Z5/n/theirs.wav']);
    expect(keys(h, 'S/Z6/').filter((k) => k.endsWith('.wav'))).toEqual([
      'S/Z6/n/a.wav',
      'S/Z6/n/b.wav',
      'S/Z6/n/big.wav',
    ]);
    expect(keys(h, 'S/Z6/n/.depot/')).toHaveLength(1);
    expect(h.engine.removalCounts(plan.id)).toMatchObject({
      removed: 2,
      notOurs: 1,
      denied: 0,
      pending: 0,
    });
    // Checksums were kept: the files were hashed once, when first planned.
    expect(h.objects.uploads.size).toBe(0);
  });

  it('a night that wrote nothing moves without asking its old place anything', async () => {
    h = makeHarness({ files: { 'a.wav': 10 * KiB } });
    const plan = await h.engine.planFolder({ dir: h.dir, bucket: 'b', prefix: 'S/Z5/n' });
    const target = h.engine.targetOf(plan.id);
    const asked = h.objects.requests.length;
    expect(h.engine.hasWritten(plan.id)).toBe(false);
    expect(h.engine.correctDestination(plan.id, { ...move('S/Z6/n'), target })).toEqual({
      toRemove: 0,
      uploadsToAbort: 0,
      moved: true,
    });
    expect(h.objects.requests.length).toBe(asked);
    expect(h.engine.planSummary(plan.id).removals.pending).toBe(0);
  });
});

describe('"Retirer ce dépôt du serveur" (issue 31)', () => {
  it('removes the night’s objects, manifest and open uploads, then it can be forgotten', async () => {
    h = makeHarness({ files: { 'a.wav': 10 * KiB, 'big.wav': 6 * MiB } });
    const plan = await h.engine.planFolder({ dir: h.dir, bucket: 'b', prefix: 'S/P/n' });
    expect(await h.time.drive(h.engine.run(plan.id))).toEqual({ kind: 'completed' });
    h.objects.seed('S/P/n/theirs.wav', Buffer.from('x'));
    expect(h.engine.removeFromServer(plan.id)).toEqual({ objects: 2, uploads: 0 });
    expect(h.engine.planSummary(plan.id).removing).toBe(true);
    // Never deposited again while it is being removed.
    expect(await h.time.drive(h.engine.run(plan.id))).toEqual({
      kind: 'stopped',
      reason: 'aborted',
    });
    expect(await h.time.drive(h.engine.workRemovals(plan.id))).toEqual({ ended: 'done' });
    expect(keys(h, 'S/P/')).toEqual(['S/P/n/theirs.wav']);
    expect(h.engine.removalCounts(plan.id)).toMatchObject({ removed: 2, pending: 0 });
  });

  it('a key without s3:DeleteObject: the refusal is said, nothing is half-removed in silence', async () => {
    h = makeHarness({ files: { 'a.wav': 10 * KiB, 'b.wav': 10 * KiB, 'c.wav': 10 * KiB } });
    const plan = await h.engine.planFolder({ dir: h.dir, bucket: 'b', prefix: 'S/P/n' });
    expect(await h.time.drive(h.engine.run(plan.id))).toEqual({ kind: 'completed' });
    h.objects.failNext('deleteObject', 1_000, {
      kind: 'refused',
      status: 403,
      code: 'AccessDenied',
    });
    h.engine.removeFromServer(plan.id);
    expect(await h.time.drive(h.engine.workRemovals(plan.id))).toEqual({
      ended: 'denied',
      refusal: { status: 403, code: 'AccessDenied' },
    });
    // The first refusal stops the deletes: every object left is marked refused, one request only.
    expect(h.objects.count('deleteObject')).toBe(1);
    expect(h.engine.removalCounts(plan.id)).toMatchObject({ removed: 0, denied: 3, pending: 0 });
    expect(keys(h, 'S/P/n/').filter((k) => k.endsWith('.wav'))).toHaveLength(3);
    // The permission granted since: asked again, all removed.
    h.objects.clearFaults();
    expect(h.engine.retryDeniedRemovals(plan.id)).toBe(4);
    expect(await h.time.drive(h.engine.workRemovals(plan.id))).toEqual({ ended: 'done' });
    expect(keys(h, 'S/P/')).toEqual([]);
  });
});

describe('a conflict settled by the volunteer (issue 31)', () => {
  it('keeps the server’s object: the file is left out, the night completes, the manifest names it', async () => {
    h = makeHarness({ files: { 'a.wav': 10 * KiB, 'ok.wav': 5 } });
    const theirs = Buffer.from('someone else');
    h.objects.seed('p/a.wav', theirs);
    const plan = await h.engine.planFolder({ dir: h.dir, bucket: 'b', prefix: 'p' });
    expect(await h.time.drive(h.engine.run(plan.id))).toEqual({ kind: 'failures', failed: 1 });
    const [unit] = h.engine.failedUnits(plan.id);
    const facts = await h.time.drive(h.engine.conflictFacts(plan.id, unit?.id ?? 0));
    expect(facts).toMatchObject({ freeKey: 'p/a-2.wav', rule: 'before-extension' });
    const settled = await h.time.drive(
      h.engine.settleConflict(plan.id, unit?.id ?? 0, 'keep-server-object'),
    );
    expect(settled.kind).toBe('kept');
    expect(await h.time.drive(h.engine.run(plan.id))).toEqual({ kind: 'completed' });
    expect(h.engine.planSummary(plan.id)).toMatchObject({ done: 1, leftOut: 1, failed: 0 });
    expect(Buffer.from(h.objects.objects.get('p/a.wav')?.bytes ?? []).equals(theirs)).toBe(true);
    const [manifestKey] = keys(h, 'p/.depot/');
    const manifest = JSON.parse(
      Buffer.from(h.objects.objects.get(manifestKey ?? '')?.bytes ?? []).toString('utf8'),
    ) as { files: { path: string; deposited?: boolean }[] };
    expect(manifest.files.find((f) => f.path === 'a.wav')).toMatchObject({ deposited: false });
    expect(h.store.journal({ limit: 50 }).map((j) => j.outcome)).toContain('kept-server-object');
  });

  it('deposits the card’s file under the free name of the night’s rule, never over the other', async () => {
    h = makeHarness({ files: { 'a.wav': 10 * KiB } });
    const theirs = Buffer.from('someone else');
    h.objects.seed('p/a.wav', theirs);
    h.objects.seed('p/a-2.wav', Buffer.from('and another'));
    const plan = await h.engine.planFolder({ dir: h.dir, bucket: 'b', prefix: 'p' });
    expect(await h.time.drive(h.engine.run(plan.id))).toEqual({ kind: 'failures', failed: 1 });
    const [unit] = h.engine.failedUnits(plan.id);
    const settled = await h.time.drive(
      h.engine.settleConflict(plan.id, unit?.id ?? 0, 'free-name'),
    );
    expect(settled).toMatchObject({ kind: 'renamed', key: 'p/a-3.wav' });
    expect(await h.time.drive(h.engine.run(plan.id))).toEqual({ kind: 'completed' });
    expect(
      Buffer.from(h.objects.objects.get('p/a-3.wav')?.bytes ?? []).equals(
        contentOf('a.wav', 10 * KiB),
      ),
    ).toBe(true);
    expect(Buffer.from(h.objects.objects.get('p/a.wav')?.bytes ?? []).equals(theirs)).toBe(true);
    expect(h.store.getUnit(unit?.id ?? 0)?.settlement).toMatchObject({
      kind: 'free-name',
      originalKey: 'p/a.wav',
    });
  });
});
