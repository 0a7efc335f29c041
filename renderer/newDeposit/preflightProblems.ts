import type { PreflightIssueView, PreflightView } from '../../shared/ipc/views';

/**
 * What the summary lists and what blocks "Déposer": the pre-flight's problems and the names a
 * programme cannot use. "Several nights" blocks nothing once the volunteer chose how to deposit
 * them, and the choice asks the question itself, with the nights' dates in words: the
 * pre-flight's line (ISO dates, "bloquant") would contradict it.
 */
export const preflightProblems = (
  report: PreflightView | null,
  several: boolean,
  nameIssues: readonly PreflightIssueView[],
): { readonly blocking: number; readonly issues: readonly PreflightIssueView[] } => {
  const own =
    report === null
      ? []
      : several
        ? report.issues.filter((i) => i.kind !== 'several-nights')
        : report.issues;
  const ownBlocking =
    report === null
      ? 0
      : several
        ? own.filter((i) => i.decision === 'block').length
        : report.blocking;
  return {
    blocking: ownBlocking + nameIssues.filter((i) => i.decision === 'block').length,
    issues: [...own, ...nameIssues],
  };
};
