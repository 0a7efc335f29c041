import type { PreflightFile, PreflightReport } from './PreflightReport';
import { splitByNight } from './splitByNight';

/**
 * The files of the report one night's plan takes, whatever was decided for them: its dated files,
 * and the undated ones with the first night (`splitByNight`, ADR 0012). Undefined when there is
 * no such part to take: no night named, or a folder of one night, which is then described by the
 * folder's own figures. The one place that decides it, for a night's prefix and its manifest alike.
 */
export const filesOfNight = (
  report: PreflightReport,
  night: string | undefined,
): readonly PreflightFile[] | undefined => {
  if (night === undefined || report.nights.length <= 1) return undefined;
  const split = splitByNight(
    report,
    report.files.map((f) => f.relPath),
  );
  const members = new Set(split.find((n) => n.night === night)?.relPaths ?? []);
  return report.files.filter((f) => members.has(f.relPath));
};
