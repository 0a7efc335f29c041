import { statSync } from 'node:fs';
import { remedyOf } from '../../shared/domain/FailureCause';
import type { PlanStore } from '../store/PlanStore';
import type { UnitRecord } from '../store/UnitRecord';
import { fingerprint } from './fingerprint';

export type RetryFailuresResult = {
  /** Failed units put back in the queue (retrying can help). */
  readonly requeued: number;
  /**
   * Units the server had deferred (Retry-After) put back in the queue now: the volunteer's
   * choice, written in the journal (issue 30, item 6).
   */
  readonly lifted: number;
  /** Failed for good (conflict, refused, source missing): left as they are. */
  readonly definitive: number;
  /** Refused credentials: re-armed by new credentials, not by this. */
  readonly awaitingCredentials: number;
};

type Replan = {
  readonly unitId: number;
  readonly size: number;
  readonly mtimeMs: number;
  readonly multipart: boolean;
};

/** The file as it is now, for a unit that failed because it changed; undefined when it is gone. */
const replanOf = (unit: UnitRecord, threshold: number): Replan | undefined => {
  try {
    const info = statSync(unit.absPath);
    if (!info.isFile()) return undefined;
    return {
      unitId: unit.id,
      size: info.size,
      mtimeMs: info.mtimeMs,
      multipart: info.size >= threshold,
    };
  } catch {
    return undefined;
  }
};

const sameAsPlanned = (unit: UnitRecord, now: Replan): boolean =>
  now.size === unit.size && Math.trunc(now.mtimeMs) === Math.trunc(unit.mtimeMs);

/**
 * Files that had gone from the folder and are back as they were planned (a card pulled out, then
 * put back): queued again where they stopped, as every run starts (issue 30, item 10). A file
 * back but changed waits for "Retenter les échecs", which plans it again.
 */
export const requeueReturned = (
  store: PlanStore,
  planId: number,
  now: number,
  onRequeued?: (unit: UnitRecord) => void,
): number => {
  let requeued = 0;
  for (const unit of store.failedUnits(planId)) {
    if (unit.state.kind !== 'failed' || unit.state.cause.kind !== 'source-missing') continue;
    const back = replanOf(unit, 0);
    if (back === undefined || !sameAsPlanned(unit, back)) continue;
    store.setState(unit.id, { kind: 'pending' }, now);
    requeued += 1;
    onRequeued?.(unit);
  }
  if (requeued > 0) store.setCompleted(planId, null);
  return requeued;
};

/**
 * "Retenter les échecs": only the failures that retrying can help go back in the queue; their
 * uploaded parts are kept. Files the server deferred ("come back later") go back too: the
 * volunteer asked for now, and the journal says so. A file that changed while it was deposited goes back as it is now:
 * planned again from its current size and time, hashed again by the worker that takes it (which
 * fails it again if it is still changing), its old upload swept at the end of the run; the plan's
 * fingerprint follows in the same transaction, so depositing the folder again resumes this plan.
 * Works on the store and the disk alone, so the command line needs no network for it.
 */
export const requeueFailures = (
  store: PlanStore,
  planId: number,
  now: number,
  onRequeued?: (unit: UnitRecord) => void,
): RetryFailuresResult =>
  // Units back to pending and the plan no longer complete are one fact: a kill between the two
  // left `completed_at` on a plan with pending units.
  store.atomically(() => requeue(store, planId, now, onRequeued));

/** Files that changed (or came back changed) planned again as they are now, the folder's fingerprint with them. */
const planAgain = (
  store: PlanStore,
  planId: number,
  replans: readonly Replan[],
  now: number,
): void => {
  const byId = new Map(replans.map((r) => [r.unitId, r]));
  const sources = [...store.iterateUnits(planId)]
    .map((u) => {
      const r = byId.get(u.id);
      return r === undefined ? u : { relPath: u.relPath, size: r.size, mtimeMs: r.mtimeMs };
    })
    // The scanner's order (UTF-16 code units), which the folder's fingerprint is taken in.
    .sort((a, b) => (a.relPath < b.relPath ? -1 : a.relPath > b.relPath ? 1 : 0));
  store.updatePlanSources(planId, {
    fingerprint: fingerprint(sources),
    replan: replans,
    remove: [],
    add: [],
    now,
  });
};

/** Deferrals the server asked for, lifted by the volunteer's choice (written in the journal). */
const liftDeferrals = (
  store: PlanStore,
  planId: number,
  now: number,
  onRequeued?: (unit: UnitRecord) => void,
): number => {
  const deferred = store.deferredUnits(planId);
  for (const unit of deferred) {
    if (unit.state.kind !== 'deferred') continue;
    store.setState(unit.id, { kind: 'pending' }, now);
    // What the server had asked, and that the volunteer chose not to wait for it.
    store.addJournal({
      planId,
      operation: `Deferral ${unit.key}`,
      outcome: `lifted:${Math.round(unit.state.notBefore)}`,
      attempt: 0,
      delayMs: null,
      at: now,
    });
    onRequeued?.(unit);
  }
  return deferred.length;
};

const requeue = (
  store: PlanStore,
  planId: number,
  now: number,
  onRequeued?: (unit: UnitRecord) => void,
): RetryFailuresResult => {
  const plan = store.getPlan(planId);
  if (plan === undefined) return { requeued: 0, lifted: 0, definitive: 0, awaitingCredentials: 0 };
  let requeued = 0;
  let definitive = 0;
  let awaitingCredentials = 0;
  const replans: Replan[] = [];
  const replanned: UnitRecord[] = [];
  for (const unit of store.failedUnits(planId)) {
    if (unit.state.kind !== 'failed') continue;
    const cause = unit.state.cause;
    if (cause.kind === 'source-missing') {
      // Back on the card: as it was goes on where it stopped (its parts kept); changed is
      // planned again like a file that changed (issue 30, item 10).
      const replan = replanOf(unit, plan.threshold);
      if (replan === undefined) definitive += 1;
      else if (sameAsPlanned(unit, replan)) {
        requeued += 1;
        store.setState(unit.id, { kind: 'pending' }, now);
        onRequeued?.(unit);
      } else {
        replans.push(replan);
        replanned.push(unit);
      }
      continue;
    }
    if (cause.kind === 'source-changed') {
      const replan = replanOf(unit, plan.threshold);
      if (replan === undefined) definitive += 1;
      else {
        replans.push(replan);
        replanned.push(unit);
      }
      continue;
    }
    const remedy = remedyOf(cause);
    if (remedy === 'retry') {
      requeued += 1;
      store.setState(unit.id, { kind: 'pending' }, now);
      onRequeued?.(unit);
    } else if (remedy === 'new-credentials') awaitingCredentials += 1;
    else definitive += 1;
  }
  if (replans.length > 0) {
    planAgain(store, planId, replans, now);
    requeued += replans.length;
    for (const unit of replanned) onRequeued?.(unit);
  }
  const lifted = liftDeferrals(store, planId, now, onRequeued);
  if (requeued > 0) store.setCompleted(planId, null);
  return { requeued, lifted, definitive, awaitingCredentials };
};
