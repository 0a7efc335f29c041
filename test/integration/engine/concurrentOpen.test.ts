import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

const root = join(import.meta.dirname, '..', '..', '..');
const work = mkdtempSync(join(tmpdir(), 'depot-open-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

const depot = (args: readonly string[]): Promise<{ code: number | null; stderr: string }> =>
  new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['bin/depot.js', ...args], {
      cwd: root,
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    let stderr = '';
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stderr }));
  });

// CI once saw the second of two deposits started together die with "database is locked" from
// `PRAGMA journal_mode = WAL` on the new file: SQLite answers some of the first open's steps
// SQLITE_BUSY without waiting. Every process must open the file (or be told it is busy, exit 4).
describe('several Depot processes opening one new database at the same instant', () => {
  it('all open it, in every round', async () => {
    for (let round = 0; round < 5; round += 1) {
      const db = join(work, `round-${round}.db`);
      const results = await Promise.all(
        Array.from({ length: 6 }, () => depot(['status', '--db', db])),
      );
      for (const r of results) expect(r.code, r.stderr).toBe(0);
    }
  });
});
