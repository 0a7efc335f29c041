/** A unit of the plan as the update sees it. */
export type PlannedSource = {
  readonly relPath: string;
  readonly size: number;
  readonly mtimeMs: number;
  /** Verified on the server. */
  readonly done: boolean;
  /** Failed because the file changed or vanished while it was deposited. */
  readonly sourceFailed: boolean;
  /** An open multipart upload of the plan's earlier bytes. */
  readonly uploadOpen: boolean;
};

/** A file of the folder now. */
export type CurrentSource = {
  readonly relPath: string;
  readonly size: number;
  readonly mtimeMs: number;
};

/** What happens to each file when a changed folder's plan is brought up to date. */
export type SourceUpdate =
  /** Same size and modification time: kept as it is (a verified file is not sent again). */
  | { readonly kind: 'keep'; readonly relPath: string }
  /**
   * Hashed again and queued again from its first byte; its open upload (the old bytes) aborted.
   * `why` is 'size' or 'mtime' for a file that changed, 'failed' for one that failed as changed
   * or missing while it is now as planned.
   */
  | {
      readonly kind: 'replan';
      readonly relPath: string;
      readonly why: 'size' | 'mtime' | 'failed';
      readonly wasDone: boolean;
      readonly abortUpload: boolean;
      readonly size: number;
      readonly mtimeMs: number;
    }
  /** Gone from the folder: leaves the plan; its object, if any, stays on the server. */
  | { readonly kind: 'remove'; readonly relPath: string; readonly abortUpload: boolean }
  /** New in the folder: joins the plan. */
  | { readonly kind: 'add'; readonly relPath: string };

const sameTime = (a: number, b: number): boolean => Math.trunc(a) === Math.trunc(b);

/**
 * Decides, file by file, how a plan follows its folder (issue 11, "a changed folder has a way
 * forward"). Pure: the engine applies the answer in one transaction and aborts the uploads it
 * names. Answers in the planned order, then the new files in the folder's order.
 */
export const decideSourceUpdate = (
  planned: Iterable<PlannedSource>,
  current: Iterable<CurrentSource>,
): readonly SourceUpdate[] => {
  const now = new Map<string, CurrentSource>();
  for (const c of current) now.set(c.relPath, c);
  const out: SourceUpdate[] = [];
  for (const p of planned) {
    const c = now.get(p.relPath);
    now.delete(p.relPath);
    if (c === undefined) {
      out.push({ kind: 'remove', relPath: p.relPath, abortUpload: p.uploadOpen });
      continue;
    }
    const why =
      c.size !== p.size
        ? 'size'
        : !sameTime(c.mtimeMs, p.mtimeMs)
          ? 'mtime'
          : p.sourceFailed
            ? 'failed'
            : undefined;
    if (why === undefined) out.push({ kind: 'keep', relPath: p.relPath });
    else
      out.push({
        kind: 'replan',
        relPath: p.relPath,
        why,
        wasDone: p.done,
        abortUpload: p.uploadOpen,
        size: c.size,
        mtimeMs: c.mtimeMs,
      });
  }
  for (const c of now.values()) out.push({ kind: 'add', relPath: c.relPath });
  return out;
};
