import type { DepotSlice, NavigationState } from './DepotState';
import { emptyDraft } from './NewDepositDraft';

/** The screen and night on show, and what the volunteer left half done elsewhere. */
export const navigationSlice: DepotSlice<NavigationState> = (set) => ({
  screen: 'nights',
  currentPlanId: null,
  draft: emptyDraft,
  correcting: null,

  go(screen) {
    set({ screen });
  },

  openPlan(planId, screen = 'current') {
    set({ currentPlanId: planId, screen });
  },

  setDraft(patch) {
    set((s) => ({ draft: { ...s.draft, ...patch } }));
  },

  correct(planId, values) {
    set({ correcting: { planId, values }, currentPlanId: planId, screen: 'current' });
  },

  doneCorrecting() {
    set({ correcting: null });
  },
});
