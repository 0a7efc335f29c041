import { useEffect, useState } from 'react';
import type { PlanView } from '../../shared/ipc/views';
import type { CorrectionValues } from '../store/useDepotStore';
import { useDepotStore } from '../store/useDepotStore';

export type NightDialogName = 'correct' | 'remove';

export type NightDialog = {
  readonly open: NightDialogName | null;
  readonly setOpen: (dialog: NightDialogName | null) => void;
  /** The values "Corriger la destination" opens with, when asked from "Nouveau dépôt". */
  readonly initial: CorrectionValues | null;
  /** What the last correction did, said above the night. */
  readonly said: string | null;
  readonly corrected: (said: string | null) => void;
};

/** The night's one open dialog (correct its destination, or remove it from the server). */
export const useNightDialog = (plan: PlanView | undefined): NightDialog => {
  const correcting = useDepotStore((s) => s.correcting);
  const doneCorrecting = useDepotStore((s) => s.doneCorrecting);
  const [open, setOpen] = useState<NightDialogName | null>(null);
  const [said, setSaid] = useState<string | null>(null);
  // "Corriger sa destination" asked from "Nouveau dépôt": the dialog opens with those values.
  useEffect(() => {
    if (correcting !== null && correcting.planId === plan?.id) setOpen('correct');
  }, [correcting, plan?.id]);
  const corrected = (text: string | null): void => {
    setOpen(null);
    doneCorrecting();
    setSaid(text);
  };
  const initial = plan !== undefined && correcting?.planId === plan.id ? correcting.values : null;
  return { open, setOpen, initial, said, corrected };
};
