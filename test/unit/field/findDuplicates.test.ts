import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { findDuplicates } from '../../../electron/field/findDuplicates';

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'depot-dups-'));
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('findDuplicates', () => {
  it('reports a file it cannot read among same-size files, and still groups the others (issue 12)', async () => {
    const bytes = Buffer.alloc(40_000, 7);
    await writeFile(join(dir, 'a.wav'), bytes);
    await writeFile(join(dir, 'b.wav'), bytes);
    await writeFile(join(dir, 'c.wav'), Buffer.alloc(40_000, 9));
    const candidate = (name: string) => ({ relPath: name, absPath: join(dir, name), size: 40_000 });
    // Gone between the scan and the read: the same path through the code as EACCES or EIO.
    const { groups, unreadable } = await findDuplicates([
      candidate('a.wav'),
      candidate('gone.wav'),
      candidate('b.wav'),
      candidate('c.wav'),
    ]);
    expect(unreadable).toEqual(new Map([['gone.wav', 'ENOENT']]));
    expect(groups.map((g) => g.relPaths)).toEqual([['a.wav', 'b.wav']]);
  });

  it('still stops on the caller abort', async () => {
    await writeFile(join(dir, 'a.wav'), Buffer.alloc(10, 1));
    const files = [
      { relPath: 'a.wav', absPath: join(dir, 'a.wav'), size: 10 },
      { relPath: 'b.wav', absPath: join(dir, 'b.wav'), size: 10 },
    ];
    await expect(findDuplicates(files, AbortSignal.abort())).rejects.toThrow();
  });
});
