import type { PlanRecord } from '../store/PlanRecord';
import type { UnitRecord } from '../store/UnitRecord';

export const MANIFEST_FORMAT = 'depot-manifest/2';

/**
 * The manifest object written last: it marks the night complete and lists what it holds. Format
 * 2 names the night (its id is also in the key) so a 412 on our own key can be told from a
 * stranger's object; format 1 (before issue 11) had no night.
 */
export const buildManifest = (
  plan: PlanRecord,
  units: Iterable<UnitRecord>,
  appVersion: string,
  completedAt: number,
): string => {
  const files: Record<string, unknown>[] = [];
  let bytes = 0;
  for (const u of units) {
    files.push({
      key: u.key,
      path: u.relPath,
      size: u.size,
      sha256: u.sha256,
      // The volunteer's choice on a conflict, written in the plan (issue 31): a file left out is
      // named as not deposited, beside the server's object kept at its key.
      ...(u.state.kind === 'left-out' && u.settlement?.kind === 'kept-server-object'
        ? {
            deposited: false,
            kept: {
              serverObject: true,
              size: u.settlement.remote.size,
              etag: u.settlement.remote.etag,
            },
          }
        : {}),
      ...(u.settlement?.kind === 'free-name' ? { freeNameFor: u.settlement.originalKey } : {}),
    });
    if (u.state.kind !== 'left-out') bytes += u.size;
  }
  return JSON.stringify(
    {
      format: MANIFEST_FORMAT,
      app: { name: 'depot', version: appVersion },
      night: { id: plan.nightId, dir: plan.dir },
      // The part layout, so `depot verify` computes the multipart ETags the server gave.
      layout: { partSize: plan.partSize, threshold: plan.threshold },
      bucket: plan.bucket,
      prefix: plan.prefix,
      metadata: plan.metadata,
      // The programme profile the night was created with, when one named its files (issue 29).
      ...(plan.programme === null ? {} : { programme: plan.programme }),
      plannedAt: new Date(plan.createdAt).toISOString(),
      completedAt: new Date(completedAt).toISOString(),
      totals: { files: files.length, bytes },
      files,
    },
    null,
    2,
  );
};

/** The night id a manifest names; undefined when the bytes are not a Depot manifest of format 2. */
export const readManifestNightId = (bytes: Uint8Array): string | undefined => {
  try {
    const parsed: unknown = JSON.parse(Buffer.from(bytes).toString('utf8'));
    if (typeof parsed !== 'object' || parsed === null) return undefined;
    const { format, night } = parsed as { format?: unknown; night?: unknown };
    if (format !== MANIFEST_FORMAT || typeof night !== 'object' || night === null) return undefined;
    const id = (night as { id?: unknown }).id;
    return typeof id === 'string' ? id : undefined;
  } catch {
    return undefined;
  }
};

/**
 * The files a manifest lists, as comparable text; undefined when the bytes are not a manifest. Two
 * manifests of one night listing the same files say the same thing (their times may differ).
 */
export const manifestFilesOf = (bytes: Uint8Array): string | undefined => {
  try {
    const parsed: unknown = JSON.parse(Buffer.from(bytes).toString('utf8'));
    if (typeof parsed !== 'object' || parsed === null) return undefined;
    return JSON.stringify((parsed as { files?: unknown }).files);
  } catch {
    return undefined;
  }
};
