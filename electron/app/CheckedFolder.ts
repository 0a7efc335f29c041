import type { PlanMetadata } from '../../shared/field/planMetadata';
import type { ScanResult } from '../../shared/field/ScanResult';
import type { NightFiles } from '../../shared/field/splitByNight';
import type { PreflightView } from '../../shared/ipc/views';
import type { NightSpan } from '../../shared/portal/nightSpan';
import type { NamedFiles, NightOfFiles } from '../../shared/programme/nameFiles';
import type { ProgrammeNames } from '../../shared/programme/ProgrammeProfile';

/** How a programme's profile reads a folder: its recorders' zone, and the files it takes. */
export type FolderReading = {
  /** The IANA zone of timestamps written without an offset. */
  readonly tz?: string;
  readonly names?: ProgrammeNames;
  /** The programme's nights go to its portal: its own rules judge the names too (ADR 0032). */
  readonly portal?: 'vigiechiro';
};

/** A folder's pre-flight report, with what planning needs of it. */
export type CheckedFolder = {
  /** The scan the report was made from: the plans are made of it too (one snapshot, issue 13). */
  readonly scan: ScanResult;
  readonly view: PreflightView;
  /** `{site}`, `{night}`, `{serial}`... from the files, overridden by what the volunteer entered. */
  values(entered: Readonly<Record<string, string>>): Readonly<Record<string, string | undefined>>;
  /**
   * What a night's manifest records of the pre-flight (`planMetadata`): its recorder, zone,
   * counts and length; one night's own when the folder holds several. As the command line's.
   */
  metadata(entered: {
    readonly site?: string;
    readonly point?: string;
    readonly night?: string;
  }): PlanMetadata;
  /** The files to deposit: `depositableFiles` of the report (skips left out, blocking ones too if chosen). */
  depositable(options: { readonly skipBlocking: boolean }): readonly string[];
  /** Those files night by night (`splitByNight`): empty when no file is dated. */
  byNight(include: readonly string[]): readonly NightFiles[];
  /** When these files' recordings ran (a participation's dates), when their times are known. */
  span(relPaths: readonly string[]): NightSpan | undefined;
  /** A programme's names of these nights' files, and what blocks (`nameFiles`). */
  name(
    names: ProgrammeNames,
    fields: Readonly<Record<string, string>>,
    nights: readonly NightOfFiles[],
  ): NamedFiles;
};
