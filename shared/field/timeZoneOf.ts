import { mostFrequent } from './mostFrequent';
import type { TimeZoneSource } from './placeTimestamp';
import type { PreflightFile, PreflightReport } from './PreflightReport';

const OFFSET = /(Z|[+-]\d\d:\d\d)$/;

/**
 * How the times of these files were placed, from the readable dated ones: the source most of
 * them used, each source's count, the offsets seen, and the zone to show (the volunteer's when it
 * placed most, else the files' own offset). The folder's, or one night's of a folder holding
 * several: an Echo Meter night carries its offset even where the volunteer gave a zone for others.
 */
export const timeZoneOf = (
  files: readonly PreflightFile[],
  given: string | undefined,
): PreflightReport['timeZone'] => {
  const placed = files.filter(
    (f) => f.zoneSource !== undefined && (f.class === 'valid' || f.class === 'truncated'),
  );
  const sources: Record<TimeZoneSource, number> = { 'file-offset': 0, volunteer: 0, none: 0 };
  for (const f of placed) if (f.zoneSource !== undefined) sources[f.zoneSource]++;
  const source = (['file-offset', 'volunteer', 'none'] as const).reduce((best, s) =>
    sources[s] > sources[best] ? s : best,
  );
  const offsets = mostFrequent(
    placed.flatMap((f) => {
      const offset = OFFSET.exec(f.recordedAt ?? '')?.[1];
      return offset === undefined ? [] : [offset];
    }),
  );
  const zone =
    placed.length === 0 && given !== undefined
      ? given
      : source === 'volunteer'
        ? (given ?? null)
        : source === 'file-offset' && offsets[0] !== undefined
          ? offsets[0] === 'Z'
            ? 'UTC'
            : `UTC${offsets[0]}`
          : null;
  return {
    zone,
    source,
    sources,
    offsets,
    ...(given === undefined ? {} : { given }),
  };
};
