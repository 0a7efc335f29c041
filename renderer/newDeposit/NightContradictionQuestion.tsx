import { useEffect, useRef } from 'react';
import { formatNight } from '../format/formatNight';
import { useLanguage } from '../i18n/useLanguage';
import type { DepositChoices } from './useDepositChoices';
import type { NightFields } from './useNightFields';

/**
 * A typed night date the recordings contradict: asked before depositing, naming both. Keeping the
 * typed one deposits at once (the changes too, when they were asked for); taking the recordings'
 * night puts it in the field.
 */
export const NightContradictionQuestion = ({
  choices,
  typed,
  onDeposit,
}: {
  readonly choices: DepositChoices;
  readonly typed: NightFields;
  readonly onDeposit: (update: boolean, confirmedNight: boolean) => void;
}) => {
  const { t, locale } = useLanguage();
  const { contradiction } = choices;
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    // Asked below the fields: brought into view, its answers above the status bar at 1024x640.
    if (contradiction !== null) box.current?.scrollIntoView?.({ block: 'nearest' });
  }, [contradiction]);
  if (contradiction === null) return null;
  return (
    <div ref={box} className="warning" role="alert" data-testid="night-contradiction">
      <p>
        {t('new.contradiction', {
          typed: formatNight(contradiction.typed, locale),
          recorded: contradiction.recorded.map((n) => formatNight(n, locale)).join(', '),
        })}
      </p>
      <div className="actions">
        <button
          type="button"
          data-action="keep-typed-night"
          onClick={() => onDeposit(choices.changes !== null, true)}
        >
          {t('new.contradiction.keep', { typed: formatNight(contradiction.typed, locale) })}
        </button>
        <button
          type="button"
          className="primary"
          data-action="take-recorded-night"
          onClick={() => {
            typed.setNight(contradiction.recorded[0] ?? typed.night);
            choices.setContradiction(null);
          }}
        >
          {t('new.contradiction.take', {
            recorded: formatNight(contradiction.recorded[0] ?? '', locale),
          })}
        </button>
      </div>
    </div>
  );
};
