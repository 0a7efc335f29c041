import type { MessageKey } from '../i18n/fr';
import type { Translate } from '../i18n/translate';

/** Why the retry policy gave a call up, as the counters and the journal name it. */
const REASON_KEYS = {
  'not-retryable': 'diag.reason.not-retryable',
  'attempts-exhausted': 'diag.reason.attempts-exhausted',
  budget: 'diag.reason.budget',
  deadline: 'diag.reason.deadline',
  'circuit-open': 'diag.reason.circuit-open',
  'outcome-unknown': 'diag.reason.outcome-unknown',
  aborted: 'diag.reason.aborted',
} as const satisfies Readonly<Record<string, MessageKey>>;

/** Give-ups after which the engine waits and tries the file again (never a failure of it). */
const TRIED_AGAIN: ReadonlySet<string> = new Set([
  'attempts-exhausted',
  'budget',
  'deadline',
  'circuit-open',
  'outcome-unknown',
]);

/** Why nothing usable came back (`UnreachableReason`). */
const UNREACHABLE_KEYS = {
  'connection-refused': 'diag.unreachable.connection-refused',
  'connection-reset': 'diag.unreachable.connection-reset',
  dns: 'diag.unreachable.dns',
  timeout: 'diag.unreachable.timeout',
  stall: 'diag.unreachable.stall',
  'no-route': 'diag.unreachable.no-route',
  'incomplete-answer': 'diag.unreachable.incomplete-answer',
  'stalled-in-outage': 'diag.unreachable.stalled-in-outage',
  'endless-listing': 'diag.unreachable.endless-listing',
  network: 'diag.unreachable.network',
} as const satisfies Readonly<Record<string, MessageKey>>;

const known = <K extends string>(
  keys: Readonly<Record<K, MessageKey>>,
  code: string,
): MessageKey | undefined => (Object.hasOwn(keys, code) ? keys[code as K] : undefined);

/** A give-up reason in the reader's language; an unknown one as it was recorded. */
export const giveUpReasonText = (reason: string, t: Translate): string => {
  const key = known(REASON_KEYS, reason);
  return key === undefined ? reason : t(key);
};

const unreachableText = (reason: string, t: Translate): string => {
  const key = known(UNREACHABLE_KEYS, reason);
  return key === undefined ? reason : t(key);
};

/** `refused:503:SlowDown` -> `503 SlowDown`: the server's own words stay as it gave them. */
const answerOf = (status: string, code: string): string => [status, code].filter(Boolean).join(' ');

/**
 * The journal's outcome column (`journalOutcomeOf`, and the few lines the engine writes itself)
 * in the reader's language. Status codes, S3 codes, certificate codes and host names stay as
 * recorded: they are what a storage administrator looks up. A form not known here is shown as
 * recorded rather than hidden.
 */
export const journalOutcomeText = (
  outcome: string,
  t: Translate,
  /** An epoch-ms time as the screen shows times (the reader's clock and language). */
  timeOf: (ms: number) => string,
): string => {
  const [kind = '', ...rest] = outcome.split(':');
  switch (kind) {
    case 'success':
      return t('diag.outcome.success');
    case 'aborted':
      return t('diag.reason.aborted');
    case 'refused':
      return t('diag.outcome.refused', { answer: answerOf(rest[0] ?? '', rest[1] ?? '') });
    case 'unreachable':
      return t('diag.outcome.unreachable', { reason: unreachableText(rest[0] ?? '', t) });
    case 'certificate':
      return t('diag.outcome.certificate', { code: rest.join(':') });
    case 'gave-up': {
      const [reason = '', ...last] = rest;
      // A give-up the engine waits out is not a failure: the file is tried again (issue 31).
      const given = t(TRIED_AGAIN.has(reason) ? 'diag.outcome.waits' : 'diag.outcome.gaveUp', {
        reason: giveUpReasonText(reason, t),
      });
      if (last.length === 0) return given;
      // The last failure: its own outcome (`unreachable:...`), or a refusal's status and code.
      const lastText = /^\d/.test(last[0] ?? '')
        ? t('diag.outcome.refused', { answer: answerOf(last[0] ?? '', last[1] ?? '') })
        : journalOutcomeText(last.join(':'), t, timeOf);
      return `${given} · ${lastText}`;
    }
    case 'uploads-left':
      return t('diag.outcome.uploadsLeft', { count: rest[0] ?? '' });
    // A permission the key lacks, met where Depot carries on without it (ADR 0028).
    case 'denied':
      return rest[0] === 'list'
        ? t('diag.outcome.deniedList')
        : rest[0] === 'upload-may-be-left-open'
          ? t('diag.outcome.uploadMayBeLeftOpen')
          : outcome;
    case 'returned':
      return t('diag.outcome.returned', { key: rest.join(':') });
    case 'target-unavailable':
      return t('diag.outcome.targetUnavailable');
    case 'taken-over': {
      const [pid = '', ...hostAndTime] = rest;
      const at = Number(hostAndTime.pop());
      return t('diag.outcome.takenOver', {
        pid,
        host: hostAndTime.join(':'),
        at: Number.isFinite(at) ? timeOf(at) : '',
      });
    }
    default:
      return outcome;
  }
};
