import { errnoOf } from '../errnoOf';
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
import { keyTail } from '../../shared/field/objectKey';
import type { ScanIssue, ScannedFile, ScanResult } from '../../shared/field/ScanResult';
import { DEPOT_FOLDER } from '../../shared/wire/nightManifestKey';
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

const describeError = (error: unknown): string =>
  errnoOf(error) ?? (error instanceof Error ? error.message : String(error));

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
    const code = errnoOf(error);
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
  const found = newFindings();

  // Each stack entry: the folder's absolute path (names as on disk) and its NFC relative path.
  const stack: Folder[] = [{ abs: rootAbs, rel: '' }];
  while (stack.length > 0) {
    opts.signal?.throwIfAborted();
    const dir = stack.pop()!;
    let entries: Dirent[];
    try {
      entries = await readdir(dir.abs, { withFileTypes: true });
    } catch (error) {
      if (dir.rel === '') throw new ScanError('unreadable', `${rootAbs} cannot be read`, rootAbs);
      found.refuse(dir.rel + '/', 'unreadable', `folder cannot be read (${describeError(error)})`);
      continue;
    }
    const regular = sortEntries(dir, entries, found, stack);
    await statRegular(regular, found, opts);
  }

  const { files, junk, depotFolders, refused } = found;
  files.sort((a, b) => (a.relPath < b.relPath ? -1 : a.relPath > b.relPath ? 1 : 0));
  const kept = refuseCollisions(files, found.refuse);
  refused.sort((a, b) => (a.relPath < b.relPath ? -1 : a.relPath > b.relPath ? 1 : 0));
  junk.sort();
  depotFolders.sort();
  opts.onProgress?.(kept.length);
  return {
    root: rootAbs,
    files: kept,
    skippedJunk: { count: junk.length, paths: junk },
    depotFolders,
    refused,
  };
};

/** A folder or file met on the walk: its absolute path (names as on disk) and NFC relative path. */
type Folder = { readonly abs: string; readonly rel: string };

/** What the walk found so far, and the count of files statted since the last progress report. */
type Findings = {
  readonly files: ScannedFile[];
  readonly junk: string[];
  readonly depotFolders: string[];
  readonly refused: ScanIssue[];
  readonly refuse: Refuse;
  sinceProgress: number;
};

const newFindings = (): Findings => {
  const refused: ScanIssue[] = [];
  return {
    files: [],
    junk: [],
    depotFolders: [],
    refused,
    refuse: (relPath, reason, message, sameKeyAs) => {
      refused.push({ relPath, reason, message, ...(sameKeyAs === undefined ? {} : { sameKeyAs }) });
    },
    sinceProgress: 0,
  };
};

/**
 * One folder's entries sorted: refused names, junk and Depot's own folders noted, subfolders
 * pushed on the walk's stack; the regular files, to be statted, returned.
 */
const sortEntries = (
  dir: Folder,
  entries: readonly Dirent[],
  found: Findings,
  stack: Folder[],
): Folder[] => {
  const { refuse, junk, depotFolders } = found;
  const regular: Folder[] = [];
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
      // Depot's own (a night's manifest kept as a receipt): its key is the manifest's own.
      else if (entry.name === DEPOT_FOLDER) depotFolders.push(rel + '/');
      else stack.push({ abs, rel });
    } else if (entry.isFile()) {
      if (isJunkFile(entry.name)) junk.push(rel);
      else regular.push({ abs, rel });
    } else {
      refuse(rel, 'not-a-regular-file', `${kindOf(entry)}: not deposited`);
    }
  }
  return regular;
};

/** A folder's regular files statted, STAT_BATCH at a time: kept, or refused with the reason. */
const statRegular = async (
  regular: readonly Folder[],
  found: Findings,
  opts: ScanOptions,
): Promise<void> => {
  const { files, refuse } = found;
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
    found.sinceProgress += batch.length;
    if (found.sinceProgress >= PROGRESS_EVERY) {
      found.sinceProgress = 0;
      opts.onProgress?.(files.length);
    }
  }
};

type Refuse = (
  relPath: string,
  reason: ScanIssue['reason'],
  message: string,
  sameKeyAs?: readonly string[],
) => void;

/** Whether a key tail lies in a `.depot/` folder (Depot's own on the server), at any depth. */
const inDepotFolder = (tail: string): boolean =>
  tail.split('/').slice(0, -1).includes(DEPOT_FOLDER);

/**
 * Names that differ on disk but take the same key would overwrite each other: NFD and NFC forms
 * of one name, or `a\b.wav` beside `a/b.wav` (a backslash is a separator in a key, issue 30).
 * Every file of such a group is refused, each naming the others; so is a name whose key falls in
 * Depot's own `.depot/` folder or that maps to no key.
 */
const refuseCollisions = (sorted: readonly ScannedFile[], refuse: Refuse): ScannedFile[] => {
  const byKey = new Map<string, ScannedFile[]>();
  for (const file of sorted) {
    const tail = keyTail(file.relPath);
    if (tail === '' || inDepotFolder(tail)) {
      refuse(
        file.relPath,
        'reserved-key',
        tail === ''
          ? 'this name maps to no object key (only \\ and . in it): rename it to deposit it'
          : `this name takes the key ${tail}, in Depot's own ${DEPOT_FOLDER}/ folder on the server: rename it to deposit it`,
      );
      continue;
    }
    const group = byKey.get(tail);
    if (group === undefined) byKey.set(tail, [file]);
    else group.push(file);
  }
  const kept: ScannedFile[] = [];
  for (const file of sorted) {
    const group = byKey.get(keyTail(file.relPath));
    if (group === undefined) continue;
    if (group.length === 1) {
      kept.push(file);
      continue;
    }
    const others = group.filter((f) => f !== file).map((f) => f.relPath);
    const named = others.filter((relPath) => relPath !== file.relPath);
    refuse(
      file.relPath,
      'key-collision',
      named.length === 0
        ? `${group.length} files have this same name once Unicode-normalized (${file.absPath}): rename one`
        : `takes the same object key as ${named.join(', ')} (a \\ in a name is a / in a key): rename one of them`,
      named.length === 0 ? undefined : named,
    );
  }
  return kept;
};
