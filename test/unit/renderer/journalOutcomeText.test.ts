import { describe, expect, it } from 'vitest';
import { journalOutcomeText } from '../../../renderer/format/journalOutcomeText';
import { translator } from '../../../renderer/i18n/translate';
import { journalOutcomeOf } from '../../../shared/engine/journalOutcomeOf';
import type { Failure, UnreachableReason } from '../../../shared/retry/Outcome';
import type { GiveUpReason } from '../../../shared/retry/RetryCall';

const fr = (outcome: string): string =>
  journalOutcomeText(outcome, translator('fr'), (ms) => `<${ms}>`);
const en = (outcome: string): string =>
  journalOutcomeText(outcome, translator('en'), (ms) => `<${ms}>`);

const base = { endpoint: 'http://s3', operation: 'PutObject a' };
const unreachable: readonly UnreachableReason[] = [
  'connection-refused',
  'connection-reset',
  'dns',
  'timeout',
  'stall',
  'no-route',
  'incomplete-answer',
  'stalled-in-outage',
  'network',
];
const failures: readonly Failure[] = [
  { kind: 'refused', status: 503, code: 'SlowDown' },
  { kind: 'refused', status: 500 },
  { kind: 'certificate', problem: 'untrusted', code: 'DEPTH_ZERO_SELF_SIGNED_CERT' },
  { kind: 'aborted' },
  ...unreachable.map((reason): Failure => ({ kind: 'unreachable', reason })),
];
const reasons: readonly GiveUpReason[] = [
  'not-retryable',
  'attempts-exhausted',
  'budget',
  'deadline',
  'circuit-open',
  'outcome-unknown',
  'aborted',
];

/** Every line the journal's outcome column can hold, as the engine writes them. */
const outcomes = [
  'success',
  'uploads-left:2',
  'target-unavailable',
  'taken-over:333:field-laptop:1765000000000',
  // A listing its server pages without end (callPaged writes it: why, pages).
  'unreachable:endless-listing:repeated-token:2',
  ...failures.map((failure) =>
    journalOutcomeOf({ ...base, type: 'retry-scheduled', attempt: 1, failure, nextAttemptAt: 5 }),
  ),
  ...reasons.flatMap((reason) =>
    [undefined, ...failures].map((failure) =>
      journalOutcomeOf({
        ...base,
        type: 'gave-up',
        reason,
        attempts: 2,
        ...(failure === undefined ? {} : { failure }),
      }),
    ),
  ),
];

describe('the diagnostics journal’s outcomes, in the reader’s language', () => {
  it.each(outcomes)('%s: no code word of the engine left in French', (outcome) => {
    const text = fr(outcome);
    // The engine's own words are gone; a server's status and code, a certificate's code stay.
    for (const word of [
      'success',
      'refused',
      'unreachable',
      'gave-up',
      'aborted',
      'certificate:',
      'taken-over',
      'uploads-left',
      'target-unavailable',
      ...unreachable,
      ...reasons.filter((r) => r !== 'budget'),
    ]) {
      expect(text, `${outcome} -> ${text}`).not.toContain(word);
    }
    expect(en(outcome)).not.toBe(text);
  });

  it('keeps what an administrator looks up as the server and the machine gave it', () => {
    expect(fr('refused:503:SlowDown')).toBe('refusé par le serveur\u00a0: 503 SlowDown');
    expect(en('gave-up:not-retryable:403:AccessDenied')).toBe(
      'given up: not retryable · refused by the server: 403 AccessDenied',
    );
    expect(fr('gave-up:deadline:unreachable:stall')).toBe(
      'abandonné\u00a0: délai dépassé · sans réponse\u00a0: transfert immobile',
    );
    expect(fr('certificate:DEPTH_ZERO_SELF_SIGNED_CERT')).toBe(
      'certificat refusé (DEPTH_ZERO_SELF_SIGNED_CERT)',
    );
    expect(fr('taken-over:333:field-laptop:1765000000000')).toBe(
      'repris du processus 333 sur field-laptop (dernier signe de vie <1765000000000>)',
    );
    // A line this screen does not know is shown as written, not hidden.
    expect(fr('something-new:1')).toBe('something-new:1');
  });
});
