import { activityInWallTime, stateInWallTime } from './WallTime';
import type { Clock } from '../../shared/ports/Clock';
import type { Sleeper } from '../../shared/ports/Sleeper';
import type { DepotEvent } from '../../shared/ipc/DepotEvent';
import type { EngineEvent } from '../engine/EngineEvent';
import { PlanError } from '../engine/PlanError';
import type { PlanSummary } from '../engine/PlanSummary';
import type { BackendConfig } from './BackendConfig';
import type { PlanViews } from './PlanViews';

const EVENT_INTERVAL_MS = 250;

/**
 * Turns the engine's events into the interface's: a file's change at once, a night's view at most
 * every 250 ms (progress events can be many), the live overlay kept up to date on the way.
 */
export class EventRelay {
  private readonly listeners = new Set<(event: DepotEvent) => void>();
  private readonly dirtyPlans = new Set<number>();
  private flushPending = false;
  private readonly stopped = new AbortController();
  /** Told when a night starts or stops waiting for the network (its address is then looked at). */
  onNetworkWait: ((planId: number, waiting: boolean) => void) | undefined;
  /** Told when a night's bytes are acknowledged (its address answers). */
  onAcked: ((planId: number) => void) | undefined;

  constructor(
    private readonly config: BackendConfig,
    private readonly views: PlanViews,
    private readonly runningPlans: () => Iterable<number>,
    private readonly clock: Clock,
    private readonly sleeper: Sleeper,
    private readonly log: (line: string) => void,
  ) {}

  subscribe(listener: (event: DepotEvent) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  stop(): void {
    this.stopped.abort();
  }

  onEngineEvent(event: EngineEvent): void {
    if (event.type === 'counters') {
      // Each attempt's outcome moves the circuit, which no plan event reports when it opens on
      // the server's refusals (503 storm): refresh the running nights' views (throttled).
      for (const id of this.runningPlans()) this.markDirty(id);
      return;
    }
    const overlay = this.views.overlay(event.planId);
    overlay.lastActivityAt = this.clock.now();
    switch (event.type) {
      case 'throughput':
        overlay.throughputBytesPerSec = event.bytesPerSec;
        break;
      case 'waiting-network':
        this.onNetworkWait?.(event.planId, event.waiting);
        break;
      case 'waiting-card':
        break;
      case 'unit-activity':
        // Forwarded as the engine tells it (it owns the activity): the screen applies it.
        this.emit({
          type: 'unit',
          planId: String(event.planId),
          unitId: String(event.unitId),
          activity: activityInWallTime(event.activity, this.views.wall),
        });
        break;
      case 'unit-state':
        this.emit({
          type: 'unit',
          planId: String(event.planId),
          unitId: String(event.unitId),
          state: stateInWallTime(event.state, this.views.wall),
          activity: activityInWallTime(event.activity, this.views.wall),
          ...(event.was === undefined ? {} : { was: event.was }),
        });
        break;
      case 'night-checked':
        overlay.checked = {
          listed: event.listed,
          returned: event.returned.length,
          unchecked: event.unchecked,
        };
        break;
      case 'plan-progress':
        if (event.bytesAcked > 0) this.onAcked?.(event.planId);
        break;
      case 'plan-state':
        break;
    }
    this.markDirty(event.planId);
  }

  /** Plan views are pushed at most every 250 ms per plan: progress events can be many. */
  markDirty(planId: number): void {
    this.dirtyPlans.add(planId);
    if (this.flushPending) return;
    this.flushPending = true;
    // On the injected sleeper: a test on virtual time sees the views pushed on its clock.
    this.sleeper.sleep(EVENT_INTERVAL_MS, this.stopped.signal).then(
      () => this.flush(),
      () => undefined, // stopped: nobody listens any more
    );
  }

  private flush(): void {
    this.flushPending = false;
    const ids = [...this.dirtyPlans];
    this.dirtyPlans.clear();
    for (const id of ids) {
      const summary = this.summaryOf(id);
      if (summary !== undefined) this.emit({ type: 'plan', plan: this.views.view(summary) });
    }
  }

  /**
   * A night forgotten while its view waited for the next push has nothing left to show. Thrown
   * here, the error had no caller to reach: an unhandled rejection in the main process.
   */
  private summaryOf(planId: number): PlanSummary | undefined {
    try {
      return this.config.handle?.engine.planSummary(planId);
    } catch (error) {
      if (!(error instanceof PlanError && error.detail.code === 'no-such-plan')) {
        this.log(`plan ${planId}: view not pushed: ${error instanceof Error ? error.message : ''}`);
      }
      return undefined;
    }
  }

  emit(event: DepotEvent): void {
    for (const listener of this.listeners) {
      try {
        listener(event);
      } catch (error) {
        this.log(`event listener failed: ${error instanceof Error ? error.message : ''}`);
      }
    }
  }
}
