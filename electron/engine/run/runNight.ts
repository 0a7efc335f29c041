import { targetOfPlan } from '../../../shared/engine/targetOfPlan';
import type { EngineWiring } from '../EngineWiring';
import { PlanError } from '../PlanError';
import type { PortalNights } from '../portal/PortalNights';
import { newPortalRun } from '../portal/PortalRun';
import type { RunResult } from '../RunResult';
import type { NightWays } from '../ways/NightWays';
import { executeRun } from './executeRun';

/**
 * Works on the plan until every unit is terminal, the signal aborts, or the plan is paused:
 * what the night queued for removal first, then its run on its own target (its portal, or its
 * object store), never elsewhere. Transient troubles never fail a unit: it waits.
 */
export const runNight = async (
  engine: EngineWiring,
  portals: PortalNights,
  ways: NightWays,
  planId: number,
  signal: AbortSignal | undefined,
): Promise<RunResult> => {
  const { ports, hub, runs } = engine;
  const plan = ports.store.getPlan(planId);
  if (plan === undefined)
    throw new PlanError({ code: 'no-such-plan', planId }, `no plan ${planId}`);
  if (runs.has(planId)) {
    throw new PlanError({ code: 'already-running', planId }, `plan ${planId} is already running`);
  }
  if (plan.paused) return { kind: 'stopped', reason: 'paused' };
  // Asked off the server: its removal is `workRemovals`' work, never a deposit again.
  if (plan.removing) return { kind: 'stopped', reason: 'aborted' };
  // What it wrote before its destination was corrected is taken back first (issue 31); a
  // refusal is recorded on those removals, and the night goes on at its right place.
  if (ports.store.pendingRemovals(planId).length > 0) {
    const pass = await ways.workRemovals(planId, signal);
    if (pass.ended === 'stopped') {
      const paused = ports.store.getPlan(planId)?.paused ?? false;
      return { kind: 'stopped', reason: paused ? 'paused' : 'aborted' };
    }
  }
  if (plan.portal !== null) {
    // Its own portal and participation, never elsewhere; without a sign-in for it, it waits.
    const portal = engine.portalFor?.(plan.portal.target);
    if (portal === undefined) {
      hub.emit({ type: 'plan-state', planId, state: 'blocked' });
      return { kind: 'blocked', cause: { kind: 'portal-signed-out' } };
    }
    portals.probe(portal);
    return executeRun(
      engine,
      {
        planId,
        objects: ports.objectStore,
        bucket: plan.bucket,
        partSize: plan.partSize,
        portal: newPortalRun(portal, plan.portal.participationId),
      },
      signal,
    );
  }
  const target = targetOfPlan(plan, ports.objectStore.target);
  const objects = engine.storeOf(target);
  if (objects === undefined) {
    // Never elsewhere: the night waits for its own credentials (issue 11).
    hub.emit({ type: 'plan-state', planId, state: 'blocked' });
    return {
      kind: 'blocked',
      cause: {
        kind: 'target-unavailable',
        bucket: target.bucket,
        credentialId: target.credentialId,
      },
    };
  }
  if (objects !== ports.objectStore) engine.probeWith(objects);
  return executeRun(
    engine,
    { planId, objects, bucket: plan.bucket, partSize: plan.partSize },
    signal,
  );
};
