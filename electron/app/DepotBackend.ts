import { homedir } from 'node:os';
import { remedyOf } from '../../shared/domain/FailureCause';
import type { DepotEvent } from '../../shared/ipc/DepotEvent';
import type { Locale } from '../../shared/ipc/views';
import type { Handlers } from '../ipc/Handlers';
import { IpcFailure } from '../ipc/IpcFailure';
import { ScanError } from '../scan/ScanError';
import { BackendConfig } from './BackendConfig';
import type { CheckedFolder } from './CheckedFolder';
import { createPlans, readingOf } from './createPlans';
import { previewNames } from './previewNames';
import { programmeHandlers } from './programmeHandlers';
import { portalHandlers } from './portalHandlers';
import type { DepotBackendDeps } from './DepotBackendDeps';
import { diagnosticsHandlers } from './diagnosticsHandlers';
import { EventRelay } from './EventRelay';
import { expandHome } from './expandHome';
import { PlanRuns } from './PlanRuns';
import { PlanViews } from './PlanViews';
import { previewDestination } from './previewDestination';
import { settingsHandlers } from './settingsHandlers';
import { translateErrors } from './translateErrors';
import { wallTimeOf } from './WallTime';
import { AddressDoctor } from './AddressDoctor';
import { cardDeposits } from './cardDeposits';
import { cleanTypedPath } from './cleanTypedPath';
import { waysBackHandlers } from './waysBackHandlers';

const planIdOf = (id: string): number => {
  const n = Number(id);
  if (!Number.isSafeInteger(n) || n <= 0) {
    throw new IpcFailure('not-found', `no plan ${id}`, { kind: 'no-such-plan' });
  }
  return n;
};

/**
 * Owns the engine, the settings and the credentials, and implements the contract. Electron main
 * and the browser bridge both serve this same object, so both modes behave the same. Its parts:
 * `BackendConfig` (settings, credentials, the engine built for them), `PlanViews` (live overlays
 * and views), `EventRelay` (the engine's events to the interface's), `PlanRuns` (the runs), and
 * the handlers of `createPlans`, `settingsHandlers` and `diagnosticsHandlers`.
 */
export class DepotBackend {
  private readonly config: BackendConfig;
  private readonly views: PlanViews;
  private readonly relay: EventRelay;
  private readonly runs: PlanRuns;
  private readonly doctor: AddressDoctor;
  private keepingAwake = false;
  private lastChecked: { readonly key: string; readonly checked: CheckedFolder } | undefined;
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
    return {
      'app.info': () =>
        Promise.resolve({
          version: this.deps.version,
          mode: this.deps.mode,
          keepingAwake: this.keepingAwake,
        }),
      'plans.list': () => {
        const handle = this.config.handle;
        return Promise.resolve(
          handle === undefined
            ? []
            : [...handle.engine.listPlans()]
                .sort((a, b) => b.createdAt - a.createdAt)
                .map((s) => this.views.view(s)),
        );
      },
      'plans.get': ({ planId }) => Promise.resolve(this.views.planView(planIdOf(planId))),
      'plans.create': async (input) =>
        createPlans(
          { ...input, dir: this.typedDir(input.dir) },
          {
            config: this.config,
            runs: this.runs,
            views: this.views,
            relay: this.relay,
            deps: this.deps,
          },
        ),
      'plans.pause': ({ planId }) => {
        const id = planIdOf(planId);
        this.config.requireEngine().engine.pause(id);
        this.relay.markDirty(id);
        return Promise.resolve(this.views.planView(id));
      },
      'plans.archive': async ({ planId, archived }) => {
        const id = planIdOf(planId);
        const view = this.views.planView(id);
        await this.config.archived?.set(id, archived);
        this.relay.emit({ type: 'plans-changed' });
        return { ...view, archived };
      },
      'plans.forget': async ({ planId }) => {
        const id = planIdOf(planId);
        this.views.planView(id);
        const { engine } = this.config.requireEngine();
        // Only a night nothing deposits: a pause first, so no run writes into rows being removed.
        if (this.runs.has(id)) {
          throw new IpcFailure('blocked', `plan ${id} is depositing: pause it first`, {
            kind: 'night-depositing',
          });
        }
        this.runs.refuseIfHeldElsewhere(engine, id);
        engine.forget(id);
        this.views.forget(id);
        await this.config.archived?.set(id, false);
        this.relay.emit({ type: 'plans-changed' });
        return { forgotten: String(id) };
      },
      'plans.previewDestination': async (input) => {
        const settings = this.config.requireSettings();
        const checked = await this.checkedFolder(this.typedDir(input.dir));
        return previewDestination(input, settings, checked, this.deps.expandPrefix);
      },
      'plans.previewNames': async (input) => {
        const checked = await this.checkedFolder(this.typedDir(input.dir));
        return previewNames(input, this.config.programme, checked, this.deps.expandPrefix);
      },
      'plans.resume': ({ planId }) => {
        const id = planIdOf(planId);
        const { engine } = this.config.requireEngine();
        this.runs.refuseIfHeldElsewhere(engine, id);
        // Files gone with their card and back count as "to retry": Reprendre takes them too.
        engine.resume(id);
        if (this.views.overlay(id).blocked !== null) this.runs.unblock(id);
        else this.runs.start(id);
        return Promise.resolve(this.views.planView(id));
      },
      'units.list': ({ planId, offset, limit, filter }) => {
        const id = planIdOf(planId);
        const page = this.config.requireEngine().engine.listUnits(id, { offset, limit, filter });
        return Promise.resolve({
          total: page.total,
          offset,
          units: page.units.map((u) => this.views.unitView(u)),
        });
      },
      'units.failures': ({ planId }) => {
        const id = planIdOf(planId);
        const { engine } = this.config.requireEngine();
        const page = engine.listUnits(id, { offset: 0, limit: 100_000, filter: 'failed' });
        return Promise.resolve(
          page.units.flatMap((u) =>
            u.state.kind === 'failed'
              ? [
                  {
                    unitId: String(u.id),
                    relPath: u.relPath,
                    size: u.size,
                    cause: u.state.cause,
                    remedy: remedyOf(u.state.cause),
                  },
                ]
              : [],
          ),
        );
      },
      'units.retryFailures': ({ planId }) => {
        const id = planIdOf(planId);
        const result = this.config.requireEngine().engine.retryFailures(id);
        this.views.overlay(id).blocked = null;
        if (result.requeued + result.lifted > 0) this.runs.start(id);
        this.relay.markDirty(id);
        return Promise.resolve(result);
      },
      ...settingsHandlers(this.config, this.runs, this.relay, this.views, this.deps),
      ...waysBackHandlers({
        config: this.config,
        views: this.views,
        runs: this.runs,
        relay: this.relay,
        deps: this.deps,
        wallClock: this.deps.wallClock ?? this.deps.clock,
        planIdOf,
      }),
      ...programmeHandlers(this.config, this.runs, this.relay, this.deps, this.home),
      ...diagnosticsHandlers(this.config, this.views, this.deps),
      ...portalHandlers(this.config, this.runs, this.views, this.relay, this.deps, this.home),
      'dialog.chooseFolder': () =>
        this.deps.chooseFolder?.() ?? Promise.resolve({ kind: 'unsupported' as const }),
      'preflight.run': async (asked) => {
        const dir = this.typedDir(asked.dir);
        try {
          const checked = await this.checkedFolder(dir, true);
          const handle = this.config.handle;
          // One card, one deposit (issue 31): the nights that already hold its files are said.
          const deposits =
            handle === undefined ? [] : cardDeposits(handle.engine, this.views, checked.scan);
          return { ...checked.view, deposits };
        } catch (error) {
          // Folder-level problems (missing, not a folder) are the user's to fix: say which.
          if (error instanceof ScanError) throw error;
          throw new IpcFailure(
            'invalid-input',
            error instanceof Error ? error.message : String(error),
            { kind: 'folder-unreadable', dir },
          );
        }
      },
    };
  }

  /** A folder as typed: quotes and a `file://` address undone (issue 31), `~` expanded. */
  private typedDir(typed: string): string {
    return expandHome(cleanTypedPath(typed), this.home);
  }

  /**
   * The folder's pre-flight, kept for the last folder analysed: the destination preview follows
   * every keystroke of site and point and must not read the card again each time. A deposit
   * always analyses afresh.
   */
  private async checkedFolder(dir: string, fresh = false): Promise<CheckedFolder> {
    // A profile reads a folder its own way (its zone, the files it takes): a new one reads again.
    const programme = this.config.programme;
    const key = `${dir}\u0000${programme?.record.sha256 ?? ''}`;
    if (!fresh && this.lastChecked?.key === key) return this.lastChecked.checked;
    const checked = await this.deps.preflight(dir, readingOf(programme));
    this.lastChecked = { key, checked };
    return checked;
  }
}
