import { createHash } from 'node:crypto';

export type SourceEntry = {
  readonly relPath: string;
  readonly size: number;
  readonly mtimeMs: number;
};

/** The plan's fingerprint: SHA-256 over its ordered sources (path, size, modification time). */
export const fingerprint = (sources: Iterable<SourceEntry>): string => {
  const hash = createHash('sha256');
  for (const s of sources) hash.update(`${s.relPath}\0${s.size}\0${Math.trunc(s.mtimeMs)}\n`);
  return hash.digest('hex');
};

export type SourceChange = {
  readonly relPath: string;
  readonly change: 'added' | 'removed' | 'size' | 'mtime';
  /**
   * The file's earlier copy is on the server (it was verified): for a removed file, said only then
   * (issue 31, item 8); for a changed one, it is never replaced there, the volunteer will choose.
   */
  readonly onServer?: boolean;
};

/** Which sources differ between the plan and the folder now (for a clear refusal). */
export const diffSources = (
  planned: Iterable<SourceEntry & { readonly state?: { readonly kind: string } }>,
  current: Iterable<SourceEntry>,
): SourceChange[] => {
  const now = new Map<string, SourceEntry>();
  for (const c of current) now.set(c.relPath, c);
  const changes: SourceChange[] = [];
  for (const p of planned) {
    const c = now.get(p.relPath);
    const verified = p.state?.kind === 'done' ? { onServer: true } : {};
    if (c === undefined)
      changes.push({
        relPath: p.relPath,
        change: 'removed',
        ...(p.state === undefined ? {} : { onServer: p.state.kind === 'done' }),
      });
    else if (c.size !== p.size) changes.push({ relPath: p.relPath, change: 'size', ...verified });
    else if (Math.trunc(c.mtimeMs) !== Math.trunc(p.mtimeMs)) {
      changes.push({ relPath: p.relPath, change: 'mtime', ...verified });
    }
    now.delete(p.relPath);
  }
  for (const relPath of now.keys()) changes.push({ relPath, change: 'added' });
  return changes;
};
