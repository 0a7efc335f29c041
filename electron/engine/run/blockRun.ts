import type { FailureCause } from '../../../shared/domain/FailureCause';
import { abortError } from '../abortError';
import type { RunContext } from './RunContext';

/** Stops the whole run on a cause no unit can get past (credentials, a missing bucket...). */
// A declaration, not an arrow: TypeScript narrows after a call only through declared `never`s.
export function blockRun(run: RunContext, cause: FailureCause): never {
  run.state.blocked = cause;
  run.controller.abort();
  throw abortError();
}
