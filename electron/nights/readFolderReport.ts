import type { PreflightReport } from '../../shared/field/PreflightReport';
import type { ScanResult } from '../../shared/field/ScanResult';
import { skipOtherFiles } from '../../shared/programme/nameFiles';
import type { ProgrammeNames } from '../../shared/programme/ProgrammeProfile';
import { runPreflight } from '../field/runPreflight';
import { scanFolder } from '../scan/scanFolder';

/**
 * One scan of the folder and the pre-flight made of it: the plans are made of the same scan, so
 * the verdict and the plans are one snapshot (issue 13). A programme's names leave out what it
 * does not take (its `otherFiles: skip`), like the pre-flight's own skips. Throws `ScanError` (not
 * a folder, unreadable) and `RangeError` (an unknown time zone).
 */
export const readFolderReport = async (
  dir: string,
  reading: {
    readonly tz?: string;
    readonly names?: ProgrammeNames;
    readonly signal?: AbortSignal;
  } = {},
): Promise<{ readonly scan: ScanResult; readonly report: PreflightReport }> => {
  const { tz, names, signal } = reading;
  const scan = await scanFolder(dir, signal === undefined ? {} : { signal });
  const report = await runPreflight(scan, {
    ...(signal === undefined ? {} : { signal }),
    ...(tz === undefined ? {} : { tz }),
  });
  return { scan, report: names === undefined ? report : skipOtherFiles(report, names) };
};
