import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { openDatabase } from '../../../electron/store/openDatabase';
import { PlanStore } from '../../../electron/store/PlanStore';
import { requeueFailures } from '../../../electron/engine/requeueFailures';

let store: PlanStore;
beforeEach(() => {
  store = new PlanStore(openDatabase(':memory:'));
});
afterEach(() => store.close());

const plan = (units: number, prefix = 'p'): number =>
  store.createPlan(
    {
      dir: '/night',
      endpoint: 'http://s3',
      bucket: 'b',
      prefix,
      fingerprint: 'f',
      metadata: { site: 'S' },
      partSize: 10,
      threshold: 10,
      createdAt: 1,
      nightId: 'n1',
      region: 'r',
      pathStyle: true,
      credentialId: 'k',
    },
    Array.from({ length: units }, (_, i) => ({
      relPath: `r${String(i).padStart(5, '0')}.wav`,
      absPath: `/night/r${i}.wav`,
      key: `p/r${i}.wav`,
      size: 25,
      mtimeMs: 1,
      multipart: true,
    })),
  );

describe('PlanStore', () => {
  it('forgets one plan with its units, parts, journal rows and lease, and nothing of another', () => {
    const gone = plan(2);
    const kept = plan(1, 'other');
    const withParts = (planId: number): number => {
      const unit = store.listUnits(planId, { offset: 0, limit: 1 }).units[0];
      if (unit === undefined) throw new Error('unit');
      store.setHashes(unit.id, {
        sha256: 'sha',
        md5: 'whole',
        mtimeNs: '1',
        parts: [
          { partNumber: 1, offset: 0, size: 10, md5: 'm1' },
          { partNumber: 2, offset: 10, size: 15, md5: 'm2' },
        ],
      });
      store.ackPart(unit.id, 1, 'e1');
      return unit.id;
    };
    const goneUnit = withParts(gone);
    const keptUnit = withParts(kept);
    for (const planId of [gone, kept, null]) {
      store.addJournal({
        planId,
        operation: 'PutObject',
        outcome: 'ok',
        attempt: 1,
        delayMs: null,
        at: 5,
      });
    }
    store.acquireLease({
      planId: gone,
      pid: 1,
      host: 'h',
      token: 't',
      now: 5,
      staleMs: 1000,
      isAlive: () => true,
    });

    expect(store.forgetPlan(gone)).toBe(true);
    expect(store.getPlan(gone)).toBeUndefined();
    expect(store.listUnits(gone, { offset: 0, limit: 10 }).total).toBe(0);
    expect(store.getUnit(goneUnit)).toBeUndefined();
    expect(store.parts(goneUnit)).toEqual([]);
    expect(store.journal({ limit: 10, planId: gone })).toEqual([]);
    expect(store.lease(gone)).toBeUndefined();
    // The other night and the journal rows of no night are untouched.
    expect(store.listPlans().map((p) => p.id)).toEqual([kept]);
    expect(store.parts(keptUnit)).toHaveLength(2);
    expect(store.journal({ limit: 10, planId: kept })).toHaveLength(1);
    expect(store.journal({ limit: 10 })).toHaveLength(2);
    expect(store.forgetPlan(gone)).toBe(false);
  });

  it('iterates a large plan in pages, in order, without loading it at once', () => {
    const id = plan(1234);
    let count = 0;
    let previous = -1;
    for (const u of store.iterateUnits(id, 100)) {
      expect(u.seq).toBeGreaterThan(previous);
      previous = u.seq;
      count += 1;
    }
    expect(count).toBe(1234);
    expect(
      store.findPlan({ dir: '/night', endpoint: 'http://s3', bucket: 'b', prefix: 'p' })?.metadata,
    ).toEqual({ site: 'S' });
  });

  it('hands out an interrupted unit first in plan order, unless told none can be (issue 15)', () => {
    const id = plan(2);
    const [a, b] = store.listUnits(id, { offset: 0, limit: 2 }).units;
    if (a === undefined || b === undefined) throw new Error('units');
    store.setState(a.id, { kind: 'in-progress' }, 1);
    expect(store.nextRunnable(id, 5, [])?.id).toBe(a.id);
    // A run reset the interrupted units as it started: only its own are in progress.
    expect(store.nextRunnable(id, 5, [], { interrupted: false })?.id).toBe(b.id);
  });

  it('hands out runnable units in order, skipping held ones and deferred ones not yet due', () => {
    const id = plan(3);
    const [a, b, c] = store.listUnits(id, { offset: 0, limit: 3 }).units;
    if (a === undefined || b === undefined || c === undefined) throw new Error('units');
    store.setState(a.id, { kind: 'deferred', notBefore: 100 }, 1);
    expect(store.nextRunnable(id, 50, [])?.id).toBe(b.id);
    expect(store.nextRunnable(id, 50, [b.id])?.id).toBe(c.id);
    expect(store.nextRunnable(id, 100, [])?.id).toBe(a.id);
    expect(store.earliestDeferred(id)).toBe(100);
    store.setState(b.id, { kind: 'done', alreadyPresent: true }, 2);
    store.setState(
      c.id,
      { kind: 'failed', cause: { kind: 'conflict', localSize: 25, remoteSize: 3 } },
      2,
    );
    expect(store.counts(id)).toMatchObject({
      units: 3,
      deferred: 1,
      done: 1,
      alreadyPresent: 1,
      failed: 1,
      conflicts: 1,
    });
    expect(store.failedUnits(id)[0]?.state).toEqual({
      kind: 'failed',
      cause: { kind: 'conflict', localSize: 25, remoteSize: 3 },
    });
  });

  it('counts a part acknowledged once, however often it is recorded, and forgets it when the upload is gone', () => {
    const id = plan(1);
    const unit = store.listUnits(id, { offset: 0, limit: 1 }).units[0];
    if (unit === undefined) throw new Error('unit');
    store.setHashes(unit.id, {
      sha256: 'sha',
      md5: 'whole',
      mtimeNs: '1700000000123456789',
      parts: [
        { partNumber: 1, offset: 0, size: 10, md5: 'm1' },
        { partNumber: 2, offset: 10, size: 10, md5: 'm2' },
        { partNumber: 3, offset: 20, size: 5, md5: 'm3' },
      ],
    });
    expect(store.getUnit(unit.id)).toMatchObject({
      sha256: 'sha',
      md5: 'whole',
      mtimeNs: '1700000000123456789',
    });
    // A first send cut after 4 bytes, then a whole send: 14 bytes out, 4 of them twice.
    const first = store.beginSend(unit.id, 1);
    expect(first).toBe(0);
    expect(store.getPlan(id)).toMatchObject({ bytesSent: 10, bytesResent: 0 });
    store.endSend(unit.id, 1, first, 4);
    const second = store.beginSend(unit.id, 1);
    expect(second).toBe(4);
    // Counted whole before it goes out, so a kill during the send is not forgotten.
    expect(store.getPlan(id)).toMatchObject({ bytesSent: 14, bytesResent: 4 });
    store.endSend(unit.id, 1, second, 10);
    expect(store.parts(unit.id)[0]?.sentBytes).toBe(14);
    store.ackPart(unit.id, 1, 'm1');
    store.ackPart(unit.id, 1, 'm1');
    store.ackPart(unit.id, 2, 'm2');
    expect(store.getUnit(unit.id)?.bytesAcked).toBe(20);
    expect(store.getPlan(id)).toMatchObject({ bytesSent: 14, bytesResent: 4 });
    store.forgetAcks(unit.id, 2);
    expect(store.getUnit(unit.id)?.bytesAcked).toBe(10);
    store.markCreateStarted(unit.id);
    store.setUploadId(unit.id, 'u1');
    store.forgetUpload(unit.id);
    expect(store.getUnit(unit.id)).toMatchObject({
      uploadId: null,
      createStarted: false,
      bytesAcked: 0,
    });
    expect(store.parts(unit.id).every((p) => p.etag === null)).toBe(true);
  });

  it('prepares each statement once and reuses it across calls, with fresh results each time', () => {
    const db = openDatabase(':memory:');
    const prepare = vi.spyOn(db, 'prepare');
    const own = new PlanStore(db);
    try {
      const id = own.createPlan(
        {
          dir: '/n',
          endpoint: 'http://s3',
          bucket: 'b',
          prefix: 'p',
          fingerprint: 'f',
          metadata: {},
          partSize: 10,
          threshold: 10,
          createdAt: 1,
          nightId: 'n2',
          region: 'r',
          pathStyle: true,
          credentialId: 'k',
        },
        [0, 1, 2].map((i) => ({
          relPath: `r${i}.wav`,
          absPath: `/n/r${i}.wav`,
          key: `p/r${i}.wav`,
          size: 5,
          mtimeMs: 1,
          multipart: false,
        })),
      );
      const [a, b] = own.listUnits(id, { offset: 0, limit: 2 }).units;
      if (a === undefined || b === undefined) throw new Error('units');
      const before = prepare.mock.calls.length;
      own.setState(a.id, { kind: 'done', alreadyPresent: false }, 2);
      expect(own.counts(id)).toMatchObject({ done: 1, pending: 2 });
      const afterFirst = prepare.mock.calls.length;
      own.setState(b.id, { kind: 'done', alreadyPresent: true }, 3);
      expect(own.counts(id)).toMatchObject({ done: 2, pending: 1, alreadyPresent: 1 });
      expect(own.nextRunnable(id, 3, [])?.relPath).toBe('r2.wav');
      expect(own.nextRunnable(id, 3, [])?.relPath).toBe('r2.wav');
      expect(afterFirst - before).toBe(2);
      // The second round of the same calls prepared only nextRunnable's texts (one per state), once.
      expect(prepare.mock.calls.length - afterFirst).toBe(3);
    } finally {
      own.close();
    }
  });

  it('keeps the attempt journal, newest first', () => {
    store.addJournal({
      planId: null,
      operation: 'HeadBucket',
      outcome: 'success',
      attempt: 1,
      delayMs: null,
      at: 1,
    });
    store.addJournal({
      planId: null,
      operation: 'PutObject k',
      outcome: 'refused:503:SlowDown',
      attempt: 1,
      delayMs: 2000,
      at: 2,
    });
    expect(store.journal({ limit: 1 })).toEqual([
      {
        id: 2,
        planId: null,
        operation: 'PutObject k',
        outcome: 'refused:503:SlowDown',
        attempt: 1,
        delayMs: 2000,
        at: 2,
      },
    ]);
  });
});

describe('retry of failures as one fact', () => {
  it('puts units back in the queue and clears the plan complete together, or not at all', () => {
    const id = plan(2);
    const units = store.listUnits(id, { offset: 0, limit: 2 }).units;
    for (const u of units)
      store.setState(u.id, { kind: 'failed', cause: { kind: 'upload-vanished', restarts: 2 } }, 2);
    store.setCompleted(id, 3);
    // A failure after the first unit went back (here the callback; a kill alike) keeps both facts.
    expect(() =>
      requeueFailures(store, id, 4, () => {
        throw new Error('stopped midway');
      }),
    ).toThrow('stopped midway');
    expect(store.failedUnits(id)).toHaveLength(2);
    expect(store.getPlan(id)?.completedAt).toBe(3);
    expect(requeueFailures(store, id, 5)).toEqual({
      requeued: 2,
      lifted: 0,
      definitive: 0,
      awaitingCredentials: 0,
    });
    expect(store.failedUnits(id)).toHaveLength(0);
    expect(store.getPlan(id)?.completedAt).toBeNull();
  });
});
