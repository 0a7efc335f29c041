import { planVerdict } from '../../../shared/engine/planVerdict';
import type { RunResult } from '../RunResult';
import type { RunContext } from '../run/RunContext';
import { listParticipation } from './listParticipation';
import { putBackUnlisted } from './checkPortalNight';
import type { PortalRun } from './PortalRun';

/** A file put back this many times by the closing listing fails: the portal does not list it. */
const PUT_BACK_AT_MOST = 2;

/**
 * The closing listing of a portal night whose every file is done (ADR 0032): the participation
 * listed once more, by this run, so that "complete" is about the portal now. A file it does not
 * hold as available goes round again (the count of those put back), at most twice: a third time,
 * it fails as not verified. Nothing to do (0) when files are left or failed.
 */
export const closePortalNight = async (
  run: RunContext,
  portal: PortalRun,
  putBack: Map<number, number>,
): Promise<number> => {
  const { store } = run.ports;
  const { hub } = run;
  const plan = store.getPlan(run.planId);
  const verdict = planVerdict(store.counts(run.planId), store.earliestDeferred(run.planId));
  if (plan === undefined || plan.manifestAt !== null || verdict.kind !== 'completed') return 0;
  const listing = await listParticipation(run, portal);
  const operation = `ListFiles ${portal.participationId} (closing)`;
  let failed = 0;
  for (const unit of store.iterateUnits(run.planId)) {
    if (unit.state.kind !== 'done' || listing.get(unit.key)?.available === true) continue;
    const times = (putBack.get(unit.id) ?? 0) + 1;
    putBack.set(unit.id, times);
    if (times > PUT_BACK_AT_MOST) {
      failed += 1;
      hub.setState(run.planId, unit, {
        kind: 'failed',
        cause: {
          kind: 'verification-failed',
          detail: `finalized ${PUT_BACK_AT_MOST + 1} times, and the portal does not list it as available`,
        },
      });
    }
  }
  const returned = putBackUnlisted(run, listing, operation);
  if (returned.length + failed === 0) store.setManifestWritten(run.planId, run.ports.clock.now());
  return returned.length;
};

/**
 * The end of a portal night's run: no manifest (the portal has no place for one, ADR 0032); the
 * plan's completion was recorded by the closing listing that found every file available.
 */
export const finishPortalNight = (run: RunContext): RunResult => {
  const { store } = run.ports;
  return planVerdict(store.counts(run.planId), store.earliestDeferred(run.planId));
};
