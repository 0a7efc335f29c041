import { useEffect, useState } from 'react';
import type { IpcError } from '../../shared/ipc/Result';
import type { PortalView } from '../../shared/ipc/views';
import { formatDateTime } from '../format/formatClock';
import { useT } from '../i18n/useT';
import { isPortalReturn } from '../portal/portalReturn';
import { useDepotStore } from '../store/useDepotStore';
import { ErrorAlert } from '../components/ErrorAlert';

const DAY_MS = 24 * 3600 * 1000;

/**
 * "Portail" (issue 33, ADR 0032): the volunteer's sign-in to the programme's portal. In Electron,
 * "Se connecter" opens the portal's page in a window of Depot's own, which takes the token from
 * where the page lands. In a browser (the bridge), the page opens in a new tab; the address it
 * ends on (`...#/?token=...`) comes back by itself when that tab is this Depot's, and can be pasted
 * here otherwise. The expiry (14 days after the sign-in) is shown; the token never is.
 */
export const PortalScreen = () => {
  const t = useT();
  const locale = useDepotStore((s) => s.locale);
  const api = useDepotStore((s) => s.api);
  const now = useDepotStore((s) => s.now);
  const [portal, setPortal] = useState<PortalView | null | undefined>(undefined);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<IpcError | null>(null);
  /** The page is the volunteer's to open (the bridge): the address comes back, or is pasted. */
  const [waiting, setWaiting] = useState(false);
  const [address, setAddress] = useState('');

  useEffect(() => {
    void api?.portal.get().then((r) => setPortal(r.ok ? r.value : null));
  }, [api]);

  const signIn = async (given: string): Promise<void> => {
    if (api === undefined) return;
    setBusy(true);
    setError(null);
    const result = await api.portal.signIn({ address: given });
    setBusy(false);
    if (!result.ok) {
      setError(result.error);
      return;
    }
    setPortal(result.value);
    setWaiting(false);
    setAddress('');
  };

  useEffect(() => {
    if (!waiting) return;
    // The sign-in tab landed back on this Depot: it hands the address over (same origin only).
    const onMessage = (event: MessageEvent): void => {
      if (event.origin !== window.location.origin || !isPortalReturn(event.data)) return;
      void signIn(event.data.address);
    };
    window.addEventListener('message', onMessage);
    return () => window.removeEventListener('message', onMessage);
  });

  if (api === undefined || portal === undefined) return null;

  const open = async (): Promise<void> => {
    setBusy(true);
    setError(null);
    const result = await api.portal.openSignIn();
    setBusy(false);
    if (!result.ok) {
      setError(result.error);
      return;
    }
    if (result.value.kind === 'signed-in') setPortal(result.value.portal);
    if (result.value.kind === 'unsupported') {
      setWaiting(true);
      window.open(result.value.signIn, '_blank');
    }
  };

  const signOut = async (): Promise<void> => {
    const result = await api.portal.signOut();
    if (result.ok) setPortal(result.value);
  };

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
          {portal.signedIn && portal.expiresAt !== null && portal.signedInAt !== null ? (
            <p
              className={portal.expiresAt <= now ? 'warning' : 'ok'}
              data-testid="portal-signed-in"
            >
              {portal.expiresAt <= now
                ? t('portal.expired', { time: formatDateTime(portal.expiresAt, locale) })
                : t('portal.signedIn', {
                    since: formatDateTime(portal.signedInAt, locale),
                    until: formatDateTime(portal.expiresAt, locale),
                    days: Math.max(0, Math.floor((portal.expiresAt - now) / DAY_MS)),
                  })}
            </p>
          ) : (
            <p className="warning" data-testid="portal-signed-out">
              {t('portal.signedOut')}
            </p>
          )}
          <p className="quiet">{t('portal.tokenNote')}</p>
          <div className="actions">
            <button type="button" className="primary" disabled={busy} onClick={() => void open()}>
              {portal.signedIn ? t('portal.signInAgain') : t('portal.signIn')}
            </button>
            {portal.signedIn && (
              <button type="button" disabled={busy} onClick={() => void signOut()}>
                {t('portal.signOut')}
              </button>
            )}
          </div>
          {(waiting || !portal.signedIn) && (
            <form
              className="row"
              onSubmit={(e) => {
                e.preventDefault();
                void signIn(address);
              }}
            >
              <label className="grow">
                {t('portal.paste')}
                <input
                  name="portal-address"
                  value={address}
                  autoComplete="off"
                  spellCheck={false}
                  onChange={(e) => setAddress(e.target.value)}
                  aria-describedby="portal-paste-hint"
                />
                <small id="portal-paste-hint">
                  {waiting ? t('portal.pasteHintWaiting') : t('portal.pasteHint')}
                </small>
              </label>
              <button type="submit" disabled={busy || address.trim() === ''}>
                {t('portal.usePasted')}
              </button>
            </form>
          )}
          <ErrorAlert error={error} />
        </>
      )}
    </section>
  );
};
