import type { PlanView } from '../../shared/ipc/views';
import { useT } from '../i18n/useT';

/** What the night's last run found on the server: files gone and sent again, or no listing. */
export const NightCheckNotice = ({ plan }: { readonly plan: PlanView }) => {
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
