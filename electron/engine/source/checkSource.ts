import type { SourceReader } from '../../../shared/ports/SourceReader';
import type { UnitRecord } from '../../store/UnitRecord';
import { errnoOf } from '../../errnoOf';
import type { UnitFailed } from '../StepOutcome';
import { unitFailed } from '../StepOutcome';
import { changedSince } from './changedSince';

/** The source file is still the one planned (size and modification time): undefined, or why not. */
export const checkSource = async (
  source: SourceReader,
  unit: UnitRecord,
): Promise<UnitFailed | undefined> => {
  let info;
  try {
    info = await source.stat(unit.absPath);
  } catch (error) {
    if (errnoOf(error) === 'ENOENT') return unitFailed({ kind: 'source-missing' });
    return unitFailed({ kind: 'source-unreadable', detail: errnoOf(error) ?? String(error) });
  }
  return changedSince(unit, info);
};
