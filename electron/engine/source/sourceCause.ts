import type { FailureCause } from '../../../shared/domain/FailureCause';
import { sourceCauseOfErrno } from '../../../shared/engine/sourceCauseOfErrno';
import { errnoOf } from '../../errnoOf';
import { SourceChangedError } from '../hashFile';
import { UnitFailure } from '../waitSignals';

/** The unit's failure when `error` is the source file's fault; undefined when it is not. */
export const sourceCause = (error: unknown): FailureCause | undefined => {
  if (error instanceof UnitFailure) return error.failure;
  if (error instanceof SourceChangedError) return { kind: 'source-changed', detail: error.message };
  return sourceCauseOfErrno(errnoOf(error));
};
