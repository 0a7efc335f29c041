import type { PlanView } from '../../shared/ipc/views';
import { planAfter, rowsAfter, waitsAfter } from '../live/applyUnitEvent';
import type { DepotSlice, NightsState } from './DepotState';
import { engineSilent } from './engineSilent';
import { sampled } from './sampled';

const upsert = (plans: readonly PlanView[], plan: PlanView): readonly PlanView[] => {
  const index = plans.findIndex((p) => p.id === plan.id);
  if (index < 0) return [plan, ...plans];
  const copy = [...plans];
  copy[index] = plan;
  return copy;
};

/** The nights as the engine pushes and lists them, and the clock their countdowns read. */
export const nightsSlice: DepotSlice<NightsState> = (set, get) => ({
  plans: [],
  now: Date.now(),
  samples: {},

  receive(event) {
    switch (event.type) {
      case 'plan':
        // `now` moves with each event so a fresh countdown never starts a second late.
        set((s) => {
          const now = Date.now();
          const plans = upsert(s.plans, event.plan);
          return { plans, now, lastHeardAt: now, samples: sampled(s, plans, now) };
        });
        return;
      case 'unit':
        // The row, the night's counts and its waits from the event itself, in one update: the
        // header never lags the rows, and nothing is read again (issue 32).
        set((s) => {
          const now = Date.now();
          return {
            rows: rowsAfter(s.rows, event),
            plans: s.plans.map((p) => (p.id === event.planId ? planAfter(p, event) : p)),
            waits: waitsAfter(s.waits, event),
            now,
            lastHeardAt: now,
          };
        });
        return;
      case 'open-night':
        get().openPlan(event.planId);
        return;
      case 'power':
        set({ keepingAwake: event.keepingAwake });
        return;
      case 'plans-changed':
      case 'network':
        void get().refreshPlans();
        return;
    }
  },

  async refreshPlans() {
    const api = get().api;
    if (api === undefined) return;
    const result = await api.plans.list();
    if (result.ok)
      set((s) => ({
        plans: result.value,
        samples: sampled(s, result.value, s.now),
        lastHeardAt: Date.now(),
      }));
  },

  tick(now) {
    set((s) => ({ now, samples: s.connected && !engineSilent(s) ? sampled(s, s.plans, now) : {} }));
    get().reconcile(now);
  },
});
