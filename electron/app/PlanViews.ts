import type { CountersView, PlanView, UnitView } from '../../shared/ipc/views';
import type { RetryCounters } from '../../shared/retry/RetryCall';
import type { NightLive } from '../engine/NightLive';
import type { PlanSummary } from '../engine/PlanSummary';
import type { UnitView as EngineUnitView } from '../engine/UnitView';
import { IpcFailure } from '../ipc/IpcFailure';
import type { BackendConfig } from './BackendConfig';
import { emptyOverlay } from './PlanOverlay';
import type { PlanOverlay } from './PlanOverlay';
import { toPlanView } from './toPlanView';
import { activityInWallTime, stateInWallTime } from './WallTime';
import type { WallTime } from './WallTime';

/**
 * The plans' live overlays (what the engine reports and does not persist) and the views built
 * from a plan's summary and its overlay: what the interface shows of a night, a file, the counters.
 */
export class PlanViews {
  private readonly overlays = new Map<number, PlanOverlay>();
  private lastOpenCause: 'offline' | 'server-unavailable' = 'offline';

  constructor(
    private readonly config: BackendConfig,
    private readonly isRunning: (planId: number) => boolean,
    private readonly earliestDeferred: (planId: number) => number | undefined,
    /** Engine times as the screen's clock reads them. */
    readonly wall: WallTime,
  ) {}

  overlay(planId: number): PlanOverlay {
    let overlay = this.overlays.get(planId);
    if (overlay === undefined) {
      overlay = emptyOverlay();
      this.overlays.set(planId, overlay);
    }
    return overlay;
  }

  forget(planId: number): void {
    this.overlays.delete(planId);
  }

  /** The nights whose last run ended blocked. */
  blockedPlans(): readonly number[] {
    return [...this.overlays].flatMap(([id, overlay]) => (overlay.blocked === null ? [] : [id]));
  }

  planView(planId: number): PlanView {
    const summary = this.config.requireEngine().engine.planSummary(planId);
    if (summary === undefined) {
      throw new IpcFailure('not-found', `no plan ${planId}`, { kind: 'no-such-plan' });
    }
    return this.view(summary);
  }

  view(summary: PlanSummary): PlanView {
    const view = toPlanView(
      summary,
      this.overlay(summary.id),
      this.liveOf(summary.id),
      this.isRunning(summary.id),
      summary.deferred > 0 ? (this.earliestDeferred(summary.id) ?? null) : null,
      this.serverDown(),
    );
    const wall = this.wall;
    return {
      ...view,
      lastActivityAt: view.lastActivityAt === null ? null : wall(view.lastActivityAt),
      nextRetryAt: view.nextRetryAt === null ? null : wall(view.nextRetryAt),
      deferredUntil: view.deferredUntil === null ? null : wall(view.deferredUntil),
      archived: this.config.archived?.has(summary.id) ?? false,
    };
  }

  /** The engine's live facts of the night; none when no engine runs. */
  liveOf(planId: number): NightLive {
    return (
      this.config.handle?.engine.nightLive(planId) ?? {
        waitingNetwork: false,
        waitingCard: false,
        nextRetryAt: null,
      }
    );
  }

  /** A half-open circuit is still probing for the cause it opened on. */
  private serverDown(): boolean {
    const circuit = this.config.handle?.circuit();
    if (circuit?.kind === 'open') this.lastOpenCause = circuit.cause;
    if (circuit === undefined || circuit.kind === 'closed') return false;
    return this.lastOpenCause === 'server-unavailable';
  }

  unitView(unit: EngineUnitView): UnitView {
    // The engine's own activity; a file taken and not yet waiting is sending.
    const activity =
      unit.activity.kind === 'idle' &&
      unit.state.kind === 'in-progress' &&
      this.isRunning(unit.planId)
        ? ({ kind: 'sending', bytesAcked: unit.bytesAcked } as const)
        : unit.activity;
    return {
      id: String(unit.id),
      relPath: unit.relPath,
      size: unit.size,
      state: stateInWallTime(unit.state, this.wall),
      activity: activityInWallTime(activity, this.wall),
      bytesAcked: unit.state.kind === 'done' ? unit.size : unit.bytesAcked,
    };
  }

  countersView(): CountersView {
    const counters: RetryCounters | undefined = this.config.handle?.engine.counters();
    const circuit = this.config.handle?.circuit() ?? { kind: 'closed' };
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
