import { afterEach, describe, expect, it } from 'vitest';
import { countingDatabase } from '../../support/countingDatabase';
import type { DatabaseCounts } from '../../support/countingDatabase';
import { KiB, makeHarness } from './engineHarness';
import type { Harness } from './engineHarness';

let h: Harness | undefined;
afterEach(() => h?.cleanup());

const FILES = 40;

/**
 * What SQLite is asked per small file hashed when taken (issue 15, ADR 0013 fourth pass), the run's
 * own statements (lease, listing, finish) spread over the files. Before: 7.2 commits and 21.3
 * statements a file (`in-progress`, hashes, `beginSend`, `endSend`, the journal's line, the ack,
 * `done`), then 3 and 17 (fourth pass), then 2 and 14 once a whole send's unchanged count and its
 * journal line went with the ack. Crash safety of the fewer commits: killBetweenCommits.test.ts.
 */
describe('SQLite per small file (issue 15)', () => {
  it('commits a file in two: taken, hashed and written ahead; answered, acknowledged and done', async () => {
    let counts: DatabaseCounts | undefined;
    h = makeHarness({
      files: Object.fromEntries(
        Array.from({ length: FILES }, (_, i) => [`f${String(i).padStart(3, '0')}.wav`, 40 * KiB]),
      ),
      database: (db) => {
        const counting = countingDatabase(db);
        counts = counting.counts;
        return counting.db;
      },
    });
    const plan = await h.engine.planFolder({
      dir: h.dir,
      bucket: 'b',
      prefix: 'p',
      hashAhead: false,
    });
    if (counts === undefined) throw new Error('the connection was not wrapped');
    counts.statements = 0;
    counts.commits = 0;
    counts.bySql.clear();
    expect(await h.time.drive(h.engine.run(plan.id))).toEqual({ kind: 'completed' });
    const perFile = (sql: string): number => (counts?.bySql.get(sql) ?? 0) / FILES;
    // Two per file, and the run's own eight (lease taken and released, interrupted units reset,
    // manifest, completion...) spread over the 40 files.
    expect(counts.commits).toBeLessThanOrEqual(2 * FILES + 8);
    expect(counts.statements / FILES).toBeLessThan(14.5);
    // A whole send's count stands as written ahead: not read back and written again.
    expect(perFile('SELECT * FROM parts WHERE unit_id = ? AND part_number = ?')).toBe(1);
    // Each state once per file (in-progress held, then done): no read of the unit back.
    expect(
      perFile(
        'UPDATE units SET state = ?, not_before = ?, already_present = ?, unverifiable = ?, cause = ?, updated_at = ? WHERE id = ?',
      ),
    ).toBe(2);
    expect(perFile('SELECT * FROM units WHERE id = ?')).toBe(0);
    // Its part plan is the one just hashed: not read back either.
    expect(perFile('SELECT * FROM parts WHERE unit_id = ? ORDER BY part_number')).toBe(0);
  });
});

describe('a small file whose PutObject answer proves nothing (issue 15)', () => {
  it('journals the PutObject before the HeadObject that proves it, and counts it once', async () => {
    h = makeHarness({ files: { 'a.wav': 40 * KiB }, memory: { emptyPutEtag: true } });
    const plan = await h.engine.planFolder({ dir: h.dir, bucket: 'b', prefix: 'p' });
    expect(await h.time.drive(h.engine.run(plan.id))).toEqual({ kind: 'completed' });
    const lines = h.engine
      .journal({ limit: 100, planId: plan.id })
      .reverse()
      .filter((j) => j.operation.endsWith('a.wav'))
      .map((j) => `${j.operation.split(' ')[0] ?? ''} ${j.outcome}`);
    expect(lines).toEqual(['PutObject success', 'HeadObject success']);
    expect(h.engine.planSummary(plan.id)).toMatchObject({
      done: 1,
      bytesSent: 40 * KiB,
      bytesResent: 0,
    });
  });
});
