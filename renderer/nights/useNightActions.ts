import { useState } from 'react';
import type { IpcError } from '../../shared/ipc/Result';
import type { PlanView } from '../../shared/ipc/views';
import { planLabel } from '../format/planLabel';
import { useDepotStore } from '../store/useDepotStore';
import { useNightChange } from '../api/useNightChange';

export type NightActions = {
  readonly archive: () => Promise<void>;
  /** "Oublier" asked, waiting for its confirmation. */
  readonly confirming: boolean;
  readonly setConfirming: (confirming: boolean) => void;
  readonly forget: () => Promise<void>;
  /** The backend refused to forget (the night deposits): said on the row itself. */
  readonly refusal: IpcError | null;
  readonly setRefusal: (refusal: IpcError | null) => void;
};

/** A row's archive and forget, each followed by the nights read again. */
export const useNightActions = (
  plan: PlanView,
  onForgotten: (label: string) => void,
): NightActions => {
  const locale = useDepotStore((s) => s.locale);
  const api = useDepotStore((s) => s.api);
  const refresh = useDepotStore((s) => s.refreshPlans);
  const change = useNightChange();
  const [confirming, setConfirming] = useState(false);
  const [refusal, setRefusal] = useState<IpcError | null>(null);

  const archive = () =>
    change((backend) => backend.plans.archive({ planId: plan.id, archived: !plan.archived }));

  const forget = async (): Promise<void> => {
    if (api === undefined) return;
    const result = await api.plans.forget({ planId: plan.id });
    setConfirming(false);
    // Refused while depositing: said on the row itself, where the Pause button is.
    setRefusal(result.ok ? null : result.error);
    if (result.ok) onForgotten(planLabel(plan, locale));
    await refresh();
  };

  return { archive, confirming, setConfirming, forget, refusal, setRefusal };
};
