import type { PlanView } from '../../shared/ipc/views';
import { ProgressBar } from '../components/ProgressBar';
import { formatBytes } from '../format/formatBytes';
import { formatPercent } from '../format/formatPercent';
import { useLanguage } from '../i18n/useLanguage';

/** The bytes the server acknowledged, as a bar and a percentage, and the files done of all. */
export const NightProgressCell = ({ plan }: { readonly plan: PlanView }) => {
  const { t, locale } = useLanguage();
  return (
    <td className="progress-cell">
      <ProgressBar
        value={plan.bytesAcked}
        max={plan.bytesTotal}
        label={formatPercent(plan.bytesAcked, plan.bytesTotal, locale)}
      />{' '}
      {formatPercent(plan.bytesAcked, plan.bytesTotal, locale)}
      <br />
      <small>
        {t('current.files', { done: plan.unitsDone, total: plan.unitsTotal })} ·{' '}
        {formatBytes(plan.bytesTotal, locale)}
      </small>
    </td>
  );
};
