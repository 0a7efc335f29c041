import { depositableFiles } from '../../shared/field/depositableFiles';
import { planMetadata } from '../../shared/field/planMetadata';
import { prefixValues } from '../../shared/field/prefixValues';
import { splitByNight } from '../../shared/field/splitByNight';
import { readFolderReport } from '../nights/readFolderReport';
import { nameFiles } from '../../shared/programme/nameFiles';
import { nightSpan } from '../../shared/portal/nightSpan';
import type { CheckedFolder, FolderReading } from './CheckedFolder';
import { toPreflightView } from './toPreflightView';

/**
 * A folder's pre-flight for the app: one scan, kept for the plans made from this verdict. A
 * programme's profile reads it in its recorders' zone, and leaves out what it does not take.
 */
export const checkFolder = async (
  dir: string,
  reading: FolderReading = {},
): Promise<CheckedFolder> => {
  const { scan, report } = await readFolderReport(dir, {
    ...(reading.tz === undefined ? {} : { tz: reading.tz }),
    ...(reading.names === undefined ? {} : { names: reading.names }),
  });
  return {
    scan,
    view: toPreflightView(report),
    values: (entered) => prefixValues(report, entered),
    metadata: (entered) => planMetadata(report, entered),
    depositable: (options) => depositableFiles(report, options),
    byNight: (include) => splitByNight(report, include),
    span: (relPaths) => {
      const files = new Map(report.files.map((f) => [f.relPath, f]));
      return nightSpan(relPaths.flatMap((p) => files.get(p) ?? []));
    },
    name: (names, fields, nights) => nameFiles(report, names, fields, nights, reading.portal),
  };
};
