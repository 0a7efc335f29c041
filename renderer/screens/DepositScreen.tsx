import { useState } from 'react';
import type { UnitFilter } from '../../shared/ipc/views';
import { PlanStateBadge } from '../components/PlanStateBadge';
import { ProgressBar } from '../components/ProgressBar';
import { UnitTable } from '../components/UnitTable';
import { formatBytes, formatRate } from '../format/formatBytes';
import { formatEta } from '../format/formatDuration';
import { formatPercent } from '../format/formatPercent';
import { useT } from '../i18n/useT';
import { useCurrentPlan, useDepotStore } from '../store/useDepotStore';
import { planLabel } from './NightsScreen';

const filters: readonly UnitFilter[] = ['all', 'active', 'pending', 'done', 'failed'];

export const DepositScreen = () => {
  const t = useT();
  const locale = useDepotStore((s) => s.locale);
  const go = useDepotStore((s) => s.go);
  const plan = useCurrentPlan();
  const [filter, setFilter] = useState<UnitFilter>('all');

  if (plan === undefined) {
    return (
      <section aria-labelledby="current-title">
        <h1 id="current-title">{t('current.title')}</h1>
        <p>{t('current.none')}</p>
      </section>
    );
  }
  const moving = plan.state === 'running';
  const eta = moving ? formatEta(plan.etaSeconds, locale) : null;
  return (
    <section aria-labelledby="current-title" data-plan-id={plan.id}>
      <h1 id="current-title">
        {t('current.title')} · {planLabel(plan)}
      </h1>
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
      </div>
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
        <dd>{moving ? formatRate(plan.throughputBytesPerSec, locale) : '—'}</dd>
        <dt>{t('current.eta')}</dt>
        <dd>{moving ? (eta ?? t('current.etaUnknown')) : '—'}</dd>
      </dl>
      <div className="row">
        <label>
          {t('current.filter')}{' '}
          <select value={filter} onChange={(e) => setFilter(e.target.value as UnitFilter)}>
            {filters.map((f) => (
              <option key={f} value={f}>
                {t(`current.filter.${f}`)}
              </option>
            ))}
          </select>
        </label>
        {plan.unitsFailed > 0 && (
          <button type="button" onClick={() => go('failures')}>
            {t('current.seeFailures', { count: plan.unitsFailed })}
          </button>
        )}
      </div>
      <UnitTable planId={plan.id} filter={filter} />
    </section>
  );
};
