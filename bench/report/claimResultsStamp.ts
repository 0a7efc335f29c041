import { closeSync, openSync } from 'node:fs';
import { join } from 'node:path';

/**
 * A results name nobody has: `<base>`, else `<base>-2`, `<base>-3`... Two benches started in the
 * same minute (one per part, side by side) once wrote the same stamp and the second erased the
 * first. The JSON file is created exclusively, so the claim holds even when both finish at once.
 */
export const claimResultsStamp = (dir: string, base: string): string => {
  for (let n = 1; ; n += 1) {
    const stamp = n === 1 ? base : `${base}-${n}`;
    try {
      closeSync(openSync(join(dir, `${stamp}.json`), 'wx'));
      return stamp;
    } catch (error) {
      if (!(error instanceof Error && 'code' in error && error.code === 'EEXIST')) throw error;
    }
  }
};
