import type { SourceReader } from '../../../shared/ports/SourceReader';
import type { PlanStore } from '../../store/PlanStore';
import type { UnitRecord } from '../../store/UnitRecord';

/** Other files of the night looked at to tell a card pulled out from one file deleted. */
const SIBLINGS = 3;

/** Whether a path is there now (any error of `stat`: it is not, for what a card tells). */
export const fileThere = async (source: SourceReader, path: string): Promise<boolean> => {
  try {
    await source.stat(path);
    return true;
  } catch {
    return false;
  }
};

/** Whether any of `paths` is there, looked at one after another until one is. */
const anyThere = async (source: SourceReader, paths: readonly string[]): Promise<boolean> => {
  for (const path of paths) if (await fileThere(source, path)) return true;
  return false;
};

/** Up to `SIBLINGS` of the night's other files, in plan order. */
const siblingsOf = (store: PlanStore, unit: UnitRecord): string[] => {
  const paths: string[] = [];
  for (const other of store.iterateUnits(unit.planId, SIBLINGS + 1)) {
    if (other.id === unit.id) continue;
    paths.push(other.absPath);
    if (paths.length === SIBLINGS) break;
  }
  return paths;
};

/**
 * Whether the card this file was on went away, rather than the file alone (issue 30, item 10):
 * the night's folder is gone, or none of its other files is there any more (a reader unmounted
 * leaves its mount point behind, empty). A night of one file cannot tell: only its folder says.
 */
export const cardAway = async (
  source: SourceReader,
  store: PlanStore,
  dir: string,
  unit: UnitRecord,
): Promise<boolean> => {
  if (!(await fileThere(source, dir))) return true;
  const siblings = siblingsOf(store, unit);
  return siblings.length > 0 && !(await anyThere(source, siblings));
};

/**
 * The card is back: its folder is there with this file, or with other files of the night (this
 * one then really gone: its next attempt says so).
 */
export const cardBack = async (
  source: SourceReader,
  store: PlanStore,
  dir: string,
  unit: UnitRecord,
): Promise<boolean> => {
  if (!(await fileThere(source, dir))) return false;
  return anyThere(source, [unit.absPath, ...siblingsOf(store, unit)]);
};
