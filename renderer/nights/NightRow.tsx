import type { PlanView } from '../../shared/ipc/views';
import { BlockerNotice } from '../components/BlockerNotice';
import { PlanStateBadge } from '../components/PlanStateBadge';
import { RemovalStatus } from '../components/RemovalStatus';
import { planLabel } from '../format/planLabel';
import { errorText } from '../i18n/errorText';
import { useLanguage } from '../i18n/useLanguage';
import { NightActionsCell } from './NightActionsCell';
import { NightLabelCell } from './NightLabelCell';
import { NightProgressCell } from './NightProgressCell';
import { useNightActions } from './useNightActions';

/** One night of "Nuits", and below it what is asked or said of it (forget, a blocker, a removal). */
export const NightRow = ({
  plan,
  onForgotten,
}: {
  readonly plan: PlanView;
  readonly onForgotten: (label: string) => void;
}) => {
  const { t, locale } = useLanguage();
  const actions = useNightActions(plan, onForgotten);
  return (
    <>
      <tr data-plan-id={plan.id} data-archived={String(plan.archived)}>
        <NightLabelCell plan={plan} />
        <td>
          <PlanStateBadge state={plan.state} />
        </td>
        <NightProgressCell plan={plan} />
        <NightActionsCell plan={plan} actions={actions} />
      </tr>
      {actions.confirming && (
        <tr className="confirm-row" data-testid="forget-confirm">
          <td colSpan={4}>
            <p className="warning" role="alert">
              <span aria-hidden="true">! </span>
              {t('nights.forgetConfirm', { night: planLabel(plan, locale) })}
            </p>
            <div className="actions">
              <button type="button" className="danger" onClick={() => void actions.forget()}>
                {t('nights.forgetYes')}
              </button>
              <button type="button" onClick={() => actions.setConfirming(false)}>
                {t('nights.forgetNo')}
              </button>
            </div>
          </td>
        </tr>
      )}
      {actions.refusal !== null && (
        <tr className="confirm-row" data-testid="forget-refused">
          <td colSpan={4}>
            <p className="error" role="alert">
              {errorText(actions.refusal, t)}
            </p>
          </td>
        </tr>
      )}
      {(plan.blocker !== null || plan.addressProblem !== null || plan.removal !== null) && (
        <tr className="blocker-row">
          <td colSpan={4}>
            <RemovalStatus plan={plan} />
            <BlockerNotice plan={plan} />
          </td>
        </tr>
      )}
    </>
  );
};
