import { create } from 'zustand';
import type { DepotApi } from '../../shared/ipc/DepotApi';
import type { DepotEvent } from '../../shared/ipc/DepotEvent';
import type { Locale, PlanView } from '../../shared/ipc/views';

import type { Screen } from './Screen';

type DepotState = {
  readonly api: DepotApi | undefined;
  readonly connected: boolean;
  readonly locale: Locale;
  readonly screen: Screen;
  readonly plans: readonly PlanView[];
  readonly currentPlanId: string | null;
  /** Epoch ms, advanced every second so countdowns move without a request. */
  readonly now: number;
  /** Bumped on every event about units, so visible rows refresh. */
  readonly unitsVersion: number;
  readonly lastError: string | null;
  /** Storage named and credentials set: the backend can list and deposit nights. */
  readonly configured: boolean;
  readonly setConfigured: (configured: boolean) => void;
  readonly start: (api: DepotApi) => () => void;
  readonly refreshPlans: () => Promise<void>;
  readonly go: (screen: Screen) => void;
  readonly openPlan: (planId: string, screen?: Screen) => void;
  readonly setLocale: (locale: Locale) => void;
  readonly setConnected: (connected: boolean) => void;
  readonly setError: (message: string | null) => void;
  readonly tick: (now: number) => void;
};

const upsert = (plans: readonly PlanView[], plan: PlanView): readonly PlanView[] => {
  const index = plans.findIndex((p) => p.id === plan.id);
  if (index < 0) return [plan, ...plans];
  const copy = [...plans];
  copy[index] = plan;
  return copy;
};

export const useDepotStore = create<DepotState>()((set, get) => ({
  api: undefined,
  connected: false,
  locale: 'fr',
  screen: 'nights',
  plans: [],
  currentPlanId: null,
  now: Date.now(),
  unitsVersion: 0,
  lastError: null,
  configured: true,

  start(api) {
    set({ api });
    const onEvent = (event: DepotEvent): void => {
      switch (event.type) {
        case 'plan':
          // `now` moves with each event so a fresh countdown never starts a second late.
          set((s) => ({
            plans: upsert(s.plans, event.plan),
            unitsVersion: s.unitsVersion + 1,
            now: Date.now(),
          }));
          return;
        case 'unit':
          set((s) => ({ unitsVersion: s.unitsVersion + 1, now: Date.now() }));
          return;
        case 'plans-changed':
        case 'network':
          void get().refreshPlans();
          return;
      }
    };
    const unsubscribe = api.events.subscribe(onEvent);
    void (async () => {
      const settings = await api.settings.get();
      if (settings.ok) {
        get().setLocale(settings.value.locale);
        const s = settings.value;
        set({ configured: s.endpoint !== '' && s.bucket !== '' && s.credentials === 'set' });
      }
      await get().refreshPlans();
      const running = get().plans.find((p) => p.state !== 'done');
      if (running !== undefined && get().currentPlanId === null) {
        set({ currentPlanId: running.id });
      }
    })();
    return unsubscribe;
  },

  async refreshPlans() {
    const api = get().api;
    if (api === undefined) return;
    const result = await api.plans.list();
    if (result.ok) set({ plans: result.value });
  },

  go(screen) {
    set({ screen });
  },

  openPlan(planId, screen = 'current') {
    set({ currentPlanId: planId, screen });
  },

  setLocale(locale) {
    set({ locale });
    document.documentElement.lang = locale;
  },

  setConnected(connected) {
    set({ connected });
    if (connected) void get().refreshPlans();
  },

  setConfigured(configured) {
    set({ configured });
  },

  setError(message) {
    set({ lastError: message });
  },

  tick(now) {
    set({ now });
  },
}));

export const useCurrentPlan = (): PlanView | undefined =>
  useDepotStore((s) => s.plans.find((p) => p.id === s.currentPlanId));
