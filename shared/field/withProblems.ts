import type { PreflightProblem, PreflightReport } from './PreflightReport';

const order = (a: PreflightProblem, b: PreflightProblem): number =>
  a.relPath < b.relPath
    ? -1
    : a.relPath > b.relPath
      ? 1
      : a.class < b.class
        ? -1
        : a.class > b.class
          ? 1
          : 0;

/**
 * The report with more problems, found after its files were read (a programme's names): sorted
 * as the pre-flight sorts its own, so every reader (`blockingProblems`, `depositableFiles`, the
 * summary) takes them like the others.
 */
export const withProblems = (
  report: PreflightReport,
  extra: readonly PreflightProblem[],
): PreflightReport =>
  extra.length === 0 ? report : { ...report, problems: [...report.problems, ...extra].sort(order) };
