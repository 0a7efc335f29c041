import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { edgeFingerprint } from '../../../electron/field/edgeFingerprint';
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

  it('opens no file whose edge fingerprint the header pass already took (issue 15)', async () => {
    // Neither file exists: opening one would report it unreadable.
    const files = ['a.wav', 'b.wav'].map((name) => ({
      relPath: name,
      absPath: join(dir, name),
      size: 40_000,
    }));
    const edges = new Map([
      ['a.wav', 'edges of a'],
      ['b.wav', 'edges of b'],
    ]);
    expect(await findDuplicates(files, undefined, edges)).toEqual({
      groups: [],
      hashes: new Map(),
      unreadable: new Map(),
    });
  });

  it('takes the same fingerprint from bytes held as from the file opened for it', async () => {
    // 40 KB: head and tail overlap nothing; 20 KB: the tail starts where the head ends.
    for (const size of [40_000, 20_000, 10]) {
      const bytes = Buffer.from(Array.from({ length: size }, (_, i) => (i * 7) % 251));
      await writeFile(join(dir, 'a.wav'), bytes);
      const other = Buffer.from(bytes);
      other[size - 1] = 255;
      await writeFile(join(dir, 'b.wav'), other);
      const held = await edgeFingerprint(
        (offset, length) => Promise.resolve(bytes.subarray(offset, offset + length)),
        size,
      );
      const candidate = (name: string) => ({ relPath: name, absPath: join(dir, name), size });
      // a.wav read from disk shares the held fingerprint; b.wav differs in its last byte only.
      const { groups } = await findDuplicates(
        [candidate('a.wav'), { ...candidate('a.wav'), relPath: 'held.wav' }],
        undefined,
        new Map([['held.wav', held]]),
      );
      expect(groups.map((g) => g.relPaths)).toEqual([['a.wav', 'held.wav']]);
      const apart = await findDuplicates(
        [candidate('b.wav'), { ...candidate('a.wav'), relPath: 'held.wav' }],
        undefined,
        new Map([['held.wav', held]]),
      );
      expect(apart.groups).toEqual([]);
    }
  });
});
