import { depositableFiles } from '../../shared/field/depositableFiles';
import { planMetadata } from '../../shared/field/planMetadata';
import { prefixValues } from '../../shared/field/prefixValues';
import { splitByNight } from '../../shared/field/splitByNight';
import { runPreflight } from '../field/runPreflight';
import { scanFolder } from '../scan/scanFolder';
import type { CheckedFolder } from './CheckedFolder';
import { toPreflightView } from './toPreflightView';

/** A folder's pre-flight for the app: one scan, kept for the plans made from this verdict. */
export const checkFolder = async (dir: string): Promise<CheckedFolder> => {
  const scan = await scanFolder(dir);
  const report = await runPreflight(scan);
  return {
    scan,
    view: toPreflightView(report),
    values: (entered) => prefixValues(report, entered),
    metadata: (entered) => planMetadata(report, entered),
    depositable: (options) => depositableFiles(report, options),
    byNight: (include) => splitByNight(report, include),
  };
};
