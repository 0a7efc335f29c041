import type { UnitRecord } from '../../store/UnitRecord';
import type { RunContext } from '../run/RunContext';
import { headObject } from './headObject';

/**
 * The object at the unit's key before sending: from the run's listing, or, when a write of
 * this run may have acted without a reply, from HeadObject (paid as a retry).
 */
export const remoteBefore = async (
  run: RunContext,
  unit: UnitRecord,
): Promise<{ size: number; etag: string } | undefined> => {
  if (!run.unsettled.has(unit.id)) return run.state.listing.get(unit.key);
  const head = await headObject(run, unit, { reconciles: true });
  run.unsettled.delete(unit.id);
  return head;
};
