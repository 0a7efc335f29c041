import { planPhase } from '../../shared/domain/planPhase';
import type { PlanSummary } from '../engine/PlanSummary';
import type { RunResult } from '../engine/RunResult';
import { IpcFailure } from '../ipc/IpcFailure';
import type { BackendConfig } from './BackendConfig';
import type { EnginePort } from './EnginePort';
import type { EventRelay } from './EventRelay';
import type { Notifier } from './Notifier';
import { noticeText } from './noticeText';
import type { NoticeKind } from './noticeText';
import type { PlanViews } from './PlanViews';
import type { Clock } from '../../shared/ports/Clock';
import type { Sleeper } from '../../shared/ports/Sleeper';

type Run = { readonly controller: AbortController; readonly done: Promise<void> };

/** How a night's whole removal from the server ended (issue 31), for the interface's notice. */
export type RemovalEnded =
  | {
      readonly kind: 'removed';
      readonly planId: number;
      readonly removed: number;
      readonly notOurs: number;
    }
  | { readonly kind: 'denied'; readonly planId: number }
  | { readonly kind: 'stopped'; readonly planId: number };

/**
 * The nights depositing in this process: starting, pausing, unblocking and stopping their runs,
 * and the notice each run's end sends.
 */
export class PlanRuns {
  private readonly runs = new Map<number, Run>();
  /** Nights postponed by the server, each started again at the time it set. */
  private readonly wakeUps = new Map<number, AbortController>();
  private stopped = false;
  /** Told when a night's runs end as they did (a wrong address is then looked for). */
  onEnded: ((planId: number, result: RunResult) => void) | undefined;
  /** Told when a whole night's removal ends. */
  onRemovalEnded: ((ended: RemovalEnded) => void) | undefined;

  constructor(
    private readonly config: BackendConfig,
    private readonly views: PlanViews,
    private readonly relay: EventRelay,
    private readonly log: (line: string) => void,
    private readonly notifier: Notifier | undefined,
    private readonly time: { readonly clock: Clock; readonly sleeper: Sleeper },
  ) {}

  has(planId: number): boolean {
    return this.runs.has(planId);
  }

  ids(): readonly number[] {
    return [...this.runs.keys()];
  }

  isBusy(): boolean {
    return this.runs.size > 0;
  }

  /** No run starts any more; the running ones abort between emissions and stay resumable. */
  async stop(): Promise<void> {
    this.stopped = true;
    for (const wakeUp of this.wakeUps.values()) wakeUp.abort();
    this.wakeUps.clear();
    await this.abortAll();
  }

  /** The tray's "pause all": every night that is depositing stops, resumable, until Reprendre. */
  pauseAll(): void {
    const engine = this.config.handle?.engine;
    if (engine === undefined) return;
    for (const id of this.runs.keys()) {
      engine.pause(id);
      this.relay.markDirty(id);
    }
  }

  resumeUnfinished(): void {
    const handle = this.config.handle;
    if (handle === undefined || this.stopped) return;
    for (const plan of handle.engine.listPlans()) {
      if (plan.removing) this.start(plan.id);
      else if (planPhase(plan) === 'to-do') this.start(plan.id);
    }
  }

  /** Nights whose last run ended blocked start again (after a successful test or new settings). */
  resumeBlocked(endpoint: string, bucket: string): void {
    for (const id of this.views.blockedPlans()) {
      // Only the nights whose target the test just proved.
      const summary = this.config.handle?.engine.planSummary(id);
      if (summary?.endpoint !== endpoint || summary.bucket !== bucket) continue;
      this.unblock(id);
    }
  }

  /** A blocked night goes on: the files refused for the same cause are queued again with it. */
  unblock(planId: number): void {
    const engine = this.config.handle?.engine;
    if (engine === undefined) return;
    this.views.overlay(planId).blocked = null;
    engine.retryFailures(planId);
    this.start(planId);
    this.relay.markDirty(planId);
  }

  /** Another Depot process (the command line, a second window) is depositing this plan. */
  refuseIfHeldElsewhere(engine: EnginePort, planId: number): void {
    const holder = engine.leaseHolder(planId);
    if (holder !== undefined) {
      throw new IpcFailure(
        'blocked',
        `plan ${planId} is being deposited by another Depot process, pid ${holder.pid} on ${holder.host}`,
        { kind: 'held-elsewhere', pid: holder.pid, host: holder.host },
      );
    }
  }

  /** Stops the night's run and waits for its end (a correction rewrites the plan after it). */
  async stopRun(planId: number): Promise<void> {
    const run = this.runs.get(planId);
    if (run === undefined) return;
    run.controller.abort();
    await run.done;
  }

  start(planId: number): void {
    const handle = this.config.handle;
    if (handle === undefined || this.runs.has(planId) || this.stopped) return;
    this.wakeUps.get(planId)?.abort();
    this.wakeUps.delete(planId);
    // That process finishes it (re-queued units included); starting here would only be refused.
    if (handle.engine.leaseHolder(planId) !== undefined) return;
    const controller = new AbortController();
    const overlay = this.views.overlay(planId);
    overlay.blocked = null;
    const removing = handle.engine.planSummary(planId)?.removing === true;
    const work: Promise<void> = removing
      ? handle.engine
          .workRemovals(planId, controller.signal)
          .then((pass) => this.removalEnded(planId, pass.ended))
      : handle.engine
          .run(planId, { signal: controller.signal })
          .then((result) => this.onRunEnded(planId, result));
    const done = work
      .then(
        () => undefined,
        (error: unknown) =>
          this.log(
            `plan ${planId}: run failed: ${error instanceof Error ? error.message : String(error)}`,
          ),
      )
      .finally(() => {
        this.runs.delete(planId);
        this.relay.markDirty(planId);
      });
    this.runs.set(planId, { controller, done });
    this.relay.markDirty(planId);
  }

  /** Aborts every run and waits for their ends. */
  async abortAll(): Promise<void> {
    const runs = [...this.runs.values()];
    for (const run of runs) run.controller.abort();
    await Promise.all(runs.map((r) => r.done));
  }

  /** A night asked off the server: forgotten once everything it wrote is taken back. */
  private removalEnded(planId: number, ended: 'done' | 'denied' | 'unavailable' | 'stopped'): void {
    const engine = this.config.handle?.engine;
    if (engine === undefined) return;
    if (ended !== 'done') {
      this.onRemovalEnded?.({ kind: ended === 'stopped' ? 'stopped' : 'denied', planId });
      return;
    }
    const counts = engine.removalCounts(planId);
    engine.forget(planId);
    this.views.forget(planId);
    this.relay.emit({ type: 'plans-changed' });
    this.onRemovalEnded?.({
      kind: 'removed',
      planId,
      removed: counts.removed,
      notOurs: counts.notOurs,
    });
  }

  private onRunEnded(planId: number, result: RunResult): void {
    this.onEnded?.(planId, result);
    const summary = this.config.handle?.engine.planSummary(planId);
    const night = summary === undefined ? `#${planId}` : nightLabel(summary);
    const locale = this.config.settings?.locale ?? 'fr';
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
        this.views.overlay(planId).blocked = result.cause;
        this.notify(planId, 'blocked', noticeText(locale, 'blocked', { night }));
        return;
      case 'postponed':
        this.wakeAt(planId, result.until);
        return;
      case 'stopped':
        return;
    }
  }

  /** The server set a time further away than a run waits: the night starts again then. */
  private wakeAt(planId: number, until: number): void {
    this.wakeUps.get(planId)?.abort();
    const wakeUp = new AbortController();
    this.wakeUps.set(planId, wakeUp);
    const { clock, sleeper } = this.time;
    sleeper.sleep(Math.max(0, until - clock.now()), wakeUp.signal).then(
      () => {
        if (this.wakeUps.get(planId) !== wakeUp) return;
        this.wakeUps.delete(planId);
        this.start(planId);
      },
      // Aborted: started by hand, paused or the app stopping.
      () => undefined,
    );
  }

  /** The notice carries its night, so a click on it opens that night's screen. */
  private notify(
    planId: number,
    kind: NoticeKind,
    text: { readonly title: string; readonly body: string },
  ): void {
    this.notifier?.({ ...text, planId: String(planId), kind });
  }
}

/** How a notice names a night: its site, point and night, else its prefix. */
const nightLabel = (summary: PlanSummary): string => {
  const parts = ['site', 'point', 'night']
    .map((k) => summary.metadata[k])
    .filter((v): v is string => typeof v === 'string' && v !== '');
  return parts.length > 0 ? parts.join(' · ') : summary.prefix;
};
