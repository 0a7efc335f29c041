import { errnoOf } from '../errnoOf';
import type { InspectedFile } from '../../shared/field/buildPreflightReport';
import { buildPreflightReport, isWavName } from '../../shared/field/buildPreflightReport';
import { inspectWav } from '../../shared/field/inspectWav';
import type { PreflightReport } from '../../shared/field/PreflightReport';
import type { ScanResult } from '../../shared/field/ScanResult';
import { isValidTimeZone } from '../../shared/field/zonedTime';
import { scanFolder } from '../scan/scanFolder';
import { edgeFingerprint } from './edgeFingerprint';
import { findDuplicates } from './findDuplicates';
import { withHeaderReader } from './openHeaderReader';

export type PreflightOptions = {
  /** The volunteer's IANA zone, for files whose timestamps carry no offset. */
  readonly tz?: string;
  readonly signal?: AbortSignal;
  readonly onProgress?: (done: number, total: number) => void;
  /** The volunteer's site and point, when known: they win over what file names suggest. */
  readonly site?: string;
  readonly point?: string;
};

/** A few files at a time: enough to hide a card's latency, not enough to thrash it. */
const CONCURRENCY = 8;

const describeError = (error: unknown): string =>
  errnoOf(error) ?? (error instanceof Error ? error.message : String(error));

/**
 * The pre-flight of a folder, without any network: scan it, read each WAV's headers (never its
 * audio), hash only files whose sizes collide, and build the report (classes, problems with
 * their decision, duplicates, nights, time zone, metadata). Throws ScanError for a missing or
 * unreadable folder and RangeError for an unknown time zone; files are only ever read.
 *
 * A deposit scans once and passes its scan here and to the planner, so that the verdict and the
 * plan describe one snapshot of the folder (issue 13); `depot check` and `verify` pass the path.
 */
export const runPreflight = async (
  source: string | ScanResult,
  opts: PreflightOptions = {},
): Promise<PreflightReport> => {
  if (opts.tz !== undefined && !isValidTimeZone(opts.tz))
    throw new RangeError(`unknown time zone "${opts.tz}" (use an IANA name such as Europe/Paris)`);
  const scan =
    typeof source === 'string'
      ? await scanFolder(source, opts.signal ? { signal: opts.signal } : {})
      : source;
  const total = scan.files.length;
  const inspected: InspectedFile[] = new Array<InspectedFile>(total);
  // Files whose size another shares: their edge fingerprint (duplicates) is taken while their
  // headers are open, not by opening them again (a card's latency per file, issue 15).
  const seenSizes = new Set<number>();
  const sharedSizes = new Set<number>();
  for (const f of scan.files) {
    if (seenSizes.has(f.size)) sharedSizes.add(f.size);
    seenSizes.add(f.size);
  }
  const edges = new Map<string, string>();
  let next = 0;
  let done = 0;
  const worker = async (): Promise<void> => {
    while (next < total) {
      opts.signal?.throwIfAborted();
      const i = next++;
      const file = scan.files[i];
      if (file === undefined) break; // i < total
      const base = { relPath: file.relPath, size: file.size };
      if (!isWavName(file.relPath)) inspected[i] = { kind: 'companion', ...base };
      else {
        try {
          const inspection = await withHeaderReader(file.absPath, file.size, async (read) => {
            const found = await inspectWav(read, file.size);
            if (file.size > 0 && sharedSizes.has(file.size)) {
              edges.set(file.relPath, await edgeFingerprint(read, file.size));
            }
            return found;
          });
          inspected[i] = { kind: 'wav', ...base, inspection };
        } catch (error) {
          inspected[i] = { kind: 'unreadable', ...base, reason: describeError(error) };
        }
      }
      opts.onProgress?.(++done, total);
    }
  };
  await Promise.all(Array.from({ length: Math.min(CONCURRENCY, Math.max(total, 1)) }, worker));
  // Files whose headers could not be read are already reported: not read again.
  const failed = new Set(inspected.filter((f) => f.kind === 'unreadable').map((f) => f.relPath));
  const { groups, hashes, unreadable } = await findDuplicates(
    scan.files.filter((f) => !failed.has(f.relPath)),
    opts.signal,
    edges,
  );
  for (const [i, file] of inspected.entries()) {
    const reason = unreadable.get(file.relPath);
    if (reason !== undefined)
      inspected[i] = { kind: 'unreadable', relPath: file.relPath, size: file.size, reason };
  }
  return buildPreflightReport({
    scan,
    files: inspected,
    duplicates: groups,
    hashes,
    ...(opts.tz !== undefined ? { zone: opts.tz } : {}),
    ...(opts.site !== undefined ? { site: opts.site } : {}),
    ...(opts.point !== undefined ? { point: opts.point } : {}),
  });
};
