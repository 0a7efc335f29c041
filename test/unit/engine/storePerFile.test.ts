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
 * `done`). Crash safety of the fewer commits: killBetweenCommits.test.ts.
 */
describe('SQLite per small file (issue 15)', () => {
  it('commits a file in three: taken, hashed and written ahead; answered; acknowledged and done', async () => {
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
    // Three per file, and the run's own eight (lease taken and released, interrupted units reset,
    // manifest, completion...) spread over the 40 files.
    expect(counts.commits).toBeLessThanOrEqual(3 * FILES + 8);
    expect(counts.statements / FILES).toBeLessThan(19.5);
    // Each state once per file (in-progress held, then done): no read of the unit back.
    expect(
      perFile(
        'UPDATE units SET state = ?, not_before = ?, already_present = ?, cause = ?, updated_at = ? WHERE id = ?',
      ),
    ).toBe(2);
    expect(perFile('SELECT * FROM units WHERE id = ?')).toBe(0);
    // Its part plan is the one just hashed: not read back either.
    expect(perFile('SELECT * FROM parts WHERE unit_id = ? ORDER BY part_number')).toBe(0);
  });
});
