import type { ProfileProblem, TemplateProblem } from '../../shared/programme/ProfileProblem';
import type { Translate } from './translate';

const templateText = (problem: TemplateProblem, t: Translate): string => {
  switch (problem.kind) {
    case 'dot-segment':
      return t('programme.template.dot-segment', { segment: problem.segment });
    case 'unbalanced-brace':
      return t('programme.template.unbalanced-brace', { at: problem.at + 1 });
    case 'too-long':
      return t('programme.template.too-long', { max: problem.max });
    case 'bad-modifier':
      return t('programme.template.bad-modifier', { modifier: problem.modifier });
    default:
      return t(`programme.template.${problem.kind}`);
  }
};

/** Why a programme profile was refused, in the volunteer's language (one sentence). */
export const programmeProblemText = (problem: ProfileProblem, t: Translate): string => {
  switch (problem.kind) {
    case 'not-json':
      return t('programme.problem.not-json', { detail: problem.detail });
    case 'too-large':
      return t('programme.problem.too-large', { max: problem.maxBytes });
    case 'not-a-profile':
      return t('programme.problem.not-a-profile');
    case 'unknown-version':
      return t('programme.problem.unknown-version', { version: problem.version });
    case 'unknown-destination':
      return t('programme.problem.unknown-destination', { destination: problem.destination });
    case 'missing':
    case 'unknown-key':
      return t(`programme.problem.${problem.kind}`, { at: problem.at });
    case 'wrong-type':
      return t('programme.problem.wrong-type', { at: problem.at, expected: problem.expected });
    case 'bad-value':
      return t('programme.problem.bad-value', {
        at: problem.at,
        value: problem.value,
        rule: t(`programme.rule.${problem.rule}`),
      });
    case 'bad-pattern':
      return t('programme.problem.bad-pattern', {
        at: problem.at,
        pattern: problem.pattern,
        detail: problem.detail,
      });
    case 'unknown-placeholder':
      return t('programme.problem.unknown-placeholder', {
        at: problem.at,
        placeholder: problem.placeholder,
        known: problem.known.map((k) => `{${k}}`).join(', '),
      });
    case 'bad-template':
      return t('programme.problem.bad-template', {
        at: problem.at,
        template: problem.template,
        problem: templateText(problem.problem, t),
      });
    case 'reserved-field':
    case 'duplicate-field':
      return t(`programme.problem.${problem.kind}`, { at: problem.at, name: problem.name });
  }
};
