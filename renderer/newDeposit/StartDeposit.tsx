import type { PreflightView } from '../../shared/ipc/views';
import { ParticipationPicker } from '../components/ParticipationPicker';
import { useT } from '../i18n/useT';
import { ChangesToDeposit } from './ChangesToDeposit';
import type { Busy } from './useCardAnalysis';
import type { DepositChoices } from './useDepositChoices';
import type { NightFields } from './useNightFields';

/**
 * Starting: a portal's participation first, then "Déposer" (or "Déposer les N nuits"), or the
 * folder's changes and "Déposer les changements" when it changed since it was planned.
 */
export const StartDeposit = ({
  report,
  typed,
  choices,
  portal,
  busy,
  blocked,
  onDeposit,
}: {
  readonly report: PreflightView;
  readonly typed: NightFields;
  readonly choices: DepositChoices;
  readonly portal: boolean;
  readonly busy: Busy;
  /** A blocking problem not skipped, or a programme's field missing or wrong. */
  readonly blocked: boolean;
  readonly onDeposit: (update: boolean) => void;
}) => {
  const t = useT();
  const several = report.nights.length > 1;
  return (
    <>
      {portal && (
        <ParticipationPicker
          dir={report.dir}
          night={typed.night}
          point={typed.fields['point'] ?? ''}
          value={choices.participation}
          onChange={choices.setParticipation}
        />
      )}
      {portal && choices.participation === null && (
        <p className="quiet" data-testid="needs-participation">
          {t('new.needsParticipation')}
        </p>
      )}
      {choices.changes === null ? (
        // While the night's date is asked, its two answers are the way on: no third button.
        choices.contradiction === null && (
          <button
            type="submit"
            className="primary"
            disabled={busy !== null || blocked || (portal && choices.participation === null)}
          >
            {busy === 'starting'
              ? t('new.starting')
              : several && choices.nightsMode === 'each'
                ? t('new.startEach', { count: report.nights.length })
                : t('new.start')}
          </button>
        )
      ) : (
        <ChangesToDeposit
          changes={choices.changes}
          several={several}
          starting={busy === 'starting'}
          disabled={busy !== null || blocked}
          onDeposit={() => onDeposit(true)}
        />
      )}
    </>
  );
};
