import type { StorageTarget } from '../../../shared/domain/StorageTarget';
import { targetOfPlan } from '../../../shared/engine/targetOfPlan';
import type { ObjectStore } from '../../../shared/ports/ObjectStore';
import type { RemovalCounts } from '../../store/PlanStore';
import type { EngineWiring } from '../EngineWiring';
import { PlanError } from '../PlanError';
import { moveNight } from './moveNight';
import type { MoveReport, NightMove } from './moveNight';
import { removalsOf } from './removalsOf';
import { conflictFacts, settleConflict } from './settleConflict';
import type { ConflictFacts, SettleChoice, Settled, Unanswered } from './settleConflict';
import { workRemovals } from './workRemovals';
import type { RemovalPass } from './workRemovals';

/**
 * The ways back of issue 31 (ADR 0031) over the engine's parts: a night's destination corrected,
 * the night taken off the server, its conflicts settled. Only what the night wrote, by its plan;
 * refused while the night deposits. `DepositEngine` hands its callers to these.
 */
export class NightWays {
  constructor(private readonly engine: EngineWiring) {}

  /** The night's own target (a plan made before targets were recorded follows the settings). */
  targetOf(planId: number): StorageTarget {
    const plan = this.engine.ports.store.getPlan(planId);
    if (plan === undefined)
      throw new PlanError({ code: 'no-such-plan', planId }, `no plan ${planId}`);
    return targetOfPlan(plan, this.engine.ports.objectStore.target);
  }

  refuseWhileRunning(planId: number): void {
    const holder = this.engine.lease.holderOf(planId);
    if (this.engine.runs.has(planId) || holder !== undefined) {
      throw new PlanError(
        { code: 'already-running', planId, ...(holder === undefined ? {} : { holder }) },
        `plan ${planId} is depositing: pause it first`,
      );
    }
  }

  /**
   * What the night wrote at its destination and would take back, counted from its plan (objects,
   * uploads), for the confirmation the volunteer reads before a correction or a removal.
   */
  ownObjects(planId: number): { readonly objects: number; readonly uploads: number } {
    const plan = this.engine.ports.store.getPlan(planId);
    if (plan === undefined)
      throw new PlanError({ code: 'no-such-plan', planId }, `no plan ${planId}`);
    const removals = removalsOf(this.engine.ports.store, plan, this.targetOf(planId), 0);
    return {
      objects: removals.filter((r) => r.kind === 'object').length,
      uploads: removals.filter((r) => r.kind === 'upload' || r.kind === 'uploads-at').length,
    };
  }

  /**
   * Moves a night to its corrected destination (see `moveNight`); refused while it deposits. What
   * it wrote at the old place is taken back by its next run (or `workRemovals`).
   */
  correctDestination(planId: number, move: NightMove): MoveReport {
    this.refuseWhileRunning(planId);
    const plan = this.engine.ports.store.getPlan(planId);
    if (plan === undefined)
      throw new PlanError({ code: 'no-such-plan', planId }, `no plan ${planId}`);
    const report = moveNight(
      this.engine.ports.store,
      plan,
      this.targetOf(planId),
      move,
      this.engine.ports.clock.now(),
    );
    if (report.moved) this.engine.hub.emitProgress(planId, true);
    return report;
  }

  /**
   * "Retirer ce dépôt du serveur": everything the night wrote is queued for removal and the night
   * is no longer deposited; `workRemovals` then takes it back. Refused while it deposits.
   */
  removeFromServer(planId: number): { readonly objects: number; readonly uploads: number } {
    this.refuseWhileRunning(planId);
    const plan = this.engine.ports.store.getPlan(planId);
    if (plan === undefined)
      throw new PlanError({ code: 'no-such-plan', planId }, `no plan ${planId}`);
    const removals = plan.removing
      ? []
      : removalsOf(
          this.engine.ports.store,
          plan,
          this.targetOf(planId),
          this.engine.ports.clock.now(),
        );
    if (!plan.removing) this.engine.ports.store.removeNight(planId, removals);
    this.engine.hub.emit({ type: 'plan-state', planId, state: 'stopped' });
    return {
      objects: removals.filter((r) => r.kind === 'object').length,
      uploads: removals.filter((r) => r.kind === 'upload' || r.kind === 'uploads-at').length,
    };
  }

  /** Takes back what the night queued for removal (see `workRemovals`). */
  workRemovals(planId: number, signal?: AbortSignal): Promise<RemovalPass> {
    if (this.engine.runs.has(planId)) {
      throw new PlanError({ code: 'already-running', planId }, `plan ${planId} is already running`);
    }
    return workRemovals(this.engine, planId, signal);
  }

  removalCounts(planId: number): RemovalCounts & { readonly uploads: number } {
    return {
      ...this.engine.ports.store.removalCounts(planId),
      uploads: this.engine.ports.store.pendingUploadRemovals(planId),
    };
  }

  /** The volunteer asks again after a refusal (a permission granted since), or leaves them. */
  retryDeniedRemovals(planId: number): number {
    return this.engine.ports.store.retryDeniedRemovals(planId);
  }

  dropDeniedRemovals(planId: number): number {
    return this.engine.ports.store.dropDeniedRemovals(planId);
  }

  /** Whether the night wrote anything at its destination yet (a file's bytes, its manifest). */
  hasWritten(planId: number): boolean {
    const plan = this.engine.ports.store.getPlan(planId);
    if (plan === undefined) return false;
    return removalsOf(this.engine.ports.store, plan, this.targetOf(planId), 0).length > 0;
  }

  private objectsOf(planId: number): ObjectStore {
    const objects = this.engine.storeOf(this.targetOf(planId));
    if (objects === undefined)
      throw new PlanError({ code: 'no-such-plan', planId }, `plan ${planId}: target unavailable`);
    return objects;
  }

  /** Both sides of a file's conflict, and the free name it would take (see `conflictFacts`). */
  conflictFacts(
    planId: number,
    unitId: number,
    pattern?: RegExp,
  ): Promise<ConflictFacts | Unanswered> {
    return conflictFacts(
      this.engine.ports,
      this.engine.hub,
      planId,
      unitId,
      this.objectsOf(planId),
      pattern,
    );
  }

  /** The volunteer's choice on a conflict, written in the plan (see `settleConflict`). */
  settleConflict(
    planId: number,
    unitId: number,
    choice: SettleChoice,
    pattern?: RegExp,
  ): Promise<Settled> {
    return settleConflict(
      this.engine.ports,
      this.engine.hub,
      planId,
      unitId,
      this.objectsOf(planId),
      choice,
      pattern,
      this.engine.wallClock.now(),
    );
  }
}
