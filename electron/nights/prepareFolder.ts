import { blockingProblems } from '../../shared/field/blockingProblems';
import { depositableFiles } from '../../shared/field/depositableFiles';
import type { PreflightProblem, PreflightReport } from '../../shared/field/PreflightReport';
import type { ScanResult } from '../../shared/field/ScanResult';
import { nightSpan } from '../../shared/portal/nightSpan';
import { ScanError } from '../scan/ScanError';
import { readFolderReport } from './readFolderReport';
import type { NightsRefusal } from './chooseNights';
import { chooseNights, isRefusal } from './chooseNights';
import { nameNights } from './nameNights';
import type { NamingProgramme } from './NamingProgramme';
import type { NightInputs } from './NightInputs';

/** What a deposit (or a verification) takes from the folder's pre-flight. */
export type PreparedFolder = {
  readonly kind: 'prepared';
  /**
   * The one scan of the deposit: the pre-flight's verdict and the plans are made of it. Let go
   * once the nights are planned: the runs read the plans, and a card's scan is live heap (ADR 0010).
   */
  scan: ScanResult | undefined;
  /** The nights with files to deposit (to verify: every night when none has one). */
  readonly nights: readonly NightInputs[];
  readonly root: string;
  /** The size the pre-flight saw of each file of the nights. */
  readonly sizeOf: (relPath: string) => number | undefined;
  readonly totalFiles: number;
  readonly totalBytes: number;
  /** Depot's own `.depot/` folders on the card: left out, and said (issue 30). */
  readonly depotFolders: readonly string[];
};

/** Why the folder cannot be deposited (or verified) as asked: nothing was sent or planned. */
export type FolderRefusal =
  | NightsRefusal
  /** Not a folder, not readable, an unknown time zone. */
  | { readonly kind: 'unreadable'; readonly message: string }
  | { readonly kind: 'stopped' }
  /** The pre-flight's blocking problems (the programme's names' among them), to decide first. */
  | {
      readonly kind: 'blocking';
      readonly dir: string;
      readonly problems: readonly PreflightProblem[];
    }
  /** Verifying: files the programme cannot name have no key to look for. */
  | { readonly kind: 'unnamed'; readonly problems: readonly PreflightProblem[] }
  | { readonly kind: 'empty'; readonly dir: string };

export type FolderRequest = {
  readonly dir: string;
  readonly purpose: 'deposit' | 'verify';
  readonly prefix: string;
  readonly night?: string;
  readonly tz?: string;
  /** Leave out the files the pre-flight (or the programme's names) block on. */
  readonly skipInvalid: boolean;
  readonly programme?: NamingProgramme;
  readonly signal: AbortSignal;
};

/** One scan and its pre-flight: the report, or why it could not be read. */
const readReport = async (
  r: FolderRequest,
): Promise<{ readonly scan: ScanResult; readonly report: PreflightReport } | FolderRefusal> => {
  try {
    return await readFolderReport(r.dir, {
      ...(r.tz === undefined ? {} : { tz: r.tz }),
      ...(r.programme === undefined ? {} : { names: r.programme.profile.names }),
      signal: r.signal,
    });
  } catch (error) {
    if (error instanceof ScanError || error instanceof RangeError)
      return { kind: 'unreadable', message: error.message };
    if (r.signal.aborted) return { kind: 'stopped' };
    throw error;
  }
};

/**
 * Prepares a folder for `deposit` or `verify`: one scan, the pre-flight, the nights (each under
 * its own prefix, named by the programme) and the refusal of what blocks, before any network
 * contact. The report itself (about 1 KB a file: 11 MB for 10,000 files) stays in this function
 * so it is garbage before planning, instead of live through the whole deposit (issue 5, ADR 0010).
 */
export const prepareFolder = async (r: FolderRequest): Promise<PreparedFolder | FolderRefusal> => {
  const read = await readReport(r);
  if ('kind' in read) return read;
  const { scan } = read;
  let { report } = read;
  const include = depositableFiles(report, { skipBlocking: r.skipInvalid });
  // "Several nights" is settled by night by night (or one night): never by mixing them.
  const chosen = chooseNights(r.dir, report, include, {
    prefix: r.prefix,
    ...(r.night === undefined ? {} : { night: r.night }),
    ...(r.programme === undefined ? {} : { fields: r.programme.fields }),
  });
  if (isRefusal(chosen)) return chosen;
  let nights = chosen;
  // Every name is made before any network contact: one that cannot be blocks like the others.
  if (r.programme !== undefined) {
    ({ report, nights } = nameNights(report, chosen, r.programme, r.skipInvalid));
    const unnamed = report.problems.filter((p) => p.class.startsWith('name-'));
    if (r.purpose === 'verify' && !r.skipInvalid && unnamed.length > 0)
      return { kind: 'unnamed', problems: unnamed };
  }
  const blocking = blockingProblems(report).filter((p) => p.class !== 'several-nights');
  if (r.purpose === 'deposit' && blocking.length > 0 && !r.skipInvalid)
    return { kind: 'blocking', dir: r.dir, problems: blocking };
  const nonEmpty = nights.filter((n) => n.include.length > 0);
  if (r.purpose === 'deposit' && nonEmpty.length === 0) return { kind: 'empty', dir: r.dir };
  const byPath = new Map(report.files.map((f) => [f.relPath, f]));
  const taken = (r.purpose === 'verify' && nonEmpty.length === 0 ? nights : nonEmpty).map((n) => {
    const span = nightSpan(n.include.flatMap((p) => byPath.get(p) ?? []));
    return span === undefined ? n : { ...n, span };
  });
  const sizes = new Map(taken.flatMap((n) => n.include.map((p) => [p, byPath.get(p)?.size])));
  return {
    kind: 'prepared',
    scan,
    nights: taken,
    root: report.root,
    sizeOf: (relPath) => sizes.get(relPath),
    totalFiles: report.totalFiles,
    totalBytes: report.totalBytes,
    depotFolders: report.scan.depotFolders,
  };
};
