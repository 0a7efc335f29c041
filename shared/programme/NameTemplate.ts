import { hasControlCharacters, hasDotDotSegment } from '../field/pathRules';
import type { TemplateProblem } from './ProfileProblem';

/** How a placeholder's value may be changed as it is put in a name: `{ext:lower}` gives `wav`. */
export const NAME_MODIFIERS = ['lower', 'upper'] as const;
export type NameModifier = (typeof NAME_MODIFIERS)[number];

export type TemplatePart =
  | { readonly kind: 'text'; readonly text: string }
  | { readonly kind: 'placeholder'; readonly name: string; readonly modifier?: NameModifier };

/** A template read once: its literal text and its placeholders, in order. */
export type NameTemplate = { readonly template: string; readonly parts: readonly TemplatePart[] };

const MAX_TEMPLATE = 512;
const DEPOT_FOLDER = '.depot';

const isModifier = (m: string): m is NameModifier =>
  (NAME_MODIFIERS as readonly string[]).includes(m);

/**
 * Reads an object-name template (`Car{carre}-{year}-Pass{passage}-{point}-..._{ms}.{ext:lower}`):
 * `{name}` and `{name:lower}`/`{name:upper}` are placeholders, `{{` and `}}` literal braces. The
 * shape is judged here, whatever the files: the name may hold `/` (folders under the night's
 * prefix) but no leading, trailing or double `/`, no `.` or `..` segment, no backslash or control
 * character, and nothing under `.depot/` (the nights' manifests). Which placeholders are known is
 * the profile's business (`parseProgrammeProfile`).
 */
export const parseNameTemplate = (
  template: string,
):
  | { readonly ok: true; readonly value: NameTemplate }
  | { readonly ok: false; readonly problem: TemplateProblem } => {
  const fail = (problem: TemplateProblem) => ({ ok: false as const, problem });
  if (template.trim() === '') return fail({ kind: 'empty' });
  if (template.length > MAX_TEMPLATE) return fail({ kind: 'too-long', max: MAX_TEMPLATE });
  if (hasControlCharacters(template)) return fail({ kind: 'control-character' });
  if (template.includes('\\')) return fail({ kind: 'backslash' });
  if (template.startsWith('/')) return fail({ kind: 'leading-slash' });
  if (template.endsWith('/')) return fail({ kind: 'trailing-slash' });
  const parts: TemplatePart[] = [];
  let text = '';
  // Placeholders become one whole segment each: blanked, to judge the literal segments.
  let literal = '';
  const flush = (): void => {
    if (text !== '') parts.push({ kind: 'text', text });
    text = '';
  };
  for (let i = 0; i < template.length;) {
    const c = template[i] ?? '';
    if ((c === '{' || c === '}') && template[i + 1] === c) {
      text += c;
      literal += c;
      i += 2;
      continue;
    }
    if (c === '}') return fail({ kind: 'unbalanced-brace', at: i });
    if (c !== '{') {
      text += c;
      literal += c;
      i++;
      continue;
    }
    const close = template.indexOf('}', i);
    const open = template.indexOf('{', i + 1);
    if (close < 0 || (open >= 0 && open < close)) return fail({ kind: 'unbalanced-brace', at: i });
    const [rawName = '', ...rest] = template.slice(i + 1, close).split(':');
    const modifier = rest.join(':').trim();
    if (rest.length > 0 && !isModifier(modifier)) return fail({ kind: 'bad-modifier', modifier });
    flush();
    parts.push({
      kind: 'placeholder',
      name: rawName.trim(),
      ...(rest.length > 0 && isModifier(modifier) ? { modifier } : {}),
    });
    literal += 'x';
    i = close + 1;
  }
  flush();
  const segments = literal.split('/');
  for (const segment of segments) {
    if (segment === '..' || segment === '.') return fail({ kind: 'dot-segment', segment });
    if (segment === '') return fail({ kind: 'empty-segment' });
  }
  if (segments[0] === DEPOT_FOLDER) return fail({ kind: 'depot-folder' });
  return { ok: true, value: { template, parts } };
};

/** The placeholders a template uses, each once, in order of appearance. */
export const placeholdersOf = (template: NameTemplate): readonly string[] => [
  ...new Set(template.parts.flatMap((p) => (p.kind === 'placeholder' ? [p.name] : []))),
];

export type FilledName =
  | { readonly kind: 'name'; readonly name: string }
  /** A placeholder whose value this file does not have (no timestamp, no recorder...). */
  | { readonly kind: 'missing'; readonly placeholder: string }
  /** A value that would add or escape a segment (`/`, `\`, `..`, a control character). */
  | { readonly kind: 'unsafe'; readonly placeholder: string; readonly value: string };

/**
 * A template filled with one file's values. A value fills part of a segment only: one holding `/`,
 * `\`, a control character, or making a `..` segment is refused, never cleaned into something else.
 */
export const fillNameTemplate = (
  template: NameTemplate,
  values: Readonly<Record<string, string | undefined>>,
): FilledName => {
  let name = '';
  for (const part of template.parts) {
    if (part.kind === 'text') {
      name += part.text;
      continue;
    }
    const raw = Object.prototype.hasOwnProperty.call(values, part.name)
      ? values[part.name]
      : undefined;
    if (raw === undefined || raw.trim() === '') return { kind: 'missing', placeholder: part.name };
    const value =
      part.modifier === 'lower'
        ? raw.trim().toLowerCase()
        : part.modifier === 'upper'
          ? raw.trim().toUpperCase()
          : raw.trim();
    if (/[/\\]/.test(value) || hasControlCharacters(value))
      return { kind: 'unsafe', placeholder: part.name, value };
    name += value;
  }
  const normalized = name.normalize('NFC');
  if (hasDotDotSegment(normalized)) {
    const placeholder = placeholdersOf(template)[0] ?? '';
    return { kind: 'unsafe', placeholder, value: normalized };
  }
  return { kind: 'name', name: normalized };
};
