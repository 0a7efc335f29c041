import { sameTarget } from '../../shared/domain/StorageTarget';
import { COMPLETED } from '../../shared/domain/Completed';
import { planPhase } from '../../shared/domain/planPhase';
import type { BackendConfig } from './BackendConfig';
import type { PlanViews } from './PlanViews';
import { settingsTarget } from './settingsTarget';

/**
 * Corrected settings reach the nights that could not use the old ones (issue 31): a night that has
 * written nothing at its destination (a wrong address, a mistyped bucket, refused credentials), or
 * whose address proved wrong (nothing listens, a web page answers), takes the new target, with a
 * line saying so. A night that wrote something keeps its own (issue 11): it moves only by the
 * volunteer's "Corriger la destination", which takes back what it wrote. Call it between the
 * engine's rebuild and the runs' restart. Returns the nights moved.
 */
export const followSettings = (
  config: BackendConfig,
  views: PlanViews,
  wallNow: number,
): number[] => {
  const handle = config.handle;
  const settings = config.settings;
  const credentials = config.credentials;
  if (handle === undefined || settings === undefined || credentials === undefined) return [];
  const { engine } = handle;
  const target = settingsTarget(settings, credentials);
  const moved: number[] = [];
  for (const summary of engine.listPlans()) {
    if (summary.removing || planPhase(summary) === COMPLETED) continue;
    const overlay = views.overlay(summary.id);
    const wrongAddress = overlay.addressProblem !== null;
    if (sameTarget(engine.targetOf(summary.id), target)) continue;
    if (!wrongAddress && engine.hasWritten(summary.id)) continue;
    try {
      const report = engine.correctDestination(summary.id, {
        target,
        prefix: summary.prefix,
        metadata: summary.metadata,
        programme: summary.programme,
        by: 'settings',
        removeOld: false,
        at: wallNow,
      });
      if (!report.moved) continue;
      overlay.blocked = null;
      overlay.addressProblem = null;
      moved.push(summary.id);
    } catch {
      // Running elsewhere, or another night of the folder already goes there: it keeps its own.
    }
  }
  return moved;
};
