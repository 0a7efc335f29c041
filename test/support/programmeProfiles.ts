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

export const profileText = (profile: Readonly<Record<string, unknown>>): string =>
  JSON.stringify(profile, null, 2) + '\n';
