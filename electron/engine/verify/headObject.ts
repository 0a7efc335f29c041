import type { ObjectHead } from '../../../shared/ports/ObjectStore';
import { callPolicy } from '../call/callPolicy';
import { causeOfRefusal } from '../../../shared/engine/causeOfRefusal';
import type { RunContext } from '../run/RunContext';
import type { Step } from '../StepOutcome';
import { ok, unitFailed } from '../StepOutcome';

/**
 * A key this key may not read (a write-only "drop box" key: HeadObject answers 403): the caller
 * settles what it can without a read, and says what it cannot prove (ADR 0028).
 */
export const UNREADABLE = 'unreadable';
export type Unreadable = typeof UNREADABLE;

/** The object at `key` as the server shows it, undefined when there is none. */
export const headObject = async (
  run: RunContext,
  unit: { readonly key: string },
  options: { readonly reconciles?: boolean } = {},
): Promise<Step<ObjectHead | undefined | Unreadable>> => {
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
  if (r.kind === 'refused') {
    const cause = causeOfRefusal(r.failure, {
      bucket: run.bucket,
      action: 'read',
      where: unit.key,
    });
    return cause.kind === 'denied' ? ok(UNREADABLE) : unitFailed(cause);
  }
  return ok(r.value);
};
