import { create } from 'zustand';
import type { DepotApi } from '../../shared/ipc/DepotApi';
import type { DepotEvent } from '../../shared/ipc/DepotEvent';
import type { IpcError } from '../../shared/ipc/Result';
import type { Locale, PlanView, UnitFilter } from '../../shared/ipc/views';

import { addSample, liveEta, liveRate } from '../format/liveRate';
import type { AckSample } from '../format/liveRate';
import { planAfter, rowsAfter, waitsAfter } from '../live/applyUnitEvent';
import type { Waits } from '../live/applyUnitEvent';
import { reconcileDue } from '../live/reconcileDue';
import { PAGE, emptyRows } from '../live/UnitRows';
import type { UnitRows } from '../live/UnitRows';
import type { Screen } from './Screen';

/** Site and point, or a programme's fields: what names a night's destination. */
export type CorrectionValues = {
  readonly site?: string;
  readonly point?: string;
  readonly fields: Readonly<Record<string, string>>;
};

export type NewDepositDraft = {
  readonly dir: string;
  readonly site: string;
  readonly point: string;
  readonly night: string;
  readonly fields: Readonly<Record<string, string>> | null;
};

const emptyDraft: NewDepositDraft = { dir: '', site: '', point: '', night: '', fields: null };

/** Silent this long, the engine is said not to answer: well above a busy moment's delay. */
export const SILENT_AFTER_MS = 6_000;

export const engineSilent = (s: {
  readonly connected: boolean;
  readonly lastHeardAt: number;
  readonly now: number;
}): boolean => s.connected && s.now - s.lastHeardAt > SILENT_AFTER_MS;

type DepotState = {
  readonly api: DepotApi | undefined;
  readonly connected: boolean;
  readonly locale: Locale;
  readonly screen: Screen;
  readonly plans: readonly PlanView[];
  readonly currentPlanId: string | null;
  /** Epoch ms, advanced every second so countdowns move without a request. */
  readonly now: number;
  /**
   * The open night's table rows: read by page when shown, then changed by the engine's pushed
   * `unit` events, read again at most every 5 s as a repair (`reconcile`, ADR 0037).
   */
  readonly rows: UnitRows | null;
  /** The pages of `rows` on screen, the ones a reconcile reads again. */
  readonly rowPages: { readonly from: number; readonly to: number };
  /** When the rows were last read again (this page's clock); null before any. */
  readonly reconciledAt: number | null;
  /** The files' announced waits per night, from the same events as the rows' countdowns. */
  readonly waits: Waits;
  readonly lastError: IpcError | null;
  /** The engine answered at least once since this page opened (else the address itself may be old). */
  readonly everConnected: boolean;
  /** Electron holds off system sleep while a night deposits (said in the status bar). */
  readonly keepingAwake: boolean;
  /** Recent acknowledged-byte readings per running night, for an honest live speed. */
  readonly samples: Readonly<Record<string, readonly AckSample[]>>;
  /** Storage named and credentials set: the backend can list and deposit nights. */
  readonly configured: boolean;
  /**
   * When the engine last answered (a call, an event), this page's clock: an engine silent for a
   * few seconds while its socket stays open (a frozen process) is said as such (issue 31).
   */
  readonly lastHeardAt: number;
  /** What the volunteer typed on "Nouveau dépôt", kept while they look elsewhere (issue 31). */
  readonly draft: NewDepositDraft;
  readonly setDraft: (patch: Partial<NewDepositDraft>) => void;
  /**
   * "Corriger la destination" asked from elsewhere ("Nouveau dépôt" of a card another night
   * holds): the night opened with its correction and these values.
   */
  readonly correcting: { readonly planId: string; readonly values: CorrectionValues } | null;
  readonly correct: (planId: string, values: CorrectionValues) => void;
  readonly doneCorrecting: () => void;
  readonly heard: () => void;
  readonly setConfigured: (configured: boolean) => void;
  readonly start: (api: DepotApi) => () => void;
  /** Applies one pushed event to what the page shows: a row, a night's header, the bar. */
  readonly receive: (event: DepotEvent) => void;
  /** The table shows these pages of a night's rows: those not read yet are read. */
  readonly showRows: (planId: string, filter: UnitFilter, from: number, to: number) => void;
  /** The table is gone: no rows to keep, none to read again. */
  readonly hideRows: () => void;
  /** Reads the rows on screen again, when the last such read is 5 s old or more. */
  readonly reconcile: (now: number) => void;
  readonly refreshPlans: () => Promise<void>;
  readonly go: (screen: Screen) => void;
  readonly openPlan: (planId: string, screen?: Screen) => void;
  readonly setLocale: (locale: Locale) => void;
  readonly setConnected: (connected: boolean) => void;
  readonly setError: (error: IpcError | null) => void;
  readonly tick: (now: number) => void;
};

const upsert = (plans: readonly PlanView[], plan: PlanView): readonly PlanView[] => {
  const index = plans.findIndex((p) => p.id === plan.id);
  if (index < 0) return [plan, ...plans];
  const copy = [...plans];
  copy[index] = plan;
  return copy;
};

const moving = (plan: PlanView): boolean => plan.state === 'running';

const depositing: ReadonlySet<PlanView['state']> = new Set([
  'running',
  'waiting-network',
  'waiting-card',
  'server-unavailable',
  'deferred',
]);

/** One reading per moving night; the others lose theirs (a pause is not a slow link). */
const sampled = (
  s: { readonly samples: Readonly<Record<string, readonly AckSample[]>> },
  plans: readonly PlanView[],
  now: number,
): Readonly<Record<string, readonly AckSample[]>> => {
  const next: Record<string, readonly AckSample[]> = {};
  for (const plan of plans) {
    if (!moving(plan)) continue;
    next[plan.id] = addSample(s.samples[plan.id] ?? [], { at: now, acked: plan.bytesAcked });
  }
  return next;
};

/**
 * The language lives in the engine's settings, but a page whose engine is gone (a restart on a
 * new address, an old tab) must still speak the volunteer's language: the last one is kept here.
 */
const LOCALE_KEY = 'depot.locale';

const rememberedLocale = (): Locale => {
  try {
    const saved = globalThis.localStorage?.getItem(LOCALE_KEY);
    return saved === 'en' || saved === 'fr' ? saved : 'fr';
  } catch {
    // Storage refused (a locked-down profile): the default language.
    return 'fr';
  }
};

const rememberLocale = (locale: Locale): void => {
  try {
    globalThis.localStorage?.setItem(LOCALE_KEY, locale);
  } catch {
    // Not kept: the next page without an engine speaks the default language.
  }
};

export const useDepotStore = create<DepotState>()((set, get) => ({
  api: undefined,
  connected: false,
  locale: rememberedLocale(),
  screen: 'nights',
  plans: [],
  currentPlanId: null,
  now: Date.now(),
  rows: null,
  rowPages: { from: 0, to: 0 },
  reconciledAt: null,
  waits: {},
  lastError: null,
  everConnected: false,
  keepingAwake: false,
  samples: {},
  configured: true,
  lastHeardAt: Date.now(),
  draft: emptyDraft,
  correcting: null,

  start(api) {
    set({ api });
    // Absent outside a page (the store's tests): the language is kept all the same.
    globalThis.document?.documentElement.setAttribute('lang', get().locale);
    // The engine is asked whether it is there when it has said nothing for two seconds; one
    // question at a time (its events say so while it works).
    let asking = false;
    const heartbeat = setInterval(() => {
      if (asking || !get().connected || Date.now() - get().lastHeardAt < 2_000) return;
      asking = true;
      void api.app.info().then((r) => {
        asking = false;
        if (r.ok) get().heard();
      });
    }, 2_000);
    const unsubscribe = api.events.subscribe((event) => get().receive(event));
    void (async () => {
      const settings = await api.settings.get();
      if (settings.ok) {
        get().setLocale(settings.value.locale);
        const s = settings.value;
        set({ configured: s.endpoint !== '' && s.bucket !== '' && s.credentials === 'set' });
      }
      const info = await api.app.info();
      if (info.ok) set({ keepingAwake: info.value.keepingAwake ?? false });
      await get().refreshPlans();
      // The app reopens on the night that is depositing, if one is.
      const running = get().plans.find((p) => depositing.has(p.state));
      const open = running ?? get().plans.find((p) => p.state !== 'done');
      if (open !== undefined && get().currentPlanId === null) {
        set(
          running === undefined
            ? { currentPlanId: open.id }
            : { currentPlanId: open.id, screen: 'current' },
        );
      }
    })();
    return () => {
      clearInterval(heartbeat);
      unsubscribe();
    };
  },

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

  showRows(planId, filter, from, to) {
    const { api, rows } = get();
    const same = rows !== null && rows.planId === planId && rows.filter === filter;
    const shown = same ? rows : emptyRows(planId, filter);
    set({ rows: shown, rowPages: { from, to } });
    if (api === undefined) return;
    for (let page = from; page <= to; page++) {
      if (!shown.pages.has(page)) void readPage(api, planId, filter, page);
    }
  },

  hideRows() {
    set({ rows: null });
  },

  reconcile(now) {
    const { api, rows, rowPages, reconciledAt } = get();
    if (api === undefined || rows === null || !reconcileDue(reconciledAt, now)) return;
    set({ reconciledAt: now });
    for (let page = rowPages.from; page <= rowPages.to; page++)
      void readPage(api, rows.planId, rows.filter, page);
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

  go(screen) {
    set({ screen });
  },

  openPlan(planId, screen = 'current') {
    set({ currentPlanId: planId, screen });
  },

  setLocale(locale) {
    set({ locale });
    rememberLocale(locale);
    globalThis.document?.documentElement.setAttribute('lang', locale);
  },

  setConnected(connected) {
    // Readings across a gap would average the gap in: start again when the engine is back.
    set((s) => ({
      connected,
      everConnected: s.everConnected || connected,
      samples: {},
      lastHeardAt: Date.now(),
    }));
    if (connected) void get().refreshPlans();
  },

  setConfigured(configured) {
    set({ configured });
  },

  setError(error) {
    set({ lastError: error });
  },

  tick(now) {
    set((s) => ({ now, samples: s.connected && !engineSilent(s) ? sampled(s, s.plans, now) : {} }));
    get().reconcile(now);
  },

  heard() {
    set({ lastHeardAt: Date.now() });
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
}));

/**
 * One page of a night's rows read, kept when the table still shows that night and filter; once
 * the night's waits are known from events, its rows' waits repair them (a missed event).
 */
async function readPage(
  api: DepotApi,
  planId: string,
  filter: UnitFilter,
  page: number,
): Promise<void> {
  const result = await api.units.list({ planId, offset: page * PAGE, limit: PAGE, filter });
  if (!result.ok) return;
  useDepotStore.setState((s) => {
    if (s.rows === null || s.rows.planId !== planId || s.rows.filter !== filter) return {};
    const rows = {
      ...s.rows,
      total: result.value.total,
      pages: new Map(s.rows.pages).set(page, result.value.units),
    };
    const known = s.waits[planId];
    if (known === undefined) return { rows, lastHeardAt: Date.now() };
    const night = { ...known };
    for (const unit of result.value.units) {
      if (unit.activity.kind === 'retry-wait') night[unit.id] = unit.activity.nextAttemptAt;
      else delete night[unit.id];
    }
    return { rows, waits: { ...s.waits, [planId]: night }, lastHeardAt: Date.now() };
  });
}

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
