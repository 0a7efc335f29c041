import type { PreflightReport } from '../../shared/field/PreflightReport';
import type { PreflightView } from '../../shared/ipc/views';

/** The pre-flight report as "Nouveau dépôt" shows it: counts, problems, what to pre-fill. */
export const toPreflightView = (report: PreflightReport): PreflightView => {
  const mainNight = [...report.nights].sort((a, b) => b.files - a.files)[0];
  return {
    dir: report.root,
    files: report.totalFiles,
    totalBytes: report.totalBytes,
    skippedJunk: report.scan.skippedJunk.count,
    issues: report.problems.map((p) => ({
      relPath: p.relPath,
      kind: p.class,
      message: p.message,
      decision: p.decision,
    })),
    blocking: report.problems.filter((p) => p.decision === 'block').length,
    nights: report.nights.map((n) => ({ night: n.night, files: n.files })),
    suggested: {
      site: report.metadata.site ?? null,
      point: report.metadata.point ?? null,
      night: mainNight?.night ?? null,
    },
    timeZone: report.timeZone.zone,
  };
};
