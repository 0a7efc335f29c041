import { verificationProblem } from '../../../shared/engine/verificationProblem';
import type { UnitRecord } from '../../store/UnitRecord';
import type { RunContext } from '../run/RunContext';
import type { Halt } from '../StepOutcome';
import { unitFailed } from '../StepOutcome';
import { headObject } from './headObject';

/**
 * Done only when HeadObject shows the size and the ETag the server computed over our bytes:
 * undefined then, else why not.
 */
export const verifyUpload = async (
  run: RunContext,
  unit: UnitRecord,
  expectedEtag: string,
): Promise<Halt | undefined> => {
  const head = await headObject(run, unit);
  if (head.kind !== 'ok') return head;
  const problem = verificationProblem(head.value, { size: unit.size, expectedEtag });
  return problem === undefined
    ? undefined
    : unitFailed({ kind: 'verification-failed', detail: problem });
};
