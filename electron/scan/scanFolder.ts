import type { Dirent } from 'node:fs';
import { lstat, readdir, stat } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import {
  hasControlCharacters,
  hasDotDotSegment,
  isJunkDirectory,
  isJunkFile,
  printableName,
} from '../../shared/field/pathRules';
import type { ScanIssue, ScannedFile, ScanResult } from '../../shared/field/ScanResult';
import { ScanError } from './ScanError';

export type { ScanIssue, ScannedFile, ScanResult } from '../../shared/field/ScanResult';
export { ScanError } from './ScanError';

export type ScanOptions = {
  readonly signal?: AbortSignal;
  /** Called every few dozen entries and once at the end with the number of files kept so far. */
  readonly onProgress?: (filesSeen: number) => void;
};

const STAT_BATCH = 64;
const PROGRESS_EVERY = 64;

const errorCode = (error: unknown): string | undefined =>
  error instanceof Error && 'code' in error ? String(error.code) : undefined;

const describeError = (error: unknown): string =>
  errorCode(error) ?? (error instanceof Error ? error.message : String(error));

const kindOf = (entry: Dirent): string => {
  if (entry.isSymbolicLink()) return 'a symbolic link (not followed)';
  if (entry.isFIFO()) return 'a named pipe';
  if (entry.isSocket()) return 'a socket';
  if (entry.isBlockDevice() || entry.isCharacterDevice()) return 'a device';
  return 'not a regular file';
};

const statRoot = async (root: string): Promise<void> => {
  try {
    const info = await stat(root);
    if (!info.isDirectory())
      throw new ScanError('not-a-directory', `${root} is not a folder`, root);
  } catch (error) {
    if (error instanceof ScanError) throw error;
    const code = errorCode(error);
    if (code === 'ENOENT') throw new ScanError('missing', `${root} does not exist`, root);
    if (code === 'ENOTDIR') throw new ScanError('not-a-directory', `${root} is not a folder`, root);
    throw new ScanError('unreadable', `${root} cannot be read (${code ?? String(error)})`, root);
  }
};

/**
 * Lists the files of a folder, recursively, without following symbolic links. The walk is
 * iterative (a stack of folders, one readdir each), so deep trees cannot overflow the call stack
 * and each entry is visited once. Junk is counted, suspicious names are refused with a reason;
 * only the root's own problems throw (ScanError).
 */
export const scanFolder = async (root: string, opts: ScanOptions = {}): Promise<ScanResult> => {
  const rootAbs = resolve(root);
  await statRoot(rootAbs);

  const files: ScannedFile[] = [];
  const junk: string[] = [];
  const refused: ScanIssue[] = [];
  let sinceProgress = 0;
  const refuse = (relPath: string, reason: ScanIssue['reason'], message: string): void => {
    refused.push({ relPath, reason, message });
  };

  // Each stack entry: the folder's absolute path (names as on disk) and its NFC relative path.
  const stack: { abs: string; rel: string }[] = [{ abs: rootAbs, rel: '' }];
  while (stack.length > 0) {
    opts.signal?.throwIfAborted();
    const dir = stack.pop()!;
    let entries: Dirent[];
    try {
      entries = await readdir(dir.abs, { withFileTypes: true });
    } catch (error) {
      if (dir.rel === '') throw new ScanError('unreadable', `${rootAbs} cannot be read`, rootAbs);
      refuse(dir.rel + '/', 'unreadable', `folder cannot be read (${describeError(error)})`);
      continue;
    }
    const regular: { abs: string; rel: string }[] = [];
    for (const entry of entries) {
      const rel =
        dir.rel === '' ? entry.name.normalize('NFC') : `${dir.rel}/${entry.name.normalize('NFC')}`;
      const abs = join(dir.abs, entry.name);
      if (hasControlCharacters(entry.name)) {
        refuse(
          printableName(rel),
          'control-characters',
          `name contains a control character (shown as \\xNN): rename it to deposit it`,
        );
        continue;
      }
      if (hasDotDotSegment(entry.name)) {
        refuse(rel, 'dot-dot-segment', 'name contains a ".." segment: rename it to deposit it');
        continue;
      }
      if (entry.isDirectory()) {
        if (isJunkDirectory(entry.name)) junk.push(rel + '/');
        else stack.push({ abs, rel });
      } else if (entry.isFile()) {
        if (isJunkFile(entry.name)) junk.push(rel);
        else regular.push({ abs, rel });
      } else {
        refuse(rel, 'not-a-regular-file', `${kindOf(entry)}: not deposited`);
      }
    }
    for (let i = 0; i < regular.length; i += STAT_BATCH) {
      opts.signal?.throwIfAborted();
      const batch = regular.slice(i, i + STAT_BATCH);
      const infos = await Promise.all(
        batch.map((f) =>
          lstat(f.abs).then(
            (stats) => ({ f, stats }),
            (reason: unknown) => ({ f, reason }),
          ),
        ),
      );
      for (const info of infos) {
        const { f } = info;
        if ('reason' in info) {
          refuse(f.rel, 'unreadable', `cannot be read (${describeError(info.reason)})`);
        } else if (!info.stats.isFile()) {
          refuse(
            f.rel,
            'not-a-regular-file',
            'changed into something else than a file while scanning',
          );
        } else {
          files.push({
            relPath: f.rel,
            absPath: f.abs,
            size: info.stats.size,
            mtimeMs: info.stats.mtimeMs,
          });
        }
      }
      sinceProgress += batch.length;
      if (sinceProgress >= PROGRESS_EVERY) {
        sinceProgress = 0;
        opts.onProgress?.(files.length);
      }
    }
  }

  files.sort((a, b) => (a.relPath < b.relPath ? -1 : a.relPath > b.relPath ? 1 : 0));
  const kept = refuseCollisions(files, refuse);
  refused.sort((a, b) => (a.relPath < b.relPath ? -1 : a.relPath > b.relPath ? 1 : 0));
  junk.sort();
  opts.onProgress?.(kept.length);
  return { root: rootAbs, files: kept, skippedJunk: { count: junk.length, paths: junk }, refused };
};

/** Names that differ on disk but normalize to the same key would overwrite each other: refuse all. */
const refuseCollisions = (
  sorted: readonly ScannedFile[],
  refuse: (relPath: string, reason: ScanIssue['reason'], message: string) => void,
): ScannedFile[] => {
  const sameName: ScannedFile[][] = [];
  for (const file of sorted) {
    const last = sameName.at(-1);
    if (last?.[0]?.relPath === file.relPath) last.push(file);
    else sameName.push([file]);
  }
  const kept: ScannedFile[] = [];
  for (const group of sameName) {
    const [only, ...others] = group;
    if (only !== undefined && others.length === 0) kept.push(only);
    else
      for (const f of group)
        refuse(
          f.relPath,
          'key-collision',
          `${group.length} files have this same name once Unicode-normalized (${f.absPath}): rename one`,
        );
  }
  return kept;
};
