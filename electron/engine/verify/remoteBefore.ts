import type { FileDeposit } from '../file/FileDeposit';
import type { Step } from '../StepOutcome';
import { ok } from '../StepOutcome';
import { headObject, UNREADABLE } from './headObject';
import { isOwnPlaceholder } from '../../../shared/engine/ownPlaceholder';

/**
 * The object at the unit's key before sending, undefined when nothing is known to be there. The
 * run's listing is a hint, never a proof (issue 30 item 2: a stale listing showed an object that
 * was not there): a key it shows is asked with HeadObject, and only that answer is decided on.
 * When a write of this run may have acted without a reply, HeadObject is paid as a retry. A key
 * this key may not read: undefined, and the conditional write settles it (a 412 says something
 * is there, ADR 0028).
 */
export const remoteBefore = async (
  file: FileDeposit,
): Promise<Step<{ size: number; etag: string } | undefined>> => {
  const { run, unit, unsettled } = file;
  if (!unsettled && run.state.listing?.get(unit.key) === undefined) return ok(undefined);
  const head = await headObject(run, unit, unsettled ? { reconciles: true } : {});
  if (head.kind !== 'ok') return head;
  if (unsettled) file.answered();
  if (head.value === UNREADABLE || head.value === undefined) return ok(undefined);
  // This night's own placeholder (a multipart file stopped before its Complete): its key is
  // reserved for it, nothing of anyone else's is there (ADR 0028).
  const nightId = run.ports.store.getPlan(run.planId)?.nightId ?? '';
  return ok(isOwnPlaceholder(head.value, nightId) ? undefined : head.value);
};
