import type { PlanView } from '../../shared/ipc/views';
import { ProgressBar } from '../components/ProgressBar';
import { formatBytes } from '../format/formatBytes';
import { formatPercent } from '../format/formatPercent';
import { useT } from '../i18n/useT';
import { useDepotStore } from '../store/useDepotStore';

/** The bytes the server acknowledged, as a bar and a percentage, and the files done of all. */
export const NightProgressCell = ({ plan }: { readonly plan: PlanView }) => {
  const t = useT();
  const locale = useDepotStore((s) => s.locale);
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
