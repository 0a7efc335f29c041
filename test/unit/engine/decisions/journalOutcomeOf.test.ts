import { describe, expect, it } from 'vitest';
import { journalOutcomeOf } from '../../../../shared/engine/journalOutcomeOf';
import type { Failure } from '../../../../shared/retry/Outcome';
import type { GiveUpReason } from '../../../../shared/retry/RetryCall';

const base = { endpoint: 'http://s3', operation: 'PutObject a' };

describe("journalOutcomeOf: the journal's line for a policy event", () => {
  it.each<[Failure, string]>([
    [{ kind: 'refused', status: 503, code: 'SlowDown' }, 'refused:503:SlowDown'],
    [{ kind: 'refused', status: 500 }, 'refused:500:'],
    [{ kind: 'unreachable', reason: 'timeout' }, 'unreachable:timeout'],
    [{ kind: 'aborted' }, 'aborted'],
  ])('retry after %j', (failure, expected) => {
    expect(
      journalOutcomeOf({ ...base, type: 'retry-scheduled', attempt: 1, failure, nextAttemptAt: 5 }),
    ).toBe(expected);
  });

  it.each<[GiveUpReason, Failure | undefined, string]>([
    [
      'not-retryable',
      { kind: 'refused', status: 403, code: 'AccessDenied' },
      'gave-up:not-retryable:403:AccessDenied',
    ],
    ['deadline', { kind: 'unreachable', reason: 'stall' }, 'gave-up:deadline:unreachable:stall'],
    ['circuit-open', undefined, 'gave-up:circuit-open'],
    ['aborted', { kind: 'aborted' }, 'gave-up:aborted:aborted'],
  ])('gave up (%s)', (reason, failure, expected) => {
    expect(
      journalOutcomeOf({
        ...base,
        type: 'gave-up',
        reason,
        attempts: 2,
        ...(failure === undefined ? {} : { failure }),
      }),
    ).toBe(expected);
  });
});
