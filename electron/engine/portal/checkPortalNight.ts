import type { PlanRecord } from '../../store/PlanRecord';
import type { RunContext } from '../run/RunContext';
import { listParticipation } from './listParticipation';
import type { PortalRun } from './PortalRun';

/**
 * A portal night's start (ADR 0032): the participation listed before the first byte, as an S3
 * night lists its prefix. What it already holds as available is not sent again (the workers read
 * `portalListing`), and every file counted done that it no longer holds as available goes back
 * to the queue, said as for S3 ("had vanished from the server: sent again").
 */
export const checkPortalNight = async (
  run: RunContext,
  portal: PortalRun,
  plan: PlanRecord,
): Promise<void> => {
  const { store } = run.ports;
  const { hub } = run;
  const listing = await listParticipation(run, portal);
  run.state.portalListing = listing;
  const returned = putBackUnlisted(run, listing, `ListFiles ${portal.participationId}`);
  if (returned.length > 0 && plan.manifestAt !== null) store.setManifestWritten(run.planId, null);
  hub.emit({ type: 'night-checked', planId: run.planId, listed: true, returned, unchecked: 0 });
};

/**
 * The units counted done whose name the participation does not hold as available, back in the
 * queue from their first byte (their proof and declaration forgotten): their relative paths.
 */
export const putBackUnlisted = (
  run: RunContext,
  listing: ReadonlyMap<string, { readonly available: boolean }>,
  operation: string,
): string[] => {
  const { store } = run.ports;
  const { hub } = run;
  const returned: string[] = [];
  for (const unit of store.iterateUnits(run.planId)) {
    if (unit.state.kind !== 'done' || listing.get(unit.key)?.available === true) continue;
    returned.push(unit.relPath);
    store.atomically(() => {
      store.forgetAcks(unit.id);
      store.setPortalFileId(unit.id, null);
    });
    hub.setState(run.planId, unit, { kind: 'pending' });
    hub.record(run.planId, operation, `returned:${unit.key}`, 1, null);
  }
  return returned;
};
