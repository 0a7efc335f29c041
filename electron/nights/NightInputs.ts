import type { PlanMetadata } from '../../shared/field/planMetadata';
import type { NightSpan } from '../../shared/portal/nightSpan';

/** One night of the folder, as one plan deposits it (and as `verifyNights` looks for it). */
export type NightInputs = {
  readonly night?: string;
  readonly prefix: string;
  readonly include: readonly string[];
  readonly metadata: PlanMetadata;
  /** A programme's object names of `include` (relPath -> name under the prefix), when one names them. */
  readonly names?: ReadonlyMap<string, string>;
  /** When its recordings ran (a portal's participation takes it), when their times are known. */
  readonly span?: NightSpan;
};
