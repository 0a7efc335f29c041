import { useState } from 'react';
import type { UnitFilter } from '../../shared/ipc/views';
import { BlockerNotice } from '../components/BlockerNotice';
import { CorrectDestination } from '../components/CorrectDestination';
import { PortalNightPanel } from '../components/PortalNightPanel';
import { RemovalStatus } from '../components/RemovalStatus';
import { RemoveFromServer } from '../components/RemoveFromServer';
import { UnitTable } from '../components/UnitTable';
import { Completion } from '../deposit/Completion';
import { LiveFacts } from '../deposit/LiveFacts';
import { NightCheckNotice } from '../deposit/NightCheckNotice';
import { NightSummary } from '../deposit/NightSummary';
import { nightTitle } from '../deposit/nightTitle';
import { UnitFilterRow } from '../deposit/UnitFilterRow';
import { useNightDialog } from '../deposit/useNightDialog';
import { destinationOf } from '../format/destinationOf';
import { planLabel } from '../format/planLabel';
import { useLanguage } from '../i18n/useLanguage';
import { engineSilent, useCurrentPlan, useDepotStore } from '../store/useDepotStore';

/**
 * The open night: where it goes, what stops it, its two dialogs, its end, its live figures and
 * its files. Its parts are in `renderer/deposit/`.
 */
export const DepositScreen = () => {
  const { t, locale } = useLanguage();
  const connected = useDepotStore((s) => s.connected && !engineSilent(s));
  const plan = useCurrentPlan();
  const [filter, setFilter] = useState<UnitFilter>('all');
  const dialog = useNightDialog(plan);

  if (plan === undefined) {
    return (
      <section aria-labelledby="current-title">
        <h1 id="current-title">{t('current.title')}</h1>
        <p>{t('current.none')}</p>
      </section>
    );
  }
  const done = plan.state === 'done';
  return (
    <section aria-labelledby="current-title" data-plan-id={plan.id}>
      <h1 id="current-title">
        {nightTitle(plan, t)} · {planLabel(plan, locale)}
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
      {dialog.said !== null && (
        <p role="status" className="note" data-testid="night-said">
          {dialog.said}
        </p>
      )}
      {dialog.open === 'correct' && (
        <CorrectDestination plan={plan} initial={dialog.initial} onClose={dialog.corrected} />
      )}
      {dialog.open === 'remove' && (
        <RemoveFromServer plan={plan} onClose={() => dialog.setOpen(null)} />
      )}
      {done && plan.portal === null && <Completion plan={plan} />}
      {plan.portal !== null && <PortalNightPanel plan={plan} />}
      <NightSummary plan={plan} dialog={dialog} />
      {!done && <LiveFacts plan={plan} connected={connected} />}
      <UnitFilterRow plan={plan} filter={filter} onFilter={setFilter} />
      <UnitTable
        planId={plan.id}
        filter={filter}
        night={{
          // Not heard of for seconds, or not reachable: nothing on the rows is live (issue 31).
          engineSilent: !connected,
          waitingNetwork: plan.state === 'waiting-network',
          serverDown: plan.state === 'server-unavailable',
        }}
        wrongAddress={plan.addressProblem !== null}
      />
    </section>
  );
};
