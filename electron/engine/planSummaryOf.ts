import type { PlanStore, RemovalCounts } from '../store/PlanStore';
import { PlanError } from './PlanError';
import type { PlanSummary } from './PlanSummary';

/** A night as its callers see it: its plan's facts, its counts, what it queued for removal. */
export const planSummaryOf = (
  store: PlanStore,
  planId: number,
  removals: RemovalCounts & { readonly uploads: number },
): PlanSummary => {
  const plan = store.getPlan(planId);
  if (plan === undefined)
    throw new PlanError({ code: 'no-such-plan', planId }, `no plan ${planId}`);
  return {
    ...store.counts(planId),
    id: plan.id,
    dir: plan.dir,
    endpoint: plan.endpoint,
    bucket: plan.bucket,
    prefix: plan.prefix,
    metadata: plan.metadata,
    programme: plan.programme,
    createdAt: plan.createdAt,
    completedAt: plan.completedAt,
    manifestAt: plan.manifestAt,
    paused: plan.paused,
    bytesSent: plan.bytesSent,
    bytesResent: plan.bytesResent,
    correction: plan.correction,
    removing: plan.removing,
    removals,
    portal: plan.portal,
    analysisAt: plan.analysisAt,
  };
};
