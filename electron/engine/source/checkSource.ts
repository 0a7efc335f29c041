import { stat } from 'node:fs/promises';
import type { UnitRecord } from '../../store/UnitRecord';
import { errnoOf } from '../../errnoOf';
import { UnitFailure } from '../waitSignals';

/** The source file is still the one planned (size and modification time), or the unit fails. */
export const checkSource = async (unit: UnitRecord): Promise<void> => {
  let info;
  try {
    info = await stat(unit.absPath);
  } catch (error) {
    if (errnoOf(error) === 'ENOENT') throw new UnitFailure({ kind: 'source-missing' });
    throw new UnitFailure({ kind: 'source-unreadable', detail: errnoOf(error) ?? String(error) });
  }
  if (info.size !== unit.size || Math.trunc(info.mtimeMs) !== Math.trunc(unit.mtimeMs)) {
    throw new UnitFailure({
      kind: 'source-changed',
      detail: `size ${unit.size} -> ${info.size}, modified ${new Date(info.mtimeMs).toISOString()}`,
    });
  }
};
