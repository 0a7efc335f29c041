import type { PlanView } from '../../shared/ipc/views';
import { useT } from '../i18n/useT';
import { useDepotStore } from '../store/useDepotStore';
import { useNightChange } from '../api/useNightChange';

/**
 * Pause while it runs; Reprendre when it stopped with work left; on a night whose files failed,
 * the way to them ("Voir les échecs"), never a Reprendre that would do nothing (issue 31).
 */
export const PlanControls = ({ plan }: { readonly plan: PlanView }) => {
  const t = useT();
  const hasBackend = useDepotStore((s) => s.api !== undefined);
  const connected = useDepotStore((s) => s.connected);
  const openPlan = useDepotStore((s) => s.openPlan);
  const change = useNightChange();
  if (plan.state === 'done' || plan.state === 'removing' || !hasBackend) return null;
  const onlyFailures =
    !plan.running &&
    plan.state === 'needs-attention' &&
    plan.blocker === null &&
    plan.addressProblem === null &&
    plan.unitsFailed > 0;
  if (onlyFailures)
    return (
      <button
        type="button"
        data-action="see-failures"
        onClick={() => openPlan(plan.id, 'failures')}
      >
        {t('current.seeFailures', { count: plan.unitsFailed })}
      </button>
    );
  // A night postponed by the server starts again by itself: it can be paused too.
  const pause = (plan.running || plan.state === 'deferred') && plan.state !== 'paused';
  const act = () =>
    change((api) =>
      pause ? api.plans.pause({ planId: plan.id }) : api.plans.resume({ planId: plan.id }),
    );
  // The server asked to wait (Retry-After): the volunteer may choose not to (issue 30, item 6).
  const retryNow = () => change((api) => api.units.retryFailures({ planId: plan.id }));
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
