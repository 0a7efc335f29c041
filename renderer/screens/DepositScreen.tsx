import { useEffect, useState } from 'react';
import type { PlanView, UnitFilter } from '../../shared/ipc/views';
import { BlockerNotice } from '../components/BlockerNotice';
import { CardVerdict } from '../components/CardVerdict';
import { CorrectDestination } from '../components/CorrectDestination';
import { RemovalStatus } from '../components/RemovalStatus';
import { RemoveFromServer } from '../components/RemoveFromServer';
import type { MessageKey } from '../i18n/fr';
import { PlanControls } from '../components/PlanControls';
import { PlanStateBadge } from '../components/PlanStateBadge';
import { PortalNightPanel } from '../components/PortalNightPanel';
import { ProgressBar } from '../components/ProgressBar';
import { UnitTable } from '../components/UnitTable';
import { formatBytes, formatRate } from '../format/formatBytes';
import { formatDateTime } from '../format/formatClock';
import { destinationOf } from '../format/destinationOf';
import { portalName } from '../format/portalName';
import type { Params } from '../i18n/translate';
import { formatDuration, formatEta } from '../format/formatDuration';
import { formatPercent } from '../format/formatPercent';
import { useT } from '../i18n/useT';
import {
  engineSilent,
  useCurrentPlan,
  useDepotStore,
  useLiveFigures,
} from '../store/useDepotStore';
import { planLabel } from '../format/planLabel';

const filters: readonly UnitFilter[] = ['all', 'active', 'pending', 'done', 'failed'];

/** The end of a night: what is on the server, where, and whether the card can be reused. */
const Completion = ({ plan }: { readonly plan: PlanView }) => {
  const t = useT();
  const locale = useDepotStore((s) => s.locale);
  return (
    <div className="completion" data-testid="completion">
      <p className="completion-title">
        <span aria-hidden="true">✓ </span>
        {plan.unitsUnverifiable > 0
          ? t('done.titleUnverifiable', { count: plan.unitsUnverifiable })
          : t(titleOf(plan), titleParams(plan))}
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

/** What the screen's title says of a night: depositing, finished, or where it stands. */
const titleOf = (plan: PlanView): MessageKey => {
  // A file kept out by the volunteer's choice (a conflict settled): never "Tout est sur le serveur".
  if (plan.state === 'done' && plan.unitsLeftOut > 0) return 'done.titleLeftOut';
  if (plan.state === 'done') return plan.portal === null ? 'done.title' : 'done.titlePortal';
  if (plan.state === 'removing') return 'current.titleRemoving';
  return plan.running ? 'current.title' : 'current.titleStopped';
};

/** A portal night's end names the portal, not "the server"; a night with files left out, its count. */
const titleParams = (plan: PlanView): Params => ({
  done: plan.unitsDone,
  total: plan.unitsTotal,
  ...(plan.portal === null ? {} : { portal: portalName(plan.portal.kind) }),
});

export const DepositScreen = () => {
  const t = useT();
  const locale = useDepotStore((s) => s.locale);
  const go = useDepotStore((s) => s.go);
  const connected = useDepotStore((s) => s.connected && !engineSilent(s));
  // Not heard of for seconds, or not reachable: nothing on the rows is live (issue 31).
  const silent = !connected;
  const plan = useCurrentPlan();
  const live = useLiveFigures(plan);
  const [filter, setFilter] = useState<UnitFilter>('all');
  const correcting = useDepotStore((s) => s.correcting);
  const doneCorrecting = useDepotStore((s) => s.doneCorrecting);
  const [dialog, setDialog] = useState<'correct' | 'remove' | null>(null);
  const [said, setSaid] = useState<string | null>(null);
  // "Corriger sa destination" asked from "Nouveau dépôt": the dialog opens with those values.
  useEffect(() => {
    if (correcting !== null && correcting.planId === plan?.id) setDialog('correct');
  }, [correcting, plan?.id]);

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
        {t(titleOf(plan), titleParams(plan))} · {planLabel(plan, locale)}
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
      <RemovalStatus plan={plan} />
      <BlockerNotice plan={plan} />
      <NightCheckNotice plan={plan} />
      {said !== null && (
        <p role="status" className="note" data-testid="night-said">
          {said}
        </p>
      )}
      {dialog === 'correct' && (
        <CorrectDestination
          plan={plan}
          initial={correcting?.planId === plan.id ? correcting.values : null}
          onClose={(text) => {
            setDialog(null);
            doneCorrecting();
            setSaid(text);
          }}
        />
      )}
      {dialog === 'remove' && <RemoveFromServer plan={plan} onClose={() => setDialog(null)} />}
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
        {plan.blocker === null && plan.addressProblem === null && <PlanControls plan={plan} />}
        {/* A portal night has neither: the portal removes no finalized file (its DELETE answers
            422 once a file is available, facts §2) and a participation is not moved. */}
        {plan.state !== 'removing' && dialog === null && plan.portal === null && (
          <>
            <button type="button" data-action="correct" onClick={() => setDialog('correct')}>
              {t('correct.open')}
            </button>
            {/* Nothing of it on the server yet: nothing to take off ("Oublier" in Nuits). */}
            {(plan.unitsDone > 0 || plan.bytesAcked > 0) && (
              <button type="button" data-action="remove" onClick={() => setDialog('remove')}>
                {t('remove.open')}
              </button>
            )}
          </>
        )}
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
        {plan.unitsFailed > 0 && (plan.running || plan.state !== 'needs-attention') && (
          <button type="button" onClick={() => go('failures')}>
            {t('current.seeFailures', { count: plan.unitsFailed })}
          </button>
        )}
      </div>
      <UnitTable
        planId={plan.id}
        filter={filter}
        night={{
          engineSilent: silent,
          waitingNetwork: plan.state === 'waiting-network',
          serverDown: plan.state === 'server-unavailable',
        }}
        wrongAddress={plan.addressProblem !== null}
      />
    </section>
  );
};
