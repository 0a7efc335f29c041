import type { PreflightFile, PreflightReport } from './PreflightReport';
import { splitByNight } from './splitByNight';

/**
 * The files of the report one night's plan takes, whatever was decided for them: its dated files,
 * and the undated ones with the first night (`splitByNight`, ADR 0012). Empty for a night the
 * report does not hold.
 */
export const filesOfNight = (report: PreflightReport, night: string): readonly PreflightFile[] => {
  const split = splitByNight(
    report,
    report.files.map((f) => f.relPath),
  );
  const members = new Set(split.find((n) => n.night === night)?.relPaths ?? []);
  return report.files.filter((f) => members.has(f.relPath));
};
