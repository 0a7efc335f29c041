import { createHash, randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OpenHow, SourceReader } from '../../../shared/ports/SourceReader';
import { hashFile } from '../../../electron/hashing/hashFile';
import { HEAD_BYTES } from '../../../electron/field/openHeaderReader';
import { fsSourceReader } from '../../../electron/runtime/fsSourceReader';

let dir: string;
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'depot-source-reader-'));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const recording = (name: string, size: number): { path: string; bytes: Buffer } => {
  const bytes = randomBytes(size);
  const path = join(dir, name);
  writeFileSync(path, bytes);
  return { path, bytes };
};

/** What one open file tells: its stat, its bytes in two reads, and a read past its end. */
const readAll = async (path: string, how: OpenHow | undefined) => {
  const file = await fsSourceReader.open(path, how);
  try {
    const stat = await file.stat();
    const buffer = Buffer.alloc(stat.size + 10);
    const first = await file.read(buffer, 0, 1000, 0);
    const rest = await file.read(buffer, first, buffer.length - first, first);
    const past = await file.read(buffer, 0, 10, stat.size);
    return { stat, bytes: buffer.subarray(0, first + rest), past };
  } finally {
    await file.close();
  }
};

describe('fsSourceReader', () => {
  it('reads a file expected in memory exactly as it reads one from the disk', async () => {
    const { path, bytes } = recording('A.wav', 40_000);
    const pooled = await readAll(path, undefined);
    const inThread = await readAll(path, { cached: true });
    expect(inThread).toEqual(pooled);
    expect(inThread.bytes.equals(bytes)).toBe(true);
    expect(inThread.past).toBe(0);
    // The same float a path `stat` gives, which the planner stored.
    expect(inThread.stat.mtimeMs).toBe(statSync(path).mtimeMs);
    expect(inThread.stat.mtimeNs).toBe(statSync(path, { bigint: true }).mtimeNs);
  });

  it('rejects a missing file with the file system code either way, never throws', async () => {
    const missing = join(dir, 'gone.wav');
    for (const how of [undefined, { cached: true }]) {
      const opening = fsSourceReader.open(missing, how);
      await expect(opening).rejects.toMatchObject({ code: 'ENOENT' });
    }
  });

  it('rejects a read on a closed file instead of throwing', async () => {
    const { path } = recording('B.wav', 100);
    const file = await fsSourceReader.open(path, { cached: true });
    await file.close();
    await expect(file.read(Buffer.alloc(10), 0, 10, 0)).rejects.toMatchObject({ code: 'EBADF' });
  });
});

describe('hashFile', () => {
  /** The file system, with how each file was opened. */
  const watched = (): { source: SourceReader; opened: (OpenHow | undefined)[] } => {
    const opened: (OpenHow | undefined)[] = [];
    return {
      opened,
      source: {
        ...fsSourceReader,
        open: (path, how) => {
          opened.push(how);
          return fsSourceReader.open(path, how);
        },
      },
    };
  };

  it('reads on the calling thread only a file the pre-flight read whole', async () => {
    const small = recording('small.wav', HEAD_BYTES);
    const larger = recording('larger.wav', HEAD_BYTES + 1);
    const { source, opened } = watched();
    const a = await hashFile(source, {
      path: small.path,
      size: small.bytes.length,
      partSize: 5 * 1024 * 1024,
    });
    const b = await hashFile(source, {
      path: larger.path,
      size: larger.bytes.length,
      partSize: 5 * 1024 * 1024,
    });
    expect(opened).toEqual([{ cached: true }, { cached: false }]);
    expect(a.md5).toBe(createHash('md5').update(small.bytes).digest('hex'));
    expect(b.md5).toBe(createHash('md5').update(larger.bytes).digest('hex'));
  });
});
