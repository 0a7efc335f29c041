import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { runDepot } from '../../support/runDepot';

const work = mkdtempSync(join(tmpdir(), 'depot-open-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

// CI once saw the second of two deposits started together die with "database is locked" from
// `PRAGMA journal_mode = WAL` on the new file: SQLite answers some of the first open's steps
// SQLITE_BUSY without waiting. Every process must open the file (or be told it is busy, exit 4).
describe('several Depot processes opening one new database at the same instant', () => {
  it('all open it, in every round', async () => {
    for (let round = 0; round < 5; round += 1) {
      const db = join(work, `round-${round}.db`);
      const results = await Promise.all(
        Array.from({ length: 6 }, () => runDepot(['status', '--db', db])),
      );
      for (const r of results) expect(r.code, r.stderr).toBe(0);
    }
  });
});
