import type { PlanView } from '../../shared/ipc/views';
import { formatDateTime } from '../format/formatClock';
import { useLanguage } from '../i18n/useLanguage';
import { useDepotStore } from '../store/useDepotStore';
import { ErrorAlert } from './ErrorAlert';
import { useAsked } from '../api/useAsked';
import { useBackendCall } from '../api/useBackendCall';

/**
 * A portal night's own facts (issue 33, ADR 0032): the participation it keeps; once complete,
 * what the portal holds now (asked for this view) and "Lancer l'analyse", asked once. The portal
 * gives no checksum to compare: its files were proved by each PUT's ETag, then finalized.
 */
export const PortalNightPanel = ({ plan }: { readonly plan: PlanView }) => {
  const { t, locale } = useLanguage();
  const api = useDepotStore((s) => s.api);
  const { busy, problem: error, setProblem: setError, call } = useBackendCall();
  const portal = plan.portal;
  const complete = plan.state === 'done';
  const [holds, setHolds] = useAsked(
    complete ? plan.id : null,
    (api) => api.portal.night({ planId: plan.id }),
    setError,
  );

  if (api === undefined || portal === null) return null;

  const start = async (): Promise<void> => {
    setError(null);
    const result = await call(() => api.portal.startAnalysis({ planId: plan.id }));
    if (result.ok) setHolds(result.value);
  };
  const analysisAt = holds?.analysisAt ?? portal.analysisAt;

  return (
    <div className="completion portal-night" data-testid="portal-night">
      <dl className="facts">
        <dt>{t('portalNight.participation')}</dt>
        <dd data-testid="participation-id">
          <code>{portal.participationId}</code>
        </dd>
        <dt>{t('portalNight.portal')}</dt>
        <dd>
          <code>{portal.api}</code>
        </dd>
        {complete && (
          <>
            <dt>{t('portalNight.holds')}</dt>
            <dd data-testid="portal-holds">
              {holds === null
                ? '…'
                : t('portalNight.holdsText', {
                    available: holds.nightAvailable,
                    expected: holds.expected,
                    files: holds.files,
                  })}
            </dd>
          </>
        )}
        <dt>{t('portalNight.analysis')}</dt>
        <dd data-testid="analysis">
          {analysisAt !== null
            ? t('portalNight.analysisAsked', { time: formatDateTime(analysisAt, locale) })
            : complete
              ? t('portalNight.analysisNotYet')
              : t('portalNight.analysisAfter')}
        </dd>
      </dl>
      {complete && analysisAt === null && (
        <button type="button" className="primary" disabled={busy} onClick={() => void start()}>
          {t('portalNight.startAnalysis')}
        </button>
      )}
      {complete && <p className="quiet">{t('portalNight.proof')}</p>}
      <ErrorAlert error={error} />
    </div>
  );
};
