import type { PortalView } from '../../shared/ipc/views';
import { formatDateTime } from '../format/formatClock';
import { useLanguage } from '../i18n/useLanguage';
import { useDepotStore } from '../store/useDepotStore';

const DAY_MS = 24 * 3600 * 1000;

/** Signed in since when and until when (days left), expired, or signed out; never the token. */
export const PortalSignedIn = ({ portal }: { readonly portal: PortalView }) => {
  const { t, locale } = useLanguage();
  const now = useDepotStore((s) => s.now);
  if (!portal.signedIn || portal.expiresAt === null || portal.signedInAt === null)
    return (
      <p className="warning" data-testid="portal-signed-out">
        {t('portal.signedOut')}
      </p>
    );
  return (
    <p className={portal.expiresAt <= now ? 'warning' : 'ok'} data-testid="portal-signed-in">
      {portal.expiresAt <= now
        ? t('portal.expired', { time: formatDateTime(portal.expiresAt, locale) })
        : t('portal.signedIn', {
            since: formatDateTime(portal.signedInAt, locale),
            until: formatDateTime(portal.expiresAt, locale),
            days: Math.max(0, Math.floor((portal.expiresAt - now) / DAY_MS)),
          })}
    </p>
  );
};
