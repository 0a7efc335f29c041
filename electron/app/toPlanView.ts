import { planPhase } from '../../shared/domain/planPhase';
import type { PlanState, PlanView } from '../../shared/ipc/views';
import type { PlanSummary } from '../engine/PlanSummary';
import { nextRetryAt } from './PlanOverlay';
import type { PlanOverlay } from './PlanOverlay';

const text = (metadata: Readonly<Record<string, unknown>>, key: string): string | null => {
  const value = metadata[key];
  return typeof value === 'string' && value !== '' ? value : null;
};

export const planStateOf = (
  summary: PlanSummary,
  overlay: PlanOverlay,
  running: boolean,
): PlanState => {
  const phase = planPhase(summary);
  if (phase === 'complete') return 'done';
  if (phase === 'failures') return 'needs-attention';
  if (overlay.blocked && !running) return 'needs-attention';
  if (summary.paused) return 'paused';
  if (!running) return summary.bytesAcked === 0 && summary.done === 0 ? 'planned' : 'stopped';
  if (overlay.waitingNetwork) return 'waiting-network';
  if (summary.deferred > 0 && summary.inProgress === 0 && summary.pending === 0) return 'deferred';
  return 'running';
};

/** The interface's view of a plan: persisted counts plus the live overlay. */
export const toPlanView = (
  summary: PlanSummary,
  overlay: PlanOverlay,
  running: boolean,
  deferredUntil: number | null,
): PlanView => {
  const state = planStateOf(summary, overlay, running);
  const left = summary.bytesTotal - summary.bytesAcked;
  const throughput = state === 'running' ? overlay.throughputBytesPerSec : 0;
  return {
    id: String(summary.id),
    dir: summary.dir,
    bucket: summary.bucket,
    prefix: summary.prefix,
    site: text(summary.metadata, 'site'),
    point: text(summary.metadata, 'point'),
    night: text(summary.metadata, 'night'),
    state,
    unitsTotal: summary.units,
    unitsDone: summary.done,
    unitsFailed: summary.failed,
    bytesTotal: summary.bytesTotal,
    bytesAcked: summary.bytesAcked,
    throughputBytesPerSec: throughput,
    etaSeconds: throughput > 0 ? left / throughput : left === 0 ? 0 : null,
    lastActivityAt: overlay.lastActivityAt ?? summary.completedAt ?? summary.createdAt,
    nextRetryAt: state === 'done' ? null : nextRetryAt(overlay),
    deferredUntil: summary.deferred > 0 ? deferredUntil : null,
  };
};
