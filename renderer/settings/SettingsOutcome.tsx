import { useEffect, useRef } from 'react';
import { MIN_BWLIMIT_BYTES_PER_SEC } from '../../shared/domain/minimumBandwidth';
import { errorText } from '../i18n/errorText';
import { useT } from '../i18n/useT';
import { ConnectionVerdictView } from './ConnectionVerdictView';
import { MB } from './useSettingsForm';
import type { SettingsForm } from './useSettingsForm';

/** What the last save or test said, where the buttons are, in view at 1366x768 (issue 31, item 12). */
export const SettingsOutcome = ({ form }: { readonly form: SettingsForm }) => {
  const t = useT();
  const { message, verdict } = form;
  const outcome = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (verdict !== null || message !== null)
      outcome.current?.scrollIntoView?.({ block: 'nearest' });
  }, [verdict, message]);
  return (
    <div ref={outcome} className="settings-outcome">
      {message !== null && (
        <p role="status" data-testid="settings-message">
          {t(message.key, {
            message: message.error === undefined ? '' : errorText(message.error, t),
            min: (MIN_BWLIMIT_BYTES_PER_SEC / MB).toLocaleString(form.settings.locale, {
              maximumFractionDigits: 2,
            }),
          })}
        </p>
      )}
      {verdict !== null && (
        <>
          <ConnectionVerdictView verdict={verdict.verdict} endpoint={verdict.endpoint} />
          {verdict.unsaved && (
            <p className="note" data-testid="tested-unsaved">
              {t('settings.testedUnsaved')}
            </p>
          )}
        </>
      )}
    </div>
  );
};
