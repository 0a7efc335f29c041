import type { Clock } from '../../../shared/ports/Clock';
import type { PlanStore } from '../../store/PlanStore';
import type { LeaseAnswer, RunLease } from '../../store/RunLease';
import type { EngineSettings } from '../EngineSettings';
import type { LeaseHolder } from '../LeaseHolder';
import { PlanError } from '../PlanError';

/**
 * This engine's side of the plans' run leases: one process, one engine deposits a plan at a
 * time; a stale or dead holder's lease is taken over.
 */
export class PlanLease {
  constructor(
    private readonly store: PlanStore,
    private readonly clock: Clock,
    private readonly settings: EngineSettings,
    private readonly holder: LeaseHolder,
    /** This engine's identity in run leases: two engines of one process are two holders. */
    private readonly token: string,
    /** Whether this engine runs the plan now. */
    private readonly running: (planId: number) => boolean,
  ) {}

  /** The plan's run lease for this engine, or the error naming the process that holds it. */
  take(planId: number): Extract<LeaseAnswer, { kind: 'taken' }> {
    const lease = this.store.acquireLease({
      planId,
      pid: this.holder.pid,
      host: this.holder.host,
      token: this.token,
      now: this.clock.now(),
      staleMs: this.settings.leaseStaleMs,
      isAlive: this.holder.isAlive,
    });
    if (lease.kind === 'held') throw this.heldElsewhere(lease.by);
    return lease;
  }

  release(planId: number): void {
    this.store.releaseLease(planId, this.token);
  }

  /** Renews the lease on the holder's heartbeat; `lost` when another took it over. */
  keepAlive(planId: number, lost: () => void): () => void {
    return this.holder.heartbeat(() => {
      try {
        // Taken over (our heartbeat looked stale, e.g. after a sleep): stop, resumable.
        if (!this.store.renewLease(planId, this.token, this.clock.now())) lost();
      } catch {
        // A busy database: the next beat tries again, well before the lease looks stale.
      }
    }, this.settings.leaseRenewMs);
  }

  /** `work` while holding the plan's run lease, refused as 'already-running' when another holds it. */
  async withLease<T>(planId: number, work: () => Promise<T>): Promise<T> {
    if (this.running(planId)) {
      throw new PlanError({ code: 'already-running', planId }, `plan ${planId} is already running`);
    }
    this.take(planId);
    try {
      return await work();
    } finally {
      this.release(planId);
    }
  }

  /**
   * Another process depositing this plan right now (its lease is fresh and its pid alive), so the
   * interface can refuse before starting; undefined when the plan is free or ours.
   */
  holderOf(planId: number): { pid: number; host: string } | undefined {
    const lease = this.store.lease(planId);
    if (lease === undefined || lease.token === this.token) return undefined;
    const stale = this.clock.now() - lease.heartbeatAt > this.settings.leaseStaleMs;
    const dead = lease.host === this.holder.host && !this.holder.isAlive(lease.pid);
    return stale || dead ? undefined : { pid: lease.pid, host: lease.host };
  }

  private heldElsewhere(by: RunLease): PlanError {
    const where = by.host === this.holder.host ? '' : ` on ${by.host}`;
    return new PlanError(
      { code: 'already-running', planId: by.planId, holder: { pid: by.pid, host: by.host } },
      `plan ${by.planId} is being deposited by another Depot process, pid ${by.pid}${where}`,
    );
  }
}
