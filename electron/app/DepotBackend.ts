import { homedir } from 'node:os';
import type { DepotEvent } from '../../shared/ipc/DepotEvent';
import type { Locale } from '../../shared/ipc/views';
import type { Handlers } from '../ipc/Handlers';
import { BackendConfig } from './BackendConfig';
import { programmeHandlers } from './programmeHandlers';
import { portalHandlers } from './portalHandlers';
import type { DepotBackendDeps } from './DepotBackendDeps';
import { diagnosticsHandlers } from './diagnosticsHandlers';
import { EventRelay } from './EventRelay';
import { folderHandlers } from './folderHandlers';
import { FolderChecks } from './FolderChecks';
import { planHandlers } from './planHandlers';
import { PlanRuns } from './PlanRuns';
import { PlanViews } from './PlanViews';
import { settingsHandlers } from './settingsHandlers';
import { translateErrors } from './translateErrors';
import { unitHandlers } from './unitHandlers';
import { wallTimeOf } from './WallTime';
import { AddressDoctor } from './AddressDoctor';
import { waysBackHandlers } from './waysBackHandlers';

/**
 * Owns the engine, the settings and the credentials, and implements the contract. Electron main
 * and the browser bridge both serve this same object, so both modes behave the same. Its parts:
 * `BackendConfig` (settings, credentials, the engine built for them), `PlanViews` (live overlays
 * and views), `EventRelay` (the engine's events to the interface's), `PlanRuns` (the runs), and
 * the handler families (`planHandlers`, `unitHandlers`, `folderHandlers`, `settingsHandlers`...).
 */
export class DepotBackend {
  private readonly config: BackendConfig;
  private readonly views: PlanViews;
  private readonly relay: EventRelay;
  private readonly runs: PlanRuns;
  private readonly doctor: AddressDoctor;
  private keepingAwake = false;
  private readonly folders: FolderChecks;
  private readonly home: string;
  readonly handlers: Handlers;

  constructor(private readonly deps: DepotBackendDeps) {
    this.home = deps.homeDir ?? homedir();
    this.config = new BackendConfig(deps, (event) => this.relay.onEngineEvent(event));
    const wall = wallTimeOf(deps.clock, deps.wallClock ?? deps.clock);
    this.views = new PlanViews(
      this.config,
      (id) => this.runs.has(id),
      (id) => deps.earliestDeferred(id),
      wall,
    );
    this.relay = new EventRelay(
      this.config,
      this.views,
      () => this.runs.ids(),
      deps.clock,
      deps.sleeper,
      deps.log,
    );
    this.runs = new PlanRuns(this.config, this.views, this.relay, deps.log, deps.notify, deps);
    this.doctor = new AddressDoctor(
      this.config,
      this.views,
      deps,
      deps,
      (id) => this.relay.markDirty(id),
      deps.log,
    );
    // A night that waits for "the network", or stops, is looked at: its address may be wrong.
    this.relay.onNetworkWait = (planId, waiting) => {
      if (waiting) this.doctor.soon(planId, () => this.views.liveOf(planId).waitingNetwork);
    };
    this.relay.onAcked = (planId) => this.doctor.answered(planId);
    this.runs.onEnded = (planId, result) => {
      if (result.kind === 'blocked' || result.kind === 'failures')
        void this.doctor.look(planId, true);
    };
    this.folders = new FolderChecks(this.config, deps, this.home);
    this.handlers = translateErrors(this.rawHandlers());
  }

  /** Loads settings and credentials and resumes every unfinished, unpaused plan. */
  async start(): Promise<void> {
    await this.config.load();
    this.config.rebuildEngine();
    this.runs.resumeUnfinished();
  }

  /** A clean stop: runs abort between emissions and stay resumable. */
  async stop(): Promise<void> {
    await this.runs.stop();
    this.doctor.stop();
    this.config.close();
    this.relay.stop();
    this.deps.close?.();
  }

  /** Whether a deposit is running (Electron keeps the process for it only if the user chose). */
  isBusy(): boolean {
    return this.runs.isBusy();
  }

  keepRunningInBackground(): boolean {
    return this.config.settings?.keepRunningInBackground ?? false;
  }

  locale(): Locale {
    return this.config.settings?.locale ?? 'fr';
  }

  /** The tray's "pause all": every night that is depositing stops, resumable, until Reprendre. */
  pauseAll(): void {
    this.runs.pauseAll();
  }

  /** The shell holds off system sleep (or lets it go): the interface says so in its status bar. */
  keepingAwakeChanged(on: boolean): void {
    this.keepingAwake = on;
    this.relay.emit({ type: 'power', keepingAwake: on });
  }

  subscribe(listener: (event: DepotEvent) => void): () => void {
    return this.relay.subscribe(listener);
  }

  networkChanged(online: boolean): void {
    this.config.networkChanged(online);
    this.relay.emit({ type: 'network', online });
  }

  private rawHandlers(): Handlers {
    const parts = { config: this.config, views: this.views, runs: this.runs, relay: this.relay };
    return {
      'app.info': () =>
        Promise.resolve({
          version: this.deps.version,
          mode: this.deps.mode,
          keepingAwake: this.keepingAwake,
        }),
      ...planHandlers(parts),
      ...unitHandlers(parts),
      ...folderHandlers(parts, this.deps, this.folders),
      ...settingsHandlers(this.config, this.runs, this.relay, this.views, this.deps),
      ...waysBackHandlers({
        ...parts,
        deps: this.deps,
        wallClock: this.deps.wallClock ?? this.deps.clock,
      }),
      ...programmeHandlers(this.config, this.runs, this.relay, this.deps, this.home),
      ...diagnosticsHandlers(this.config, this.views, this.deps),
      ...portalHandlers({ ...parts, deps: this.deps, home: this.home }),
    };
  }
}
