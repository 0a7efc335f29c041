import type { StateCreator } from 'zustand';
import type { DepotApi } from '../../shared/ipc/DepotApi';
import type { DepotEvent } from '../../shared/ipc/DepotEvent';
import type { IpcError } from '../../shared/ipc/Result';
import type { Locale, PlanView, UnitFilter } from '../../shared/ipc/views';
import type { AckSample } from '../format/liveRate';
import type { Waits } from '../live/applyUnitEvent';
import type { UnitRows } from '../live/UnitRows';
import type { CorrectionValues } from './CorrectionValues';
import type { NewDepositDraft } from './NewDepositDraft';
import type { Screen } from './Screen';

/** The engine's link as the page sees it (`connectionSlice`). */
export type ConnectionState = {
  readonly api: DepotApi | undefined;
  readonly connected: boolean;
  readonly locale: Locale;
  readonly lastError: IpcError | null;
  /** The engine answered at least once since this page opened (else the address itself may be old). */
  readonly everConnected: boolean;
  /** Electron holds off system sleep while a night deposits (said in the status bar). */
  readonly keepingAwake: boolean;
  /** Storage named and credentials set: the backend can list and deposit nights. */
  readonly configured: boolean;
  /**
   * When the engine last answered (a call, an event), this page's clock: an engine silent for a
   * few seconds while its socket stays open (a frozen process) is said as such (issue 31).
   */
  readonly lastHeardAt: number;
  readonly heard: () => void;
  readonly setConfigured: (configured: boolean) => void;
  readonly start: (api: DepotApi) => () => void;
  readonly setLocale: (locale: Locale) => void;
  readonly setConnected: (connected: boolean) => void;
  readonly setError: (error: IpcError | null) => void;
};

/** The nights and their live figures (`nightsSlice`). */
export type NightsState = {
  readonly plans: readonly PlanView[];
  /** Epoch ms, advanced every second so countdowns move without a request. */
  readonly now: number;
  /** Recent acknowledged-byte readings per running night, for an honest live speed. */
  readonly samples: Readonly<Record<string, readonly AckSample[]>>;
  /** Applies one pushed event to what the page shows: a row, a night's header, the bar. */
  readonly receive: (event: DepotEvent) => void;
  readonly refreshPlans: () => Promise<void>;
  readonly tick: (now: number) => void;
};

/** The open night's table (`rowsSlice`). */
export type RowsState = {
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
  /** The table shows these pages of a night's rows: those not read yet are read. */
  readonly showRows: (planId: string, filter: UnitFilter, from: number, to: number) => void;
  /** The table is gone: no rows to keep, none to read again. */
  readonly hideRows: () => void;
  /** Reads the rows on screen again, when the last such read is 5 s old or more. */
  readonly reconcile: (now: number) => void;
};

/** Where the volunteer is and what they left half done (`navigationSlice`). */
export type NavigationState = {
  readonly screen: Screen;
  readonly currentPlanId: string | null;
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
  readonly go: (screen: Screen) => void;
  readonly openPlan: (planId: string, screen?: Screen) => void;
};

export type DepotState = ConnectionState & NightsState & RowsState & NavigationState;

/** One part of the store: it sees (and may set) the whole state, and creates its own part. */
export type DepotSlice<Part> = StateCreator<DepotState, [], [], Part>;
