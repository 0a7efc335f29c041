import type { FailureCause } from '../../shared/domain/FailureCause';
import type { PlanView } from '../../shared/ipc/views';
import { causeDetail } from '../failures/causeDetail';
import { causeTitle, causeTodo } from '../failures/causeKeys';
import { useLanguage } from '../i18n/useLanguage';
import { useDepotStore } from '../store/useDepotStore';
import { FixSetting } from './FixSetting';
import type { FixedSetting } from '../blocker/FixedSetting';
import { PlanControls } from './PlanControls';

/** The setting a cause names, when a volunteer can correct it here. */
const settingOf = (cause: FailureCause): FixedSetting | null => {
  switch (cause.kind) {
    case 'bucket-missing':
      return 'bucket';
    case 'auth':
    case 'target-unavailable':
      return 'credentials';
    case 'certificate':
      return cause.problem === 'untrusted' || cause.problem === 'name-mismatch' ? 'endpoint' : null;
    default:
      return null;
  }
};

/** Nothing of the night is on the server yet: a corrected setting moves it at once. */
const sentNothing = (plan: PlanView): boolean => plan.unitsDone === 0 && plan.bytesAcked === 0;

/**
 * Why a night cannot go on, on the night itself: the real cause (a wrong address is not "the
 * network", issue 31), what to do, the setting corrected right here (the night takes it at once
 * when it has sent nothing), and Reprendre.
 */
export const BlockerNotice = ({ plan }: { readonly plan: PlanView }) => {
  const { t, locale } = useLanguage();
  const go = useDepotStore((s) => s.go);
  const address = plan.addressProblem;
  const cause = plan.blocker;
  if (address !== null) {
    return (
      <div
        className="blocker"
        role="alert"
        data-testid="blocker"
        data-cause={`address-${address.kind}`}
      >
        <p>
          <strong>
            <span aria-hidden="true">! </span>
            {address.kind === 'nothing-listens'
              ? t('address.nothing-listens.title', { endpoint: plan.endpoint })
              : t('address.not-s3.title', { endpoint: plan.endpoint, status: address.status })}
          </strong>
        </p>
        <p>
          <strong>{t('failures.whatToDo')}</strong> {t(`address.${address.kind}.todo`)}
        </p>
        <FixSetting plan={plan} setting="endpoint" />
        <div className="actions">
          <PlanControls plan={plan} />
        </div>
      </div>
    );
  }
  if (cause === null) return null;
  const detail = causeDetail(cause, t, locale);
  const setting = settingOf(cause);
  const fixHere = setting !== null && sentNothing(plan);
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
          fixHere
            ? 'blocker.afterFixHere'
            : cause.kind === 'portal-signed-out'
              ? 'blocker.afterSignIn'
              : 'blocker.after',
        )}
      </p>
      {fixHere && setting !== null && <FixSetting plan={plan} setting={setting} />}
      <div className="actions">
        {cause.kind === 'portal-signed-out' && (
          <button type="button" className="primary" onClick={() => go('portal')}>
            {t('portal.signIn')}
          </button>
        )}
        {cause.kind !== 'portal-signed-out' && !fixHere && (
          <button type="button" onClick={() => go('settings')}>
            {t('blocker.fix')}
          </button>
        )}
        <PlanControls plan={plan} />
      </div>
    </div>
  );
};
