import { describe, expect, it } from 'vitest';
import { expandPrefix, PrefixTemplateError } from '../../../shared/field/expandPrefix';
import type { PreflightReport } from '../../../shared/field/PreflightReport';
import { planMetadata } from '../../../shared/field/planMetadata';
import { prefixValues } from '../../../shared/field/prefixValues';
import { prefixTemplateProblem } from '../../../shared/field/prefixTemplateProblem';

describe('expandPrefix', () => {
  const values = { site: 'Car170517', point: 'C1', night: '2026-06-12', serial: undefined };

  it('fills placeholders and keeps literal text and escaped braces', () => {
    expect(expandPrefix('{site}/{night}/', values)).toBe('Car170517/2026-06-12/');
    expect(expandPrefix('vigie-chiro/{site}-{point}/{night}', values)).toBe(
      'vigie-chiro/Car170517-C1/2026-06-12',
    );
    expect(expandPrefix('{{literal}}/{ site }', values)).toBe('{literal}/Car170517');
    expect(expandPrefix('', values)).toBe('');
    expect(expandPrefix('Sa\u0302one/{site}', values)).toBe('S\u00e2one/Car170517');
  });

  it('names an unknown placeholder and lists the known ones', () => {
    expect(() => expandPrefix('{site}/{nigth}/', values)).toThrow(PrefixTemplateError);
    expect(() => expandPrefix('{site}/{nigth}/', values)).toThrow(
      'unknown placeholder {nigth} (known: {night}, {point}, {serial}, {site})',
    );
  });

  it('names a placeholder without a value', () => {
    expect(() => expandPrefix('{serial}/', values)).toThrow('no value for {serial}');
    expect(() => expandPrefix('{site}/', { site: '  ' })).toThrow('no value for {site}');
  });

  it('refuses values that would add key segments, and unbalanced braces', () => {
    expect(() => expandPrefix('{site}/', { site: 'a/b' })).toThrow(/may not contain/);
    expect(() => expandPrefix('{site}/', { site: '..' })).toThrow(/may not contain/);
    expect(() => expandPrefix('{site}/', { site: 'a\tb' })).toThrow(/may not contain/);
    expect(() => expandPrefix('{site/', values)).toThrow(/"\{" without "\}"/);
    expect(() => expandPrefix('site}/', values)).toThrow(/"\}" without "\{"/);
  });
});

describe('prefixValues', () => {
  const report = (nights: string[]): PreflightReport =>
    ({
      nights: nights.map((night) => ({ night, files: 1, firstAt: '', lastAt: '' })),
      metadata: {
        site: 'SITE01',
        serials: ['AB'],
        serial: 'AB',
        make: 'Depot',
        sampleRates: [],
        totalDurationSec: 0,
      },
    }) as unknown as PreflightReport;

  it('fills site, night and its parts from a one-night report; overrides win', () => {
    expect(expandPrefix('{site}/{year}/{night}/', prefixValues(report(['2026-06-12'])))).toBe(
      'SITE01/2026/2026-06-12/',
    );
    expect(
      expandPrefix(
        '{site}/{month}/{night}',
        prefixValues(report(['2026-06-12']), { site: 'Parc', night: '2026-07-01' }),
      ),
    ).toBe('Parc/07/2026-07-01');
  });

  it('leaves {night} undefined when the folder holds several nights', () => {
    expect(() =>
      expandPrefix('{night}/', prefixValues(report(['2026-06-12', '2026-06-13']))),
    ).toThrow('no value for {night}');
  });
});

describe('planMetadata', () => {
  it('keeps the night, recorder, zone, counts and problem counts; overrides win', () => {
    const report = {
      nights: [
        {
          night: '2026-06-12',
          files: 2,
          firstAt: '2026-06-12T21:00:00+02:00',
          lastAt: '2026-06-13T05:00:00+02:00',
        },
      ],
      metadata: {
        site: 'SITE01',
        serials: ['AB'],
        serial: 'AB',
        make: 'Depot',
        model: 'M',
        sampleRates: [384000],
        totalDurationSec: 12.5,
      },
      timeZone: { zone: 'UTC+02:00', source: 'file-offset', sources: {}, offsets: ['+02:00'] },
      totalFiles: 3,
      totalBytes: 300,
      counts: { valid: 2, empty: 1, 'header-only': 0, truncated: 0, 'not-wav': 0, companion: 0 },
      problems: [
        { relPath: 'x.wav', class: 'empty', decision: 'skip', message: { fr: '', en: '' } },
      ],
      scan: { skippedJunk: { count: 4, paths: [] }, refused: [] },
    } as unknown as PreflightReport;
    expect(planMetadata(report, { point: 'Z2' })).toEqual({
      site: 'SITE01',
      point: 'Z2',
      night: '2026-06-12',
      nights: ['2026-06-12'],
      firstAt: '2026-06-12T21:00:00+02:00',
      lastAt: '2026-06-13T05:00:00+02:00',
      make: 'Depot',
      model: 'M',
      serial: 'AB',
      serials: ['AB'],
      timeZone: { zone: 'UTC+02:00', source: 'file-offset' },
      sampleRates: [384000],
      totalDurationSec: 12.5,
      totalFiles: 3,
      totalBytes: 300,
      counts: { valid: 2, empty: 1, 'header-only': 0, truncated: 0, 'not-wav': 0, companion: 0 },
      problems: { empty: 1 },
      skippedJunk: 4,
    });
  });
});

describe('prefixTemplateProblem (issue 12)', () => {
  const values = { site: 'S', point: 'P', night: '2026-06-12' };
  const cases: readonly [string, string | undefined][] = [
    ['{site}/{point}/{night}', undefined],
    ['{site}/{night}/', undefined],
    ['', undefined],
    ['vigie/{{x}}/{site}', undefined],
    ['..', 'dot-segment'],
    ['a/../b', 'dot-segment'],
    ['{site}/./b', 'dot-segment'],
    ['../{site}', 'dot-segment'],
    ['/etc/abs', 'leading-slash'],
    ['a//b', 'empty-segment'],
    ['a\\b', 'backslash'],
    ['a\u0007b', 'control-character'],
    ['a\nb', 'control-character'],
    ['{sit}/', 'unknown-placeholder'],
    ['{site', 'unbalanced-brace'],
    ['x'.repeat(513), 'too-long'],
  ];
  it.each(cases)('%j -> %s', (template, kind) => {
    expect(prefixTemplateProblem(template)?.kind).toBe(kind);
  });

  it('expandPrefix refuses the templates that escape the prefix, with what to do', () => {
    expect(() => expandPrefix('..', values)).toThrow('has a ".." segment');
    expect(() => expandPrefix('a/../b', values)).toThrow(PrefixTemplateError);
    expect(() => expandPrefix('/etc/abs', values)).toThrow('without the leading slash');
    expect(() => expandPrefix('a\u0001b', values)).toThrow('prefix "a\\x01b" contains a control');
  });
});
