import type { IpcError } from '../../shared/ipc/Result';
import type { Locale } from '../../shared/ipc/views';
import { programmeProblemText } from './programmeProblemText';
import type { Translate } from './translate';

/**
 * A refused call in the volunteer's language: its reason with parameters, else its code. The
 * envelope's English `message` is for logs and is never shown.
 */
export const errorText = (error: IpcError, t: Translate, locale: Locale = 'fr'): string => {
  const reason = error.reason;
  if (reason === undefined) return t(`errorCode.${error.code}`);
  switch (reason.kind) {
    case 'folder-missing':
    case 'not-a-folder':
    case 'folder-unreadable':
    case 'nothing-to-deposit':
      return t(`reason.${reason.kind}`, { dir: reason.dir });
    case 'files-block':
    case 'sources-changed':
      return t(`reason.${reason.kind}`, { count: reason.count });
    case 'held-elsewhere':
      return t('reason.held-elsewhere', { pid: reason.pid, host: reason.host });
    case 'storage-incomplete':
    case 'already-running':
    case 'night-depositing':
    case 'prefix-invalid':
    case 'no-such-plan':
    case 'engine-unreachable':
    case 'database-damaged':
      return t(`reason.${reason.kind}`);
    case 'programme-invalid':
      return t('reason.programme-invalid', { problem: programmeProblemText(reason.problem, t) });
    case 'programme-unreadable':
      return t('reason.programme-unreadable', { path: reason.path });
    case 'field-invalid':
      return t('reason.field-invalid', { label: reason.label[locale], pattern: reason.pattern });
    case 'names-changed':
      return t('reason.names-changed', { count: reason.count, example: reason.example });
    case 'card-deposited':
      return t('reason.card-deposited', { destination: reason.destination });
    case 'destination-taken':
      return t('reason.destination-taken', { planId: reason.planId });
    case 'card-away':
      return t('reason.card-away', { dir: reason.dir });
    case 'server-unanswered':
      return t(reason.status === undefined ? 'reason.server-unanswered' : 'reason.server-refused', {
        status: reason.status ?? '',
      });
    case 'being-removed':
    case 'not-settleable':
      return t(`reason.${reason.kind}`);
    case 'portal-not-in-use':
    case 'portal-signed-out':
    case 'portal-token-unreadable':
    case 'portal-unreachable':
    case 'participation-needed':
    case 'portal-one-night':
    case 'night-not-complete':
      return t(`reason.${reason.kind}`);
    case 'participation-ambiguous':
      return t('reason.participation-ambiguous', { count: reason.count });
    case 'night-dates-unknown':
      return t('reason.night-dates-unknown', { night: reason.night });
    case 'portal-refused':
      return t('reason.portal-refused', {
        status: reason.status,
        detail: reason.detail ?? reason.code,
      });
  }
};
