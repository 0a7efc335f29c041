import type { PreflightReport } from '../../shared/field/PreflightReport';
import { withProblems } from '../../shared/field/withProblems';
import { nameFiles } from '../../shared/programme/nameFiles';
import type { NightInputs } from './NightInputs';
import type { NamingProgramme } from './NamingProgramme';

/**
 * The programme's names of the nights a command takes (`nameFiles`), before any network contact:
 * the report gains the names' problems (they block like the pre-flight's own), and each night its
 * names. With `--skip-invalid`, a file that cannot be named is left out of its night, as the
 * pre-flight's blocking files are.
 */
export const nameNights = (
  report: PreflightReport,
  nights: readonly NightInputs[],
  programme: NamingProgramme,
  skipInvalid: boolean,
): { readonly report: PreflightReport; readonly nights: readonly NightInputs[] } => {
  const named = nameFiles(
    report,
    programme.profile.names,
    programme.fields,
    nights.map((n) => ({
      ...(n.night === undefined ? {} : { night: n.night }),
      relPaths: n.include,
    })),
    programme.profile.destination.kind === 'vigiechiro' ? 'vigiechiro' : undefined,
  );
  return {
    report: withProblems(report, named.problems),
    nights: nights.map((n) => ({
      ...n,
      include: skipInvalid ? n.include.filter((p) => named.names.has(p)) : n.include,
      names: named.names,
    })),
  };
};
