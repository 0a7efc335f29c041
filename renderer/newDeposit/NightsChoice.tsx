import type { PreflightView } from '../../shared/ipc/views';
import { useT } from '../i18n/useT';
import type { NightsMode } from './useDepositChoices';

/** A folder of several nights: each under its own date (one plan each), or one of them. */
export const NightsChoice = ({
  nights,
  portal,
  mode,
  onMode,
  night,
  setNight,
}: {
  readonly nights: PreflightView['nights'];
  /** A participation is one night: a portal's folder is deposited a night at a time. */
  readonly portal: boolean;
  readonly mode: NightsMode;
  readonly onMode: (mode: NightsMode) => void;
  readonly night: string;
  readonly setNight: (night: string) => void;
}) => {
  const t = useT();
  return (
    <fieldset className="nights-choice" data-testid="nights-choice">
      <legend>{t('new.severalNights', { count: nights.length })}</legend>
      <label className="check" hidden={portal}>
        <input
          type="radio"
          name="nights"
          value="each"
          checked={mode === 'each'}
          onChange={() => onMode('each')}
        />{' '}
        {t('new.eachNight', { count: nights.length })}
      </label>
      <label className="check">
        <input
          type="radio"
          name="nights"
          value="one"
          checked={mode === 'one'}
          onChange={() => {
            onMode('one');
            if (!nights.some((n) => n.night === night)) setNight(nights[0]?.night ?? '');
          }}
        />{' '}
        {t('new.oneNight')}
      </label>
    </fieldset>
  );
};
