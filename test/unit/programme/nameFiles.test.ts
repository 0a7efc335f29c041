import { describe, expect, it } from 'vitest';
import type { PreflightFile, PreflightReport } from '../../../shared/field/PreflightReport';
import { recordingsSummary } from '../../../shared/field/recordingsSummary';
import { fillNameTemplate, parseNameTemplate } from '../../../shared/programme/NameTemplate';
import { nameFiles, skipOtherFiles } from '../../../shared/programme/nameFiles';
import { recorderNamePart } from '../../../shared/programme/nameValues';
import type { ProgrammeNames } from '../../../shared/programme/ProgrammeProfile';
import { VIGIE_CHIRO_POINT_FIXE } from '../../support/programmeProfiles';

/** A pre-flight report of these files, as much of it as names read. */
const reportOf = (files: readonly PreflightFile[]): PreflightReport => {
  const nights = [
    ...new Set(files.flatMap((f) => (f.night === undefined ? [] : [f.night]))),
  ].sort();
  return {
    root: '/card',
    totalFiles: files.length,
    totalBytes: 0,
    counts: {
      valid: files.length,
      empty: 0,
      'header-only': 0,
      truncated: 0,
      'not-wav': 0,
      companion: 0,
    },
    problems: [],
    duplicates: [],
    nights: nights.map((night) => ({ night, files: 1, firstAt: '', lastAt: '' })),
    timeZone: {
      zone: null,
      source: 'none',
      sources: { 'file-offset': 0, volunteer: 0, none: 0 },
      offsets: [],
    },
    metadata: recordingsSummary(files),
    scan: { skippedJunk: { count: 0, paths: [] }, depotFolders: [], refused: [] },
    files,
  };
};

const wav = (
  relPath: string,
  at: string | undefined,
  extra: Partial<PreflightFile> = {},
): PreflightFile => ({
  relPath,
  size: 100,
  class: 'valid',
  ...(at === undefined ? {} : { recordedAt: at, night: at.slice(0, 10) }),
  ...extra,
});

const vigieChiro: ProgrammeNames = {
  prefix: 'Car{carre}/{night}',
  object: 'Car{carre}-{year}-Pass{passage}-{point}-{detecteur}_{date}_{time}_{ms}.{ext:lower}',
  pattern: VIGIE_CHIRO_POINT_FIXE,
  otherFiles: 'skip',
};
const fields = { carre: '640123', passage: '1', point: 'Z1', detecteur: 'SM4-07' };

const namesOf = (
  files: readonly PreflightFile[],
  names: ProgrammeNames = vigieChiro,
  given: Readonly<Record<string, string>> = fields,
) => {
  const report = reportOf(files);
  const nights =
    report.nights.length === 0
      ? [{ relPaths: files.map((f) => f.relPath) }]
      : report.nights.map((n) => ({
          night: n.night,
          relPaths: files
            .filter((f) => (f.night ?? report.nights[0]?.night) === n.night)
            .map((f) => f.relPath),
        }));
  const named = nameFiles(report, names, given, nights);
  return {
    names: Object.fromEntries(named.names),
    problems: named.problems.map((p) => ({
      relPath: p.relPath,
      class: p.class,
      en: p.message.en,
      fr: p.message.fr,
      decision: p.decision,
    })),
  };
};

describe('a programme’s object names', () => {
  // [what, the file, its name]
  const named: readonly (readonly [string, PreflightFile, string])[] = [
    [
      'a BATLOGGER’s recording, its GUANO time placed in Europe/Paris',
      wav('0166_20240531_223911.wav', '2024-05-31T22:39:11+02:00', { serial: '22060166' }),
      'Car640123-2024-Pass1-Z1-SM4-07_20240531_223911_000.wav',
    ],
    [
      'a recording whose GUANO gives milliseconds',
      wav('DATA/S4U_20140702_224038.wav', '2014-07-02T22:40:38+02:00', { recordedMillis: 761 }),
      'Car640123-2014-Pass1-Z1-SM4-07_20140702_224038_761.wav',
    ],
    [
      'an AudioMoth’s upper-case .WAV, lower-cased as the portal requires',
      wav('Audiomoth.WAV', '2024-09-03T21:15:00+01:00'),
      'Car640123-2024-Pass1-Z1-SM4-07_20240903_211500_000.wav',
    ],
    [
      'a recording after midnight: its own date, its night’s year',
      wav('x_20241231_233000.wav', '2025-01-01T01:30:00', { night: '2024-12-31' }),
      'Car640123-2024-Pass1-Z1-SM4-07_20250101_013000_000.wav',
    ],
  ];

  it.each(named)('names %s', (_what, file, name) => {
    expect(namesOf([file])).toEqual({ names: { [file.relPath]: name }, problems: [] });
  });

  // [template, the file, its name]
  const placeholders: readonly (readonly [string, PreflightFile, string])[] = [
    ['{stem}.{ext}', wav('a/REC_01.WAV', '2026-06-12T21:00:00'), 'REC_01.WAV'],
    ['{stem}.{ext:upper}', wav('rec.wav', '2026-06-12T21:00:00'), 'rec.WAV'],
    [
      '{night}/{stem}.{ext}',
      wav('rec.wav', '2026-06-13T01:00:00', { night: '2026-06-12' }),
      '2026-06-12/rec.wav',
    ],
    ['{year}{month}{day}-{time}.{ext}', wav('r.wav', '2026-06-12T21:05:09'), '20260612-210509.wav'],
    [
      '{serial}_{date}.{ext}',
      wav('r.wav', '2026-06-12T21:00:00', { serial: 'S4U12345' }),
      'S4U12345_20260612.wav',
    ],
    [
      '{recorder}_{date}.{ext}',
      wav('r.wav', '2026-06-12T21:00:00', { serial: '24E144055E080032' }),
      '24E144055E080032_20260612.wav',
    ],
    [
      '{recorder}_{date}.{ext}',
      wav('r.wav', '2022-08-15T21:34:14+01:00', {
        make: 'Wildlife Acoustics',
        model: 'Echo Meter Touch 2 Standard Android',
      }),
      'Wildlife-Acoustics-Echo-Meter-Touch-2-Standard-Android_20220815.wav',
    ],
    [
      '{make}-{model}.{ext}',
      wav('r.wav', '2026-06-12T21:00:00', { make: 'Elekon', model: 'BATLOGGER S2' }),
      'Elekon-BATLOGGER S2.wav',
    ],
    ['{{{carre}}}.{ext}', wav('r.wav', '2026-06-12T21:00:00'), '{640123}.wav'],
  ];

  it.each(placeholders)('fills %s', (object, file, name) => {
    expect(namesOf([file], { prefix: '', object, otherFiles: 'deposit' })).toEqual({
      names: { [file.relPath]: name },
      problems: [],
    });
  });

  it('keeps each file’s path on the card when the profile gives no object name, and still checks the pattern', () => {
    const files = [
      wav('DATA/Car640123-2024-Pass1-Z1-x_20240531_223911_000.wav', '2024-05-31T22:39:11'),
      wav('DATA/REC.wav', '2024-05-31T23:00:00'),
    ];
    expect(
      namesOf(files, {
        prefix: '',
        pattern: 'DATA/' + VIGIE_CHIRO_POINT_FIXE,
        otherFiles: 'deposit',
      }),
    ).toEqual({
      names: {
        'DATA/Car640123-2024-Pass1-Z1-x_20240531_223911_000.wav':
          'DATA/Car640123-2024-Pass1-Z1-x_20240531_223911_000.wav',
      },
      problems: [
        expect.objectContaining({
          relPath: 'DATA/REC.wav',
          class: 'name-mismatch',
          decision: 'block',
        }),
      ],
    });
  });

  it('takes the night’s recorder for a file that names none (a companion)', () => {
    const files = [
      wav('A_20260612_210000.wav', '2026-06-12T21:00:00', { serial: 'S4U1' }),
      wav('B_20260612_220000.wav', '2026-06-12T22:00:00', { serial: 'S4U1' }),
      { relPath: 'CONFIG.TXT', size: 10, class: 'companion' as const },
    ];
    expect(
      namesOf(files, { prefix: '', object: '{serial}/{stem}.{ext}', otherFiles: 'deposit' }).names,
    ).toEqual({
      'A_20260612_210000.wav': 'S4U1/A_20260612_210000.wav',
      'B_20260612_220000.wav': 'S4U1/B_20260612_220000.wav',
      'CONFIG.TXT': 'S4U1/CONFIG.TXT',
    });
  });

  // [what, the files, the problems: path, class, words of the English and French messages]
  const blocked: readonly (readonly [
    string,
    readonly PreflightFile[],
    ProgrammeNames,
    readonly (readonly [string, string, string, string])[],
  ])[] = [
    [
      'a recording with no timestamp, when the name needs one',
      [wav('REC0001.wav', undefined)],
      vigieChiro,
      [
        [
          'REC0001.wav',
          'name-missing-value',
          'needs {year}: the night, and no dated recording gives it',
          'demande {year}',
        ],
      ],
    ],
    [
      'an undated file beside dated ones, when the name needs its own time',
      [wav('A_20260612_210000.wav', '2026-06-12T21:00:00'), wav('REC0001.wav', undefined)],
      vigieChiro,
      [
        [
          'REC0001.wav',
          'name-missing-value',
          'needs {date}: the recording’s date and time, and none was found',
          'la date et l’heure de l’enregistrement',
        ],
      ],
    ],
    [
      'a file with no recorder, when the name needs its serial',
      [wav('r_20260612_210000.wav', '2026-06-12T21:00:00')],
      { prefix: '', object: '{serial}_{date}.{ext}', otherFiles: 'deposit' },
      [
        [
          'r_20260612_210000.wav',
          'name-missing-value',
          'needs {serial}: the recorder, and neither this file nor its night names it',
          'l’enregistreur',
        ],
      ],
    ],
    [
      'a file with no extension, when the name needs one',
      [wav('README', '2026-06-12T21:00:00')],
      { prefix: '', object: '{stem}.{ext}', otherFiles: 'deposit' },
      [
        [
          'README',
          'name-missing-value',
          'needs {ext}: an extension, and this file has none',
          'extension',
        ],
      ],
    ],
    [
      'a name the pattern refuses (no milliseconds)',
      [wav('r.wav', '2026-06-12T21:00:00')],
      {
        ...vigieChiro,
        object: 'Car{carre}-{year}-Pass{passage}-{point}-{detecteur}_{date}_{time}.wav',
      },
      [
        [
          'r.wav',
          'name-mismatch',
          'Its name for the programme, "Car640123-2026-Pass1-Z1-SM4-07_20260612_210000.wav", does not match the programme’s pattern',
          'ne suit pas le modèle du programme',
        ],
      ],
    ],
    [
      'an upper-case extension kept as is, which the portal refuses',
      [wav('Audiomoth.WAV', '2024-09-03T21:15:00+01:00')],
      {
        ...vigieChiro,
        object: 'Car{carre}-{year}-Pass{passage}-{point}-{detecteur}_{date}_{time}_{ms}.{ext}',
      },
      [
        [
          'Audiomoth.WAV',
          'name-mismatch',
          '_20240903_211500_000.WAV", does not match',
          'ne suit pas',
        ],
      ],
    ],
    [
      'two recordings of one second: one name for two files',
      [wav('a/r.wav', '2026-06-12T21:00:00'), wav('b/r.wav', '2026-06-12T21:00:00')],
      vigieChiro,
      [
        [
          'a/r.wav',
          'name-taken',
          'Would take the same name as b/r.wav: "Car640123-2026-Pass1-Z1-SM4-07_20260612_210000_000.wav"',
          'Prendrait le même nom que b/r.wav',
        ],
        ['b/r.wav', 'name-taken', 'Would take the same name as a/r.wav', 'que a/r.wav'],
      ],
    ],
  ];

  it.each(blocked)('blocks %s, naming the file', (_what, files, names, problems) => {
    const got = namesOf(files, names);
    expect(got.problems).toHaveLength(problems.length);
    for (const [i, [relPath, cls, en, fr]] of problems.entries()) {
      expect(got.problems[i]).toMatchObject({ relPath, class: cls, decision: 'block' });
      expect(got.problems[i]?.en).toContain(en);
      expect(got.problems[i]?.fr).toContain(fr);
      expect(got.problems[i]?.en).toContain('The night’s deposit waits for your decision.');
      expect(got.names[relPath]).toBeUndefined();
    }
  });

  it('blocks a value that would add a folder to the name', () => {
    const got = namesOf([wav('r.wav', '2026-06-12T21:00:00')], vigieChiro, {
      ...fields,
      detecteur: 'SM4/07',
    });
    expect(got.problems).toEqual([
      expect.objectContaining({ relPath: 'r.wav', class: 'name-unsafe', decision: 'block' }),
    ]);
    expect(got.problems[0]?.en).toContain('would take "SM4/07" for {detecteur}');
  });

  it('gives two nights the same name under their own prefixes: no collision', () => {
    const files = [wav('a.wav', '2026-06-12T21:00:00'), wav('b.wav', '2026-06-13T21:00:00')];
    const got = namesOf(files, {
      prefix: '{night}',
      object: 'Car{carre}.wav',
      otherFiles: 'deposit',
    });
    expect(got).toEqual({
      names: { 'a.wav': 'Car640123.wav', 'b.wav': 'Car640123.wav' },
      problems: [],
    });
  });

  it('leaves out what is not a recording when the profile takes recordings only', () => {
    const companion = {
      relPath: 'CONFIG.TXT',
      class: 'companion' as const,
      decision: 'deposit-anyway' as const,
      message: { fr: 'x', en: 'x' },
    };
    const report = {
      ...reportOf([
        wav('r.wav', '2026-06-12T21:00:00'),
        { relPath: 'CONFIG.TXT', size: 1, class: 'companion' },
      ]),
      problems: [companion],
    };
    // Said as left out, instead of "deposited as is".
    expect(skipOtherFiles(report, vigieChiro).problems).toEqual([
      {
        relPath: 'CONFIG.TXT',
        class: 'not-for-programme',
        decision: 'skip',
        message: {
          fr: 'Pas un enregistrement\u00a0: le profil du programme ne prend que les enregistrements. Il ne sera pas déposé (rien n’est effacé sur la carte).',
          en: 'Not a recording: the programme’s profile takes recordings only. It will not be deposited (nothing is deleted on the card).',
        },
      },
    ]);
    expect(skipOtherFiles(report, { ...vigieChiro, otherFiles: 'deposit' }).problems).toEqual([
      companion,
    ]);
  });
});

describe('an object-name template', () => {
  it('reads literal text, placeholders, modifiers and escaped braces', () => {
    expect(parseNameTemplate('{{a}}-{ stem }.{ext:lower}')).toEqual({
      ok: true,
      value: {
        template: '{{a}}-{ stem }.{ext:lower}',
        parts: [
          { kind: 'text', text: '{a}-' },
          { kind: 'placeholder', name: 'stem' },
          { kind: 'text', text: '.' },
          { kind: 'placeholder', name: 'ext', modifier: 'lower' },
        ],
      },
    });
  });

  const shapes: readonly (readonly [string, unknown])[] = [
    ['', { kind: 'empty' }],
    ['/{stem}', { kind: 'leading-slash' }],
    ['{stem}/', { kind: 'trailing-slash' }],
    ['a//{stem}', { kind: 'empty-segment' }],
    ['a/../{stem}', { kind: 'dot-segment', segment: '..' }],
    ['./{stem}', { kind: 'dot-segment', segment: '.' }],
    ['a\\{stem}', { kind: 'backslash' }],
    ['{stem', { kind: 'unbalanced-brace', at: 0 }],
    ['stem}', { kind: 'unbalanced-brace', at: 4 }],
    ['{ext:title}', { kind: 'bad-modifier', modifier: 'title' }],
    ['.depot/{stem}', { kind: 'depot-folder' }],
    ['x'.repeat(513), { kind: 'too-long', max: 512 }],
  ];

  it.each(shapes)('refuses %j', (template, problem) => {
    expect(parseNameTemplate(template)).toEqual({ ok: false, problem });
  });

  it('says which value is missing, and refuses values that would add a segment', () => {
    const t = parseNameTemplate('{a}-{b}.wav');
    if (!t.ok) throw new Error('parse');
    expect(fillNameTemplate(t.value, { a: 'x', b: 'y' })).toEqual({
      kind: 'name',
      name: 'x-y.wav',
    });
    expect(fillNameTemplate(t.value, { a: 'x' })).toEqual({ kind: 'missing', placeholder: 'b' });
    expect(fillNameTemplate(t.value, { a: ' ', b: 'y' })).toEqual({
      kind: 'missing',
      placeholder: 'a',
    });
    expect(fillNameTemplate(t.value, { a: 'x\\y', b: 'y' })).toEqual({
      kind: 'unsafe',
      placeholder: 'a',
      value: 'x\\y',
    });
    // NFC, as every key Depot writes.
    expect(fillNameTemplate(t.value, { a: 'Sa\u0302one', b: 'y' })).toEqual({
      kind: 'name',
      name: 'S\u00e2one-y.wav',
    });
  });

  it('makes one name segment of a recorder', () => {
    expect(recorderNamePart({ serial: 'S4U 12/345' })).toBe('S4U-12-345');
    expect(recorderNamePart({ make: 'Élekon', model: 'BATLOGGER S2' })).toBe('Elekon-BATLOGGER-S2');
    expect(recorderNamePart({})).toBeUndefined();
  });
});
