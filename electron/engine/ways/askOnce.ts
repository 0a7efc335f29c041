import type { EmissionOptions, ObjectStore } from '../../../shared/ports/ObjectStore';
import type { Outcome, Refused } from '../../../shared/retry/Outcome';
import { callPolicy } from '../call/callPolicy';
import type { EnginePorts } from '../EnginePorts';
import type { EventHub } from '../events/EventHub';
import { linkedController } from '../linkedController';
import { newRunContext } from '../run/RunContext';

/** What a question asked while someone waits at the screen got: an answer, a refusal, or nothing. */
export type Asked<T> =
  | { readonly kind: 'ok'; readonly value: T }
  | { readonly kind: 'refused'; readonly failure: Refused }
  | { readonly kind: 'unreachable' };

/**
 * One question to a night's target through the policy, `brief` (a person waits for the answer):
 * the night's run, if any, is not disturbed (this context is not registered as a run).
 */
export const askOnce = async <T>(
  ports: EnginePorts,
  hub: EventHub,
  planId: number,
  objects: ObjectStore,
  operation: string,
  emit: (options: EmissionOptions) => Promise<Outcome<T>>,
  signal?: AbortSignal,
): Promise<Asked<T>> => {
  const { controller, unlink } = linkedController(signal);
  const run = newRunContext(ports, hub, {
    planId,
    objects,
    bucket: objects.target.bucket,
    controller,
    concurrency: 1,
  });
  try {
    const r = await callPolicy(run, undefined, operation, 'brief', 0, (o) => emit(o));
    if (r.kind === 'wait') return { kind: 'unreachable' };
    if (r.kind === 'refused') return { kind: 'refused', failure: r.failure };
    return { kind: 'ok', value: r.value };
  } catch {
    // Stopped, or the target's certificate refused: no answer to show.
    return { kind: 'unreachable' };
  } finally {
    unlink();
  }
};
