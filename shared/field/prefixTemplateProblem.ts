import { hasControlCharacters, printableName } from './pathRules';

/** The placeholders a prefix template may use (filled by `prefixValues`). */
export const PREFIX_PLACEHOLDERS = [
  'site',
  'point',
  'night',
  'year',
  'month',
  'day',
  'make',
  'model',
  'serial',
] as const;

/** Why a prefix template cannot be used, whatever the folder: each has its fr/en message. */
export type PrefixTemplateProblem =
  | { readonly kind: 'leading-slash' }
  | { readonly kind: 'dot-segment'; readonly segment: '.' | '..' }
  | { readonly kind: 'empty-segment' }
  | { readonly kind: 'backslash' }
  | { readonly kind: 'control-character' }
  | { readonly kind: 'unbalanced-brace'; readonly at: number }
  | { readonly kind: 'unknown-placeholder'; readonly name: string }
  | { readonly kind: 'too-long'; readonly max: number };

const MAX_TEMPLATE = 512;

/**
 * What is wrong with a prefix template before any folder is read or any server is contacted, or
 * undefined when it can be used. The checks are on the template itself: `..` or a leading `/`
 * would put objects outside the volunteer's prefix (or S3 would keep an empty first segment), so
 * they are refused, not silently repaired. Values are checked again when the template is expanded.
 */
export const prefixTemplateProblem = (template: string): PrefixTemplateProblem | undefined => {
  if (template.length > MAX_TEMPLATE) return { kind: 'too-long', max: MAX_TEMPLATE };
  if (hasControlCharacters(template)) return { kind: 'control-character' };
  if (template.includes('\\')) return { kind: 'backslash' };
  if (template.startsWith('/')) return { kind: 'leading-slash' };
  // Placeholders become one whole segment each: blank them to look at the literal segments.
  let literal = '';
  for (let i = 0; i < template.length;) {
    const c = template[i];
    if ((c === '{' || c === '}') && template[i + 1] === c) {
      literal += c;
      i += 2;
      continue;
    }
    if (c === '}') return { kind: 'unbalanced-brace', at: i };
    if (c !== '{') {
      literal += c;
      i++;
      continue;
    }
    const close = template.indexOf('}', i);
    const open = template.indexOf('{', i + 1);
    if (close < 0 || (open >= 0 && open < close)) return { kind: 'unbalanced-brace', at: i };
    const name = template.slice(i + 1, close).trim();
    if (!(PREFIX_PLACEHOLDERS as readonly string[]).includes(name))
      return { kind: 'unknown-placeholder', name };
    literal += 'x';
    i = close + 1;
  }
  const segments = literal.split('/');
  // A trailing `/` is a common way to write a folder-like prefix: only inner empty segments count.
  const inner = literal.endsWith('/') ? segments.slice(0, -1) : segments;
  for (const segment of inner) {
    if (segment === '..' || segment === '.') return { kind: 'dot-segment', segment };
    if (segment === '' && template !== '') return { kind: 'empty-segment' };
  }
  return undefined;
};

/** The problem in English, for the command line and logs: what is wrong, and what to write. */
export const prefixTemplateMessage = (template: string, problem: PrefixTemplateProblem): string => {
  const shown = `prefix "${printableName(template)}"`;
  switch (problem.kind) {
    case 'leading-slash':
      return `${shown} starts with "/": write it without the leading slash (e.g. {site}/{night})`;
    case 'dot-segment':
      return `${shown} has a "${problem.segment}" segment: objects must stay under the prefix; remove it`;
    case 'empty-segment':
      return `${shown} has an empty segment ("//"): write one "/" between segments`;
    case 'backslash':
      return `${shown} contains "\\": separate segments with "/"`;
    case 'control-character':
      return `${shown} contains a control character: retype it with visible characters only`;
    case 'unbalanced-brace':
      return `${shown}: unbalanced "{" or "}" at ${problem.at} (write {{ or }} for a literal brace)`;
    case 'unknown-placeholder':
      return `${shown}: unknown placeholder {${problem.name}} (known: ${PREFIX_PLACEHOLDERS.map((p) => `{${p}}`).join(', ')})`;
    case 'too-long':
      return `${shown} is longer than ${problem.max} characters`;
  }
};
