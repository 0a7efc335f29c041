import { remedyOf } from '../../shared/domain/FailureCause';
import type { PlanStore } from '../store/PlanStore';
import type { UnitRecord } from '../store/UnitRecord';

export type RetryFailuresResult = {
  /** Failed units put back in the queue (retrying can help). */
  readonly requeued: number;
  /** Failed for good (conflict, refused, source changed or missing): left as they are. */
  readonly definitive: number;
  /** Refused credentials: re-armed by new credentials, not by this. */
  readonly awaitingCredentials: number;
};

/**
 * "Retenter les échecs": only the failures that retrying can help go back in the queue; their
 * uploaded parts are kept. Works on the store alone, so the command line needs no network for it.
 */
export const requeueFailures = (
  store: PlanStore,
  planId: number,
  now: number,
  onRequeued?: (unit: UnitRecord) => void,
): RetryFailuresResult => {
  let requeued = 0;
  let definitive = 0;
  let awaitingCredentials = 0;
  for (const unit of store.failedUnits(planId)) {
    if (unit.state.kind !== 'failed') continue;
    const remedy = remedyOf(unit.state.cause);
    if (remedy === 'retry') {
      requeued += 1;
      store.setState(unit.id, { kind: 'pending' }, now);
      onRequeued?.(unit);
    } else if (remedy === 'new-credentials') awaitingCredentials += 1;
    else definitive += 1;
  }
  if (requeued > 0) store.setCompleted(planId, null);
  return { requeued, definitive, awaitingCredentials };
};
