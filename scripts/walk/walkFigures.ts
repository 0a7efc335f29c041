import type { Entry } from './WalkRecorder';

/** A stop: an entry into a function of another module than the previous entry's. */
export type Stop = Entry & {
  /** Its entry's index in the walk's entries. */
  readonly index: number;
  /** The module's folder, without the leading `electron/` (as ADR 0037 writes them). */
  readonly folder: string;
  /** A folder visited earlier in the walk, other than the previous stop's. */
  readonly isReturn: boolean;
};

export type WalkFigures = {
  readonly entries: number;
  readonly stops: readonly Stop[];
  readonly folders: readonly string[];
  /** Stops in another folder than the previous stop's. */
  readonly crossings: number;
  readonly returns: number;
  /** ADR 0037's hand count also counts a stop in the previous stop's folder as a return. */
  readonly returnsWithRepeats: number;
  /** Each folder's returns, most first (ties by name). */
  readonly returnsByFolder: readonly { readonly folder: string; readonly returns: number }[];
};

/** `electron/engine/run/x.ts` -> `engine/run`; `shared/retry/y.ts` -> `shared/retry`. */
export const folderOf = (file: string): string => {
  const parts = file.split('/').slice(0, -1);
  return (parts[0] === 'electron' ? parts.slice(1) : parts).join('/') || '.';
};

/**
 * The walk's figures from the ordered function entries: a stop where the module changes (the
 * first entry is the first stop), its folder, and a return where the folder was visited before
 * by a stop other than the one just before it.
 */
export const walkFigures = (entries: readonly Entry[]): WalkFigures => {
  const stops: Stop[] = [];
  const seen = new Set<string>();
  let previous: Stop | undefined;
  let returnsWithRepeats = 0;
  let crossings = 0;
  for (const [index, entry] of entries.entries()) {
    if (previous !== undefined && previous.file === entry.file) continue;
    const folder = folderOf(entry.file);
    const visited = seen.has(folder);
    if (visited) returnsWithRepeats += 1;
    if (previous?.folder !== folder) crossings += 1;
    const stop: Stop = {
      ...entry,
      index,
      folder,
      isReturn: visited && previous?.folder !== folder,
    };
    stops.push(stop);
    seen.add(folder);
    previous = stop;
  }
  const counts = new Map<string, number>();
  for (const s of stops) if (s.isReturn) counts.set(s.folder, (counts.get(s.folder) ?? 0) + 1);
  return {
    entries: entries.length,
    stops,
    folders: [...seen],
    crossings,
    returns: stops.filter((s) => s.isReturn).length,
    returnsWithRepeats,
    returnsByFolder: [...counts]
      .map(([folder, returns]) => ({ folder, returns }))
      .sort((a, b) => b.returns - a.returns || a.folder.localeCompare(b.folder)),
  };
};

/**
 * The folders in walk order, as ADR 0037 writes a walk: `a -> b -> aR`, a run of stops in the
 * same folder once with its count (`engine/run x3`), `R` on a return.
 */
export const folderSequence = (stops: readonly Stop[]): string => {
  const runs: { folder: string; count: number; isReturn: boolean }[] = [];
  for (const s of stops) {
    const last = runs.at(-1);
    if (last !== undefined && last.folder === s.folder) last.count += 1;
    else runs.push({ folder: s.folder, count: 1, isReturn: s.isReturn });
  }
  return runs
    .map((r) => `${r.folder}${r.isReturn ? 'R' : ''}${r.count > 1 ? ` x${r.count}` : ''}`)
    .join(' -> ');
};

/** How many stops each phase holds (a phase runs from its first entry to the next one's). */
export const stopsByPhase = (
  stops: readonly Stop[],
  phases: readonly { readonly name: string; readonly from: number }[],
): { readonly phase: string; readonly stops: number }[] =>
  phases.map((p, i) => {
    const to = phases[i + 1]?.from ?? Number.POSITIVE_INFINITY;
    return { phase: p.name, stops: stops.filter((s) => s.index >= p.from && s.index < to).length };
  });
