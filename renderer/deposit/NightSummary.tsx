import type { PlanView } from '../../shared/ipc/views';
import { PlanControls } from '../components/PlanControls';
import { PlanStateBadge } from '../components/PlanStateBadge';
import { ProgressBar } from '../components/ProgressBar';
import { formatPercent } from '../format/formatPercent';
import { useLanguage } from '../i18n/useLanguage';
import type { NightDialog } from './useNightDialog';

/** The night's state, its bar and percentage, its controls, and the doors to its two dialogs. */
export const NightSummary = ({
  plan,
  dialog,
}: {
  readonly plan: PlanView;
  readonly dialog: NightDialog;
}) => {
  const { t, locale } = useLanguage();
  return (
    <div className="summary">
      <PlanStateBadge state={plan.state} />
      <ProgressBar
        value={plan.bytesAcked}
        max={plan.bytesTotal}
        label={formatPercent(plan.bytesAcked, plan.bytesTotal, locale)}
      />
      <strong data-testid="percent">
        {formatPercent(plan.bytesAcked, plan.bytesTotal, locale)}
      </strong>
      {plan.blocker === null && plan.addressProblem === null && <PlanControls plan={plan} />}
      {/* A portal night has neither: the portal removes no finalized file (its DELETE answers
          422 once a file is available, facts §2) and a participation is not moved. */}
      {plan.state !== 'removing' && dialog.open === null && plan.portal === null && (
        <>
          <button type="button" data-action="correct" onClick={() => dialog.setOpen('correct')}>
            {t('correct.open')}
          </button>
          {/* Nothing of it on the server yet: nothing to take off ("Oublier" in Nuits). */}
          {(plan.unitsDone > 0 || plan.bytesAcked > 0) && (
            <button type="button" data-action="remove" onClick={() => dialog.setOpen('remove')}>
              {t('remove.open')}
            </button>
          )}
        </>
      )}
    </div>
  );
};
