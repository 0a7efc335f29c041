import { filesOfNight } from './filesOfNight';
import type { PreflightReport } from './PreflightReport';
import { recordingsSummary } from './recordingsSummary';

/**
 * The placeholders a prefix template may use, filled from a pre-flight report: `{site}`,
 * `{point}`, `{night}` (only when the folder holds exactly one night), `{year}`, `{month}`,
 * `{day}` (of that night), `{make}`, `{model}`, `{serial}`. `overrides` (the volunteer's entries)
 * win. Undefined values make expandPrefix say which one is missing.
 */
export const prefixValues = (
  report: PreflightReport,
  overrides: Readonly<Record<string, string | undefined>> = {},
): Record<string, string | undefined> => {
  const night = report.nights.length === 1 ? report.nights[0]?.night : undefined;
  // One night of several: its own recorder, never the folder's most frequent one.
  const own = filesOfNight(report, overrides['night']);
  const recorder = own === undefined ? report.metadata : recordingsSummary(own);
  const base: Record<string, string | undefined> = {
    site: report.metadata.site,
    point: report.metadata.point,
    night,
    year: night?.slice(0, 4),
    month: night?.slice(5, 7),
    day: night?.slice(8, 10),
    make: recorder.make,
    model: recorder.model,
    serial: recorder.serial,
  };
  for (const [k, v] of Object.entries(overrides)) if (v !== undefined) base[k] = v;
  if (overrides['night'] !== undefined) {
    base['year'] = overrides['night'].slice(0, 4);
    base['month'] = overrides['night'].slice(5, 7);
    base['day'] = overrides['night'].slice(8, 10);
  }
  return base;
};
