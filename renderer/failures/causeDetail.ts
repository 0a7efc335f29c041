import type { FailureCause } from '../../shared/domain/FailureCause';
import type { Locale } from '../../shared/ipc/views';
import { formatBytes } from '../format/formatBytes';
import type { Translate } from '../i18n/translate';
import { clockOffText } from '../format/clockOffText';

/** The facts behind a cause, in words (a server answer, or both sizes of a conflict). */
export const causeDetail = (cause: FailureCause, t: Translate, locale: Locale): string | null => {
  switch (cause.kind) {
    case 'auth':
    case 'refused':
      return t('cause.status', { status: cause.status, code: cause.code });
    case 'conflict':
      return t('failures.conflictSizes', {
        local: formatBytes(cause.localSize, locale),
        remote: formatBytes(cause.remoteSize, locale),
      });
    case 'bucket-missing':
      return cause.bucket;
    case 'certificate':
      return cause.code;
    case 'clock':
      return cause.skewMs === null ? null : clockOffText(t, cause.skewMs);
    case 'target-unavailable':
      return t('cause.target-unavailable.detail', {
        bucket: cause.bucket,
        key: cause.credentialId,
      });
    case 'portal-refused':
      return cause.detail === null
        ? t('cause.status', { status: cause.status, code: cause.code })
        : t('cause.portal-refused.detail', { status: cause.status, detail: cause.detail });
    case 'portal-signed-out':
    case 'participation-ambiguous':
    case 'denied':
    case 'unproven':
    case 'upload-vanished':
    case 'source-changed':
    case 'source-unreadable':
    case 'verification-failed':
    case 'source-missing':
    case 'endless-listing':
      return null;
  }
};
