import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseProgrammeProfile } from '../../../shared/programme/parseProgrammeProfile';
import type { ProfileProblem } from '../../../shared/programme/ProfileProblem';
import { profileProblemText } from '../../../shared/programme/profileProblemText';
import {
  profileText,
  vigieChiroPortalProfile,
  vigieChiroProfile,
} from '../../support/programmeProfiles';

const target = { endpoint: 'https://s3.example.org', region: 'fr-par', bucket: 'vigie-chiro' };
const good = vigieChiroProfile(target);

/** The good profile with one part replaced (`undefined` removes it). */
const changed = (path: readonly (string | number)[], value: unknown): string => {
  const copy = structuredClone(good) as Record<string | number, unknown>;
  let here = copy;
  for (const key of path.slice(0, -1)) here = here[key] as Record<string | number, unknown>;
  const last = path.at(-1) ?? '';
  if (value === undefined) delete here[last];
  else here[last] = value;
  return profileText(copy);
};

describe('a programme profile', () => {
  it('reads the README’s example whole, with the defaults it leaves out', () => {
    const parsed = parseProgrammeProfile(profileText(good));
    expect(parsed).toMatchObject({
      ok: true,
      profile: {
        name: 'Vigie-Chiro — point fixe (exemple)',
        destination: { kind: 's3', bucket: 'vigie-chiro', pathStyle: true },
        names: { otherFiles: 'skip' },
        defaults: { timeZone: 'Europe/Paris', concurrency: 4 },
      },
    });
    const minimal = parseProgrammeProfile(
      JSON.stringify({
        format: 'depot-programme',
        version: 1,
        name: 'P',
        destination: { kind: 's3', ...target, pathStyle: false },
        names: { prefix: '{night}' },
        fields: [],
      }),
    );
    expect(minimal).toMatchObject({
      ok: true,
      profile: { names: { prefix: '{night}', otherFiles: 'deposit' }, defaults: {} },
    });
    // A byte-order mark some editors write is not a problem.
    expect(parseProgrammeProfile('\uFEFF' + profileText(good)).ok).toBe(true);
  });

  // Each bad profile, its one problem, and the one English line the command line prints.
  const refused: readonly (readonly [string, string, ProfileProblem, string])[] = [
    [
      'not JSON',
      '{"format": "depot-programme",',
      { kind: 'not-json', detail: expect.any(String) as string },
      'not JSON (',
    ],
    [
      'a manifest',
      '{"format":"depot-manifest/2"}',
      { kind: 'not-a-profile' },
      'not a programme profile',
    ],
    ['a list', '[]', { kind: 'not-a-profile' }, 'not a programme profile'],
    [
      'an unknown version',
      changed(['version'], 2),
      { kind: 'unknown-version', version: '2' },
      'version 2 is not one this Depot reads (1)',
    ],
    [
      'no version',
      changed(['version'], undefined),
      { kind: 'missing', at: 'version' },
      '"version" is missing',
    ],
    [
      'a portal this Depot does not know',
      changed(['destination', 'kind'], 'arbimon'),
      { kind: 'unknown-destination', destination: 'arbimon' },
      'destination kind "arbimon" is not one this Depot knows ("s3", "vigiechiro")',
    ],
    [
      'a missing bucket',
      changed(['destination', 'bucket'], undefined),
      { kind: 'missing', at: 'destination.bucket' },
      '"destination.bucket" is missing',
    ],
    [
      'a missing field label',
      changed(['fields', 1, 'label', 'en'], undefined),
      { kind: 'missing', at: 'fields[1].label.en' },
      '"fields[1].label.en" is missing',
    ],
    [
      'a key the format does not have',
      changed(['names', 'patern'], 'x'),
      { kind: 'unknown-key', at: 'names.patern' },
      '"names.patern" is not part of a profile (a typo?)',
    ],
    [
      'a string where a boolean goes',
      changed(['destination', 'pathStyle'], 'yes'),
      { kind: 'wrong-type', at: 'destination.pathStyle', expected: 'boolean' },
      '"destination.pathStyle" must be boolean',
    ],
    [
      'an endpoint that is not a URL',
      changed(['destination', 'endpoint'], 's3.example.org'),
      { kind: 'bad-value', at: 'destination.endpoint', value: 's3.example.org', rule: 'url' },
      '"destination.endpoint": "s3.example.org" is not an http(s) address',
    ],
    [
      'a bucket name S3 refuses',
      changed(['destination', 'bucket'], 'Vigie_Chiro'),
      { kind: 'bad-value', at: 'destination.bucket', value: 'Vigie_Chiro', rule: 'bucket' },
      'is not a bucket name',
    ],
    [
      'a field pattern that is not a regular expression',
      changed(['fields', 0, 'pattern'], '^\\d{6$('),
      {
        kind: 'bad-pattern',
        at: 'fields[0].pattern',
        pattern: '^\\d{6$(',
        detail: expect.any(String) as string,
      },
      '"fields[0].pattern": ^\\d{6$( is not a valid regular expression (',
    ],
    [
      'a name pattern that is not a regular expression',
      changed(['names', 'pattern'], 'Car[0-9'),
      {
        kind: 'bad-pattern',
        at: 'names.pattern',
        pattern: 'Car[0-9',
        detail: expect.any(String) as string,
      },
      'is not a valid regular expression',
    ],
    [
      'an unknown placeholder in the object name',
      changed(['names', 'object'], 'Car{carre}-{passge}_{date}.wav'),
      {
        kind: 'unknown-placeholder',
        at: 'names.object',
        placeholder: 'passge',
        known: expect.arrayContaining(['date', 'carre', 'passage']) as string[],
      },
      '"names.object": unknown placeholder {passge}',
    ],
    [
      'an unknown placeholder in the prefix',
      changed(['names', 'prefix'], 'Car{carre}/{sqaure}'),
      {
        kind: 'unknown-placeholder',
        at: 'names.prefix',
        placeholder: 'sqaure',
        known: expect.arrayContaining(['night', 'carre']) as string[],
      },
      '"names.prefix": unknown placeholder {sqaure}',
    ],
    [
      'a per-file placeholder in the prefix',
      changed(['names', 'prefix'], '{night}/{date}'),
      expect.objectContaining({
        kind: 'unknown-placeholder',
        placeholder: 'date',
      }) as ProfileProblem,
      'unknown placeholder {date}',
    ],
    [
      'an unbalanced brace after a field',
      changed(['names', 'prefix'], 'Car{carre}/{night'),
      {
        kind: 'bad-template',
        at: 'names.prefix',
        template: 'Car{carre}/{night',
        problem: { kind: 'unbalanced-brace', at: 11 },
      },
      'has an unbalanced "{" or "}" at 12',
    ],
    [
      'a prefix escaping upwards',
      changed(['names', 'prefix'], 'Car{carre}/../{night}'),
      {
        kind: 'bad-template',
        at: 'names.prefix',
        template: 'Car{carre}/../{night}',
        problem: { kind: 'dot-segment', segment: '..' },
      },
      'has a ".." segment',
    ],
    [
      'an object name ending in a folder',
      changed(['names', 'object'], '{stem}/'),
      {
        kind: 'bad-template',
        at: 'names.object',
        template: '{stem}/',
        problem: { kind: 'trailing-slash' },
      },
      'ends with "/"',
    ],
    [
      'an object name under the manifests’ folder',
      changed(['names', 'object'], '.depot/{stem}.{ext}'),
      expect.objectContaining({ problem: { kind: 'depot-folder' } }) as ProfileProblem,
      'where the nights’ manifests go',
    ],
    [
      'a modifier that does not exist',
      changed(['names', 'object'], '{stem}.{ext:small}'),
      expect.objectContaining({
        problem: { kind: 'bad-modifier', modifier: 'small' },
      }) as ProfileProblem,
      'uses ":small", which is not a modifier',
    ],
    [
      'a field named like a value Depot fills',
      changed(['fields', 0, 'name'], 'night'),
      { kind: 'reserved-field', at: 'fields[0].name', name: 'night' },
      'a field may not be called "night": Depot fills {night} itself',
    ],
    [
      'two fields of one name',
      changed(['fields', 1, 'name'], 'carre'),
      { kind: 'duplicate-field', at: 'fields[1].name', name: 'carre' },
      'two fields are called "carre"',
    ],
    [
      'a field name that cannot be a placeholder',
      changed(['fields', 0, 'name'], 'Carré'),
      { kind: 'bad-value', at: 'fields[0].name', value: 'Carré', rule: 'field-name' },
      'is not a field name',
    ],
    [
      'a time zone that does not exist',
      changed(['defaults', 'timeZone'], 'Europe/Pariss'),
      { kind: 'bad-value', at: 'defaults.timeZone', value: 'Europe/Pariss', rule: 'time-zone' },
      'is not a time zone',
    ],
    [
      'a bandwidth cap under the minimum',
      changed(['defaults', 'bandwidthLimitBytesPerSec'], 1000),
      {
        kind: 'bad-value',
        at: 'defaults.bandwidthLimitBytesPerSec',
        value: '1000',
        rule: 'bandwidth',
      },
      'is not a bandwidth cap',
    ],
    [
      'too many transfers',
      changed(['defaults', 'concurrency'], 64),
      { kind: 'bad-value', at: 'defaults.concurrency', value: '64', rule: 'concurrency' },
      'is not a number of transfers from 1 to 16',
    ],
    [
      'an empty name',
      changed(['name'], ' '),
      { kind: 'bad-value', at: 'name', value: ' ', rule: 'text' },
      '"name": " " must be a text',
    ],
  ];

  it.each(refused)('refuses %s with one line naming the problem', (_what, text, problem, line) => {
    const parsed = parseProgrammeProfile(text);
    expect(parsed).toEqual({ ok: false, problem });
    if (parsed.ok) return;
    const said = profileProblemText(parsed.problem);
    expect(said).toContain(line);
    expect(said).not.toContain('\n');
  });

  it('reads the profile the README gives coordinators, as the tests’ own', () => {
    const readme = readFileSync(join(import.meta.dirname, '..', '..', '..', 'README.md'), 'utf8');
    const section = readme.slice(readme.indexOf('## For a programme'));
    const json = /```json\n([\s\S]*?)```/.exec(section)?.[1] ?? '';
    const parsed = parseProgrammeProfile(json);
    expect(parsed.ok).toBe(true);
    const tests = parseProgrammeProfile(
      profileText(
        vigieChiroProfile({
          endpoint: 'https://s3.vigie-chiro.example.org',
          region: 'fr-par',
          bucket: 'vigie-chiro-nuits',
        }),
      ),
    );
    expect(parsed).toEqual(tests);
  });

  describe('naming a portal (issue 33)', () => {
    const portal = vigieChiroPortalProfile({
      api: 'https://vigiechiro.herokuapp.com',
      signIn: 'https://vigiechiro.herokuapp.com/login/google',
    });
    const portalChanged = (path: readonly string[], value: unknown): string => {
      const copy: Record<string, unknown> = structuredClone(portal);
      let here = copy;
      for (const key of path.slice(0, -1)) here = here[key] as Record<string, unknown>;
      const last = path.at(-1) ?? '';
      if (value === undefined) delete here[last];
      else here[last] = value;
      return profileText(copy);
    };

    it('reads its API and sign-in page, no bucket, its names made by the profile', () => {
      expect(parseProgrammeProfile(profileText(portal))).toMatchObject({
        ok: true,
        profile: {
          destination: {
            kind: 'vigiechiro',
            api: 'https://vigiechiro.herokuapp.com',
            signIn: 'https://vigiechiro.herokuapp.com/login/google',
          },
          names: { prefix: '' },
        },
      });
    });

    it.each([
      [
        'a prefix: the portal places each file itself',
        portalChanged(['names', 'prefix'], '{night}'),
        'names.prefix',
        'portal-folder',
      ],
      [
        'a folder in the name',
        portalChanged(['names', 'object'], '{night}/Car{carre}-{date}_{time}_{ms}.{ext:lower}'),
        'names.object',
        'portal-folder',
      ],
    ])('refuses %s', (_what, text, at, problem) => {
      const parsed = parseProgrammeProfile(text);
      expect(parsed).toMatchObject({
        ok: false,
        problem: { kind: 'bad-template', at, problem: { kind: problem } },
      });
      if (parsed.ok) return;
      expect(profileProblemText(parsed.problem)).toContain('the portal places each file itself');
    });

    it('refuses a portal profile without object names: the card’s paths are not the portal’s names', () => {
      expect(parseProgrammeProfile(portalChanged(['names', 'object'], undefined))).toEqual({
        ok: false,
        problem: { kind: 'missing', at: 'names.object' },
      });
    });

    it('refuses a sign-in page that is not an address', () => {
      expect(
        parseProgrammeProfile(portalChanged(['destination', 'signIn'], 'vigiechiro')),
      ).toMatchObject({
        ok: false,
        problem: { kind: 'bad-value', at: 'destination.signIn', rule: 'url' },
      });
    });
  });

  it('refuses a file far larger than any profile without reading it as JSON', () => {
    expect(parseProgrammeProfile(' '.repeat(300 * 1024))).toEqual({
      ok: false,
      problem: { kind: 'too-large', maxBytes: 256 * 1024 },
    });
  });
});
