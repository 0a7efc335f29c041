import type { Failure } from '../retry/Outcome';
import type { RetryEvent } from '../retry/RetryCall';

const failureOutcome = (f: Failure): string =>
  f.kind === 'refused'
    ? `refused:${f.status}:${f.code ?? ''}`
    : f.kind === 'unreachable'
      ? `unreachable:${f.reason}`
      : f.kind === 'certificate'
        ? `certificate:${f.code}`
        : f.kind;

/** The journal's outcome column for one of the policy's retry events (one line each). */
export const journalOutcomeOf = (
  event: Extract<RetryEvent, { type: 'retry-scheduled' | 'gave-up' }>,
): string => {
  if (event.type === 'retry-scheduled') return failureOutcome(event.failure);
  const f = event.failure;
  const last =
    f === undefined
      ? ''
      : f.kind === 'refused'
        ? `:${f.status}:${f.code ?? ''}`
        : `:${failureOutcome(f)}`;
  return `gave-up:${event.reason}${last}`;
};
