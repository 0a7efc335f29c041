import type { RunLease } from '../RunLease';
import { RowReader } from './RowReader';

/** A `run_leases` row as a lease, or a `DamagedRowError` naming the first column no Depot wrote. */
export const decodeLeaseRow = (raw: unknown): RunLease => {
  const r = new RowReader('run_leases', raw, ['plan_id']);
  return {
    planId: r.integer('plan_id', 1),
    pid: r.integer('holder_pid', 0),
    host: r.text('holder_host'),
    token: r.text('holder_token'),
    takenAt: r.real('taken_at'),
    heartbeatAt: r.real('heartbeat_at'),
  };
};
