import { readdirSync, statSync, utimesSync } from 'node:fs';
import { join } from 'node:path';
import { PassThrough } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { depositCommand } from '../../../electron/cli/depositCommand';
import { synthNight } from '../../../electron/field/synthNight';
import type * as ScanModule from '../../../electron/scan/scanFolder';
import { depotEnv } from '../../support/depotEnv';
import { proxiedBucket, type BucketAndWork } from '../../support/proxiedBucket';
import type { TestBucket } from '../../support/testBucket';
import { targetArgs } from '../../support/targetArgs';

/** Every scan of a folder, by any caller: the pre-flight's and the planner's go through here. */
const scans = vi.hoisted(() => ({ roots: [] as string[] }));
vi.mock('../../../electron/scan/scanFolder', async (importOriginal) => {
  const real = await importOriginal<typeof ScanModule>();
  return {
    ...real,
    scanFolder: (root: string, opts?: ScanModule.ScanOptions) => {
      scans.roots.push(root);
      return real.scanFolder(root, opts);
    },
  };
});

/**
 * Issue 13: one scan per deposit, shared by the pre-flight and the plan, so the verdict the
 * volunteer reads and the plan describe one snapshot. `depot deposit` runs in this process (a
 * spawned one could not be counted), against the real server.
 */
describe('depot deposit scans the folder once', () => {
  let setup: BucketAndWork;
  let b: TestBucket;
  let work: string;
  let night: string;

  beforeAll(async () => {
    setup = await proxiedBucket('engine-one-scan', { proxy: false });
    ({ bucket: b, work } = setup);
    night = join(work, 'night');
    await synthNight(night, { files: 3, totalBytes: 600_000, seed: 13, sizes: 'small' });
  });
  afterAll(() => setup.close());

  const deposit = async (...extra: string[]): Promise<{ code: number; stderr: string }> => {
    let stderr = '';
    const err = new PassThrough();
    err.on('data', (c: Buffer) => (stderr += c.toString()));
    const code = await depositCommand.run(
      [
        night,
        ...targetArgs(b.endpoint, b.bucket, 'one-scan'),
        '--db',
        join(work, 'depot.db'),
        ...extra,
      ],
      {
        stdout: new PassThrough().resume(),
        stderr: err,
        env: depotEnv(b),
        signal: new AbortController().signal,
      },
    );
    return { code, stderr };
  };

  it('a first deposit, then an --update after a file changed: one scan each', async () => {
    scans.roots.length = 0;
    const first = await deposit();
    expect(first, first.stderr).toMatchObject({ code: 0 });
    expect(scans.roots).toEqual([night]);

    const [wav] = readdirSync(night).filter((f) => f.endsWith('.wav'));
    if (wav === undefined) throw new Error('no recording in the night');
    // Touched, same bytes: the plan follows the folder, the server's copy proves the content.
    const path = join(night, wav);
    const later = new Date(statSync(path).mtimeMs + 60_000);
    utimesSync(path, later, later);
    scans.roots.length = 0;
    const updated = await deposit('--update');
    expect(updated, updated.stderr).toMatchObject({ code: 0 });
    expect(updated.stderr).toMatch(/1 changed \(sent again\)/);
    expect(scans.roots).toEqual([night]);
  });
});
