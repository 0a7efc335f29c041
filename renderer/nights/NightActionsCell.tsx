import type { PlanView } from '../../shared/ipc/views';
import { PlanControls } from '../components/PlanControls';
import { useT } from '../i18n/useT';
import { useDepotStore } from '../store/useDepotStore';
import type { NightActions } from './useNightActions';

/** Ouvrir, the night's own controls, Archiver and Oublier (asked again below the row). */
export const NightActionsCell = ({
  plan,
  actions,
}: {
  readonly plan: PlanView;
  readonly actions: NightActions;
}) => {
  const t = useT();
  const openPlan = useDepotStore((s) => s.openPlan);
  return (
    <td>
      <div className="actions">
        <button type="button" onClick={() => openPlan(plan.id)}>
          {t('nights.open')}
        </button>
        {/* A blocked night's Reprendre is in its notice below: one button, not two. */}
        {plan.blocker === null && plan.addressProblem === null && <PlanControls plan={plan} />}
        <button
          type="button"
          data-action="archive"
          title={t('nights.archiveHint')}
          onClick={() => void actions.archive()}
        >
          {plan.archived ? t('nights.unarchive') : t('nights.archive')}
        </button>
        <button
          type="button"
          data-action="forget"
          title={t('nights.forgetHint')}
          aria-expanded={actions.confirming}
          onClick={() => {
            actions.setRefusal(null);
            actions.setConfirming(true);
          }}
        >
          {t('nights.forget')}
        </button>
      </div>
    </td>
  );
};
