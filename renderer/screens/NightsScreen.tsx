import type { PlanView } from '../../shared/ipc/views';
import { PlanStateBadge } from '../components/PlanStateBadge';
import { ProgressBar } from '../components/ProgressBar';
import { formatBytes } from '../format/formatBytes';
import { formatDateTime } from '../format/formatClock';
import { formatPercent } from '../format/formatPercent';
import { useT } from '../i18n/useT';
import { useDepotStore } from '../store/useDepotStore';

export const planLabel = (plan: PlanView): string =>
  [plan.site, plan.point, plan.night].filter((x) => x !== null && x !== '').join(' · ') ||
  plan.prefix ||
  plan.dir;

export const NightsScreen = () => {
  const t = useT();
  const locale = useDepotStore((s) => s.locale);
  const plans = useDepotStore((s) => s.plans);
  const api = useDepotStore((s) => s.api);
  const openPlan = useDepotStore((s) => s.openPlan);
  const go = useDepotStore((s) => s.go);
  const refresh = useDepotStore((s) => s.refreshPlans);
  const setError = useDepotStore((s) => s.setError);
  const configured = useDepotStore((s) => s.configured);

  const toggle = async (plan: PlanView): Promise<void> => {
    if (api === undefined) return;
    const result =
      plan.state === 'paused'
        ? await api.plans.resume({ planId: plan.id })
        : await api.plans.pause({ planId: plan.id });
    if (!result.ok) setError(result.error.message);
    await refresh();
  };

  return (
    <section aria-labelledby="nights-title">
      <h1 id="nights-title">{t('nights.title')}</h1>
      {!configured && (
        <p className="warning" role="status">
          <span aria-hidden="true">! </span>
          {t('new.notConfigured')}{' '}
          <button type="button" onClick={() => go('settings')}>
            {t('nav.settings')}
          </button>
        </p>
      )}
      {plans.length === 0 ? (
        <p>
          {t('nights.empty')}{' '}
          <button type="button" onClick={() => go('new')}>
            {t('nights.startFirst')}
          </button>
        </p>
      ) : (
        <table className="table" data-testid="plans">
          <thead>
            <tr>
              <th scope="col">{t('nights.col.night')}</th>
              <th scope="col">{t('nights.col.state')}</th>
              <th scope="col">{t('nights.col.progress')}</th>
              <th scope="col">{t('nights.col.size')}</th>
              <th scope="col">{t('nights.col.lastActivity')}</th>
              <th scope="col">{t('nights.col.actions')}</th>
            </tr>
          </thead>
          <tbody>
            {plans.map((plan) => (
              <tr key={plan.id} data-plan-id={plan.id}>
                <th scope="row" className="label">
                  {planLabel(plan)}
                </th>
                <td>
                  <PlanStateBadge state={plan.state} />
                </td>
                <td className="progress-cell">
                  <ProgressBar
                    value={plan.bytesAcked}
                    max={plan.bytesTotal}
                    label={formatPercent(plan.bytesAcked, plan.bytesTotal, locale)}
                  />{' '}
                  {formatPercent(plan.bytesAcked, plan.bytesTotal, locale)} ·{' '}
                  {t('current.files', { done: plan.unitsDone, total: plan.unitsTotal })}
                </td>
                <td>{formatBytes(plan.bytesTotal, locale)}</td>
                <td>
                  {plan.lastActivityAt === null
                    ? t('nights.never')
                    : formatDateTime(plan.lastActivityAt, locale)}
                </td>
                <td>
                  <div className="actions">
                    <button type="button" onClick={() => openPlan(plan.id)}>
                      {t('nights.open')}
                    </button>
                    {plan.state !== 'done' && (
                      <button type="button" onClick={() => void toggle(plan)}>
                        {plan.state === 'paused' ? t('nights.resume') : t('nights.pause')}
                      </button>
                    )}
                  </div>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
};
