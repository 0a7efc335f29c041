import { setMaxListeners } from 'node:events';
import { planStateAfterRun } from '../../../shared/engine/planStateAfterRun';
import type { ObjectStore } from '../../../shared/ports/ObjectStore';
import type { PortalRun } from '../portal/PortalRun';
import type { EngineWiring } from '../EngineWiring';
import type { RunResult } from '../RunResult';
import { isAbort } from '../abortError';
import { linkedController } from '../linkedController';
import { newRunContext } from './RunContext';
import { runPlan } from './runPlan';

/**
 * One run of a plan from its lease to its last event: the lease taken and kept alive, the run's
 * context registered, the stop turned into a result, and the cleanup done whatever happens.
 */
export const executeRun = async (
  engine: Pick<EngineWiring, 'ports' | 'hub' | 'runs' | 'lease'>,
  night: {
    readonly planId: number;
    readonly objects: ObjectStore;
    readonly bucket: string;
    readonly partSize: number;
    /** A portal night's portal and participation (ADR 0032). */
    readonly portal?: PortalRun;
  },
  signal: AbortSignal | undefined,
): Promise<RunResult> => {
  const { ports, hub, runs, lease } = engine;
  const { store, clock, settings } = ports;
  const { planId } = night;
  const taken = lease.take(planId);
  if (taken.tookOver !== undefined) {
    const { pid, host, heartbeatAt } = taken.tookOver;
    // A code, not a sentence: the diagnostics screen words it in the reader's language.
    hub.record(planId, 'RunLease', `taken-over:${pid}:${host}:${heartbeatAt}`, 1, null);
  }
  const { controller, unlink } = linkedController(signal);
  // Every file waiting for a slot and every call in flight listens to this signal: up to twice
  // the concurrency of each, more than Node's default of 10 before it warns of a leak.
  setMaxListeners(4 * settings.concurrency + 16, controller.signal);
  const stopHeartbeat = lease.keepAlive(planId, () => controller.abort());
  const run = newRunContext(ports, hub, {
    ...night,
    controller,
    concurrency: settings.concurrency,
  });
  runs.set(planId, run);
  hub.emit({ type: 'plan-state', planId, state: 'running' });
  let result: RunResult;
  // A full disk fails the cleanup too: its error must not replace the one that stopped the run
  // (issue 12). Thrown after the cleanup only when the run itself ended without error.
  let cleanupError: Error | undefined;
  const cleanup = (step: () => void): void => {
    try {
      step();
    } catch (error) {
      cleanupError ??= error instanceof Error ? error : new Error(String(error));
    }
  };
  try {
    result = await runPlan(run);
  } catch (error) {
    if (!isAbort(error) && !controller.signal.aborted) throw error;
    result =
      run.state.blocked !== undefined
        ? { kind: 'blocked', cause: run.state.blocked }
        : { kind: 'stopped', reason: run.state.paused ? 'paused' : 'aborted' };
  } finally {
    stopHeartbeat();
    cleanup(() => lease.release(planId));
    unlink();
    // The run's last figures (throughput included) whatever the progress throttle let through.
    hub.emitProgress(planId, true);
    runs.delete(planId);
    cleanup(() => store.resetInProgress(planId, clock.now()));
    hub.forgetRunActivity(planId);
  }
  if (cleanupError !== undefined) throw cleanupError;
  hub.emitProgress(planId, true);
  hub.emit({
    type: 'plan-state',
    planId,
    state: planStateAfterRun(result),
  });
  return result;
};
