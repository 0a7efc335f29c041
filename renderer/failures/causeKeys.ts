import type { FailureCause } from '../../shared/domain/FailureCause';
import type { MessageKey } from '../i18n/fr';
import type { Params, Translate } from '../i18n/translate';

/**
 * The locale keys of a cause's title and of what to do about it, and their placeholders. A
 * refused certificate's depend on what is wrong with it: an expired one sends the volunteer to the
 * computer's clock first. A permission the key lacks names the action and the folder ("cette clé
 * ne peut pas lister programme/vol42/", issue 29).
 */
export const causeKeys = (
  cause: FailureCause,
): { readonly title: MessageKey; readonly todo: MessageKey; readonly params: Params } => {
  switch (cause.kind) {
    case 'certificate':
      return {
        title: `cause.certificate.${cause.problem}.title`,
        todo: `cause.certificate.${cause.problem}.todo`,
        params: {},
      };
    case 'denied':
      return {
        title: `cause.denied.${cause.action}.title`,
        todo: 'cause.denied.todo',
        params: { folder: `${cause.bucket}/${cause.folder}` },
      };
    default:
      return { title: `cause.${cause.kind}.title`, todo: `cause.${cause.kind}.todo`, params: {} };
  }
};

/** The cause's title in the reader's language. */
export const causeTitle = (cause: FailureCause, t: Translate): string => {
  const k = causeKeys(cause);
  return t(k.title, k.params);
};

/** What to do about the cause, in the reader's language. */
export const causeTodo = (cause: FailureCause, t: Translate): string => {
  const k = causeKeys(cause);
  return t(k.todo, k.params);
};
