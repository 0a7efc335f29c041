import type { NightFiles } from '../../shared/field/splitByNight';
import type { PreflightView } from '../../shared/ipc/views';

/** A folder's pre-flight report, with what planning needs of it. */
export type CheckedFolder = {
  readonly view: PreflightView;
  /** `{site}`, `{night}`, `{serial}`... from the files, overridden by what the volunteer entered. */
  values(entered: Readonly<Record<string, string>>): Readonly<Record<string, string | undefined>>;
  /** The files to deposit: `depositableFiles` of the report (skips left out, blocking ones too if chosen). */
  depositable(options: { readonly skipBlocking: boolean }): readonly string[];
  /** Those files night by night (`splitByNight`): empty when no file is dated. */
  byNight(include: readonly string[]): readonly NightFiles[];
};
