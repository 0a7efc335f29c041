/**
 * A programme's profile (issue 29): the file a coordinator writes once and hands to every
 * volunteer. It fixes where nights go and under which names; the volunteer adds only a key and
 * the fields. Format `depot-programme`, version 1 (`parseProgrammeProfile` reads it).
 */

/** The profile formats this Depot reads; any other version is refused, never guessed at. */
export const PROFILE_FORMAT = 'depot-programme';
export const PROFILE_VERSIONS = [1] as const;

/**
 * Where the programme's nights go: an S3-compatible bucket, or the programme's own portal
 * (issue 33), which decides each file's place itself and takes a volunteer's sign-in instead of a
 * key (ADR 0032).
 */
export type ProgrammeDestination =
  | {
      readonly kind: 's3';
      readonly endpoint: string;
      readonly region: string;
      /** `https://endpoint/bucket/key` addressing (most servers that are not AWS). */
      readonly pathStyle: boolean;
      readonly bucket: string;
    }
  | {
      /** Vigie-Chiro's API (facts: ../shared/programmes/vigiechiro-api.md). */
      readonly kind: 'vigiechiro';
      /** The API's base address (`https://vigiechiro.herokuapp.com`). */
      readonly api: string;
      /** The sign-in page, which ends on the portal's front with `#/?token=...`. */
      readonly signIn: string;
    };

/** The kinds of destination this Depot knows. */
export const DESTINATION_KINDS = ['s3', 'vigiechiro'] as const;

/** A value the volunteer gives (carré, point, passage...), shown with its label in their language. */
export type ProgrammeField = {
  /** The placeholder's name in the templates: `{carre}`. */
  readonly name: string;
  readonly label: { readonly fr: string; readonly en: string };
  /** A JavaScript regular expression the whole value must match (`^\d{6}$`). */
  readonly pattern: string;
  /** Shown as a hint beside the field. */
  readonly example?: string;
};

/** What a file that is not a recording (a `CONFIG.TXT`) becomes: named like the others, or left out. */
export type OtherFiles = 'deposit' | 'skip';

export type ProgrammeNames = {
  /** The night's key prefix: the prefix placeholders (`{night}`, `{serial}`...) and the fields. */
  readonly prefix: string;
  /**
   * Each file's object name under the prefix (`Car{carre}-...-{date}_{time}_{ms}.{ext:lower}`);
   * absent: a file keeps its path on the card, as without a profile.
   */
  readonly object?: string;
  /** A regular expression every object name (what follows the prefix) must match, whole. */
  readonly pattern?: string;
  readonly otherFiles: OtherFiles;
};

export type ProgrammeDefaults = {
  /** The recorders' IANA zone, for timestamps written without an offset; `--tz` still wins. */
  readonly timeZone?: string;
  readonly concurrency?: number;
  readonly bandwidthLimitBytesPerSec?: number | null;
};

export type ProgrammeProfile = {
  readonly format: typeof PROFILE_FORMAT;
  readonly version: (typeof PROFILE_VERSIONS)[number];
  readonly name: string;
  readonly destination: ProgrammeDestination;
  readonly names: ProgrammeNames;
  readonly fields: readonly ProgrammeField[];
  readonly defaults: ProgrammeDefaults;
};
