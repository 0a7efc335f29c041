import type { PreflightReport } from './PreflightReport';

/**
 * The relative paths a plan should hold after the pre-flight: every file except those whose
 * problem says skip (empty, header-only, extra copies...) and, when the volunteer chose to skip
 * invalid files (`--skip-invalid`), those that block. Files the scanner refused are never in
 * `report.files`. Folder-level problems (relPath '') remove nothing.
 */
export const depositableFiles = (
  report: PreflightReport,
  opts: { readonly skipBlocking: boolean },
): readonly string[] => {
  const excluded = new Set(
    report.problems
      .filter(
        (p) =>
          p.relPath !== '' &&
          (p.decision === 'skip' || (opts.skipBlocking && p.decision === 'block')),
      )
      .map((p) => p.relPath),
  );
  return report.files.map((f) => f.relPath).filter((relPath) => !excluded.has(relPath));
};
