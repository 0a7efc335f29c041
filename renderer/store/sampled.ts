import type { PlanView } from '../../shared/ipc/views';
import { addSample } from '../format/liveRate';
import type { AckSample } from '../format/liveRate';

const moving = (plan: PlanView): boolean => plan.state === 'running';

/** One reading per moving night; the others lose theirs (a pause is not a slow link). */
export const sampled = (
  s: { readonly samples: Readonly<Record<string, readonly AckSample[]>> },
  plans: readonly PlanView[],
  now: number,
): Readonly<Record<string, readonly AckSample[]>> => {
  const next: Record<string, readonly AckSample[]> = {};
  for (const plan of plans) {
    if (!moving(plan)) continue;
    next[plan.id] = addSample(s.samples[plan.id] ?? [], { at: now, acked: plan.bytesAcked });
  }
  return next;
};
