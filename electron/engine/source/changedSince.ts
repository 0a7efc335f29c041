import type { SourceStat } from '../../../shared/ports/SourceReader';
import type { UnitRecord } from '../../store/UnitRecord';
import type { UnitFailed } from '../StepOutcome';
import { unitFailed } from '../StepOutcome';

/** The file as seen now differs from the one planned (size or modification time): why, else undefined. */
export const changedSince = (unit: UnitRecord, info: SourceStat): UnitFailed | undefined => {
  if (info.size !== unit.size || Math.trunc(info.mtimeMs) !== Math.trunc(unit.mtimeMs)) {
    return unitFailed({
      kind: 'source-changed',
      detail: `size ${unit.size} -> ${info.size}, modified ${new Date(info.mtimeMs).toISOString()}`,
    });
  }
  return undefined;
};
