import type { FailureCause } from '../../shared/domain/FailureCause';
import type { UnitActivity } from '../../shared/domain/UnitState';
import type { AddressProblem, NightCheck } from '../../shared/ipc/views';

/**
 * What the engine reports live about one plan and is not persisted: retries waiting, the network
 * gone, the throughput. Rebuilt from events; lost on restart, which is fine (it is a live view).
 */
export type PlanOverlay = {
  readonly activities: Map<number, UnitActivity>;
  waitingNetwork: boolean;
  /** Files of the night wait for their card, pulled out of its reader. */
  waitingCard: boolean;
  throughputBytesPerSec: number;
  lastActivityAt: number | null;
  /** Why the last run ended blocked (credentials refused, bucket missing); null when it did not. */
  blocked: FailureCause | null;
  /** What the last run found when it listed the night (issue 30 item 1); null before any run. */
  checked: NightCheck | null;
  /** Its address is wrong, found by a probe of its own target (issue 31); null when not found. */
  addressProblem: AddressProblem | null;
};

export const emptyOverlay = (): PlanOverlay => ({
  activities: new Map(),
  waitingNetwork: false,
  waitingCard: false,
  throughputBytesPerSec: 0,
  lastActivityAt: null,
  blocked: null,
  checked: null,
  addressProblem: null,
});

export const nextRetryAt = (overlay: PlanOverlay): number | null => {
  let earliest: number | null = null;
  for (const activity of overlay.activities.values()) {
    if (
      activity.kind === 'retry-wait' &&
      (earliest === null || activity.nextAttemptAt < earliest)
    ) {
      earliest = activity.nextAttemptAt;
    }
  }
  return earliest;
};
