import type { CountersView } from '../../shared/ipc/views';
import { giveUpReasonText } from '../format/journalOutcomeText';
import { useT } from '../i18n/useT';

/** First attempts, retries granted and refused (by reason), the breaker's state, the rest by name. */
export const CountersList = ({ counters }: { readonly counters: CountersView }) => {
  const t = useT();
  return (
    <dl className="facts" data-testid="counters">
      <dt>{t('diag.firstAttempts')}</dt>
      <dd>{counters.firstAttempts}</dd>
      <dt>{t('diag.retriesGranted')}</dt>
      <dd>{counters.retriesGranted}</dd>
      <dt>{t('diag.retriesRefused')}</dt>
      <dd>
        {Object.entries(counters.retriesRefused)
          .map(([reason, n]) =>
            t('diag.reasonCount', { reason: giveUpReasonText(reason, t), count: n }),
          )
          .join(' · ') || '0'}
      </dd>
      <dt>{t('diag.circuit')}</dt>
      <dd>{t(`diag.circuit.${counters.circuit}`)}</dd>
      {Object.entries(counters.extra).map(([name, n]) => (
        <div key={name} className="pair">
          <dt>{name}</dt>
          <dd>{n}</dd>
        </div>
      ))}
    </dl>
  );
};
