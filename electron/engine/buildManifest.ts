import type { PlanRecord } from '../store/PlanRecord';
import type { UnitRecord } from '../store/UnitRecord';

export const MANIFEST_NAME = 'depot-manifest.json';

/** The manifest object written last: it marks the night complete and lists what it holds. */
export const buildManifest = (
  plan: PlanRecord,
  units: Iterable<UnitRecord>,
  appVersion: string,
  completedAt: number,
): string => {
  const files: { key: string; path: string; size: number; sha256: string | null }[] = [];
  let bytes = 0;
  for (const u of units) {
    files.push({ key: u.key, path: u.relPath, size: u.size, sha256: u.sha256 });
    bytes += u.size;
  }
  return JSON.stringify(
    {
      format: 'depot-manifest/1',
      app: { name: 'depot', version: appVersion },
      bucket: plan.bucket,
      prefix: plan.prefix,
      metadata: plan.metadata,
      plannedAt: new Date(plan.createdAt).toISOString(),
      completedAt: new Date(completedAt).toISOString(),
      totals: { files: files.length, bytes },
      files,
    },
    null,
    2,
  );
};
