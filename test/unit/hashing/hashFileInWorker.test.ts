import { createHash, randomBytes } from 'node:crypto';
import { appendFileSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { build } from 'esbuild';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SourceReader } from '../../../shared/ports/SourceReader';
import { SourceChangedError } from '../../../shared/ports/SourceChangedError';
import { hashFile } from '../../../electron/hashing/hashFile';
import type { FileHasher } from '../../../electron/hashing/FileHasher';
import { HashWorker } from '../../../electron/hashing/HashWorker';
import { startHashWorker } from '../../../electron/hashing/startHashWorker';
import { fsSourceReader } from '../../../electron/runtime/fsSourceReader';

const MiB = 1024 * 1024;
const md5 = (bytes: Uint8Array): string => createHash('md5').update(bytes).digest('hex');

let dir: string;
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'depot-hash-worker-'));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** A file of random bytes, several parts and a tail off the 1 MiB reads. */
const recording = (name: string, size = 11 * MiB + 123): { path: string; bytes: Buffer } => {
  const bytes = randomBytes(size);
  const path = join(dir, name);
  writeFileSync(path, bytes);
  return { path, bytes };
};

/** The worker as the engine starts it, and how many times it was started. */
const countedWorker = (
  start = (): ReturnType<typeof startHashWorker> => startHashWorker(),
): { worker: HashWorker; starts: () => number } => {
  let starts = 0;
  const worker = new HashWorker(() => {
    starts += 1;
    return start();
  });
  return { worker, starts: () => starts };
};

/** The file system, with `onRead(n)` awaited before the n-th read of any file (1-based). */
const readsWatched = (onRead: (n: number) => Promise<void>): SourceReader => {
  let reads = 0;
  return {
    ...fsSourceReader,
    open: async (path) => {
      const file = await fsSourceReader.open(path);
      return {
        ...file,
        stat: () => file.stat(),
        close: () => file.close(),
        read: async (...args: Parameters<typeof file.read>) => {
          reads += 1;
          await onRead(reads);
          return file.read(...args);
        },
      };
    },
  };
};

const expectDigestsOf = (
  got: Awaited<ReturnType<typeof hashFile>>,
  bytes: Buffer,
  partSize: number,
): void => {
  expect(got.sha256).toBe(createHash('sha256').update(bytes).digest('hex'));
  expect(got.md5).toBe(md5(bytes));
  const expected = [];
  for (let offset = 0, n = 1; offset < bytes.length; offset += partSize, n += 1) {
    const part = bytes.subarray(offset, offset + partSize);
    expected.push({ partNumber: n, offset, size: part.length, md5: md5(part) });
  }
  expect(got.parts).toEqual(expected);
};

/** `file` hashed through `worker` (from `source`) gives node:crypto's digests. */
const expectHashed = async (
  file: { path: string; bytes: Buffer },
  partSize: number,
  worker: FileHasher | undefined,
  source: SourceReader = fsSourceReader,
): Promise<void> => {
  const { path, bytes } = file;
  expectDigestsOf(
    await hashFile(source, { path, size: bytes.length, partSize }, undefined, worker),
    bytes,
    partSize,
  );
};

describe('a large file hashed in the hash worker (ADR 0025)', () => {
  it('gives the digests the main thread gives, the worker started once for several files', async () => {
    const { worker, starts } = countedWorker();
    const { path, bytes } = recording('a.wav');
    const inWorker = await hashFile(
      fsSourceReader,
      { path, size: bytes.length, partSize: 5 * MiB },
      undefined,
      worker,
    );
    const here = await hashFile(
      fsSourceReader,
      { path, size: bytes.length, partSize: 5 * MiB },
      undefined,
      undefined,
    );
    expectDigestsOf(inWorker, bytes, 5 * MiB);
    expect({ ...inWorker, seen: undefined }).toEqual({ ...here, seen: undefined });
    // Three files at once: two whose MD5s the worker takes in one pass, of different lengths and
    // parts, and one whose parts are off the 64-byte blocks (node:crypto's MD5s, alone).
    await Promise.all([
      expectHashed(recording('b.wav', 7 * MiB + 5), 5 * MiB + 1, worker),
      expectHashed({ path, bytes }, 6 * MiB, worker),
      expectHashed(recording('g.wav', 9 * MiB + 3), 5 * MiB, worker),
    ]);
    expect(starts()).toBe(1);
    expect(worker.filesHashed).toBe(4);
    await worker.terminate();
  });

  it('hashes the file again on the main thread when the worker stops under it, and the next files there', async () => {
    const { worker, starts } = countedWorker();
    const { path, bytes } = recording('c.wav');
    const source = readsWatched(async (n) => {
      if (n === 4) await worker.terminate();
    });
    await expectHashed({ path, bytes }, 5 * MiB, worker, source);
    await expectHashed({ path, bytes }, 5 * MiB, worker);
    expect(starts()).toBe(1);
    expect(worker.filesHashed).toBe(0);
    expect(worker.digest(10, 5, 5)).toBeUndefined();
  });

  it('lets go of a file stopped halfway, and the worker goes on with the next', async () => {
    const { worker, starts } = countedWorker();
    const { path, bytes } = recording('d.wav');
    const stop = new AbortController();
    const source = readsWatched((n) => {
      if (n === 5) stop.abort();
      return Promise.resolve();
    });
    await expect(
      hashFile(source, { path, size: bytes.length, partSize: 5 * MiB }, stop.signal, worker),
    ).rejects.toMatchObject({ name: 'AbortError' });
    await expectHashed({ path, bytes }, 5 * MiB, worker);
    expect(starts()).toBe(1);
    expect(worker.filesHashed).toBe(1);
    await worker.terminate();
  });

  it('refuses a file that grew since it was listed, as on the main thread', async () => {
    const { worker } = countedWorker();
    const { path, bytes } = recording('e.wav', 3 * MiB);
    appendFileSync(path, Buffer.from('more'));
    await expect(
      hashFile(fsSourceReader, { path, size: bytes.length, partSize: 5 * MiB }, undefined, worker),
    ).rejects.toBeInstanceOf(SourceChangedError);
    await worker.terminate();
  });

  it('hashes on the main thread where the worker cannot start', async () => {
    const { worker, starts } = countedWorker(() => undefined);
    await expectHashed(recording('f.wav', 2 * MiB + 1), MiB, worker);
    expect(worker.digest(10, 5, 5)).toBeUndefined();
    expect(starts()).toBe(1);
  });

  it.each([
    ['the command line', 'esm', 'depot.mjs'],
    ['the app', 'cjs', 'main.cjs'],
  ] as const)(
    'runs from the file beside %s’s bundle, built as the build scripts build it',
    async (_who, format, bundle) => {
      const out = mkdtempSync(join(dir, `${format}-`));
      await build({
        entryPoints: ['electron/hashing/hashWorkerMain.ts'],
        outfile: join(out, `hashWorkerMain.${format === 'esm' ? 'mjs' : 'cjs'}`),
        bundle: true,
        platform: 'node',
        format,
        logLevel: 'warning',
      });
      const here = pathToFileURL(join(out, bundle)).href;
      const { worker, starts } = countedWorker(() => startHashWorker(here));
      const { path, bytes } = recording(`${format}.wav`, 6 * MiB + 7);
      await expectHashed({ path, bytes }, 5 * MiB, worker);
      expect(starts()).toBe(1);
      expect(worker.filesHashed).toBe(1);
      expect(startHashWorker(pathToFileURL(join(dir, 'elsewhere', bundle)).href)).toBeUndefined();
      await worker.terminate();
    },
  );
});
