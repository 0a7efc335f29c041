import type { FailureCause } from '../../../shared/domain/FailureCause';
import { callPolicy } from '../call/callPolicy';
import { causeOfRefusal } from '../../../shared/engine/causeOfRefusal';
import type { EngineWiring } from '../EngineWiring';
import { withWaits } from '../pacer/withWaits';
import { isAbort } from '../abortError';
import { linkedController } from '../linkedController';
import { newRunContext } from './RunContext';

export type EndpointCheck =
  | { readonly kind: 'ok' }
  | { readonly kind: 'blocked'; readonly cause: FailureCause }
  | { readonly kind: 'stopped' };

/**
 * Asks the endpoint whether the bucket is there and the credentials work, before planning or
 * running anything, with a listing of `prefix` (max-keys 0: inside the night's folder, issue 29):
 * a refusal or a refused certificate is reported without touching any plan; a key that may not
 * list there (AccessDenied) is not refused for it, a write-only key deposits (ADR 0028); an
 * unreachable endpoint is waited for (events say "waiting for network") until it answers or the
 * signal aborts.
 */
export const checkEndpoint = async (
  engine: Pick<EngineWiring, 'ports' | 'hub' | 'runs'>,
  bucket: string,
  prefix: string,
  signal: AbortSignal | undefined,
): Promise<EndpointCheck> => {
  const { ports, hub, runs } = engine;
  const { controller, unlink } = linkedController(signal);
  const objects = ports.objectStore;
  ports.probe.prefix = prefix;
  const run = newRunContext(ports, hub, { planId: 0, objects, bucket, controller, concurrency: 1 });
  // Registered like a plan's run (id 0) so circuit events report "waiting for network" for it too.
  runs.set(0, run);
  try {
    const outcome = await withWaits(run, undefined, async () => {
      const r = await callPolicy(
        run,
        undefined,
        `ListObjectsV2 ${prefix} (probe)`,
        'brief',
        0,
        (o) => objects.probeListing({ prefix }, o),
      );
      if (r.kind === 'wait') return r;
      if (r.kind !== 'refused') return { kind: 'ok' as const };
      const cause = causeOfRefusal(r.failure, { bucket, action: 'list', where: prefix });
      return cause.kind === 'denied'
        ? { kind: 'ok' as const }
        : { kind: 'blocked' as const, cause };
    });
    return outcome.kind === 'deferred' ? { kind: 'ok' } : outcome;
  } catch (error) {
    // A refused certificate blocks the check's run like a plan's (see callPolicy).
    if (run.state.blocked !== undefined) return { kind: 'blocked', cause: run.state.blocked };
    if (isAbort(error) || controller.signal.aborted) return { kind: 'stopped' };
    throw error;
  } finally {
    runs.delete(0);
    unlink();
  }
};
