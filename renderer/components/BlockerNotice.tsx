import type { PlanView } from '../../shared/ipc/views';
import { causeDetail } from '../failures/causeDetail';
import { causeTitle, causeTodo } from '../failures/causeKeys';
import { useT } from '../i18n/useT';
import { useDepotStore } from '../store/useDepotStore';
import { PlanControls } from './PlanControls';

/**
 * Why a night cannot go on, on the night itself: the cause, what to do, the way to where it is
 * fixed, and Reprendre. A successful connection test resumes it too (the backend does).
 */
export const BlockerNotice = ({ plan }: { readonly plan: PlanView }) => {
  const t = useT();
  const locale = useDepotStore((s) => s.locale);
  const go = useDepotStore((s) => s.go);
  const cause = plan.blocker;
  if (cause === null) return null;
  const detail = causeDetail(cause, t, locale);
  // A night keeps the address it was created with: a corrected address in Settings leaves this
  // one blocked, and only a new deposit of the folder goes to the new address.
  return (
    <div className="blocker" role="alert" data-testid="blocker" data-cause={cause.kind}>
      <p>
        <strong>
          <span aria-hidden="true">! </span>
          {t('blocker.title', { cause: causeTitle(cause, t) })}
        </strong>
        {detail !== null && <span className="quiet"> ({detail})</span>}
      </p>
      <p>
        <strong>{t('failures.whatToDo')}</strong> {causeTodo(cause, t)}
      </p>
      <p data-testid="blocker-after">
        {t(
          cause.kind === 'certificate'
            ? 'blocker.afterCertificate'
            : cause.kind === 'portal-signed-out'
              ? 'blocker.afterSignIn'
              : 'blocker.after',
        )}
      </p>
      <div className="actions">
        {cause.kind === 'portal-signed-out' ? (
          <button type="button" className="primary" onClick={() => go('portal')}>
            {t('portal.signIn')}
          </button>
        ) : (
          <button type="button" className="primary" onClick={() => go('settings')}>
            {t('blocker.fix')}
          </button>
        )}
        <PlanControls plan={plan} />
      </div>
    </div>
  );
};
