import type {
  DestinationPreview,
  NamesPreview,
  PreflightView,
  ProgrammeView,
} from '../../shared/ipc/views';
import { AnalysisFacts } from './AnalysisFacts';
import { CardDeposits } from './CardDeposits';
import { DestinationFacts } from './DestinationFacts';
import type { DepositChoices } from './useDepositChoices';
import type { NightFields } from './useNightFields';

/** The card analysed, where it would go, and the nights that already hold it (issue 31). */
export const AnalysisSummary = ({
  report,
  analyses,
  typed,
  programme,
  choices,
  destinations,
  names,
}: {
  readonly report: PreflightView;
  readonly analyses: number;
  readonly typed: NightFields;
  readonly programme: ProgrammeView | null;
  readonly choices: DepositChoices;
  readonly destinations: readonly DestinationPreview[];
  readonly names: NamesPreview;
}) => {
  const several = report.nights.length > 1;
  return (
    <>
      <AnalysisFacts report={report} analyses={analyses}>
        <DestinationFacts
          programme={programme}
          participation={choices.participation}
          destinations={
            several && choices.nightsMode === 'one'
              ? destinations.filter((d) => d.night === typed.night)
              : destinations
          }
          several={several}
          names={names}
        />
      </AnalysisFacts>
      {report.deposits !== undefined && report.deposits.length > 0 && (
        <CardDeposits
          deposits={report.deposits}
          correction={
            programme === null
              ? { site: typed.site, point: typed.point, fields: {} }
              : { fields: typed.fields }
          }
          copy={choices.copy}
          onCopy={choices.setCopy}
        />
      )}
    </>
  );
};
