import type { z } from 'zod';
import { PREFIX_PLACEHOLDERS, prefixTemplateProblem } from '../field/prefixTemplateProblem';
import { isValidTimeZone } from '../field/zonedTime';
import { parseNameTemplate, placeholdersOf } from './NameTemplate';
import type { ProfileProblem, ValueRule } from './ProfileProblem';
import type { ProgrammeProfile } from './ProgrammeProfile';
import { DESTINATION_KINDS, PROFILE_FORMAT, PROFILE_VERSIONS } from './ProgrammeProfile';
import { programmeProfileSchema } from './programmeProfileSchema';

/** A profile is a few kilobytes; anything far larger is not one (and is not read whole). */
export const MAX_PROFILE_BYTES = 256 * 1024;

/**
 * What an object name may use besides the profile's fields: the night (`{night}`, `{year}`,
 * `{month}`, `{day}`), the recording's own start as the pre-flight read it (`{date}` YYYYMMDD,
 * `{time}` HHMMSS, `{ms}` mmm, local time), its recorder (`{serial}`, `{make}`, `{model}`,
 * `{recorder}`), its name on the card (`{stem}`, `{ext}`) and `{site}`, `{point}`.
 */
export const NAME_PLACEHOLDERS = [
  'site',
  'point',
  'night',
  'year',
  'month',
  'day',
  'date',
  'time',
  'ms',
  'make',
  'model',
  'serial',
  'recorder',
  'stem',
  'ext',
] as const;

/**
 * Names a field may not take: Depot fills them itself. `site` and `point` may be fields: they are
 * what the volunteer knows, and a field of that name is what fills them.
 */
export const RESERVED_FIELD_NAMES: readonly string[] = [
  ...new Set([...PREFIX_PLACEHOLDERS, ...NAME_PLACEHOLDERS]),
].filter((n) => n !== 'site' && n !== 'point');

export type ParsedProfile =
  | { readonly ok: true; readonly profile: ProgrammeProfile }
  | { readonly ok: false; readonly problem: ProfileProblem };

const pathText = (path: readonly PropertyKey[]): string =>
  path
    .map((p, i) => (typeof p === 'number' ? `[${p}]` : `${i === 0 ? '' : '.'}${String(p)}`))
    .join('') || '(root)';

const valueAt = (json: unknown, path: readonly PropertyKey[]): unknown => {
  let here: unknown = json;
  for (const p of path) {
    if (typeof here !== 'object' || here === null) return undefined;
    here = (here as Record<PropertyKey, unknown>)[p];
  }
  return here;
};

const isObject = (x: unknown): x is Record<string, unknown> =>
  typeof x === 'object' && x !== null && !Array.isArray(x);

const RULES: readonly ValueRule[] = [
  'url',
  'bucket',
  'field-name',
  'time-zone',
  'concurrency',
  'bandwidth',
  'text',
];

/** The first thing zod refused, as a problem a volunteer's language can say. */
const problemOfIssue = (json: unknown, issue: z.core.$ZodIssue): ProfileProblem => {
  const at = pathText(issue.path);
  const value = valueAt(json, issue.path);
  if (issue.code === 'unrecognized_keys') {
    const [key = ''] = issue.keys;
    return { kind: 'unknown-key', at: pathText([...issue.path, key]) };
  }
  if (value === undefined) return { kind: 'missing', at };
  const rule = RULES.find((r) => issue.message === `rule:${r}`);
  if (rule !== undefined)
    return {
      kind: 'bad-value',
      at,
      value: typeof value === 'string' ? value : JSON.stringify(value),
      rule,
    };
  if (issue.code === 'invalid_type') return { kind: 'wrong-type', at, expected: issue.expected };
  if (issue.code === 'invalid_value')
    return {
      kind: 'wrong-type',
      at,
      expected: issue.values.map((v) => JSON.stringify(v)).join(' or '),
    };
  return { kind: 'wrong-type', at, expected: 'another value' };
};

const patternProblem = (at: string, pattern: string): ProfileProblem | undefined => {
  try {
    new RegExp(pattern);
    return undefined;
  } catch (error) {
    return {
      kind: 'bad-pattern',
      at,
      pattern,
      detail: error instanceof Error ? error.message : String(error),
    };
  }
};

/** The prefix template, with the fields as placeholders of their own. */
const prefixProblem = (template: string, fields: readonly string[]): ProfileProblem | undefined => {
  const at = 'names.prefix';
  const first = prefixTemplateProblem(template);
  if (first !== undefined && first.kind !== 'unknown-placeholder')
    return { kind: 'bad-template', at, template, problem: first };
  const known = [...PREFIX_PLACEHOLDERS, ...fields];
  let substituted = '';
  // `{{` and `}}` are literal braces, `{...}` a placeholder.
  for (let i = 0; i < template.length;) {
    const c = template[i] ?? '';
    if ((c === '{' || c === '}') && template[i + 1] === c) {
      substituted += c + c;
      i += 2;
      continue;
    }
    if (c !== '{') {
      substituted += c;
      i++;
      continue;
    }
    const close = template.indexOf('}', i);
    const open = template.indexOf('{', i + 1);
    if (close < 0 || (open >= 0 && open < close))
      return { kind: 'bad-template', at, template, problem: { kind: 'unbalanced-brace', at: i } };
    const name = template.slice(i + 1, close).trim();
    if (!known.includes(name)) return { kind: 'unknown-placeholder', at, placeholder: name, known };
    // A field fills one segment as a known placeholder does: judge the segments with one.
    substituted += fields.includes(name) ? '{site}' : template.slice(i, close + 1);
    i = close + 1;
  }
  const shape = prefixTemplateProblem(substituted);
  return shape === undefined || shape.kind === 'unknown-placeholder'
    ? undefined
    : { kind: 'bad-template', at, template, problem: shape };
};

/** The text read as JSON, a profile of a format and version this Depot reads, of its shape (zod). */
const parseShape = (text: string): ParsedProfile => {
  const fail = (problem: ProfileProblem): ParsedProfile => ({ ok: false, problem });
  if (text.length > MAX_PROFILE_BYTES)
    return fail({ kind: 'too-large', maxBytes: MAX_PROFILE_BYTES });
  let json: unknown;
  try {
    json = JSON.parse(text.replace(/^\uFEFF/, ''));
  } catch (error) {
    return fail({
      kind: 'not-json',
      detail: error instanceof Error ? error.message : String(error),
    });
  }
  if (!isObject(json) || json['format'] !== PROFILE_FORMAT) return fail({ kind: 'not-a-profile' });
  const version = json['version'];
  if (version === undefined) return fail({ kind: 'missing', at: 'version' });
  if (!(PROFILE_VERSIONS as readonly unknown[]).includes(version))
    return fail({ kind: 'unknown-version', version: JSON.stringify(version) });
  const destination = json['destination'];
  if (
    isObject(destination) &&
    typeof destination['kind'] === 'string' &&
    !(DESTINATION_KINDS as readonly string[]).includes(destination['kind'])
  )
    return fail({ kind: 'unknown-destination', destination: destination['kind'] });
  const parsed = programmeProfileSchema.safeParse(json);
  if (!parsed.success) {
    const [issue] = parsed.error.issues;
    return fail(issue === undefined ? { kind: 'not-a-profile' } : problemOfIssue(json, issue));
  }
  return { ok: true, profile: parsed.data };
};

/** Field names free and unique, each field's pattern a regular expression, in the fields' order. */
const fieldsProblem = (profile: ProgrammeProfile): ProfileProblem | undefined => {
  const names: string[] = [];
  for (const [i, field] of profile.fields.entries()) {
    const at = `fields[${i}].name`;
    if (RESERVED_FIELD_NAMES.includes(field.name))
      return { kind: 'reserved-field', at, name: field.name };
    if (names.includes(field.name)) return { kind: 'duplicate-field', at, name: field.name };
    names.push(field.name);
    const bad = patternProblem(`fields[${i}].pattern`, field.pattern);
    if (bad !== undefined) return bad;
  }
  return undefined;
};

/**
 * A portal places each file itself, from its name alone: no folder in front of it, no folder in
 * it (the API refuses "/" in a name), and a name the profile makes, not the card's path.
 */
const portalNamesProblem = (profile: ProgrammeProfile): ProfileProblem | undefined => {
  if (profile.destination.kind === 's3') return undefined;
  const { prefix, object } = profile.names;
  if (prefix !== '')
    return {
      kind: 'bad-template',
      at: 'names.prefix',
      template: prefix,
      problem: { kind: 'portal-folder' },
    };
  if (object === undefined) return { kind: 'missing', at: 'names.object' };
  if (object.includes('/'))
    return {
      kind: 'bad-template',
      at: 'names.object',
      template: object,
      problem: { kind: 'portal-folder' },
    };
  return undefined;
};

/** The object's name template, with the fields as placeholders of their own. */
const objectProblem = (
  template: string | undefined,
  fields: readonly string[],
): ProfileProblem | undefined => {
  if (template === undefined) return undefined;
  const at = 'names.object';
  const object = parseNameTemplate(template);
  if (!object.ok) return { kind: 'bad-template', at, template, problem: object.problem };
  const known = [...NAME_PLACEHOLDERS, ...fields];
  const unknown = placeholdersOf(object.value).find((p) => !known.includes(p));
  return unknown === undefined
    ? undefined
    : { kind: 'unknown-placeholder', at, placeholder: unknown, known };
};

/**
 * Reads a profile's text: JSON, the format and a version this Depot reads, the shape (zod), then
 * what the shape cannot say: field names free and unique, every pattern a regular expression,
 * every template's placeholders known, the zone a real one. The first problem refuses the whole
 * profile: nothing of a bad profile is ever used.
 */
export const parseProgrammeProfile = (text: string): ParsedProfile => {
  const shaped = parseShape(text);
  if (!shaped.ok) return shaped;
  const { profile } = shaped;
  const names = profile.fields.map((field) => field.name);
  const pattern = profile.names.pattern;
  const zone = profile.defaults.timeZone;
  const problem =
    fieldsProblem(profile) ??
    (pattern === undefined ? undefined : patternProblem('names.pattern', pattern)) ??
    portalNamesProblem(profile) ??
    prefixProblem(profile.names.prefix, names) ??
    objectProblem(profile.names.object, names) ??
    (zone !== undefined && !isValidTimeZone(zone)
      ? { kind: 'bad-value', at: 'defaults.timeZone', value: zone, rule: 'time-zone' }
      : undefined);
  return problem === undefined ? { ok: true, profile } : { ok: false, problem };
};
