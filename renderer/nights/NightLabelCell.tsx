import type { PlanView } from '../../shared/ipc/views';
import { destinationOf } from '../format/destinationOf';
import { formatDateTime } from '../format/formatClock';
import { middleCut } from '../format/middleCut';
import { planLabel } from '../format/planLabel';
import { useLanguage } from '../i18n/useLanguage';

/** The night's name, then its folder, destination, recorder, programme and last activity. */
export const NightLabelCell = ({ plan }: { readonly plan: PlanView }) => {
  const { t, locale } = useLanguage();
  return (
    <th scope="row" className="label">
      <span className="night-label">{planLabel(plan, locale)}</span>
      <small className="night-details">
        <span title={plan.dir}>
          {t('nights.folder')} <code>{middleCut(plan.dir, 48)}</code>
        </span>
        <span>
          {t('nights.destination')} <code>{destinationOf(plan)}</code>
        </span>
        {plan.recorder !== null && (
          <span>
            {t('nights.recorder')} {plan.recorder}
          </span>
        )}
        {plan.programme !== null && (
          <span data-testid="night-programme">
            {t('current.programme')} {plan.programme.name}
          </span>
        )}
        <span>
          {plan.lastActivityAt === null
            ? t('nights.never')
            : formatDateTime(plan.lastActivityAt, locale)}
        </span>
      </small>
    </th>
  );
};
