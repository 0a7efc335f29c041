import type { PlanView } from '../../shared/ipc/views';
import { formatBytes, formatRate } from '../format/formatBytes';
import { formatEta } from '../format/formatDuration';
import { useLanguage } from '../i18n/useLanguage';
import { useLiveFigures } from '../store/useDepotStore';

/**
 * Bytes and files acknowledged, speed and time left: the last two only while the night moves
 * and the engine answers (else said hidden, never a stale figure).
 */
export const LiveFacts = ({
  plan,
  connected,
}: {
  readonly plan: PlanView;
  readonly connected: boolean;
}) => {
  const { t, locale } = useLanguage();
  const live = useLiveFigures(plan);
  const moving = connected && plan.state === 'running';
  const eta = moving ? formatEta(live.eta, locale) : null;
  const hidden = !connected ? t('current.hiddenWhileUnreachable') : '—';
  return (
    <dl className="facts inline">
      <dt className="visually-hidden">{t('current.col.size')}</dt>
      <dd>
        {t('current.acked', {
          acked: formatBytes(plan.bytesAcked, locale),
          total: formatBytes(plan.bytesTotal, locale),
        })}
      </dd>
      <dt className="visually-hidden">{t('current.col.file')}</dt>
      <dd data-testid="files">
        {t('current.files', { done: plan.unitsDone, total: plan.unitsTotal })}
      </dd>
      <dt>{t('current.throughput')}</dt>
      <dd data-testid="rate">
        {moving
          ? live.rate === null
            ? t('current.etaUnknown')
            : formatRate(live.rate, locale)
          : hidden}
      </dd>
      <dt>{t('current.eta')}</dt>
      <dd data-testid="eta">{moving ? (eta ?? t('current.etaUnknown')) : hidden}</dd>
    </dl>
  );
};
