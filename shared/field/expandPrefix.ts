import { hasControlCharacters, hasDotDotSegment } from './pathRules';
import { prefixTemplateMessage, prefixTemplateProblem } from './prefixTemplateProblem';

/** A prefix template that cannot be expanded; the message says what to fix. */
export class PrefixTemplateError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'PrefixTemplateError';
  }
}

/**
 * Expands an object-key prefix template such as `{site}/{night}/`: `{name}` takes `values[name]`,
 * `{{` and `}}` are literal braces. A placeholder absent from `values` is unknown (an error that
 * lists the known ones); one present with an undefined or empty value is missing (an error naming
 * it). A value may not contain `/`, `\`, `..` or control characters: it fills one key segment.
 * The template itself may not escape the prefix (`..`, a leading `/`: see prefixTemplateProblem).
 */
export const expandPrefix = (
  template: string,
  values: Readonly<Record<string, string | undefined>>,
): string => {
  const problem = prefixTemplateProblem(template);
  // Placeholders and braces are judged below against the values actually given.
  if (
    problem !== undefined &&
    problem.kind !== 'unknown-placeholder' &&
    problem.kind !== 'unbalanced-brace'
  )
    throw new PrefixTemplateError(prefixTemplateMessage(template, problem));
  const known = Object.keys(values).sort();
  let out = '';
  for (let i = 0; i < template.length;) {
    const c = template[i];
    if ((c === '{' || c === '}') && template[i + 1] === c) {
      out += c;
      i += 2;
      continue;
    }
    if (c === '}') throw new PrefixTemplateError(`prefix "${template}": "}" without "{" at ${i}`);
    if (c !== '{') {
      out += c;
      i++;
      continue;
    }
    const close = template.indexOf('}', i);
    if (close < 0) throw new PrefixTemplateError(`prefix "${template}": "{" without "}" at ${i}`);
    const name = template.slice(i + 1, close).trim();
    if (!Object.prototype.hasOwnProperty.call(values, name))
      throw new PrefixTemplateError(
        `prefix "${template}": unknown placeholder {${name}} (known: ${known.map((k) => `{${k}}`).join(', ')})`,
      );
    const value = values[name];
    if (value === undefined || value.trim() === '')
      throw new PrefixTemplateError(`prefix "${template}": no value for {${name}}`);
    if (/[/\\]/.test(value) || hasDotDotSegment(value) || hasControlCharacters(value))
      throw new PrefixTemplateError(
        `prefix "${template}": {${name}} = "${value}" may not contain "/", "\\", ".." or control characters`,
      );
    out += value.trim();
    i = close + 1;
  }
  return out.normalize('NFC');
};
