import { useState } from 'react';
import { BlockerNotice } from '../components/BlockerNotice';
import { FailureSection } from '../failures/FailureSection';
import { groupFailures } from '../failures/groupFailures';
import { useFailures } from '../failures/useFailures';
import { planLabel } from '../format/planLabel';
import type { MessageKey } from '../i18n/fr';
import { useLanguage } from '../i18n/useLanguage';
import { useCurrentPlan, useDepotStore } from '../store/useDepotStore';

/** The three kinds of failures, in the order they are shown. */
const sections: readonly {
  readonly title: MessageKey;
  readonly groups: 'retryable' | 'needsCredentials' | 'definitive';
  readonly testId: string;
}[] = [
  { title: 'failures.retryable', groups: 'retryable', testId: 'failures-retryable' },
  {
    title: 'failures.needsCredentials',
    groups: 'needsCredentials',
    testId: 'failures-credentials',
  },
  { title: 'failures.definitive', groups: 'definitive', testId: 'failures-definitive' },
];

/** Échecs: the night's failed files grouped by cause, what to do for each, and "Réessayer". */
export const FailuresScreen = () => {
  const { t, locale } = useLanguage();
  const api = useDepotStore((s) => s.api);
  const plan = useCurrentPlan();
  const { failures, outcome, retry } = useFailures(plan);
  const [settled, setSettled] = useState<string | null>(null);

  if (plan === undefined || api === undefined) {
    return (
      <section aria-labelledby="failures-title">
        <h1 id="failures-title">{t('failures.title')}</h1>
        <p>{t('current.none')}</p>
      </section>
    );
  }
  const grouped = groupFailures(failures);
  return (
    <section aria-labelledby="failures-title">
      <h1 id="failures-title">
        {t('failures.title')} · {planLabel(plan, locale)}
      </h1>
      <BlockerNotice plan={plan} />
      {failures.length === 0 && plan.blocker === null && <p>{t('failures.none')}</p>}
      {(grouped.retryableCount > 0 || outcome !== null) && (
        <div className="row">
          <button
            type="button"
            className="primary"
            onClick={() => void retry()}
            disabled={grouped.retryableCount === 0}
            aria-describedby="retry-hint"
          >
            {t('failures.retry')} ({grouped.retryableCount})
          </button>
          <small id="retry-hint">{t('failures.retryHint')}</small>
        </div>
      )}
      {outcome !== null && (
        <p role="status" data-testid="retry-outcome">
          {t('failures.requeued', { requeued: outcome.requeued, definitive: outcome.definitive })}
        </p>
      )}
      {settled !== null && (
        <p role="status" className="note" data-testid="settled">
          {settled}
        </p>
      )}
      {sections.map((s) => (
        <FailureSection
          key={s.testId}
          title={s.title}
          groups={grouped[s.groups]}
          testId={s.testId}
          planId={plan.id}
          onSettled={setSettled}
        />
      ))}
    </section>
  );
};
