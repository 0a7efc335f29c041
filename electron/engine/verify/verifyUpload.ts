import { verificationProblem } from '../../../shared/engine/verificationProblem';
import type { UnitRecord } from '../../store/UnitRecord';
import type { RunContext } from '../run/RunContext';
import type { Halt } from '../StepOutcome';
import { unitFailed } from '../StepOutcome';
import { headObject, UNREADABLE } from './headObject';

/**
 * Done only when HeadObject shows the size and the ETag the server computed over our bytes:
 * 'verified' then, 'unverifiable' when this key may not read the object (its write was taken,
 * nothing proves its bytes: ADR 0028), else why not.
 */
export const verifyUpload = async (
  run: RunContext,
  unit: UnitRecord,
  expectedEtag: string,
): Promise<Halt | 'verified' | 'unverifiable'> => {
  const head = await headObject(run, unit);
  if (head.kind !== 'ok') return head;
  if (head.value === UNREADABLE) return 'unverifiable';
  const problem = verificationProblem(head.value, { size: unit.size, expectedEtag });
  return problem === undefined
    ? 'verified'
    : unitFailed({ kind: 'verification-failed', detail: problem });
};
