import { createHash } from 'node:crypto';
import { hostname } from 'node:os';
import BetterSqlite3 from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import { createEngineStack } from '../../../electron/runtime/createEngineStack';
import { MemoryObjectStore } from '../../../electron/s3/MemoryObjectStore';
import { PlanStore } from '../../../electron/store/PlanStore';
import { RetryPolicy } from '../../../shared/retry/RetryPolicy';
import { seededRandom } from '../../../shared/random/seededRandom';
import { countingDatabase } from '../../support/countingDatabase';
import { VirtualTime } from '../../support/VirtualTime';
import { contentOf, KiB, makeHarness } from './engineHarness';
import type { Harness } from './engineHarness';

let h: Harness | undefined;
afterEach(() => h?.cleanup());

type Stored = MemoryObjectStore['objects'] extends Map<string, infer V> ? V : never;

/** What a kill -9 leaves: the database as its last commit left it, the server as it is now. */
type KillPoint = {
  readonly commit: number;
  readonly db: Buffer;
  readonly objects: ReadonlyMap<string, Stored>;
};

const FILES = ['a.wav', 'b.wav', 'c.wav', 'd.wav', 'e.wav'] as const;
const SIZE = 40 * KiB;

const md5Etag = (bytes: Uint8Array): string => `"${createHash('md5').update(bytes).digest('hex')}"`;

/**
 * Issue 15, fourth pass (ADR 0013): fewer commits per small file, the same guarantees. A kill -9
 * is simulated at every commit of a small-file night: the database as the commit before left it,
 * beside the server as it is when the commit starts (everything already sent has arrived, the
 * worst case). At each such point nothing is claimed the server does not hold, every object on
 * the server was recorded as sent before it went (write-ahead), and a new run from there
 * deposits the rest with nothing lost and nothing counted "already there".
 */
describe('a small-file night killed at every commit (issue 15)', () => {
  it('claims nothing unproven, writes ahead, and resumes from every point', async () => {
    const points: KillPoint[] = [];
    let raw: BetterSqlite3.Database | undefined;
    let commit = 0;
    h = makeHarness({
      files: Object.fromEntries(FILES.map((f) => [f, SIZE])),
      settings: { concurrency: 2 },
      database: (db) => {
        raw = db;
        return countingDatabase(db, () => {
          commit += 1;
          if (h === undefined || raw === undefined) return;
          points.push({ commit, db: raw.serialize(), objects: new Map(h.objects.objects) });
        }).db;
      },
    });
    const plan = await h.engine.planFolder({
      dir: h.dir,
      bucket: 'b',
      prefix: 'p',
      hashAhead: false,
    });
    const first = commit;
    expect(await h.time.drive(h.engine.run(plan.id))).toEqual({ kind: 'completed' });
    if (raw === undefined) throw new Error('not wrapped');
    points.push({ commit: commit + 1, db: raw.serialize(), objects: new Map(h.objects.objects) });
    const during = points.filter((p) => p.commit > first);
    // Every commit of the run, and the end: enough points to land between every two steps.
    expect(during.length).toBeGreaterThan(FILES.length * 2);

    for (const point of during) {
      const at = `kill before commit ${point.commit}`;
      // The file's header says WAL, which a database in memory cannot be: rollback journal.
      const bytes = Buffer.from(point.db);
      bytes[18] = 1;
      bytes[19] = 1;
      const db = new BetterSqlite3(bytes);
      const store = new PlanStore(db);
      // Claims: a unit done, or a part acknowledged, only for an object the server holds with
      // the file's MD5 as ETag; written ahead: an object on the server was counted as sent.
      for (const unit of store.iterateUnits(plan.id)) {
        const object = point.objects.get(unit.key);
        const part = store.parts(unit.id)[0];
        const expected = md5Etag(contentOf(unit.relPath, SIZE));
        if (unit.state.kind === 'done' || part?.etag != null) {
          expect(object?.etag, `${at}: ${unit.relPath} claimed`).toBe(expected);
        }
        if (unit.state.kind === 'done') expect(unit.state.alreadyPresent, at).toBe(false);
        if (object !== undefined) {
          expect(part?.sentBytes ?? 0, `${at}: ${unit.relPath} sent before its record`).toBe(SIZE);
        }
      }
      // A new process from there.
      const time = new VirtualTime();
      const objects = new MemoryObjectStore({ clock: time, sleeper: time, latencyMs: 20 });
      for (const [key, stored] of point.objects) objects.objects.set(key, stored);
      const random = seededRandom(11);
      // The same host, the killed pid dead: its lease is taken over at once.
      const { engine } = createEngineStack({
        store,
        objectStore: objects,
        policy: new RetryPolicy({ clock: time, sleeper: time, random }),
        clock: time,
        sleeper: time,
        random,
        settings: { concurrency: 2 },
        leaseHolder: {
          pid: -1,
          host: hostname(),
          isAlive: () => false,
          heartbeat: () => () => undefined,
        },
      });
      expect(await time.drive(engine.run(plan.id)), at).toEqual({ kind: 'completed' });
      const summary = engine.planSummary(plan.id);
      expect(summary.done, at).toBe(FILES.length);
      expect(summary.alreadyPresent, at).toBe(0);
      for (const f of FILES) {
        const object = objects.objects.get(`p/${f}`);
        expect(Buffer.from(object?.bytes ?? []).equals(contentOf(f, SIZE)), `${at}: ${f}`).toBe(
          true,
        );
        // Sent again only if the kill came before it reached the server.
        const puts = objects.requests.filter(
          (r) => r.operation === 'putObject' && r.key === `p/${f}`,
        );
        expect(puts.length, `${at}: ${f} sent again`).toBe(point.objects.has(`p/${f}`) ? 0 : 1);
      }
      store.close();
    }
  });
});
