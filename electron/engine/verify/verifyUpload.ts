import { verificationProblem } from '../../../shared/engine/verificationProblem';
import type { UnitRecord } from '../../store/UnitRecord';
import type { RunContext } from '../run/RunContext';
import { UnitFailure } from '../waitSignals';
import { headObject } from './headObject';

/** Done only when HeadObject shows the size and the ETag the server computed over our bytes. */
export const verifyUpload = async (
  run: RunContext,
  unit: UnitRecord,
  expectedEtag: string,
): Promise<void> => {
  const problem = verificationProblem(await headObject(run, unit), {
    size: unit.size,
    expectedEtag,
  });
  if (problem !== undefined)
    throw new UnitFailure({ kind: 'verification-failed', detail: problem });
};
