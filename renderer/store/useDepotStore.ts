import { create } from 'zustand';
import type { PlanView } from '../../shared/ipc/views';
import { liveEta, liveRate } from '../format/liveRate';
import { connectionSlice } from './connectionSlice';
import type { DepotState } from './DepotState';
import { engineSilent } from './engineSilent';
import { navigationSlice } from './navigationSlice';
import { nightsSlice } from './nightsSlice';
import { rowsSlice } from './rowsSlice';

export type { CorrectionValues } from './CorrectionValues';
export type { NewDepositDraft } from './NewDepositDraft';
export { SILENT_AFTER_MS, engineSilent } from './engineSilent';

/** The page's one store, made of its four parts (each in its own file, `DepotState` types them). */
export const useDepotStore = create<DepotState>()((...a) => ({
  ...connectionSlice(...a),
  ...nightsSlice(...a),
  ...rowsSlice(...a),
  ...navigationSlice(...a),
}));

export const useCurrentPlan = (): PlanView | undefined =>
  useDepotStore((s) => s.plans.find((p) => p.id === s.currentPlanId));

/** Speed and time left from what the server acknowledged recently; null when it cannot be said. */
export const useLiveFigures = (
  plan: PlanView | undefined,
): { readonly rate: number | null; readonly eta: number | null } => {
  const samples = useDepotStore((s) => (plan === undefined ? undefined : s.samples[plan.id]));
  const now = useDepotStore((s) => s.now);
  const connected = useDepotStore((s) => s.connected && !engineSilent(s));
  if (plan === undefined || !connected || samples === undefined) return { rate: null, eta: null };
  const rate = liveRate(samples, now);
  return { rate, eta: liveEta(plan.bytesTotal - plan.bytesAcked, rate) };
};
