import type { PreflightReport } from './PreflightReport';

export type NightFiles = {
  readonly night: string;
  readonly relPaths: readonly string[];
};

/**
 * The depositable files (`include`) of a folder, night by night in date order (issue 11, "one
 * night, one date"): each dated file goes with its own night, never under another's date. Files
 * with no date (a recorder's CONFIG.TXT, a recording without a timestamp) belong to no night: they
 * go with the first one, where the deployment began (ADR 0012). A folder with no dated file gives
 * no night at all.
 */
export const splitByNight = (
  report: PreflightReport,
  include: readonly string[],
): readonly NightFiles[] => {
  const nights = [...report.nights.map((n) => n.night)].sort();
  const [first] = nights;
  if (first === undefined) return [];
  const nightOf = new Map<string, string | undefined>(
    report.files.map((f) => [f.relPath, f.night]),
  );
  const byNight = new Map<string, string[]>(nights.map((n) => [n, []]));
  for (const relPath of include) {
    const night = nightOf.get(relPath);
    const list = byNight.get(night !== undefined && byNight.has(night) ? night : first);
    list?.push(relPath);
  }
  return nights
    .map((night) => ({ night, relPaths: byNight.get(night) ?? [] }))
    .filter((n) => n.relPaths.length > 0);
};
