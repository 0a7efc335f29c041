import type { ObjectStore } from '../../../shared/ports/ObjectStore';
import { callPolicy } from '../call/callPolicy';
import type { EnginePorts } from '../EnginePorts';
import type { EventHub } from '../events/EventHub';
import { withWaits } from '../pacer/withWaits';
import { abortError, isAbort } from '../abortError';
import { linkedController } from '../linkedController';
import { newRunContext } from './RunContext';

/**
 * Aborts one of a plan's uploads outside a run (a plan update), through the policy and its
 * waits like every request; an upload already gone counts as aborted. Stops with the signal.
 * `objects` is undefined when the night's target is out of reach from here.
 */
export const abortForPlan = async (
  ports: EnginePorts,
  hub: EventHub,
  night: {
    readonly planId: number;
    readonly bucket: string;
    readonly objects: ObjectStore | undefined;
  },
  upload: { readonly key: string; readonly uploadId: string },
  signal: AbortSignal | undefined,
): Promise<void> => {
  const { planId, bucket, objects } = night;
  if (objects === undefined) {
    // The night's target is out of reach from here: its next run's sweep aborts what it can.
    hub.record(planId, `AbortMultipartUpload ${upload.key}`, 'target-unavailable', 1, null);
    return;
  }
  const { controller, unlink } = linkedController(signal);
  const run = newRunContext(ports, hub, { planId, objects, bucket, controller, concurrency: 1 });
  try {
    const r = await withWaits(run, undefined, () =>
      callPolicy(run, undefined, `AbortMultipartUpload ${upload.key}`, 'brief', 0, (o) =>
        objects.abortMultipartUpload(upload, o),
      ),
    );
    // Aborted or already gone: off the night's list of its own uploads (the sweep's, ADR 0028).
    if (r.kind === 'ok' || (r.kind === 'refused' && r.failure.status === 404)) {
      ports.store.closedUpload(planId, upload.uploadId);
    }
  } catch (error) {
    if (isAbort(error) || controller.signal.aborted) throw abortError();
    throw error;
  } finally {
    unlink();
  }
};
