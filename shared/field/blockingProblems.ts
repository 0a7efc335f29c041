import type { PreflightProblem, PreflightReport } from './PreflightReport';

/** The problems that stop a deposit until the volunteer decides (`depot check` exits 3 on them). */
export const blockingProblems = (report: PreflightReport): readonly PreflightProblem[] =>
  report.problems.filter((p) => p.decision === 'block');
