import { objectKey } from '../../shared/field/objectKey';
import type { NightInputs } from './NightInputs';
import type { NightReading } from './verifyNight';
import { verifyNight } from './verifyNight';
import type { VerifyOutcome, VerifyReport } from './VerifyReport';
import { isClean } from './VerifyReport';

const INTERRUPTED = { kind: 'interrupted' } as const;

/** A programme's name, else the file's path, under the night's prefix: as the deposit made it. */
const keyOfIn =
  (night: NightInputs) =>
  (relPath: string): string =>
    objectKey(night.prefix, night.names?.get(relPath) ?? relPath);

/**
 * Verifies a folder's nights against the server, night by night, changing nothing: each night's
 * report as it is made (`onNight`), then the outcome. A question the server does not answer, a
 * refusal or a stop ends it with why, and nothing is concluded of the nights not reported.
 */
export const verifyNights = async (
  nights: readonly NightInputs[],
  reading: NightReading & { readonly onNight?: (report: VerifyReport) => void },
): Promise<VerifyOutcome> => {
  const folderKeys = new Set(nights.flatMap((n) => n.include.map(keyOfIn(n))));
  const reports: VerifyReport[] = [];
  try {
    for (const night of nights) {
      if (reading.signal.aborted) return { kind: 'stopped', stop: INTERRUPTED, nights: reports };
      const r = await verifyNight(reading, {
        prefix: night.prefix,
        local: night.include,
        keyOf: keyOfIn(night),
        folderKeys,
      });
      if (r.kind === 'stopped') return { kind: 'stopped', stop: r.stop, nights: reports };
      reports.push(r.value);
      reading.onNight?.(r.value);
    }
  } catch (error) {
    // A file read (or hashed) while the command was stopped: nothing concluded.
    if (!reading.signal.aborted) throw error;
    return { kind: 'stopped', stop: INTERRUPTED, nights: reports };
  }
  return { kind: 'verified', nights: reports, clean: reports.every(isClean) };
};
