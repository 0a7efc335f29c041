import type { EnginePorts } from './EnginePorts';
import type { EventHub } from './events/EventHub';
import { hashUnit } from './hashUnit';
import { sourceCause } from './source/sourceCause';

/** Streams the checksums of every unit not hashed yet (resumable: one transaction per file). */
export const hashPending = async (
  ports: Pick<EnginePorts, 'store' | 'source' | 'hashing'>,
  hub: EventHub,
  planId: number,
  signal: AbortSignal | undefined,
  onProgress?: (done: number, total: number) => void,
): Promise<void> => {
  const { store } = ports;
  const plan = store.getPlan(planId);
  if (plan === undefined) return;
  const total = store.countUnhashed(planId);
  let done = 0;
  for (;;) {
    signal?.throwIfAborted();
    const unit = store.nextUnhashed(planId);
    if (unit === undefined) break;
    try {
      await hashUnit(ports, unit, { planPartSize: plan.partSize, signal });
    } catch (error) {
      const cause = sourceCause(error);
      if (cause === undefined) throw error;
      hub.setState(planId, unit, { kind: 'failed', cause });
    }
    done += 1;
    onProgress?.(done, total);
  }
};
