import { describe, expect, it } from 'vitest';
import {
  fieldProblems,
  fieldProblemText,
  fieldValues,
} from '../../../shared/programme/fieldProblems';
import { parseProgrammeProfile } from '../../../shared/programme/parseProgrammeProfile';
import { profileText, vigieChiroProfile } from '../../support/programmeProfiles';

const parsed = parseProgrammeProfile(
  profileText(
    vigieChiroProfile({
      endpoint: 'https://s3.example.org',
      region: 'fr-par',
      bucket: 'vigie-chiro',
    }),
  ),
);
if (!parsed.ok) throw new Error('the example profile must load');
const { fields } = parsed.profile;
const ok = { carre: '640123', passage: '1', point: 'Z1', detecteur: 'SM4-07' };

describe('the values a volunteer gives for a profile’s fields', () => {
  it('accepts values matching their patterns, trimmed', () => {
    expect(fieldProblems(fields, ok)).toEqual([]);
    expect(fieldProblems(fields, { ...ok, point: ' H2 ' })).toEqual([]);
    expect(fieldValues(fields, { ...ok, point: ' H2 ' })).toEqual({ ...ok, point: 'H2' });
  });

  // [what, the values, the one English line naming the field, its label and its pattern]
  const refused: readonly (readonly [string, Record<string, string>, string])[] = [
    [
      'a missing carré',
      { passage: '1', point: 'Z1', detecteur: 'a' },
      'the programme needs --field carre=VALUE (Square, matching ^\\d{6}$, e.g. 640123)',
    ],
    [
      'a carré of five digits',
      { ...ok, carre: '64012' },
      '--field carre="64012" does not match ^\\d{6}$ (Square, e.g. 640123)',
    ],
    [
      'a carré with a digit too many (the whole value must match)',
      { ...ok, carre: '6401234' },
      '--field carre="6401234" does not match',
    ],
    ['passage 0', { ...ok, passage: '0' }, '--field passage="0" does not match ^[1-9]\\d?$ (Visit'],
    [
      'point Z0',
      { ...ok, point: 'Z0' },
      '--field point="Z0" does not match ^(Z[1-9]\\d*|[A-H][12])$',
    ],
    ['point I1', { ...ok, point: 'I1' }, '--field point="I1" does not match'],
    ['an empty value', { ...ok, detecteur: '  ' }, 'the programme needs --field detecteur=VALUE'],
    [
      'a field the profile does not have',
      { ...ok, site: 'x' },
      '--field site: the programme has no such field (its fields: carre, passage, point, detecteur)',
    ],
  ];

  it.each(refused)('refuses %s in one line', (_what, given, line) => {
    const [first] = fieldProblems(fields, given);
    expect(first).toBeDefined();
    if (first === undefined) return;
    expect(fieldProblemText(first)).toContain(line);
  });
});
