import type { FileDeposit } from '../file/FileDeposit';
import type { RunContext } from '../run/RunContext';
import type { MustWait } from '../StepOutcome';

/** A unit whose wait is long: persisted as deferred, taken again when its time comes. */
export type Deferred = { readonly kind: 'deferred' };

const isWait = <T extends { readonly kind: string }>(outcome: T | MustWait): outcome is MustWait =>
  outcome.kind === 'wait';

/**
 * Runs `step` again after every transient trouble: waits for the network when the circuit is
 * open, sleeps a short wait, and (for a unit) persists a long one as `deferred`.
 */
export const withWaits = async <T extends { readonly kind: string }>(
  run: RunContext,
  file: FileDeposit | undefined,
  step: () => Promise<T | MustWait>,
): Promise<T | Deferred> => {
  const { clock, policy, settings, sleeper } = run.ports;
  const signal = run.controller.signal;
  // "Waiting for network" lasts from the first network trouble until a step gets through (or
  // gives up for another reason), not merely until the next probe slot.
  let waitingNetwork = false;
  const networkWait = (waiting: boolean): void => {
    if (waiting === waitingNetwork) return;
    waitingNetwork = waiting;
    if (file === undefined) run.hub.setNetworkWait(run, undefined, waiting);
    else file.events.networkWait(waiting);
  };
  try {
    for (;;) {
      const outcome = await step();
      if (!isWait(outcome)) return outcome;
      const now = clock.now();
      const endpoint = outcome.endpoint ?? run.objects.endpoint;
      const circuitOpen = policy.circuit(endpoint).kind === 'open';
      if (outcome.network && circuitOpen) {
        networkWait(true);
        await policy.whenAvailable(endpoint, signal);
        continue;
      }
      networkWait(false);
      const wait = outcome.notBefore - now;
      if (file !== undefined && wait > settings.deferAfterMs) {
        file.settle({ kind: 'deferred', notBefore: outcome.notBefore });
        return { kind: 'deferred' };
      }
      file?.events.announceWait(outcome.notBefore);
      if (wait > 0) await sleeper.sleep(wait, signal);
      file?.events.waitOver();
    }
  } finally {
    networkWait(false);
  }
};
