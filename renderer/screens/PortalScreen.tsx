import { ErrorAlert } from '../components/ErrorAlert';
import { useT } from '../i18n/useT';
import { PortalAddressForm } from '../portal/PortalAddressForm';
import { PortalSignedIn } from '../portal/PortalSignedIn';
import { usePortalSession } from '../portal/usePortalSession';
import { useDepotStore } from '../store/useDepotStore';

/**
 * "Portail" (issue 33, ADR 0032): the volunteer's sign-in to the programme's portal. In Electron,
 * "Se connecter" opens the portal's page in a window of Depot's own, which takes the token from
 * where the page lands. In a browser (the bridge), the page opens in a new tab; the address it
 * ends on (`...#/?token=...`) comes back by itself when that tab is this Depot's, and can be pasted
 * here otherwise. The expiry (14 days after the sign-in) is shown; the token never is.
 */
export const PortalScreen = () => {
  const t = useT();
  const api = useDepotStore((s) => s.api);
  const session = usePortalSession(api);
  const { portal, busy } = session;
  if (api === undefined || portal === undefined) return null;
  return (
    <section aria-labelledby="portal-title" data-testid="portal">
      <h1 id="portal-title">{t('portal.title')}</h1>
      {portal === null ? (
        <p className="quiet">{t('portal.none')}</p>
      ) : (
        <>
          <p>
            {t('portal.address')} <code>{portal.api}</code>
          </p>
          <PortalSignedIn portal={portal} />
          <p className="quiet">{t('portal.tokenNote')}</p>
          <div className="actions">
            <button
              type="button"
              className="primary"
              disabled={busy}
              onClick={() => void session.open()}
            >
              {portal.signedIn ? t('portal.signInAgain') : t('portal.signIn')}
            </button>
            {portal.signedIn && (
              <button type="button" disabled={busy} onClick={() => void session.signOut()}>
                {t('portal.signOut')}
              </button>
            )}
          </div>
          {(session.waiting || !portal.signedIn) && <PortalAddressForm session={session} />}
          <ErrorAlert error={session.error} />
        </>
      )}
    </section>
  );
};
