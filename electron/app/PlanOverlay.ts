import type { FailureCause } from '../../shared/domain/FailureCause';
import type { AddressProblem, NightCheck } from '../../shared/ipc/views';

/**
 * What the app learns of one plan and is not persisted: the throughput, when it was last heard
 * of, why its last run ended, its address's problem. Lost on restart (a live view). Its files'
 * waits and "waiting for the network" are the engine's own (`NightLive`, ADR 0037), read, not
 * copied here.
 */
export type PlanOverlay = {
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
  throughputBytesPerSec: 0,
  lastActivityAt: null,
  blocked: null,
  checked: null,
  addressProblem: null,
});
