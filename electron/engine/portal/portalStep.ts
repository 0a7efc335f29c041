import { causeOfPortalRefusal } from '../../../shared/engine/causeOfPortalRefusal';
import type { Called } from '../call/callPolicy';
import type { MustWait, Step } from '../StepOutcome';
import { ok, unitFailed } from '../StepOutcome';

/**
 * A portal API call's answer as a step: a wait as it is, a refusal failed with the portal's cause
 * (its sign-in, its permission, its rule), a value as `value` reads it. The storage a signed URL
 * names refuses for other causes (`causeOfStorageRefusal`): its calls do not come here.
 */
export const portalStep = <T, U>(r: Called<T> | MustWait, value: (v: T) => U): Step<U> => {
  if (r.kind === 'wait') return r;
  if (r.kind === 'refused') return unitFailed(causeOfPortalRefusal(r.failure));
  return ok(value(r.value));
};
