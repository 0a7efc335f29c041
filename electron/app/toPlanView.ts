import { COMPLETED } from '../../shared/domain/Completed';
import { planPhase } from '../../shared/domain/planPhase';
import type { PlanState, PlanView, RemovalView } from '../../shared/ipc/views';
import type { PlanSummary } from '../engine/PlanSummary';
import type { NightLive } from '../engine/NightLive';
import type { PlanOverlay } from './PlanOverlay';
import { recorderLabel } from '../../shared/field/recorderLabel';

const text = (metadata: Readonly<Record<string, unknown>>, key: string): string | null => {
  const value = metadata[key];
  return typeof value === 'string' && value !== '' ? value : null;
};

export const planStateOf = (
  summary: PlanSummary,
  overlay: PlanOverlay,
  live: NightLive,
  running: boolean,
  serverDown = false,
): PlanState => {
  if (summary.removing) return 'removing';
  const phase = planPhase(summary);
  if (phase === COMPLETED) return 'done';
  if (phase === 'failures') return 'needs-attention';
  if (overlay.blocked !== null && !running) return 'needs-attention';
  if (overlay.addressProblem !== null && !running) return 'needs-attention';
  if (summary.paused) return 'paused';
  // Postponed by the server beyond what a run waits: it starts again at that time by itself.
  if (!running && summary.deferred > 0 && summary.pending + summary.inProgress === 0) {
    return 'deferred';
  }
  if (!running) return summary.bytesAcked === 0 && summary.done === 0 ? 'planned' : 'stopped';
  // The circuit is the endpoint's: while it is open on the server's refusals, every running night
  // waits on the server, whether or not one of its own calls is waiting right now.
  // The volunteer's own move, and theirs to undo: said before anything of the link.
  if (live.waitingCard) return 'waiting-card';
  // A wrong address is the volunteer's to fix, never "the network" (issue 31).
  if (overlay.addressProblem !== null) return 'needs-attention';
  if (serverDown) return 'server-unavailable';
  if (live.waitingNetwork) return 'waiting-network';
  if (summary.deferred > 0 && summary.inProgress === 0 && summary.pending === 0) return 'deferred';
  return 'running';
};

/** The interface's view of a plan: persisted counts, the engine's live facts, the app's overlay. */
export const toPlanView = (
  summary: PlanSummary,
  overlay: PlanOverlay,
  live: NightLive,
  running: boolean,
  deferredUntil: number | null,
  /** The circuit is open because the server refuses (503 storm), not because it is unreachable. */
  serverDown = false,
): PlanView => {
  const state = planStateOf(summary, overlay, live, running, serverDown);
  const left = summary.bytesTotal - summary.bytesAcked;
  const throughput = state === 'running' ? overlay.throughputBytesPerSec : 0;
  return {
    id: String(summary.id),
    dir: summary.dir,
    endpoint: summary.endpoint,
    bucket: summary.bucket,
    prefix: summary.prefix,
    site: text(summary.metadata, 'site'),
    point: text(summary.metadata, 'point'),
    night: text(summary.metadata, 'night'),
    state,
    unitsTotal: summary.units,
    unitsDone: summary.done,
    unitsFailed: summary.failed,
    unitsUnverifiable: summary.unverifiable,
    lastCheck: overlay.checked,
    bytesTotal: summary.bytesTotal,
    bytesAcked: summary.bytesAcked,
    throughputBytesPerSec: throughput,
    etaSeconds: throughput > 0 ? left / throughput : left === 0 ? 0 : null,
    lastActivityAt: overlay.lastActivityAt ?? summary.completedAt ?? summary.createdAt,
    nextRetryAt: state === 'done' ? null : live.nextRetryAt,
    deferredUntil: summary.deferred > 0 ? deferredUntil : null,
    blocker: running ? null : overlay.blocked,
    createdAt: summary.createdAt,
    completedAt: summary.manifestAt,
    archived: false,
    recorder: recorderLabel({
      make: text(summary.metadata, 'make'),
      model: text(summary.metadata, 'model'),
      serial: text(summary.metadata, 'serial'),
    }),
    programme:
      summary.programme === null
        ? null
        : { name: summary.programme.name, fields: summary.programme.fields },
    unitsLeftOut: summary.leftOut,
    running,
    correction: summary.correction,
    removal: removalOf(summary),
    addressProblem: overlay.addressProblem,
    portal:
      summary.portal === null
        ? null
        : {
            kind: summary.portal.target.kind,
            api: summary.portal.target.api,
            participationId: summary.portal.participationId,
            analysisAt: summary.analysisAt,
          },
  };
};

/** What the night takes back, and from where: all of it when removed, else its old place. */
const removalOf = (summary: PlanSummary): RemovalView | null => {
  const r = summary.removals;
  const any = r.pending + r.removed + r.absent + r.notOurs + r.denied + r.uploads > 0;
  if (!summary.removing && !any) return null;
  const place =
    summary.removing || summary.correction === null
      ? { endpoint: summary.endpoint, bucket: summary.bucket, prefix: summary.prefix }
      : summary.correction.from;
  return { whole: summary.removing, place, ...r };
};
