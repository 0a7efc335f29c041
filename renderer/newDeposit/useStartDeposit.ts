import { nightContradiction } from '../../shared/field/nightContradiction';
import type { IpcError } from '../../shared/ipc/Result';
import type { PreflightView, ProgrammeView } from '../../shared/ipc/views';
import { useT } from '../i18n/useT';
import { useDepotStore } from '../store/useDepotStore';
import type { Busy } from './useCardAnalysis';
import type { DepositChoices } from './useDepositChoices';
import type { NightFields } from './useNightFields';

/**
 * Starting the deposit: "Déposer", or "Déposer les changements" (`update`) once the folder changed
 * since it was planned. A night typed by hand that the recordings' own dates contradict is asked
 * first (`confirmedNight` once the volunteer kept theirs). Opens the night started, or Nuits.
 */
export const useStartDeposit = (options: {
  readonly report: PreflightView | null;
  readonly programme: ProgrammeView | null;
  readonly typed: NightFields;
  readonly choices: DepositChoices;
  readonly several: boolean;
  readonly setBusy: (busy: Busy) => void;
  readonly setError: (error: IpcError | string | null) => void;
}): ((update: boolean, confirmedNight?: boolean) => Promise<void>) => {
  const t = useT();
  const api = useDepotStore((s) => s.api);
  const openPlan = useDepotStore((s) => s.openPlan);
  const refresh = useDepotStore((s) => s.refreshPlans);
  const go = useDepotStore((s) => s.go);
  const { report, programme, typed, choices, several, setBusy, setError } = options;
  const { site, point, night, fields } = typed;

  return async (update, confirmedNight = false) => {
    if (api === undefined || report === null) return;
    const contradicted = several
      ? undefined
      : nightContradiction(
          night,
          report.nights.map((n) => n.night),
        );
    if (!confirmedNight && contradicted !== undefined) {
      choices.setContradiction(contradicted);
      return;
    }
    choices.setContradiction(null);
    setBusy('starting');
    setError(null);
    const result = await api.plans.create({
      dir: report.dir,
      ...(programme === null ? { site, point } : { fields }),
      night,
      skipInvalid: choices.skipInvalid,
      nights: several ? choices.nightsMode : 'one',
      update,
      copy: choices.copy,
      ...(choices.participation === null ? {} : { participationId: choices.participation }),
    });
    setBusy(null);
    if (!result.ok) {
      setError(result.error);
      return;
    }
    const outcome = result.value;
    if (outcome.kind === 'changed') {
      choices.setChanges(outcome.changes);
      return;
    }
    if (outcome.kind === 'nights-share-prefix') {
      setError(t('new.nightsSharePrefix', { template: outcome.template, placeholder: '{night}' }));
      return;
    }
    choices.setChanges(null);
    await refresh();
    const [first] = outcome.plans;
    if (outcome.plans.length > 1 || first === undefined) go('nights');
    else openPlan(first.id);
  };
};
