/**
 * Programme profiles for the tests: the README's Vigie-Chiro point-fixe example, pointed at the
 * test's own server. Written as a coordinator writes the file (JSON text), so the tests read it
 * through the same parser as a volunteer's Depot.
 */
export type ProfileTarget = {
  readonly endpoint: string;
  readonly region: string;
  readonly bucket: string;
  readonly pathStyle?: boolean;
};

/** The point-fixe names of Vigie-Chiro's server (`validate_donnee_name`), Pass ≠ 0, `.wav` only. */
export const VIGIE_CHIRO_POINT_FIXE =
  'Car.+-[0-9]{4}-Pass(0?[1-9]|[1-9][0-9])-(([A-H][12])|(Z[1-9][0-9]*))-.*[0-9]{8}_[0-9]{6}_[0-9]{3}\\.wav';

export const vigieChiroProfile = (
  target: ProfileTarget,
  overrides: Readonly<Record<string, unknown>> = {},
): Record<string, unknown> => ({
  format: 'depot-programme',
  version: 1,
  name: 'Vigie-Chiro — point fixe (exemple)',
  destination: {
    kind: 's3',
    endpoint: target.endpoint,
    region: target.region,
    pathStyle: target.pathStyle ?? true,
    bucket: target.bucket,
  },
  names: {
    prefix: 'Car{carre}/{year}/Pass{passage}/{point}/{night}',
    object: 'Car{carre}-{year}-Pass{passage}-{point}-{detecteur}_{date}_{time}_{ms}.{ext:lower}',
    pattern: VIGIE_CHIRO_POINT_FIXE,
    otherFiles: 'skip',
  },
  fields: [
    {
      name: 'carre',
      label: { fr: 'Carré', en: 'Square' },
      pattern: '^\\d{6}$',
      example: '640123',
    },
    {
      name: 'passage',
      label: { fr: 'Passage', en: 'Visit' },
      pattern: '^[1-9]\\d?$',
      example: '1',
    },
    {
      name: 'point',
      label: { fr: 'Point', en: 'Point' },
      pattern: '^(Z[1-9]\\d*|[A-H][12])$',
      example: 'Z1',
    },
    {
      name: 'detecteur',
      label: { fr: 'Nom du détecteur', en: 'Detector’s name' },
      pattern: '^[A-Za-z0-9-]{1,32}$',
      example: 'SM4-07',
    },
  ],
  defaults: { timeZone: 'Europe/Paris', concurrency: 4, bandwidthLimitBytesPerSec: null },
  ...overrides,
});

/**
 * The same programme with its nights going to the Vigie-Chiro portal (issue 33): no bucket, no
 * prefix (the portal places each file), the point-fixe names made by the profile.
 */
export const vigieChiroPortalProfile = (
  portal: { readonly api: string; readonly signIn: string },
  overrides: Readonly<Record<string, unknown>> = {},
): Record<string, unknown> => {
  const s3 = vigieChiroProfile({
    endpoint: 'https://unused.example.org',
    region: 'x',
    bucket: 'xxx',
  });
  return {
    ...s3,
    name: 'Vigie-Chiro — point fixe, portail (exemple)',
    destination: { kind: 'vigiechiro', api: portal.api, signIn: portal.signIn },
    names: { ...(s3['names'] as Record<string, unknown>), prefix: '' },
    ...overrides,
  };
};

export const profileText = (profile: Readonly<Record<string, unknown>>): string =>
  JSON.stringify(profile, null, 2) + '\n';

/**
 * Each real recording (`realRecordings.ts`) and the key the example profile gives it with the
 * fields carré 640123, passage 1, point Z1, detector SM4-07, written out by hand from the
 * recordings' own times (GUANO, the AudioMoth comment, the file name; Europe/Paris for the times
 * without an offset): `Car640123/<year>/Pass1/Z1/<night>/Car640123-<year>-Pass1-Z1-SM4-07_<date>_
 * <time>_<ms>.wav`. The card's README is not a recording: the profile leaves it out.
 */
export const realRecordingKeys: Readonly<Record<string, string>> = Object.fromEntries(
  Object.entries({
    '20170701_213954-MYOMYS-LR_0_0.5.wav':
      '2017/Pass1/Z1/2017-07-01/Car640123-2017-Pass1-Z1-SM4-07_20170701_213954_000.wav',
    '20180530_213516-EPTSER-LR_0_0.5.wav':
      '2018/Pass1/Z1/2018-05-30/Car640123-2018-Pass1-Z1-SM4-07_20180530_213516_000.wav',
    '20180627_215323-RHIFER-LR_0_0.5.wav':
      '2018/Pass1/Z1/2018-06-27/Car640123-2018-Pass1-Z1-SM4-07_20180627_215323_000.wav',
    'Echometer.wav':
      '2022/Pass1/Z1/2022-08-15/Car640123-2022-Pass1-Z1-SM4-07_20220815_213414_000.wav',
    '20230322_172000_selec2.wav':
      '2023/Pass1/Z1/2023-03-22/Car640123-2023-Pass1-Z1-SM4-07_20230322_172000_000.wav',
    '0166_20240531_223911.wav':
      '2024/Pass1/Z1/2024-05-31/Car640123-2024-Pass1-Z1-SM4-07_20240531_223911_000.wav',
    '0166_20240602_225340.wav':
      '2024/Pass1/Z1/2024-06-02/Car640123-2024-Pass1-Z1-SM4-07_20240602_225340_000.wav',
    // After midnight: the recording's own date, the night of the evening before.
    '0166_20240603_033731.wav':
      '2024/Pass1/Z1/2024-06-02/Car640123-2024-Pass1-Z1-SM4-07_20240603_033731_000.wav',
    '0166_20240603_033937.wav':
      '2024/Pass1/Z1/2024-06-02/Car640123-2024-Pass1-Z1-SM4-07_20240603_033937_000.wav',
    '0166_20240604_233500.wav':
      '2024/Pass1/Z1/2024-06-04/Car640123-2024-Pass1-Z1-SM4-07_20240604_233500_000.wav',
    // Upper-case `.WAV` on the card: Vigie-Chiro refuses it, the profile lower-cases it.
    'Audiomoth.WAV':
      '2024/Pass1/Z1/2024-09-03/Car640123-2024-Pass1-Z1-SM4-07_20240903_202615_000.wav',
    'AudiomothNoBatCalls.WAV':
      '2024/Pass1/Z1/2024-09-03/Car640123-2024-Pass1-Z1-SM4-07_20240903_193130_000.wav',
  }).map(([file, key]) => [file, `Car640123/${key}`]),
);

/** The fields those keys were made with. */
export const realRecordingFields = {
  carre: '640123',
  passage: '1',
  point: 'Z1',
  detecteur: 'SM4-07',
} as const;
