import { useState } from 'react';
import type { IpcError } from '../../shared/ipc/Result';
import type { PlanView } from '../../shared/ipc/views';
import { errorText } from '../i18n/errorText';
import { BlockerNotice } from '../components/BlockerNotice';
import { RemovalStatus } from '../components/RemovalStatus';
import { PlanControls } from '../components/PlanControls';
import { PlanStateBadge } from '../components/PlanStateBadge';
import { ProgressBar } from '../components/ProgressBar';
import { formatBytes } from '../format/formatBytes';
import { formatDateTime } from '../format/formatClock';
import { destinationOf } from '../format/destinationOf';
import { formatNight } from '../format/formatNight';
import { formatPercent } from '../format/formatPercent';
import { middleCut } from '../format/middleCut';
import type { Locale } from '../../shared/ipc/views';
import { useT } from '../i18n/useT';
import { useDepotStore } from '../store/useDepotStore';

/** Site · point (or a programme's fields) · night, the night spelled out in the volunteer's language. */
export const planLabel = (plan: PlanView, locale: Locale = 'fr'): string =>
  [
    // A programme's night: the values its volunteer gave (carré, passage, point...).
    ...(plan.programme === null ? [plan.site, plan.point] : Object.values(plan.programme.fields)),
    plan.night === null ? null : formatNight(plan.night, locale),
  ]
    .filter((x) => x !== null && x !== '')
    .join(' · ') ||
  plan.prefix ||
  plan.dir;

const Row = ({
  plan,
  onForgotten,
}: {
  readonly plan: PlanView;
  readonly onForgotten: (label: string) => void;
}) => {
  const t = useT();
  const locale = useDepotStore((s) => s.locale);
  const api = useDepotStore((s) => s.api);
  const openPlan = useDepotStore((s) => s.openPlan);
  const refresh = useDepotStore((s) => s.refreshPlans);
  const setError = useDepotStore((s) => s.setError);
  const archive = async (): Promise<void> => {
    if (api === undefined) return;
    const result = await api.plans.archive({ planId: plan.id, archived: !plan.archived });
    if (!result.ok) setError(result.error);
    await refresh();
  };
  const [confirming, setConfirming] = useState(false);
  const [refusal, setRefusal] = useState<IpcError | null>(null);
  const forget = async (): Promise<void> => {
    if (api === undefined) return;
    const result = await api.plans.forget({ planId: plan.id });
    setConfirming(false);
    // Refused while depositing: said on the row itself, where the Pause button is.
    setRefusal(result.ok ? null : result.error);
    if (result.ok) onForgotten(planLabel(plan, locale));
    await refresh();
  };
  return (
    <>
      <tr data-plan-id={plan.id} data-archived={String(plan.archived)}>
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
        <td>
          <PlanStateBadge state={plan.state} />
        </td>
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
        <td>
          <div className="actions">
            <button type="button" onClick={() => openPlan(plan.id)}>
              {t('nights.open')}
            </button>
            {/* A blocked night's Reprendre is in its notice below: one button, not two. */}
            {plan.blocker === null && plan.addressProblem === null && <PlanControls plan={plan} />}
            <button
              type="button"
              data-action="archive"
              title={t('nights.archiveHint')}
              onClick={() => void archive()}
            >
              {plan.archived ? t('nights.unarchive') : t('nights.archive')}
            </button>
            <button
              type="button"
              data-action="forget"
              title={t('nights.forgetHint')}
              aria-expanded={confirming}
              onClick={() => {
                setRefusal(null);
                setConfirming(true);
              }}
            >
              {t('nights.forget')}
            </button>
          </div>
        </td>
      </tr>
      {confirming && (
        <tr className="confirm-row" data-testid="forget-confirm">
          <td colSpan={4}>
            <p className="warning" role="alert">
              <span aria-hidden="true">! </span>
              {t('nights.forgetConfirm', { night: planLabel(plan, locale) })}
            </p>
            <div className="actions">
              <button type="button" className="danger" onClick={() => void forget()}>
                {t('nights.forgetYes')}
              </button>
              <button type="button" onClick={() => setConfirming(false)}>
                {t('nights.forgetNo')}
              </button>
            </div>
          </td>
        </tr>
      )}
      {refusal !== null && (
        <tr className="confirm-row" data-testid="forget-refused">
          <td colSpan={4}>
            <p className="error" role="alert">
              {errorText(refusal, t)}
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

export const NightsScreen = () => {
  const t = useT();
  const plans = useDepotStore((s) => s.plans);
  const go = useDepotStore((s) => s.go);
  const configured = useDepotStore((s) => s.configured);
  const connected = useDepotStore((s) => s.connected);
  const everConnected = useDepotStore((s) => s.everConnected);
  const [showArchived, setShowArchived] = useState(false);
  const [forgotten, setForgotten] = useState<string | null>(null);
  const archivedCount = plans.filter((p) => p.archived).length;
  const shown = plans.filter((p) => showArchived || !p.archived);

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
      {!connected && (
        <p className="warning" role="status" data-testid="engine-unreachable">
          <span aria-hidden="true">! </span>
          {everConnected ? t('app.engineGone') : t('app.neverConnected')}{' '}
          {!everConnected && plans.length === 0 && t('nights.unavailable')}
        </p>
      )}
      {forgotten !== null && (
        <p role="status" data-testid="forgotten">
          {t('nights.forgotten', { night: forgotten })}
        </p>
      )}
      {plans.length === 0 ? (
        connected && (
          <p>
            {t('nights.empty')}{' '}
            <button type="button" onClick={() => go('new')}>
              {t('nights.startFirst')}
            </button>
          </p>
        )
      ) : (
        <table className="table nights" data-testid="plans">
          <thead>
            <tr>
              <th scope="col">{t('nights.col.night')}</th>
              <th scope="col">{t('nights.col.state')}</th>
              <th scope="col">{t('nights.col.progress')}</th>
              <th scope="col">{t('nights.col.actions')}</th>
            </tr>
          </thead>
          <tbody>
            {shown.map((plan) => (
              <Row key={plan.id} plan={plan} onForgotten={setForgotten} />
            ))}
          </tbody>
        </table>
      )}
      {archivedCount > 0 && (
        <p>
          <button type="button" onClick={() => setShowArchived((v) => !v)}>
            {showArchived
              ? t('nights.hideArchived')
              : t('nights.showArchived', { count: archivedCount })}
          </button>{' '}
          <small className="quiet">{t('nights.archiveHint')}</small>
        </p>
      )}
    </section>
  );
};
