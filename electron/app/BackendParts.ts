import type { BackendConfig } from './BackendConfig';
import type { EventRelay } from './EventRelay';
import type { PlanRuns } from './PlanRuns';
import type { PlanViews } from './PlanViews';

/** The backend's four parts every handler family works with (see `DepotBackend`). */
export type BackendParts = {
  readonly config: BackendConfig;
  readonly views: PlanViews;
  readonly runs: PlanRuns;
  readonly relay: EventRelay;
};
