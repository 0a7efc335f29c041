import type { PreflightView, ProgrammeView } from '../../shared/ipc/views';
import { useT } from '../i18n/useT';
import { AnalysisSummary } from './AnalysisSummary';
import { fieldsReady } from './fieldProblem';
import { NightContradictionQuestion } from './NightContradictionQuestion';
import { NightFieldInputs } from './NightFieldInputs';
import { NightsChoice } from './NightsChoice';
import { PreflightIssues } from './PreflightIssues';
import { preflightProblems } from './preflightProblems';
import { StartDeposit } from './StartDeposit';
import type { Busy } from './useCardAnalysis';
import type { DepositChoices } from './useDepositChoices';
import type { NightFields } from './useNightFields';
import { usePreviews } from './usePreviews';

/**
 * The card analysed, and everything between it and "Déposer": where it goes, the nights already
 * holding it, its problems, how to take several nights, the night's fields, the questions asked.
 */
export const DepositForm = ({
  report,
  analyses,
  typed,
  programme,
  choices,
  busy,
  onDeposit,
}: {
  readonly report: PreflightView;
  readonly analyses: number;
  readonly typed: NightFields;
  readonly programme: ProgrammeView | null;
  readonly choices: DepositChoices;
  readonly busy: Busy;
  readonly onDeposit: (update: boolean, confirmedNight?: boolean) => void;
}) => {
  const t = useT();
  const several = report.nights.length > 1;
  const portal = programme?.destination.kind === 'vigiechiro';
  const { destinations, names } = usePreviews(report, programme, typed, choices.nightsMode);
  const nameIssues = names.kind === 'named' ? names.issues : [];
  const { blocking, issues } = preflightProblems(report, several, nameIssues);
  return (
    <form
      onSubmit={(e) => {
        e.preventDefault();
        onDeposit(false);
      }}
      aria-labelledby="summary-title"
    >
      <h2 id="summary-title">{t('new.summary')}</h2>
      <AnalysisSummary
        report={report}
        analyses={analyses}
        typed={typed}
        programme={programme}
        choices={choices}
        destinations={destinations}
        names={names}
      />
      <PreflightIssues
        issues={issues}
        blocking={blocking}
        skipInvalid={choices.skipInvalid}
        onSkipInvalid={choices.setSkipInvalid}
      />
      {several && (
        <NightsChoice
          nights={report.nights}
          portal={portal}
          mode={choices.nightsMode}
          onMode={choices.setNightsMode}
          night={typed.night}
          setNight={typed.setNight}
        />
      )}
      <NightFieldInputs
        typed={typed}
        programme={programme}
        nights={several ? report.nights : null}
        nightsMode={choices.nightsMode}
      />
      <NightContradictionQuestion choices={choices} typed={typed} onDeposit={onDeposit} />
      <StartDeposit
        report={report}
        typed={typed}
        choices={choices}
        portal={portal}
        busy={busy}
        blocked={(blocking > 0 && !choices.skipInvalid) || !fieldsReady(programme, typed.fields)}
        onDeposit={onDeposit}
      />
    </form>
  );
};
