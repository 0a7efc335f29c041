import { useState } from 'react';
import type { PlanView, UnitFilter } from '../../shared/ipc/views';
import { BlockerNotice } from '../components/BlockerNotice';
import { PlanControls } from '../components/PlanControls';
import { PlanStateBadge } from '../components/PlanStateBadge';
import { PortalNightPanel } from '../components/PortalNightPanel';
import { ProgressBar } from '../components/ProgressBar';
import { UnitTable } from '../components/UnitTable';
import { formatBytes, formatRate } from '../format/formatBytes';
import { formatDateTime } from '../format/formatClock';
import { destinationOf } from '../format/destinationOf';
import { formatDuration, formatEta } from '../format/formatDuration';
import { formatPercent } from '../format/formatPercent';
import { useT } from '../i18n/useT';
import { useCurrentPlan, useDepotStore, useLiveFigures } from '../store/useDepotStore';
import { planLabel } from './NightsScreen';

const filters: readonly UnitFilter[] = ['all', 'active', 'pending', 'done', 'failed'];

/** The end of a night: what is on the server, where, and whether the card can be reused. */
const Completion = ({ plan }: { readonly plan: PlanView }) => {
  const t = useT();
  const locale = useDepotStore((s) => s.locale);
  // A file this key could not read back is deposited, not verified: the card is not yet free.
  const everyFile =
    plan.unitsDone === plan.unitsTotal && plan.unitsFailed === 0 && plan.unitsUnverifiable === 0;
  return (
    <div className="completion" data-testid="completion">
      <p className="completion-title">
        <span aria-hidden="true">✓ </span>
        {plan.unitsUnverifiable > 0
          ? t('done.titleUnverifiable', { count: plan.unitsUnverifiable })
          : t('done.title')}
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
      {everyFile && (
        <p className="ok" data-testid="reuse-card">
          {t('done.reuseCard')}
        </p>
      )}
    </div>
  );
};

/** What the night's last run found on the server: files gone and sent again, or no listing. */
const NightCheckNotice = ({ plan }: { readonly plan: PlanView }) => {
  const t = useT();
  const check = plan.lastCheck;
  if (check === null) return null;
  return (
    <>
      {check.returned > 0 && (
        <p className="notice" role="status" data-testid="returned">
          {t('check.returned', { count: check.returned })}
        </p>
      )}
      {!check.listed && (
        <p className="notice quiet" role="status" data-testid="not-listed">
          {t('check.notListed', { count: check.unchecked })}
        </p>
      )}
    </>
  );
};

export const DepositScreen = () => {
  const t = useT();
  const locale = useDepotStore((s) => s.locale);
  const go = useDepotStore((s) => s.go);
  const connected = useDepotStore((s) => s.connected);
  const plan = useCurrentPlan();
  const live = useLiveFigures(plan);
  const [filter, setFilter] = useState<UnitFilter>('all');

  if (plan === undefined) {
    return (
      <section aria-labelledby="current-title">
        <h1 id="current-title">{t('current.title')}</h1>
        <p>{t('current.none')}</p>
      </section>
    );
  }
  const done = plan.state === 'done';
  const moving = connected && plan.state === 'running';
  const eta = moving ? formatEta(live.eta, locale) : null;
  const hidden = !connected ? t('current.hiddenWhileUnreachable') : '—';
  return (
    <section aria-labelledby="current-title" data-plan-id={plan.id}>
      <h1 id="current-title">
        {done ? t('done.title') : t('current.title')} · {planLabel(plan, locale)}
      </h1>
      <p className="where quiet">
        {t('current.folder')} <code>{plan.dir}</code> · {t('current.destination')}{' '}
        <code>{destinationOf(plan)}</code>
        {plan.programme !== null && (
          <>
            {' · '}
            {t('current.programme')} {plan.programme.name}
          </>
        )}
      </p>
      <BlockerNotice plan={plan} />
      <NightCheckNotice plan={plan} />
      {done && plan.portal === null && <Completion plan={plan} />}
      {plan.portal !== null && <PortalNightPanel plan={plan} />}
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
        {plan.blocker === null && <PlanControls plan={plan} />}
      </div>
      {!done && (
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
      )}
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
      <UnitTable
        planId={plan.id}
        filter={filter}
        serverDown={plan.state === 'server-unavailable'}
      />
    </section>
  );
};
