import type { FailureCause } from '../domain/FailureCause';
import type { UnitState } from '../domain/UnitState';
import { blocksPlan } from './causeOfRefusal';

/**
 * The state a unit's deposit ends in (a deferral is persisted where the wait is decided), and
 * whether its cause stops the whole plan instead of failing every unit in turn.
 */
export const unitStateAfter = (
  outcome:
    | {
        readonly kind: 'ok';
        readonly value: { readonly alreadyPresent: boolean; readonly unverifiable?: true };
      }
    | { readonly kind: 'failed'; readonly cause: FailureCause },
): { readonly state: UnitState; readonly blocksPlan: boolean } =>
  outcome.kind === 'ok'
    ? {
        state:
          outcome.value.unverifiable === true
            ? { kind: 'done', alreadyPresent: outcome.value.alreadyPresent, unverifiable: true }
            : { kind: 'done', alreadyPresent: outcome.value.alreadyPresent },
        blocksPlan: false,
      }
    : { state: { kind: 'failed', cause: outcome.cause }, blocksPlan: blocksPlan(outcome.cause) };
