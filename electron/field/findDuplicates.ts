import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import type { DuplicateGroup } from '../../shared/field/buildPreflightReport';
import { errnoOf } from '../errnoOf';
import { fdCalls } from '../runtime/fdCalls';
import { edgeFingerprint } from './edgeFingerprint';

type Candidate = { readonly relPath: string; readonly absPath: string; readonly size: number };

/**
 * SHA-256 of the whole file, streamed in reads of at most 1 MiB (never the whole file in memory).
 * A read stream allocates its full read size for each read whatever the file holds, so a small
 * file reads into a buffer of its own size, not 1 MiB (issue 5, ADR 0010).
 */
export const sha256OfFile = async (
  absPath: string,
  size: number,
  signal?: AbortSignal,
): Promise<string> => {
  const hash = createHash('sha256');
  const stream = createReadStream(absPath, {
    highWaterMark: Math.max(1, Math.min(size, 1 << 20)),
    ...(signal ? { signal } : {}),
  });
  for await (const chunk of stream) hash.update(chunk as Buffer);
  return hash.digest('hex');
};

/** The edge fingerprint of a file not read yet: opened for it alone. */
const edgesOfFile = async (file: Candidate): Promise<string> => {
  const fd = await fdCalls.open(file.absPath);
  try {
    return await edgeFingerprint(async (offset, length) => {
      const buffer = Buffer.alloc(length);
      return buffer.subarray(0, await fdCalls.read(fd, buffer, 0, length, offset));
    }, file.size);
  } finally {
    await fdCalls.close(fd);
  }
};

/** The error's code, else its message: what the volunteer is told of a file not read. */
const whyUnreadable = (error: unknown): string =>
  errnoOf(error) ?? (error instanceof Error ? error.message : String(error));

/** Files that could not be read while comparing them, by relPath, with the error's code. */
type Unreadable = Map<string, string>;

/** Files read at once: a card's latency hidden, as the header reads (runPreflight) do. */
const READS_AT_ONCE = 8;

/** Groups files by a key read from each, a few at a time; groups keep the files' order. */
const groupBy = async <K>(
  files: readonly Candidate[],
  key: (f: Candidate) => Promise<K> | K,
  signal?: AbortSignal,
  unreadable?: Unreadable,
): Promise<Map<K, Candidate[]>> => {
  const keys = new Array<{ readonly key: K } | undefined>(files.length);
  let next = 0;
  const worker = async (): Promise<void> => {
    while (next < files.length) {
      signal?.throwIfAborted();
      const i = next++;
      const f = files[i];
      if (f === undefined) break; // i < files.length
      try {
        keys[i] = { key: await key(f) };
      } catch (error) {
        // One unreadable file is that file's problem, not the night's: it is reported like any
        // other unreadable file and left out of the comparison.
        if (unreadable === undefined || signal?.aborted === true) throw error;
        unreadable.set(f.relPath, whyUnreadable(error));
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(READS_AT_ONCE, files.length) }, worker));
  const groups = new Map<K, Candidate[]>();
  files.forEach((f, i) => {
    const k = keys[i];
    if (k === undefined) return;
    const group = groups.get(k.key);
    if (group) group.push(f);
    else groups.set(k.key, [f]);
  });
  return groups;
};

/**
 * Exact duplicates (same SHA-256) among files. Only files whose sizes collide are read; among
 * those, the first and last 16 KiB rule out almost every pair (recorders often write fixed-size
 * files whose audio differs from the first samples), and only the survivors are hashed whole.
 * Returns each group sorted by relPath, the whole-file hashes it computed, and the files it could
 * not read (EACCES, EIO...) with the error's code: those are in no group. `edges` holds the edge
 * fingerprints already taken (by relPath, see `edgeFingerprint`): those files are not opened for it.
 */
export const findDuplicates = async (
  files: readonly Candidate[],
  signal?: AbortSignal,
  edges: ReadonlyMap<string, string> = new Map(),
): Promise<{
  groups: DuplicateGroup[];
  hashes: Map<string, string>;
  unreadable: Map<string, string>;
}> => {
  const hashes = new Map<string, string>();
  const unreadable: Unreadable = new Map();
  const groups: DuplicateGroup[] = [];
  const bySize = await groupBy(
    files.filter((f) => f.size > 0),
    (f) => f.size,
  );
  for (const sameSize of bySize.values()) {
    if (sameSize.length < 2) continue;
    const byEdges = await groupBy(
      sameSize,
      (f) => edges.get(f.relPath) ?? edgesOfFile(f),
      signal,
      unreadable,
    );
    for (const sameEdges of byEdges.values()) {
      if (sameEdges.length < 2) continue;
      const byHash = await groupBy(
        sameEdges,
        async (f) => {
          const sha = await sha256OfFile(f.absPath, f.size, signal);
          hashes.set(f.relPath, sha);
          return sha;
        },
        signal,
        unreadable,
      );
      for (const [sha256, same] of byHash)
        if (same.length > 1)
          groups.push({
            sha256,
            relPaths: same.map((f) => f.relPath).sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)),
          });
    }
  }
  // Every group holds two paths or more.
  groups.sort((a, b) => ((a.relPaths[0] ?? '') < (b.relPaths[0] ?? '') ? -1 : 1));
  return { groups, hashes, unreadable };
};
