import type { PlanView } from '../../shared/ipc/views';
import { CardVerdict } from '../components/CardVerdict';
import { destinationOf } from '../format/destinationOf';
import { formatBytes } from '../format/formatBytes';
import { formatDateTime } from '../format/formatClock';
import { formatDuration } from '../format/formatDuration';
import { useLanguage } from '../i18n/useLanguage';
import { nightTitle } from './nightTitle';

/** The end of a night: what is on the server, where, and whether the card can be reused. */
export const Completion = ({ plan }: { readonly plan: PlanView }) => {
  const { t, locale } = useLanguage();
  return (
    <div className="completion" data-testid="completion">
      <p className="completion-title">
        <span aria-hidden="true">✓ </span>
        {plan.unitsUnverifiable > 0
          ? t('done.titleUnverifiable', { count: plan.unitsUnverifiable })
          : nightTitle(plan, t)}
      </p>
      <dl className="facts">
        <dt>{t('done.files')}</dt>
        <dd data-testid="files">
          {t('current.files', { done: plan.unitsDone, total: plan.unitsTotal })}
        </dd>
        <dt>{t('done.size')}</dt>
        <dd>{formatBytes(plan.bytesTotal, locale)}</dd>
        <dt>{t('done.destination')}</dt>
        <dd>
          <code>{destinationOf(plan)}</code>
        </dd>
        <dt>{t('done.manifest')}</dt>
        <dd>
          {plan.completedAt === null
            ? '—'
            : t('done.manifestAt', { time: formatDateTime(plan.completedAt, locale) })}
        </dd>
        <dt>{t('done.duration')}</dt>
        <dd>
          {plan.completedAt === null
            ? '—'
            : formatDuration((plan.completedAt - plan.createdAt) / 1000, locale)}
        </dd>
      </dl>
      {plan.unitsLeftOut > 0 && (
        <p className="note" data-testid="left-out">
          {t('done.leftOut', { count: plan.unitsLeftOut })}
        </p>
      )}
      <CardVerdict plan={plan} />
    </div>
  );
};
