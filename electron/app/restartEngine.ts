import type { BackendConfig } from './BackendConfig';
import type { EventRelay } from './EventRelay';
import type { PlanRuns } from './PlanRuns';

/**
 * What the engine talks to (or as whom) changed: the runs stop, the engine is rebuilt and they
 * start again on the new one. Each night keeps its own target.
 */
export const restartEngine = async (
  config: BackendConfig,
  runs: PlanRuns,
  relay: EventRelay,
  credentialsChanged: boolean,
  /** Done on the new engine before any run starts (nights taking the corrected settings). */
  beforeRuns?: () => readonly number[],
): Promise<void> => {
  const interrupted = runs.ids();
  await runs.abortAll();
  config.rebuildEngine();
  // New credentials re-arm the units that failed on the old ones.
  if (credentialsChanged) config.handle?.engine.credentialsChanged();
  const moved = beforeRuns?.() ?? [];
  for (const id of [...interrupted, ...moved]) runs.start(id);
  runs.resumeUnfinished();
  relay.emit({ type: 'plans-changed' });
};
