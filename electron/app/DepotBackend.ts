import { homedir } from 'node:os';
import { dirname, join } from 'node:path';
import type { Clock } from '../../shared/ports/Clock';
import type { ObjectStore } from '../../shared/ports/ObjectStore';
import { remedyOf } from '../../shared/domain/FailureCause';
import { planPhase } from '../../shared/domain/planPhase';
import type { UnitActivity } from '../../shared/domain/UnitState';
import type { DepotEvent } from '../../shared/ipc/DepotEvent';
import type {
  ChosenFolder,
  CountersView,
  CreateOutcome,
  Locale,
  SourceChangeView,
  PlanView,
  PreflightView,
  UnitView,
} from '../../shared/ipc/views';
import type { CircuitState, RetryCounters } from '../../shared/retry/RetryCall';
import type { NightFiles } from '../../shared/field/splitByNight';
import type { EngineEvent } from '../engine/EngineEvent';
import { PlanError } from '../engine/PlanError';
import type { PlanSummary } from '../engine/PlanSummary';
import type { RunResult } from '../engine/RunResult';
import type { UnitView as EngineUnitView } from '../engine/UnitView';
import type { ParsedInput } from '../../shared/ipc/contract';
import type { Handlers } from '../ipc/Handlers';
import { IpcFailure } from '../ipc/IpcFailure';
import { ScanError } from '../scan/ScanError';
import { isConfigured, loadAppSettings, saveAppSettings } from './AppSettings';
import type { AppSettings } from './AppSettings';
import { loadArchivedNights } from './ArchivedNights';
import type { ArchivedNights } from './ArchivedNights';
import type { Credentials, SecretStore } from './Credentials';
import type { EnginePort } from './EnginePort';
import type { Notifier } from './Notifier';
import { noticeText } from './noticeText';
import type { NoticeKind } from './noticeText';
import { emptyOverlay } from './PlanOverlay';
import { expandHome } from './expandHome';
import type { PlanOverlay } from './PlanOverlay';
import { buildDiagnosticsExport } from './buildDiagnosticsExport';
import { testConnection } from './testConnection';
import type { ProbeListing } from '../s3/probeEndpoint';
import { prefixTemplateProblem } from '../../shared/field/prefixTemplateProblem';
import { toPlanView } from './toPlanView';
import { translateErrors } from './translateErrors';

/** One engine built for the current settings and credentials, with its retry policy's inputs. */
export type EngineHandle = {
  readonly engine: EnginePort;
  /** OS network change or wake from sleep: feeds the policy's breaker. */
  networkChanged(online: boolean): void;
  circuit(): CircuitState;
};

export type DepotBackendDeps = {
  readonly mode: 'electron' | 'bridge';
  readonly version: string;
  readonly settingsPath: string;
  readonly secrets: SecretStore;
  readonly clock: Clock;
  readonly createEngine: (settings: AppSettings, credentials: Credentials) => EngineHandle;
  /** The S3 adapter also probes the endpoint (configuration vs outage) for the connection test. */
  readonly createObjectStore: (
    settings: AppSettings,
    credentials: Credentials,
  ) => ObjectStore & { readonly probeListing?: ProbeListing };
  readonly earliestDeferred: (planId: number) => number | undefined;
  /** The pre-flight report of a folder, and the prefix placeholders it fills. */
  readonly preflight: (dir: string) => Promise<CheckedFolder>;
  readonly expandPrefix: (
    template: string,
    values: Readonly<Record<string, string | undefined>>,
  ) => string;
  readonly chooseFolder?: () => Promise<ChosenFolder>;
  readonly notify?: Notifier;
  /** Never handed a secret: messages name operations and plan ids only. */
  readonly log: (line: string) => void;
  /** Where `~` in a typed path leads (the user's home folder by default). */
  readonly homeDir?: string;
  /** Releases what the wiring opened (the database), after the runs stopped. */
  readonly close?: () => void;
};

export type CheckedFolder = {
  readonly view: PreflightView;
  /** `{site}`, `{night}`, `{serial}`... from the files, overridden by what the volunteer entered. */
  values(entered: Readonly<Record<string, string>>): Readonly<Record<string, string | undefined>>;
  /** The files to deposit: `depositableFiles` of the report (skips left out, blocking ones too if chosen). */
  depositable(options: { readonly skipBlocking: boolean }): readonly string[];
  /** Those files night by night (`splitByNight`): empty when no file is dated. */
  byNight(include: readonly string[]): readonly NightFiles[];
};

type Run = { readonly controller: AbortController; readonly done: Promise<void> };

const EVENT_INTERVAL_MS = 250;

const planIdOf = (id: string): number => {
  const n = Number(id);
  if (!Number.isSafeInteger(n) || n <= 0) {
    throw new IpcFailure('not-found', `no plan ${id}`, { kind: 'no-such-plan' });
  }
  return n;
};

/**
 * Owns the engine, the settings and the credentials, and implements the contract. Electron main
 * and the browser bridge both serve this same object, so both modes behave the same.
 */
export class DepotBackend {
  private settings: AppSettings | undefined;
  private credentials: Credentials | undefined;
  private handle: EngineHandle | undefined;
  private unlistenEngine: (() => void) | undefined;
  private readonly runs = new Map<number, Run>();
  private readonly overlays = new Map<number, PlanOverlay>();
  private readonly listeners = new Set<(event: DepotEvent) => void>();
  private readonly dirtyPlans = new Set<number>();
  private flushTimer: ReturnType<typeof setTimeout> | undefined;
  private online = true;
  private archived: ArchivedNights | undefined;
  private keepingAwake = false;
  private lastOpenCause: 'offline' | 'server-unavailable' = 'offline';
  private stopped = false;
  private lastChecked: { readonly dir: string; readonly checked: CheckedFolder } | undefined;

  private readonly home: string;

  constructor(private readonly deps: DepotBackendDeps) {
    this.home = deps.homeDir ?? homedir();
  }

  /** Loads settings and credentials and resumes every unfinished, unpaused plan. */
  async start(): Promise<void> {
    this.settings = await loadAppSettings(this.deps.settingsPath);
    this.archived = await loadArchivedNights(
      join(dirname(this.deps.settingsPath), 'archived-nights.json'),
    );
    this.credentials = await this.deps.secrets.read();
    this.rebuildEngine();
    this.resumeUnfinished();
  }

  /** A clean stop: runs abort between emissions and stay resumable. */
  async stop(): Promise<void> {
    this.stopped = true;
    await this.abortRuns();
    this.unlistenEngine?.();
    if (this.flushTimer !== undefined) clearTimeout(this.flushTimer);
    this.deps.close?.();
  }

  /** Whether a deposit is running (Electron keeps the process for it only if the user chose). */
  isBusy(): boolean {
    return this.runs.size > 0;
  }

  keepRunningInBackground(): boolean {
    return this.settings?.keepRunningInBackground ?? false;
  }

  locale(): Locale {
    return this.settings?.locale ?? 'fr';
  }

  /** The tray's "pause all": every night that is depositing stops, resumable, until Reprendre. */
  pauseAll(): void {
    const engine = this.handle?.engine;
    if (engine === undefined) return;
    for (const id of this.runs.keys()) {
      engine.pause(id);
      this.markDirty(id);
    }
  }

  /** The shell holds off system sleep (or lets it go): the interface says so in its status bar. */
  keepingAwakeChanged(on: boolean): void {
    this.keepingAwake = on;
    this.emit({ type: 'power', keepingAwake: on });
  }

  subscribe(listener: (event: DepotEvent) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  networkChanged(online: boolean): void {
    this.online = online;
    this.handle?.networkChanged(online);
    this.emit({ type: 'network', online });
  }

  private readonly raw: Handlers = {
    'app.info': () =>
      Promise.resolve({
        version: this.deps.version,
        mode: this.deps.mode,
        keepingAwake: this.keepingAwake,
      }),
    'plans.list': () =>
      Promise.resolve(
        this.handle === undefined
          ? []
          : [...this.handle.engine.listPlans()]
              .sort((a, b) => b.createdAt - a.createdAt)
              .map((s) => this.view(s)),
      ),
    'plans.get': ({ planId }) => Promise.resolve(this.planView(planIdOf(planId))),
    'plans.create': async (input) =>
      this.createPlans({ ...input, dir: expandHome(input.dir, this.home) }),
    'plans.pause': ({ planId }) => {
      const id = planIdOf(planId);
      this.requireEngine().engine.pause(id);
      this.markDirty(id);
      return Promise.resolve(this.planView(id));
    },
    'plans.archive': async ({ planId, archived }) => {
      const id = planIdOf(planId);
      const view = this.planView(id);
      await this.archived?.set(id, archived);
      this.emit({ type: 'plans-changed' });
      return { ...view, archived };
    },
    'plans.forget': async ({ planId }) => {
      const id = planIdOf(planId);
      this.planView(id);
      const { engine } = this.requireEngine();
      // Only a night nothing deposits: a pause first, so no run writes into rows being removed.
      if (this.runs.has(id)) {
        throw new IpcFailure('blocked', `plan ${id} is depositing: pause it first`, {
          kind: 'night-depositing',
        });
      }
      this.refuseIfHeldElsewhere(engine, id);
      engine.forget(id);
      this.overlays.delete(id);
      await this.archived?.set(id, false);
      this.emit({ type: 'plans-changed' });
      return { forgotten: String(id) };
    },
    'plans.previewDestination': async (input) => {
      const settings = this.requireSettings();
      const checked = await this.checkedFolder(expandHome(input.dir, this.home));
      const listed = checked.view.nights.map((n) => n.night);
      const nights = listed.length > 1 ? listed : [input.night];
      return nights.map((night) => {
        // What the volunteer has not typed yet stays unknown rather than an empty segment.
        const entered = Object.fromEntries(
          Object.entries({ site: input.site, point: input.point, night }).filter(
            ([, v]) => v !== '',
          ),
        );
        let prefix: string | null;
        try {
          prefix = this.deps.expandPrefix(settings.prefixTemplate, checked.values(entered));
        } catch {
          prefix = null;
        }
        return {
          night,
          endpoint: settings.endpoint,
          bucket: settings.bucket,
          prefix,
          template: settings.prefixTemplate,
        };
      });
    },
    'plans.resume': ({ planId }) => {
      const id = planIdOf(planId);
      this.refuseIfHeldElsewhere(this.requireEngine().engine, id);
      this.requireEngine().engine.resume(id);
      if (this.overlay(id).blocked !== null) this.unblock(id);
      else this.startRun(id);
      return Promise.resolve(this.planView(id));
    },
    'units.list': ({ planId, offset, limit, filter }) => {
      const id = planIdOf(planId);
      const page = this.requireEngine().engine.listUnits(id, { offset, limit, filter });
      return Promise.resolve({
        total: page.total,
        offset,
        units: page.units.map((u) => this.unitView(u)),
      });
    },
    'units.failures': ({ planId }) => {
      const id = planIdOf(planId);
      const { engine } = this.requireEngine();
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
      const result = this.requireEngine().engine.retryFailures(id);
      this.overlay(id).blocked = null;
      if (result.requeued > 0) this.startRun(id);
      this.markDirty(id);
      return Promise.resolve(result);
    },
    'settings.get': () => Promise.resolve(this.settingsView()),
    'settings.set': async (input) => {
      const { credentials, ...rest } = input;
      const before = this.settings;
      const next: AppSettings = rest;
      await saveAppSettings(this.deps.settingsPath, next);
      if (credentials !== undefined) await this.deps.secrets.write(credentials);
      this.settings = next;
      if (credentials !== undefined) this.credentials = credentials;
      const engineChanged =
        credentials !== undefined ||
        before === undefined ||
        before.endpoint !== next.endpoint ||
        before.region !== next.region ||
        before.bucket !== next.bucket ||
        before.pathStyle !== next.pathStyle ||
        before.concurrency !== next.concurrency ||
        before.bwlimitBytesPerSec !== next.bwlimitBytesPerSec;
      if (engineChanged) {
        const interrupted = [...this.runs.keys()];
        await this.abortRuns();
        this.rebuildEngine();
        // New credentials re-arm the units that failed on the old ones.
        if (credentials !== undefined) this.handle?.engine.credentialsChanged();
        for (const id of interrupted) this.startRun(id);
        this.resumeUnfinished();
        this.emit({ type: 'plans-changed' });
      }
      return this.settingsView();
    },
    'settings.testConnection': async () => {
      const settings = this.requireSettings();
      if (this.credentials === undefined) {
        throw new IpcFailure('not-configured', 'no credentials', { kind: 'storage-incomplete' });
      }
      const tested = this.deps.createObjectStore(settings, this.credentials);
      const verdict = await testConnection(tested, this.deps.clock);
      // The fix worked: a night blocked at its start goes on without another gesture.
      if (verdict.reachable && verdict.credentialsAccepted === true && verdict.bucketWritable) {
        this.resumeBlocked(tested.endpoint, settings.bucket);
      }
      return verdict;
    },
    'diagnostics.counters': () => Promise.resolve(this.countersView()),
    'diagnostics.journal': ({ limit }) =>
      Promise.resolve(
        (this.handle?.engine.journal({ limit }) ?? []).map((e) => ({
          at: e.at,
          operation: e.operation,
          outcome: e.outcome,
          attempt: e.attempt,
          delayMs: e.delayMs,
          detail: e.planId === null ? null : `plan ${e.planId}`,
        })),
      ),
    'diagnostics.export': () => {
      const engine = this.handle?.engine;
      return Promise.resolve(
        buildDiagnosticsExport({
          now: this.deps.clock.now(),
          version: this.deps.version,
          mode: this.deps.mode,
          settings: this.settings,
          credentials: this.credentials === undefined ? 'not-set' : 'set',
          secretStorage: this.deps.secrets.kind,
          counters: this.countersView(),
          plans: engine === undefined ? [] : engine.listPlans().map((s) => this.view(s)),
          journal: engine?.journal({ limit: 2000 }) ?? [],
        }),
      );
    },
    'dialog.chooseFolder': () =>
      this.deps.chooseFolder?.() ?? Promise.resolve({ kind: 'unsupported' as const }),
    'preflight.run': async (asked) => {
      const dir = expandHome(asked.dir, this.home);
      try {
        return (await this.checkedFolder(dir, true)).view;
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

  readonly handlers: Handlers = translateErrors(this.raw);

  /**
   * The folder's pre-flight, kept for the last folder analysed: the destination preview follows
   * every keystroke of site and point and must not read the card again each time. A deposit
   * always analyses afresh.
   */
  private async checkedFolder(dir: string, fresh = false): Promise<CheckedFolder> {
    if (!fresh && this.lastChecked?.dir === dir) return this.lastChecked.checked;
    const checked = await this.deps.preflight(dir);
    this.lastChecked = { dir, checked };
    return checked;
  }

  /**
   * Plans the folder's nights and starts them: one plan per night, each under its own date and
   * prefix, never a file under another night's date (issue 11). Every night is planned before
   * any starts, so a changed folder starts nothing until the volunteer deposits the changes.
   */
  private async createPlans(input: ParsedInput<'plans.create'>): Promise<CreateOutcome> {
    const { engine } = this.requireEngine();
    const settings = this.requireSettings();
    const checked = await this.deps.preflight(input.dir);
    const several = checked.view.nights.length > 1;
    // "Several nights" is settled by depositing night by night, or one night: not by the checkbox.
    const blocking = several
      ? checked.view.issues.filter((i) => i.decision === 'block' && i.kind !== 'several-nights')
          .length
      : checked.view.blocking;
    if (!input.skipInvalid && blocking > 0) {
      throw new IpcFailure('blocked', `${blocking} file(s) block the deposit`, {
        kind: 'files-block',
        count: blocking,
      });
    }
    // What the pre-flight said to leave out (empty, header-only, extra copies; blocking files
    // when the volunteer chose to skip them) is not planned at all.
    const include = checked.depositable({ skipBlocking: input.skipInvalid });
    const nights: readonly NightFiles[] = !several
      ? [{ night: input.night, relPaths: include }]
      : input.nights === 'each'
        ? checked.byNight(include)
        : checked.byNight(include).filter((n) => n.night === input.night);
    if (nights.every((n) => n.relPaths.length === 0)) {
      throw new IpcFailure('invalid-input', `${input.dir} holds no file to deposit`, {
        kind: 'nothing-to-deposit',
        dir: input.dir,
      });
    }
    const planned = nights.map((n) => {
      const entered = { site: input.site, point: input.point, night: n.night };
      const values = checked.values(entered);
      let prefix: string;
      try {
        prefix = this.deps.expandPrefix(settings.prefixTemplate, values);
      } catch (error) {
        // A template saved before it was validated: the volunteer fixes it in Settings, which
        // says why in their language.
        if (prefixTemplateProblem(settings.prefixTemplate) !== undefined)
          throw new IpcFailure('not-configured', 'the prefix template in Settings is invalid', {
            kind: 'prefix-invalid',
          });
        throw new IpcFailure('invalid-input', error instanceof Error ? error.message : 'prefix', {
          kind: 'prefix-invalid',
        });
      }
      const metadata = Object.fromEntries(
        Object.entries({ ...values, ...entered }).filter(([, v]) => v !== undefined && v !== ''),
      );
      return { night: n.night, include: n.relPaths, prefix, metadata };
    });
    if (new Set(planned.map((p) => p.prefix)).size < planned.length) {
      return { kind: 'nights-share-prefix', template: settings.prefixTemplate };
    }
    const ids: number[] = [];
    const changes: SourceChangeView[] = [];
    for (const p of planned) {
      try {
        const plan = await engine.planFolder({
          dir: input.dir,
          bucket: settings.bucket,
          prefix: p.prefix,
          metadata: p.metadata,
          include: p.include,
          update: input.update,
        });
        ids.push(plan.id);
      } catch (error) {
        if (!(error instanceof PlanError) || error.detail.code !== 'sources-changed') throw error;
        changes.push(...error.detail.changes.map((c) => ({ night: p.night, ...c })));
      }
    }
    if (changes.length > 0) return { kind: 'changed', changes };
    for (const id of ids) this.refuseIfHeldElsewhere(engine, id);
    for (const id of ids) this.startRun(id);
    this.emit({ type: 'plans-changed' });
    return { kind: 'started', plans: ids.map((id) => this.planView(id)) };
  }

  private requireSettings(): AppSettings {
    if (this.settings === undefined || !isConfigured(this.settings)) {
      throw new IpcFailure('not-configured', 'storage settings are incomplete', {
        kind: 'storage-incomplete',
      });
    }
    return this.settings;
  }

  private requireEngine(): EngineHandle {
    if (this.handle === undefined) {
      throw new IpcFailure('not-configured', 'storage settings or credentials are missing', {
        kind: 'storage-incomplete',
      });
    }
    return this.handle;
  }

  private rebuildEngine(): void {
    this.unlistenEngine?.();
    this.unlistenEngine = undefined;
    this.handle = undefined;
    if (this.settings === undefined || !isConfigured(this.settings)) return;
    if (this.credentials === undefined) return;
    this.handle = this.deps.createEngine(this.settings, this.credentials);
    if (!this.online) this.handle.networkChanged(false);
    this.unlistenEngine = this.handle.engine.on((event) => this.onEngineEvent(event));
  }

  private resumeUnfinished(): void {
    if (this.handle === undefined || this.stopped) return;
    for (const plan of this.handle.engine.listPlans()) {
      if (planPhase(plan) === 'to-do') this.startRun(plan.id);
    }
  }

  /** Nights whose last run ended blocked start again (after a successful test or new settings). */
  private resumeBlocked(endpoint: string, bucket: string): void {
    for (const [id, overlay] of this.overlays) {
      if (overlay.blocked === null) continue;
      // Only the nights whose target the test just proved.
      const summary = this.handle?.engine.planSummary(id);
      if (summary?.endpoint !== endpoint || summary.bucket !== bucket) continue;
      this.unblock(id);
    }
  }

  /** A blocked night goes on: the files refused for the same cause are queued again with it. */
  private unblock(planId: number): void {
    const engine = this.handle?.engine;
    if (engine === undefined) return;
    this.overlay(planId).blocked = null;
    engine.retryFailures(planId);
    this.startRun(planId);
    this.markDirty(planId);
  }

  /** Another Depot process (the command line, a second window) is depositing this plan. */
  private refuseIfHeldElsewhere(engine: EnginePort, planId: number): void {
    const holder = engine.leaseHolder(planId);
    if (holder !== undefined) {
      throw new IpcFailure(
        'blocked',
        `plan ${planId} is being deposited by another Depot process, pid ${holder.pid} on ${holder.host}`,
        { kind: 'held-elsewhere', pid: holder.pid, host: holder.host },
      );
    }
  }

  private startRun(planId: number): void {
    const handle = this.handle;
    if (handle === undefined || this.runs.has(planId) || this.stopped) return;
    // That process finishes it (re-queued units included); starting here would only be refused.
    if (handle.engine.leaseHolder(planId) !== undefined) return;
    const controller = new AbortController();
    const overlay = this.overlay(planId);
    overlay.blocked = null;
    const done = handle.engine
      .run(planId, { signal: controller.signal })
      .then(
        (result) => this.onRunEnded(planId, result),
        (error: unknown) =>
          this.deps.log(
            `plan ${planId}: run failed: ${error instanceof Error ? error.message : String(error)}`,
          ),
      )
      .finally(() => {
        this.runs.delete(planId);
        overlay.activities.clear();
        overlay.waitingNetwork = false;
        this.markDirty(planId);
      });
    this.runs.set(planId, { controller, done });
    this.markDirty(planId);
  }

  private onRunEnded(planId: number, result: RunResult): void {
    const summary = this.handle?.engine.planSummary(planId);
    const night = summary === undefined ? `#${planId}` : this.label(summary);
    const locale = this.settings?.locale ?? 'fr';
    switch (result.kind) {
      case 'completed':
        this.notify(planId, 'completed', noticeText(locale, 'completed', { night }));
        return;
      case 'failures':
        this.notify(
          planId,
          'failures',
          noticeText(locale, 'failures', { night, failed: result.failed }),
        );
        return;
      case 'blocked':
        this.overlay(planId).blocked = result.cause;
        this.notify(planId, 'blocked', noticeText(locale, 'blocked', { night }));
        return;
      case 'stopped':
        return;
    }
  }

  /** The notice carries its night, so a click on it opens that night's screen. */
  private notify(
    planId: number,
    kind: NoticeKind,
    text: { readonly title: string; readonly body: string },
  ): void {
    this.deps.notify?.({ ...text, planId: String(planId), kind });
  }

  private async abortRuns(): Promise<void> {
    const runs = [...this.runs.values()];
    for (const run of runs) run.controller.abort();
    await Promise.all(runs.map((r) => r.done));
  }

  private onEngineEvent(event: EngineEvent): void {
    if (event.type === 'counters') {
      // Each attempt's outcome moves the circuit, which no plan event reports when it opens on
      // the server's refusals (503 storm): refresh the running nights' views (throttled).
      for (const id of this.runs.keys()) this.markDirty(id);
      return;
    }
    const overlay = this.overlay(event.planId);
    overlay.lastActivityAt = this.deps.clock.now();
    switch (event.type) {
      case 'throughput':
        overlay.throughputBytesPerSec = event.bytesPerSec;
        break;
      case 'waiting-network':
        overlay.waitingNetwork = event.waiting;
        break;
      case 'unit-activity':
        this.setActivity(overlay, event.unitId, event.activity);
        this.emit({
          type: 'unit',
          planId: String(event.planId),
          unitId: String(event.unitId),
          activity: event.activity,
        });
        break;
      case 'unit-state':
        if (event.state.kind === 'done' || event.state.kind === 'failed') {
          overlay.activities.delete(event.unitId);
        }
        this.emit({
          type: 'unit',
          planId: String(event.planId),
          unitId: String(event.unitId),
          state: event.state,
          activity: overlay.activities.get(event.unitId) ?? { kind: 'idle' },
        });
        break;
      case 'plan-progress':
      case 'plan-state':
        break;
    }
    this.markDirty(event.planId);
  }

  private setActivity(overlay: PlanOverlay, unitId: number, activity: UnitActivity): void {
    if (activity.kind === 'idle') overlay.activities.delete(unitId);
    else overlay.activities.set(unitId, activity);
  }

  /** Plan views are pushed at most every 250 ms per plan: progress events can be many. */
  private markDirty(planId: number): void {
    this.dirtyPlans.add(planId);
    if (this.flushTimer !== undefined) return;
    this.flushTimer = setTimeout(() => {
      this.flushTimer = undefined;
      const ids = [...this.dirtyPlans];
      this.dirtyPlans.clear();
      for (const id of ids) {
        const summary = this.handle?.engine.planSummary(id);
        if (summary !== undefined) this.emit({ type: 'plan', plan: this.view(summary) });
      }
    }, EVENT_INTERVAL_MS);
  }

  private emit(event: DepotEvent): void {
    for (const listener of this.listeners) {
      try {
        listener(event);
      } catch (error) {
        this.deps.log(`event listener failed: ${error instanceof Error ? error.message : ''}`);
      }
    }
  }

  private overlay(planId: number): PlanOverlay {
    let overlay = this.overlays.get(planId);
    if (overlay === undefined) {
      overlay = emptyOverlay();
      this.overlays.set(planId, overlay);
    }
    return overlay;
  }

  private planView(planId: number): PlanView {
    const summary = this.requireEngine().engine.planSummary(planId);
    if (summary === undefined) {
      throw new IpcFailure('not-found', `no plan ${planId}`, { kind: 'no-such-plan' });
    }
    return this.view(summary);
  }

  private view(summary: PlanSummary): PlanView {
    const view = toPlanView(
      summary,
      this.overlay(summary.id),
      this.runs.has(summary.id),
      summary.deferred > 0 ? (this.deps.earliestDeferred(summary.id) ?? null) : null,
      this.serverDown(),
    );
    return { ...view, archived: this.archived?.has(summary.id) ?? false };
  }

  /** A half-open circuit is still probing for the cause it opened on. */
  private serverDown(): boolean {
    const circuit = this.handle?.circuit();
    if (circuit?.kind === 'open') this.lastOpenCause = circuit.cause;
    if (circuit === undefined || circuit.kind === 'closed') return false;
    return this.lastOpenCause === 'server-unavailable';
  }

  private unitView(unit: EngineUnitView): UnitView {
    const live =
      unit.activity.kind !== 'idle'
        ? unit.activity
        : this.overlays.get(unit.planId)?.activities.get(unit.id);
    const activity: UnitActivity =
      live ??
      (unit.state.kind === 'in-progress' && this.runs.has(unit.planId)
        ? { kind: 'sending', bytesAcked: unit.bytesAcked }
        : { kind: 'idle' });
    return {
      id: String(unit.id),
      relPath: unit.relPath,
      size: unit.size,
      state: unit.state,
      activity,
      bytesAcked: unit.state.kind === 'done' ? unit.size : unit.bytesAcked,
    };
  }

  private label(summary: PlanSummary): string {
    const parts = ['site', 'point', 'night']
      .map((k) => summary.metadata[k])
      .filter((v): v is string => typeof v === 'string' && v !== '');
    return parts.length > 0 ? parts.join(' · ') : summary.prefix;
  }

  private settingsView() {
    const settings = this.settings;
    if (settings === undefined) throw new IpcFailure('unavailable', 'backend not started');
    return {
      ...settings,
      credentials: this.credentials === undefined ? 'not-set' : 'set',
    } as const;
  }

  private countersView(): CountersView {
    const counters: RetryCounters | undefined = this.handle?.engine.counters();
    const circuit = this.handle?.circuit() ?? { kind: 'closed' };
    return {
      firstAttempts: counters?.firstAttempts ?? 0,
      retriesGranted: counters?.retriesGranted ?? 0,
      retriesRefused: counters?.retriesRefused ?? {},
      circuit:
        circuit.kind === 'open'
          ? circuit.cause === 'offline'
            ? 'open-offline'
            : 'open-server'
          : circuit.kind,
      extra: {},
    };
  }
}
