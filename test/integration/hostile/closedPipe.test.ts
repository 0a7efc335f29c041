import { spawn } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { repoRoot } from '../../support/runDepot';

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'depot-pipe-'));
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

it('ends as usual when its reader closes the pipe early (depot check --json | head -c 100)', async () => {
  // 600 files that are not WAVs: a report of several hundred KB, more than a pipe holds.
  for (let i = 0; i < 600; i++) {
    await writeFile(join(dir, `r${String(i).padStart(4, '0')}.wav`), Buffer.alloc(100, i % 256));
  }
  const child = spawn(process.execPath, ['bin/depot.js', 'check', dir, '--json'], {
    cwd: repoRoot,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stderr = '';
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  // The first bytes read, then the pipe closed, as `head -c 100` does.
  const first = await new Promise<string>((resolve) =>
    child.stdout.once('data', (chunk: Buffer) => resolve(chunk.toString())),
  );
  child.stdout.destroy();
  const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
  expect(first).toMatch(/^\{"root":/);
  // The report's own exit code (3: problems found), not a crash's (1).
  expect(code).toBe(3);
  expect(stderr).toBe('');
});
