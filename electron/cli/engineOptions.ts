import { MIN_BWLIMIT_BYTES_PER_SEC } from '../../shared/domain/minimumBandwidth';
import { isValidTimeZone } from '../../shared/field/zonedTime';
import type { ProgrammeDefaults } from '../../shared/programme/ProgrammeProfile';
import { defaultEngineSettings } from '../engine/EngineSettings';
import { parseSize } from './parseSize';

/** How a deposit runs, as `--concurrency`, `--part-size`, `--bwlimit` and `--tz` say. */
export type EngineOptions = {
  readonly concurrency: number;
  readonly partSize: number;
  readonly bwlimit: number | undefined;
  readonly tz: string | undefined;
};

/**
 * The deposit's engine options, a programme's defaults under what the command line says, or the
 * exit code of the usage error already written (one line, before the folder is read).
 */
export const engineOptions = (
  v: {
    readonly concurrency?: string;
    readonly 'part-size'?: string;
    readonly bwlimit?: string;
    readonly tz?: string;
  },
  defaults: ProgrammeDefaults | undefined,
  usageError: (message: string) => number,
): EngineOptions | number => {
  const concurrency =
    v.concurrency === undefined
      ? (defaults?.concurrency ?? defaultEngineSettings.concurrency)
      : Number(v.concurrency);
  if (!Number.isInteger(concurrency) || concurrency < 1 || concurrency > 64) {
    return usageError('--concurrency must be a whole number from 1 to 64');
  }
  const partSize =
    v['part-size'] === undefined ? defaultEngineSettings.partSize : parseSize(v['part-size']);
  if (partSize === undefined || partSize < 5 * 1024 * 1024 || partSize > 5 * 1024 ** 3) {
    return usageError('--part-size must be between 5MiB and 5GiB (e.g. 8MiB)');
  }
  const bwlimit =
    v.bwlimit === undefined
      ? (defaults?.bandwidthLimitBytesPerSec ?? undefined)
      : parseSize(v.bwlimit);
  if (v.bwlimit !== undefined && bwlimit === undefined)
    return usageError(`--bwlimit "${v.bwlimit}" is not a rate (e.g. 2MiB/s)`);
  if (bwlimit !== undefined && bwlimit < MIN_BWLIMIT_BYTES_PER_SEC)
    return usageError(
      `--bwlimit ${v.bwlimit} is below the minimum, ${MIN_BWLIMIT_BYTES_PER_SEC / 1024}KiB/s (at which a 30 GB card already takes 34 hours): give at least ${MIN_BWLIMIT_BYTES_PER_SEC / 1024}KiB/s`,
    );
  if (v.tz !== undefined && !isValidTimeZone(v.tz))
    return usageError(`unknown time zone "${v.tz}" (use an IANA name such as Europe/Paris)`);
  const tz = v.tz ?? defaults?.timeZone;
  return { concurrency, partSize, bwlimit, tz };
};
