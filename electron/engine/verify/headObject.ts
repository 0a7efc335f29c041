import type { ObjectHead } from '../../../shared/ports/ObjectStore';
import { callPolicy } from '../call/callPolicy';
import { causeOfRefusal } from '../../../shared/engine/causeOfRefusal';
import type { RunContext } from '../run/RunContext';
import type { Step } from '../StepOutcome';
import { ok, unitFailed } from '../StepOutcome';

/** The object at `key` as the server shows it, undefined when there is none. */
export const headObject = async (
  run: RunContext,
  unit: { readonly key: string },
  options: { readonly reconciles?: boolean } = {},
): Promise<Step<ObjectHead | undefined>> => {
  const r = await callPolicy(
    run,
    undefined,
    `HeadObject ${unit.key}`,
    'brief',
    0,
    (o) => run.objects.headObject({ key: unit.key }, o),
    options,
  );
  if (r.kind === 'wait') return r;
  if (r.kind === 'refused') return unitFailed(causeOfRefusal(r.failure, run.bucket));
  return ok(r.value);
};
