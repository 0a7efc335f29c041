import type { FailureCause } from '../../shared/domain/FailureCause';
import type { MessageKey } from '../i18n/fr';

/**
 * The locale keys of a cause's title and of what to do about it. A refused certificate's depend
 * on what is wrong with it: an expired one sends the volunteer to the computer's clock first.
 */
export const causeKeys = (
  cause: FailureCause,
): { readonly title: MessageKey; readonly todo: MessageKey } =>
  cause.kind === 'certificate'
    ? {
        title: `cause.certificate.${cause.problem}.title`,
        todo: `cause.certificate.${cause.problem}.todo`,
      }
    : { title: `cause.${cause.kind}.title`, todo: `cause.${cause.kind}.todo` };
