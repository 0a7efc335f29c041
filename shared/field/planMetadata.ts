import type { PreflightReport, ProblemClass } from './PreflightReport';

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

/**
 * What the deposit keeps of a pre-flight report (issue 6: site, point, night, recorder, time
 * zone, counts, total duration). `overrides` are the volunteer's entries (site, point, night).
 */
export const planMetadata = (
  report: PreflightReport,
  overrides: { readonly site?: string; readonly point?: string; readonly night?: string } = {},
): PlanMetadata => {
  const m = report.metadata;
  const problems: Partial<Record<ProblemClass, number>> = {};
  for (const p of report.problems) problems[p.class] = (problems[p.class] ?? 0) + 1;
  const night =
    overrides.night ?? (report.nights.length === 1 ? report.nights[0]?.night : undefined);
  const span = report.nights.find((n) => n.night === night);
  const site = overrides.site ?? m.site;
  const point = overrides.point ?? m.point;
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
    timeZone: { zone: report.timeZone.zone, source: report.timeZone.source },
    sampleRates: m.sampleRates,
    totalDurationSec: m.totalDurationSec,
    totalFiles: report.totalFiles,
    totalBytes: report.totalBytes,
    counts: report.counts,
    problems,
    skippedJunk: report.scan.skippedJunk.count,
  };
};
