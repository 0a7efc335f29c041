import { printableName } from '../field/pathRules';
import type { ProfileProblem, TemplateProblem, ValueRule } from './ProfileProblem';
import { PROFILE_VERSIONS } from './ProgrammeProfile';

const ruleText: Readonly<Record<ValueRule, string>> = {
  url: 'is not an http(s) address',
  bucket: 'is not a bucket name (3-63 lower-case letters, digits, "." or "-")',
  'field-name': 'is not a field name (lower-case letters, digits and "_", a letter first)',
  'time-zone': 'is not a time zone (an IANA name such as Europe/Paris)',
  concurrency: 'is not a number of transfers from 1 to 16',
  bandwidth: 'is not a bandwidth cap of at least 262144 bytes per second (or null)',
  text: 'must be a text of 1 to 200 characters',
};

const templateText = (problem: TemplateProblem): string => {
  switch (problem.kind) {
    case 'empty':
      return 'is empty';
    case 'leading-slash':
      return 'starts with "/": write it without the leading slash';
    case 'trailing-slash':
      return 'ends with "/": a name ends with the file’s own name';
    case 'dot-segment':
      return `has a "${problem.segment}" segment: objects must stay under the prefix`;
    case 'empty-segment':
      return 'has an empty segment ("//")';
    case 'backslash':
      return 'contains "\\": separate segments with "/"';
    case 'control-character':
      return 'contains a control character';
    case 'unbalanced-brace':
      return `has an unbalanced "{" or "}" at ${problem.at + 1} (write {{ or }} for a literal brace)`;
    case 'too-long':
      return `is longer than ${problem.max} characters`;
    case 'bad-modifier':
      return `uses ":${problem.modifier}", which is not a modifier (":lower" or ":upper")`;
    case 'depot-folder':
      return 'puts objects under ".depot/", where the nights’ manifests go';
    case 'portal-folder':
      return 'names a folder: the portal places each file itself, from its name alone (leave the prefix empty, and no "/" in the name)';
  }
};

/**
 * A refused profile in one English line, for the command line and logs: what is wrong and where
 * in the file. The app says the same from the problem's kind in the volunteer's language.
 */
export const profileProblemText = (problem: ProfileProblem): string => {
  switch (problem.kind) {
    case 'not-json':
      return `not JSON (${problem.detail})`;
    case 'too-large':
      return `larger than ${problem.maxBytes} bytes: not a programme profile`;
    case 'not-a-profile':
      return 'not a programme profile ("format" is not "depot-programme")';
    case 'unknown-version':
      return `version ${problem.version} is not one this Depot reads (${PROFILE_VERSIONS.join(', ')}): ask the coordinator for a version ${PROFILE_VERSIONS.join(' or ')} profile, or update Depot`;
    case 'unknown-destination':
      return `destination kind "${printableName(problem.destination)}" is not one this Depot knows ("s3", "vigiechiro")`;
    case 'missing':
      return `"${problem.at}" is missing`;
    case 'unknown-key':
      return `"${problem.at}" is not part of a profile (a typo?)`;
    case 'wrong-type':
      return `"${problem.at}" must be ${problem.expected}`;
    case 'bad-value':
      return `"${problem.at}": "${printableName(problem.value)}" ${ruleText[problem.rule]}`;
    case 'bad-pattern':
      return `"${problem.at}": ${printableName(problem.pattern)} is not a valid regular expression (${problem.detail})`;
    case 'unknown-placeholder':
      return `"${problem.at}": unknown placeholder {${printableName(problem.placeholder)}} (known: ${problem.known.map((k) => `{${k}}`).join(', ')})`;
    case 'bad-template':
      return `"${problem.at}" "${printableName(problem.template)}" ${templateText(problem.problem)}`;
    case 'reserved-field':
      return `"${problem.at}": a field may not be called "${problem.name}": Depot fills {${problem.name}} itself`;
    case 'duplicate-field':
      return `"${problem.at}": two fields are called "${problem.name}"`;
  }
};
