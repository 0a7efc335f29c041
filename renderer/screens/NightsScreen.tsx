import { useState } from 'react';
import { useT } from '../i18n/useT';
import { NightRow } from '../nights/NightRow';
import { useDepotStore } from '../store/useDepotStore';
import { ColumnHeads } from '../components/ColumnHeads';

/** Nuits: every night this Depot knows, the archived ones on request. */
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
          <ColumnHeads
            keys={[
              'nights.col.night',
              'nights.col.state',
              'nights.col.progress',
              'nights.col.actions',
            ]}
          />
          <tbody>
            {shown.map((plan) => (
              <NightRow key={plan.id} plan={plan} onForgotten={setForgotten} />
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
