import type { LeaseAnswer, LeaseRequest, RunLease } from './RunLease';
import type { SqlStatements } from './SqlStatements';
import { decodeLeaseRow } from './rows/decodeLeaseRow';

/** The `run_leases` table: which process deposits a plan right now. */
export class RunLeases {
  constructor(private readonly sql: SqlStatements) {}

  /** The current holder of a plan's run lease, if any. */
  lease(planId: number): RunLease | undefined {
    const row: unknown = this.sql
      .statement('SELECT * FROM run_leases WHERE plan_id = ?')
      .get(planId);
    return row === undefined ? undefined : decodeLeaseRow(row);
  }

  /**
   * Takes the plan's run lease in one IMMEDIATE transaction (so two processes cannot both see it
   * free): free, already ours, held by a dead pid on this host, or with a stale heartbeat.
   */
  acquire(request: LeaseRequest): LeaseAnswer {
    return this.sql.immediate((): LeaseAnswer => {
      const current = this.lease(request.planId);
      if (current !== undefined && current.token !== request.token) {
        const stale = request.now - current.heartbeatAt > request.staleMs;
        const dead = current.host === request.host && !request.isAlive(current.pid);
        if (!stale && !dead) return { kind: 'held', by: current };
      }
      this.sql
        .statement(
          `INSERT INTO run_leases (plan_id, holder_pid, holder_host, holder_token, taken_at, heartbeat_at)
           VALUES (?, ?, ?, ?, ?, ?)
           ON CONFLICT (plan_id) DO UPDATE SET holder_pid = excluded.holder_pid,
             holder_host = excluded.holder_host, holder_token = excluded.holder_token,
             taken_at = excluded.taken_at, heartbeat_at = excluded.heartbeat_at`,
        )
        .run(request.planId, request.pid, request.host, request.token, request.now, request.now);
      return current === undefined || current.token === request.token
        ? { kind: 'taken' }
        : { kind: 'taken', tookOver: current };
    });
  }

  /** False when the lease is no longer ours (taken over after a stale heartbeat). */
  renew(planId: number, token: string, now: number): boolean {
    return (
      this.sql
        .statement('UPDATE run_leases SET heartbeat_at = ? WHERE plan_id = ? AND holder_token = ?')
        .run(now, planId, token).changes === 1
    );
  }

  release(planId: number, token: string): void {
    this.sql
      .statement('DELETE FROM run_leases WHERE plan_id = ? AND holder_token = ?')
      .run(planId, token);
  }

  removeOfPlan(planId: number): void {
    this.sql.statement('DELETE FROM run_leases WHERE plan_id = ?').run(planId);
  }
}
