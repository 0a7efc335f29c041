import { useEffect, useState } from 'react';
import type { FailureView, PlanView, RetryFailuresResult } from '../../shared/ipc/views';
import { useDepotStore } from '../store/useDepotStore';

/**
 * The night's failed files, read again when its count of failures moves (pushed), not on every
 * file's event; and "Réessayer", with what it put back in the queue.
 */
export const useFailures = (
  plan: PlanView | undefined,
): {
  readonly failures: readonly FailureView[];
  readonly outcome: RetryFailuresResult | null;
  readonly retry: () => Promise<void>;
} => {
  const api = useDepotStore((s) => s.api);
  const refreshPlans = useDepotStore((s) => s.refreshPlans);
  const [failures, setFailures] = useState<readonly FailureView[]>([]);
  const [outcome, setOutcome] = useState<RetryFailuresResult | null>(null);
  const planId = plan?.id;
  const failedCount = plan?.unitsFailed;

  useEffect(() => {
    if (api === undefined || planId === undefined) return;
    let live = true;
    void api.units.failures({ planId }).then((r) => {
      if (live && r.ok) setFailures(r.value);
    });
    return () => {
      live = false;
    };
  }, [api, planId, failedCount]);

  const retry = async (): Promise<void> => {
    if (api === undefined || planId === undefined) return;
    const result = await api.units.retryFailures({ planId });
    if (result.ok) setOutcome(result.value);
    const again = await api.units.failures({ planId });
    if (again.ok) setFailures(again.value);
    await refreshPlans();
  };

  return { failures, outcome, retry };
};
