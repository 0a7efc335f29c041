import { filesOfNight } from './filesOfNight';
import type { FileClass, PreflightFile, PreflightReport, ProblemClass } from './PreflightReport';
import { recordingsSummary } from './recordingsSummary';
import { timeZoneOf } from './timeZoneOf';

/** The night's metadata as the plan and the manifest record it: small, JSON-safe, no per-file list. */
export type PlanMetadata = {
  readonly site?: string;
  readonly point?: string;
  /** The night when there is exactly one, else absent (see `nights`). */
  readonly night?: string;
  readonly nights: readonly string[];
  readonly firstAt?: string;
  readonly lastAt?: string;
  readonly make?: string;
  readonly model?: string;
  readonly serial?: string;
  readonly serials: readonly string[];
  readonly position?: { readonly lat: number; readonly lon: number };
  readonly timeZone: { readonly zone: string | null; readonly source: string };
  readonly sampleRates: readonly number[];
  readonly totalDurationSec: number;
  readonly totalFiles: number;
  readonly totalBytes: number;
  readonly counts: PreflightReport['counts'];
  readonly problems: Readonly<Partial<Record<ProblemClass, number>>>;
  readonly skippedJunk: number;
};

/** One night's files of a folder holding several, and what they add up to. */
const ownPart = (report: PreflightReport, files: readonly PreflightFile[]) => {
  const counts: Record<FileClass, number> = { ...report.counts };
  for (const cls of Object.keys(counts) as FileClass[]) counts[cls] = 0;
  for (const f of files) counts[f.class] += 1;
  return {
    members: new Set(files.map((f) => f.relPath)),
    recordings: recordingsSummary(files),
    timeZone: timeZoneOf(files, report.timeZone.given),
    totalFiles: files.length,
    totalBytes: files.reduce((n, f) => n + f.size, 0),
    counts,
  };
};

/**
 * What the deposit keeps of a pre-flight report (issue 6: site, point, night, recorder, time
 * zone, counts, total duration). `overrides` are the volunteer's entries (site, point, night).
 * One night of a folder holding several is described by its own files: its recorder, time zone,
 * length, counts and problems (with the folder's own), not the whole folder's; `nights` lists the
 * folder's.
 */
export const planMetadata = (
  report: PreflightReport,
  overrides: { readonly site?: string; readonly point?: string; readonly night?: string } = {},
): PlanMetadata => {
  const night =
    overrides.night ?? (report.nights.length === 1 ? report.nights[0]?.night : undefined);
  const files = filesOfNight(report, night);
  const own = files === undefined ? undefined : ownPart(report, files);
  // A night's recorder is its files' alone: a night with no GUANO has none, not the folder's.
  const { site: foundSite, point: foundPoint } = report.metadata;
  const m = own === undefined ? report.metadata : own.recordings;
  const problems: Partial<Record<ProblemClass, number>> = {};
  for (const p of report.problems) {
    if (own === undefined || p.relPath === '' || own.members.has(p.relPath))
      problems[p.class] = (problems[p.class] ?? 0) + 1;
  }
  const zone = own?.timeZone ?? report.timeZone;
  const span = report.nights.find((n) => n.night === night);
  const site = overrides.site ?? foundSite;
  const point = overrides.point ?? foundPoint;
  return {
    ...(site !== undefined ? { site } : {}),
    ...(point !== undefined ? { point } : {}),
    ...(night !== undefined ? { night } : {}),
    nights: report.nights.map((n) => n.night),
    ...(span ? { firstAt: span.firstAt, lastAt: span.lastAt } : {}),
    ...(m.make !== undefined ? { make: m.make } : {}),
    ...(m.model !== undefined ? { model: m.model } : {}),
    ...(m.serial !== undefined ? { serial: m.serial } : {}),
    serials: m.serials,
    ...(m.position ? { position: m.position } : {}),
    timeZone: { zone: zone.zone, source: zone.source },
    sampleRates: m.sampleRates,
    totalDurationSec: m.totalDurationSec,
    totalFiles: own?.totalFiles ?? report.totalFiles,
    totalBytes: own?.totalBytes ?? report.totalBytes,
    counts: own?.counts ?? report.counts,
    problems,
    skippedJunk: report.scan.skippedJunk.count,
  };
};
