import type { PreflightView } from '../../shared/ipc/views';
import type { CorrectionValues } from '../store/useDepotStore';
import { formatDateTime } from '../format/formatClock';
import { destinationOf } from '../format/destinationOf';
import { formatNight } from '../format/formatNight';
import { useLanguage } from '../i18n/useLanguage';
import { useDepotStore } from '../store/useDepotStore';
import { CheckField } from '../components/CheckField';

/**
 * One card, one deposit, said out loud (issue 31): the nights that already hold this card, where
 * and since when, each to open or to correct; a second copy only ticked on purpose.
 */
export const CardDeposits = ({
  deposits,
  correction,
  copy,
  onCopy,
}: {
  readonly deposits: NonNullable<PreflightView['deposits']>;
  /** What is typed now: the destination a correction would take. */
  readonly correction: CorrectionValues;
  readonly copy: boolean;
  readonly onCopy: (copy: boolean) => void;
}) => {
  const { t, locale } = useLanguage();
  const openPlan = useDepotStore((s) => s.openPlan);
  const correct = useDepotStore((s) => s.correct);
  return (
    <section className="warning" data-testid="card-deposits" aria-labelledby="deposits-title">
      <h3 id="deposits-title">{t('new.deposits.title')}</h3>
      <ul>
        {deposits.map((d) => (
          <li key={d.planId} data-plan-id={d.planId} data-state={d.state}>
            {t(d.state === 'done' ? 'new.deposits.done' : 'new.deposits.going', {
              night: d.night === null ? '—' : formatNight(d.night, locale),
              destination: destinationOf(d.destination),
              since: formatDateTime(d.completedAt ?? d.createdAt, locale),
              files: d.files,
              state: t(`state.${d.state}`).toLocaleLowerCase(locale),
            })}
            <div className="actions">
              <button type="button" data-action="open-deposit" onClick={() => openPlan(d.planId)}>
                {t('new.deposits.open')}
              </button>
              {d.state !== 'removing' && (
                <button
                  type="button"
                  data-action="correct-deposit"
                  onClick={() => correct(d.planId, correction)}
                >
                  {t('new.deposits.correct')}
                </button>
              )}
            </div>
          </li>
        ))}
      </ul>
      <CheckField name="copy" label={t('new.deposits.copy')} checked={copy} onChecked={onCopy} />
    </section>
  );
};
