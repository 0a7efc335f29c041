import type { FailureCause } from '../../../shared/domain/FailureCause';
import { sourceCauseOfErrno } from '../../../shared/engine/sourceCauseOfErrno';
import { errnoOf } from '../../errnoOf';
import { SourceChangedError } from '../../../shared/ports/SourceChangedError';

/**
 * The unit's failure when an error of the file system (reading or hashing the source) is the
 * source file's fault; undefined when it is not (then it is the run's error).
 */
export const sourceCause = (error: unknown): FailureCause | undefined => {
  if (error instanceof SourceChangedError) return { kind: 'source-changed', detail: error.message };
  return sourceCauseOfErrno(errnoOf(error));
};
