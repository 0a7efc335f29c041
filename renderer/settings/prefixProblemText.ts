import { PREFIX_PLACEHOLDERS } from '../../shared/field/prefixTemplateProblem';
import type { PrefixTemplateProblem } from '../../shared/field/prefixTemplateProblem';
import type { Translate } from '../i18n/translate';

/** The reason a prefix template is refused, in the volunteer's language. */
export const prefixProblemText = (t: Translate, problem: PrefixTemplateProblem): string => {
  switch (problem.kind) {
    case 'leading-slash':
      return t('settings.prefixProblem.leading-slash', { example: '{site}/{point}/{night}' });
    case 'unbalanced-brace':
      return t('settings.prefixProblem.unbalanced-brace', { at: problem.at + 1 });
    case 'unknown-placeholder':
      return t('settings.prefixProblem.unknown-placeholder', {
        name: problem.name,
        known: PREFIX_PLACEHOLDERS.map((p) => `{${p}}`).join(', '),
      });
    case 'too-long':
      return t('settings.prefixProblem.too-long', { max: problem.max });
    default:
      return t(`settings.prefixProblem.${problem.kind}`);
  }
};
