import { COMPLETED } from '../../../shared/domain/Completed';
import { planPhase } from '../../../shared/domain/planPhase';
import { listingPrefix } from '../../../shared/wire/nightManifestKey';
import type { FileDeposit } from '../file/FileDeposit';
import { FilesInFlight } from '../file/FilesInFlight';
import { unitStateAfter } from '../../../shared/engine/unitStateAfter';
import { finishPlan } from '../finish/finishPlan';
import { withWaits } from '../pacer/withWaits';
import { PlanError } from '../PlanError';
import type { RunResult } from '../RunResult';
import { sourceCause } from '../source/sourceCause';
import { cardAway, fileThere } from '../source/cardAway';
import { requeueReturned } from '../requeueFailures';
import { waitForCard } from '../source/waitForCard';
import { maySignCardAway } from '../../../shared/engine/maySignCardAway';
import { depositUnit } from '../upload/depositUnit';
import type { Step } from '../StepOutcome';
import { unitFailed } from '../StepOutcome';
import { isAbort } from '../abortError';
import { blockRun } from './blockRun';
import { checkNight } from './checkNight';
import { checkPortalNight } from '../portal/checkPortalNight';
import { closePortalNight, finishPortalNight } from '../portal/finishPortalNight';
import type { RunContext } from './RunContext';

/**
 * Files in progress per slot. Two: while one file's round trips without payload (HeadObject,
 * Create, Complete, the verification) are out, another file's bytes use the slot (ADR 0011).
 */
const WORKERS_PER_SLOT = 2;

/** How often a file that failed as gone, and is there when looked at, is read again. */
const LOOKS_AGAIN = 2;

/** One file until it is done, failed or deferred; short waits are slept here. */
const processFile = async (run: RunContext, file: FileDeposit): Promise<void> => {
  if (file.unit.state.kind !== 'in-progress') file.taken();
  // Read again for every attempt but the first (`nextRunnable` has just read it), once what
  // the last attempt held for it is committed.
  let fresh = true;
  const attempt = async (): Promise<Step<{ alreadyPresent: boolean }>> => {
    if (!fresh) file.reread();
    fresh = false;
    try {
      return await depositUnit(file);
    } catch (error) {
      // The file system's errors (a read, a hash) are thrown by the platform: the source's fault
      // fails the unit, anything else is the run's.
      const cause = sourceCause(error);
      if (cause !== undefined) return unitFailed(cause);
      throw error;
    }
  };
  let looksAgain = LOOKS_AGAIN;
  const { store, source } = run.ports;
  const result = await withWaits(run, file, async () => {
    for (;;) {
      const step = await attempt();
      if (step.kind !== 'failed' || !maySignCardAway(step.cause)) return step;
      // Gone with its whole card (pulled out of the reader): wait for it, then go on where the
      // file was (its parts kept); gone alone: the failure stands (issue 30, item 10).
      const dir = store.getPlan(run.planId)?.dir;
      if (dir === undefined) return step;
      if (await cardAway(source, store, dir, file.unit)) {
        await waitForCard(run, file, dir);
        continue;
      }
      // The card came back between the failed read and this look (another file's wait saw it
      // go): the failure tells of a moment that is over, and the file is read again. Bounded: a
      // file that flickers fails.
      if (looksAgain > 0 && (await fileThere(source, file.unit.absPath))) {
        looksAgain -= 1;
        continue;
      }
      return step;
    }
  });
  if (result.kind === 'deferred') return;
  const after = unitStateAfter(result);
  file.settle(after.state);
  if (after.blocksPlan && result.kind === 'failed') blockRun(run, result.cause);
};

/**
 * Takes files one after another. A worker holds no slot: it takes one only to put payload on
 * the wire (see `withSlot`), so a file's round trips without payload (the HeadObject before it,
 * Create, Complete, the verification) overlap another file's bytes instead of idling a stream.
 */
const worker = async (run: RunContext, files: FilesInFlight): Promise<void> => {
  const { store, clock, sleeper, pacer, settings } = run.ports;
  const signal = run.controller.signal;
  for (;;) {
    if (signal.aborted) return;
    await pacer.waitHold(signal);
    // Only this run's workers hold units in progress (the others were reset as it started).
    const unit = store.nextRunnable(run.planId, clock.now(), files.heldIds(), {
      interrupted: false,
    });
    if (unit === undefined) {
      const next = store.earliestDeferred(run.planId);
      // A deferral further away than a few minutes ends this run for its file (issue 30, item
      // 6): a server, a proxy or a captive portal can ask for hours, which no one sits through.
      if (next === undefined || next - clock.now() > settings.waitDeferralsUpToMs) return;
      await sleeper.sleep(Math.max(1, Math.min(next - clock.now(), 5_000)), signal);
      continue;
    }
    const file = files.take(unit);
    try {
      await processFile(run, file);
    } finally {
      files.release(file);
    }
  }
};

/**
 * The plan's work inside a run: the night's prefix listed (reconcile before sending), workers
 * until no unit is runnable, then the finisher. Throws the platform's AbortError when stopped.
 */
export const runPlan = async (run: RunContext): Promise<RunResult> => {
  const { store, clock, settings } = run.ports;
  const signal = run.controller.signal;
  const plan = store.getPlan(run.planId);
  if (plan === undefined) throw new PlanError({ code: 'no-such-plan', planId: run.planId }, 'gone');
  // Units a killed run left in progress wait again: from now on only this run's workers hold
  // units in progress, so they need not be looked for at every file taken (issue 15).
  store.resetInProgress(run.planId, clock.now());
  // Files that had gone with their card and are back as planned go on where they stopped: the
  // same command again, or Reprendre, is all it takes (issue 30, item 10).
  requeueReturned(store, run.planId, clock.now());
  if (run.portal === undefined) run.ports.probe.prefix = listingPrefix(plan.prefix);
  // Reconcile before sending, and "done" checked against the server every time it is claimed
  // (issue 30 item 1): a night already complete is listed too, and claims complete only after.
  // A portal night lists its participation instead (ADR 0032).
  if (run.portal === undefined) await checkNight(run, plan);
  else await checkPortalNight(run, run.portal, plan);
  const checked = store.getPlan(run.planId) ?? plan;
  if (planPhase({ ...store.counts(run.planId), ...checked }) === COMPLETED) {
    return { kind: COMPLETED };
  }
  // Files planning did not get to are hashed by the workers, one at a time, as they come.
  run.hub.emitProgress(run.planId, true);
  // Units re-queued while the last workers were finishing (retryFailures, credentialsChanged)
  // get a new round instead of being left pending; so do a portal night's files its closing
  // listing does not show available.
  const putBack = new Map<number, number>();
  const files = new FilesInFlight(run, store);
  for (;;) {
    const workers = Array.from(
      { length: WORKERS_PER_SLOT * Math.max(1, settings.concurrency) },
      () => worker(run, files),
    );
    const settled = await Promise.allSettled(workers);
    if (run.state.blocked !== undefined) return { kind: 'blocked', cause: run.state.blocked };
    signal.throwIfAborted();
    const unexpected = settled.find((s) => s.status === 'rejected' && !isAbort(s.reason));
    if (unexpected !== undefined && unexpected.status === 'rejected') throw unexpected.reason;
    if (store.nextRunnable(run.planId, clock.now(), []) !== undefined) continue;
    if (run.portal !== undefined && (await closePortalNight(run, run.portal, putBack)) > 0)
      continue;
    break;
  }
  if (run.portal !== undefined) return finishPortalNight(run);
  const finished = await withWaits(run, undefined, () => finishPlan(run));
  return finished.kind === 'deferred' ? { kind: 'stopped', reason: 'aborted' } : finished;
};
