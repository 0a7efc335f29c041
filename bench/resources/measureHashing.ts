import { spawnSync } from 'node:child_process';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { hashFile } from '../../electron/hashing/hashFile';
import { fsSourceReader } from '../../electron/runtime/fsSourceReader';
import type { HashResult } from '../BenchResults';

const PART = 8 * 1024 * 1024;

/**
 * Depot's own hashing pass (SHA-256 of the file and MD5 of each 8 MiB part, `hashFile`) against
 * `sha256sum` on the same files, both from a warm page cache, best of `rounds`.
 */
export const measureHashing = async (dir: string, rounds = 3): Promise<HashResult> => {
  const files = readdirSync(dir).map((name) => join(dir, name));
  const bytes = files.reduce((sum, f) => sum + statSync(f).size, 0);
  for (const f of files) readFileSync(f); // warm the cache
  let depotBest = Infinity;
  let sumBest = Infinity;
  for (let round = 0; round < rounds; round++) {
    let t = performance.now();
    for (const f of files)
      await hashFile(fsSourceReader, { path: f, size: statSync(f).size, partSize: PART });
    depotBest = Math.min(depotBest, (performance.now() - t) / 1000);
    t = performance.now();
    const r = spawnSync('sha256sum', files, {
      stdio: ['ignore', 'ignore', 'inherit'],
      timeout: 600_000,
    });
    if (r.status !== 0) throw new Error(`sha256sum failed (${r.status})`);
    sumBest = Math.min(sumBest, (performance.now() - t) / 1000);
  }
  const depotMBps = bytes / 1e6 / depotBest;
  const sha256sumMBps = bytes / 1e6 / sumBest;
  return { bytes, depotMBps, sha256sumMBps, ratio: depotMBps / sha256sumMBps };
};
