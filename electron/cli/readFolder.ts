import { blockingProblems } from '../../shared/field/blockingProblems';
import { depositableFiles } from '../../shared/field/depositableFiles';
import type { ScanResult } from '../../shared/field/ScanResult';
import { skipOtherFiles } from '../../shared/programme/nameFiles';
import { runPreflight } from '../field/runPreflight';
import { ScanError } from '../scan/ScanError';
import { scanFolder } from '../scan/scanFolder';
import type { NightInputs } from './chooseNights';
import { chooseNights } from './chooseNights';
import type { CommandIo } from './Command';
import { nameNights } from './nameNights';
import type { Programme } from './readProgramme';
import { nightSpan } from '../../shared/portal/nightSpan';

/** What a deposit takes from the folder's pre-flight: one entry per night to deposit. */
export type FolderInputs = {
  /**
   * The one scan of the deposit: the pre-flight's verdict and the plans are made of it. Let go
   * once the nights are planned: the runs read the plans, and a card's scan is live heap (ADR 0010).
   */
  scan: ScanResult | undefined;
  readonly nights: readonly NightInputs[];
  readonly totalFiles: number;
  readonly totalBytes: number;
  /** Depot's own `.depot/` folders on the card: left out, and said (issue 30). */
  readonly depotFolders: readonly string[];
};

/**
 * The pre-flight, its refusal of blocking problems and what the plans need from it, or an exit
 * code. The report itself (about 1 KB a file: 11 MB for 10,000 files) stays in this function so
 * it is garbage before planning, instead of live, and multiplied by the heap's growth, through the
 * whole deposit (issue 5, ADR 0010).
 */
export const readFolder = async (
  dir: string,
  v: {
    readonly tz?: string;
    readonly prefix: string;
    readonly night?: string;
    readonly 'skip-invalid': boolean;
  },
  programme: Programme | undefined,
  io: CommandIo,
  usageError: (message: string) => number,
): Promise<FolderInputs | number> => {
  let scan;
  let report;
  try {
    scan = await scanFolder(dir, { signal: io.signal });
    report = await runPreflight(scan, {
      signal: io.signal,
      ...(v.tz === undefined ? {} : { tz: v.tz }),
    });
  } catch (error) {
    if (error instanceof ScanError) return usageError(error.message);
    if (io.signal.aborted) return 4;
    throw error;
  }
  // What the programme does not take (its `otherFiles: skip`) is left out like the pre-flight's skips.
  if (programme !== undefined) report = skipOtherFiles(report, programme.profile.names);
  const include = depositableFiles(report, { skipBlocking: v['skip-invalid'] });
  // "Several nights" is settled by depositing night by night (or one night): never by mixing them.
  const chosen = chooseNights(
    'deposit',
    dir,
    report,
    include,
    { ...v, ...(programme === undefined ? {} : { fields: programme.fields }) },
    io,
    usageError,
  );
  if (typeof chosen === 'number') return chosen;
  let nights = chosen;
  // Every name is made before any network contact: one that cannot be blocks like the others.
  if (programme !== undefined)
    ({ report, nights } = nameNights(report, chosen, programme, v['skip-invalid']));
  const blocking = blockingProblems(report).filter((p) => p.class !== 'several-nights');
  if (blocking.length > 0 && !v['skip-invalid']) {
    io.stderr.write(`depot deposit: ${blocking.length} problem(s) block the deposit of ${dir}:\n`);
    for (const p of blocking)
      io.stderr.write(`  ${p.relPath === '' ? '(folder)' : p.relPath}: ${p.message.en}\n`);
    io.stderr.write(
      'Decide (see `depot check`), or run again with --skip-invalid to leave those files out.\n',
    );
    return 2;
  }
  if (nights.every((n) => n.include.length === 0))
    return usageError(`${dir} holds no file to deposit`);
  const byPath = new Map(report.files.map((f) => [f.relPath, f]));
  const spanOf = (include: readonly string[]) =>
    nightSpan(include.flatMap((p) => byPath.get(p) ?? []));
  return {
    scan,
    nights: nights
      .filter((n) => n.include.length > 0)
      .map((n) => {
        const span = spanOf(n.include);
        return span === undefined ? n : { ...n, span };
      }),
    totalFiles: report.totalFiles,
    totalBytes: report.totalBytes,
    depotFolders: report.scan.depotFolders,
  };
};
