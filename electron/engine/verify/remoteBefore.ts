import type { UnitRecord } from '../../store/UnitRecord';
import type { RunContext } from '../run/RunContext';
import type { Step } from '../StepOutcome';
import { ok } from '../StepOutcome';
import { headObject } from './headObject';

/**
 * The object at the unit's key before sending: from the run's listing, or, when a write of
 * this run may have acted without a reply, from HeadObject (paid as a retry).
 */
export const remoteBefore = async (
  run: RunContext,
  unit: UnitRecord,
): Promise<Step<{ size: number; etag: string } | undefined>> => {
  if (!run.unsettled.has(unit.id)) return ok(run.state.listing.get(unit.key));
  const head = await headObject(run, unit, { reconciles: true });
  if (head.kind === 'ok') run.unsettled.delete(unit.id);
  return head;
};
