import type { PreflightReport } from '../../shared/field/PreflightReport';
import type { PreflightView } from '../../shared/ipc/views';
import { recorderLabel } from '../../shared/field/recorderLabel';

/** Wall time as the recorder wrote it (`2026-06-12T21:00`): the offset is shown apart (time zone). */
const wall = (iso: string): string => iso.slice(0, 16);

const spanOf = (nights: PreflightReport['nights']): PreflightView['span'] => {
  const firsts = nights.map((n) => n.firstAt).sort();
  const lasts = nights.map((n) => n.lastAt).sort();
  const first = firsts[0];
  const last = lasts[lasts.length - 1];
  return first === undefined || last === undefined
    ? null
    : { first: wall(first), last: wall(last) };
};

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
    recorder: recorderLabel(report.metadata),
    ...(report.metadata.recorders.length > 1 ? { recorders: report.metadata.recorders } : {}),
    span: spanOf(report.nights),
  };
};
