import { useEffect, useState } from 'react';
import type { CardVerdictView, PlanView } from '../../shared/ipc/views';
import { destinationOf } from '../format/destinationOf';
import { formatNight } from '../format/formatNight';
import { useLanguage } from '../i18n/useLanguage';
import { useDepotStore } from '../store/useDepotStore';

/**
 * Whether the card can be cleared (issue 31): said only when every recording on it (every night,
 * every file, those the analysis left out included) is verified on the server; otherwise what is
 * left and where. Asked when the night is shown finished (the card is read again).
 */
export const CardVerdict = ({ plan }: { readonly plan: PlanView }) => {
  const { t, locale } = useLanguage();
  const api = useDepotStore((s) => s.api);
  const [verdict, setVerdict] = useState<CardVerdictView | null>(null);

  useEffect(() => {
    let live = true;
    void api?.plans.card({ planId: plan.id }).then((r) => live && r.ok && setVerdict(r.value));
    return () => {
      live = false;
    };
  }, [api, plan.id, plan.unitsDone, plan.completedAt]);

  if (verdict === null)
    return (
      <p className="quiet" data-testid="reuse-card" data-verdict="checking">
        {t('card.checking')}
      </p>
    );
  if (verdict.kind === 'reusable')
    return (
      <p className="ok" data-testid="reuse-card" data-verdict="reusable">
        {t('card.reusable', { count: verdict.recordings })}
      </p>
    );
  if (verdict.kind === 'card-away')
    return (
      <p className="warning" data-testid="reuse-card" data-verdict="card-away">
        {t('card.away', { dir: verdict.dir })}
      </p>
    );
  const night = (n: string | null): string =>
    n === null ? t('card.undated') : formatNight(n, locale);
  return (
    <div className="warning" data-testid="reuse-card" data-verdict="not-yet">
      <p>
        <strong>
          {t('card.notYet', { verified: verdict.verified, count: verdict.recordings })}
        </strong>
      </p>
      <ul>
        {verdict.left.map((l, i) => (
          <li key={i} data-left={l.kind}>
            {l.kind === 'night-not-deposited'
              ? t('card.nightNotDeposited', { night: night(l.night), files: l.files })
              : l.kind === 'not-verified'
                ? t('card.notVerified', {
                    night: night(l.night),
                    files: l.files,
                    destination: destinationOf(l.destination),
                    examples: l.examples.join(', '),
                  })
                : t('card.onlyOnCard', { files: l.files, examples: l.examples.join(', ') })}
          </li>
        ))}
      </ul>
    </div>
  );
};
