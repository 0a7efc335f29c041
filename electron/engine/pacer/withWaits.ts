import type { UnitRecord } from '../../store/UnitRecord';
import type { RunContext } from '../run/RunContext';
import { MustWait } from '../waitSignals';

/**
 * Runs `step` again after every transient trouble: waits for the network when the circuit is
 * open, sleeps a short wait, and (for a unit) persists a long one as `deferred`.
 */
export const withWaits = async <T>(
  run: RunContext,
  unit: UnitRecord | undefined,
  step: () => Promise<T>,
): Promise<T | 'deferred'> => {
  const { clock, policy, settings, sleeper, hub } = run.ports;
  const signal = run.controller.signal;
  // "Waiting for network" lasts from the first network trouble until a step gets through (or
  // gives up for another reason), not merely until the next probe slot.
  let waitingNetwork = false;
  const networkWait = (waiting: boolean): void => {
    if (waiting === waitingNetwork) return;
    waitingNetwork = waiting;
    hub.setNetworkWait(run, unit, waiting);
  };
  try {
    for (;;) {
      try {
        return await step();
      } catch (error) {
        if (!(error instanceof MustWait)) throw error;
        const now = clock.now();
        const circuitOpen = policy.circuit(run.objects.endpoint).kind === 'open';
        if (error.network && circuitOpen) {
          networkWait(true);
          await policy.whenAvailable(run.objects.endpoint, signal);
          continue;
        }
        networkWait(false);
        const wait = error.notBefore - now;
        if (unit !== undefined && wait > settings.deferAfterMs) {
          hub.setState(run.planId, unit, { kind: 'deferred', notBefore: error.notBefore });
          return 'deferred';
        }
        if (unit !== undefined) {
          hub.setActivity(run.planId, unit.id, {
            kind: 'retry-wait',
            nextAttemptAt: error.notBefore,
          });
        }
        if (wait > 0) await sleeper.sleep(wait, signal);
        if (unit !== undefined) hub.setActivity(run.planId, unit.id, { kind: 'idle' });
      }
    }
  } finally {
    networkWait(false);
  }
};
