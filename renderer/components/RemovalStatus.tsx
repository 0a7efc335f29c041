import type { PlanView } from '../../shared/ipc/views';
import { formatDateTime } from '../format/formatClock';
import { destinationOf } from '../format/destinationOf';
import { useLanguage } from '../i18n/useLanguage';
import { useNightChange } from '../api/useNightChange';

/**
 * The lines of a night's way back (issue 31): that its destination was corrected (from where,
 * when, why), what it took back from there or from the server, and a refusal named with the
 * permission it lacks, with "Réessayer le retrait" and "Les laisser sur le serveur".
 */
export const RemovalStatus = ({ plan }: { readonly plan: PlanView }) => {
  const { t, locale } = useLanguage();
  const change = useNightChange();
  const r = plan.removal;
  const act = (action: 'retry' | 'leave') =>
    change((api) => api.plans.removals({ planId: plan.id, action }));
  return (
    <>
      {plan.correction !== null && (
        <p className="note" data-testid="correction-line">
          {t(plan.correction.by === 'settings' ? 'correct.lineSettings' : 'correct.line', {
            time: formatDateTime(plan.correction.at, locale),
            from: destinationOf(plan.correction.from),
          })}
        </p>
      )}
      {r !== null && (
        <div
          className={r.denied > 0 ? 'blocker' : 'note'}
          role={r.denied > 0 ? 'alert' : 'status'}
          data-testid="removal"
          data-pending={r.pending}
          data-denied={r.denied}
        >
          <p>
            {t(r.whole ? 'removal.wholeProgress' : 'removal.oldProgress', {
              removed: r.removed + r.absent,
              pending: r.pending,
              place: destinationOf(r.place),
            })}
            {r.notOurs > 0 && ` ${t('removal.notOurs', { count: r.notOurs })}`}
          </p>
          {r.denied > 0 && (
            <>
              <p data-testid="removal-denied">
                <strong>
                  {t('removal.denied', { count: r.denied, place: destinationOf(r.place) })}
                </strong>
              </p>
              <div className="actions">
                <button type="button" data-action="removal-retry" onClick={() => void act('retry')}>
                  {t('removal.retry')}
                </button>
                <button type="button" data-action="removal-leave" onClick={() => void act('leave')}>
                  {t(r.whole ? 'removal.leaveWhole' : 'removal.leave')}
                </button>
              </div>
            </>
          )}
        </div>
      )}
    </>
  );
};
