import type { PlanView } from '../../shared/ipc/views';
import { useT } from '../i18n/useT';
import { useDepotStore } from '../store/useDepotStore';

const pausable: ReadonlySet<PlanView['state']> = new Set([
  'running',
  'waiting-network',
  'waiting-card',
  'server-unavailable',
  'deferred',
]);

/** Pause while it moves; Reprendre whenever it does not and is not finished (a blocked night too). */
export const PlanControls = ({ plan }: { readonly plan: PlanView }) => {
  const t = useT();
  const api = useDepotStore((s) => s.api);
  const connected = useDepotStore((s) => s.connected);
  const refresh = useDepotStore((s) => s.refreshPlans);
  const setError = useDepotStore((s) => s.setError);
  if (plan.state === 'done' || api === undefined) return null;
  const pause = pausable.has(plan.state);
  const act = async (): Promise<void> => {
    const result = pause
      ? await api.plans.pause({ planId: plan.id })
      : await api.plans.resume({ planId: plan.id });
    if (!result.ok) setError(result.error);
    await refresh();
  };
  // The server asked to wait (Retry-After): the volunteer may choose not to (issue 30, item 6).
  const retryNow = async (): Promise<void> => {
    const result = await api.units.retryFailures({ planId: plan.id });
    if (!result.ok) setError(result.error);
    await refresh();
  };
  return (
    <>
      {plan.state === 'deferred' && (
        <button
          type="button"
          disabled={!connected}
          data-action="retry-now"
          onClick={() => void retryNow()}
        >
          {t('nights.retryNow')}
        </button>
      )}
      <button
        type="button"
        disabled={!connected}
        data-action={pause ? 'pause' : 'resume'}
        onClick={() => void act()}
      >
        {pause ? t('nights.pause') : t('nights.resume')}
      </button>
    </>
  );
};
