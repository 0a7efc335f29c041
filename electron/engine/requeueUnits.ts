import type { PlanStore } from '../store/PlanStore';
import type { EventHub } from './events/EventHub';
import type { RetryFailuresResult } from './requeueFailures';
import { requeueFailures } from './requeueFailures';

/** Re-queues the failed units that retrying can help; definitive ones stay, with their cause. */
export const retryFailures = (
  store: PlanStore,
  hub: EventHub,
  planId: number,
  now: number,
): RetryFailuresResult => {
  const result = requeueFailures(store, planId, now, (unit) =>
    hub.emit({
      type: 'unit-state',
      planId,
      unitId: unit.id,
      relPath: unit.relPath,
      state: { kind: 'pending' },
      activity: { kind: 'idle' },
      was: unit.state.kind,
    }),
  );
  hub.emitProgress(planId, true);
  return result;
};

/** New credentials: units refused for authentication go back in the queue (parts kept). */
export const credentialsChanged = (store: PlanStore, hub: EventHub): number => {
  let rearmed = 0;
  for (const plan of store.listPlans()) {
    for (const unit of store.failedUnits(plan.id)) {
      const kind = unit.state.kind === 'failed' ? unit.state.cause.kind : undefined;
      // A new key may be the one with the permission that was missing (issue 29); a new
      // sign-in is the portal's new credentials (ADR 0032).
      if (kind === 'auth' || kind === 'denied' || kind === 'portal-signed-out') {
        rearmed += 1;
        hub.setState(plan.id, unit, { kind: 'pending' });
      }
    }
  }
  return rearmed;
};

/**
 * The volunteer asked to read back what nothing the server computed proves (`--read-back`):
 * the plan's units failed as "present, content unproven" go back in the queue, to be read and
 * compared this time. Without it the advice to use `--read-back` led back to itself (issue 30).
 */
export const readBackUnproven = (store: PlanStore, hub: EventHub, planId: number): number => {
  let requeued = 0;
  for (const unit of store.failedUnits(planId)) {
    if (unit.state.kind !== 'failed' || unit.state.cause.kind !== 'unproven') continue;
    requeued += 1;
    hub.setState(planId, unit, { kind: 'pending' });
  }
  if (requeued > 0) store.setCompleted(planId, null);
  return requeued;
};
