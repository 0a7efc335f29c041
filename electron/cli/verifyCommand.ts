import { fixedPrefix } from '../../shared/field/fixedPrefix';
import { listingPrefix } from '../../shared/wire/nightManifestKey';
import { prepareFolder } from '../nights/prepareFolder';
import { verifyNights } from '../nights/verifyNights';
import { fsSourceReader } from '../runtime/fsSourceReader';
import { S3ObjectStore } from '../s3/S3ObjectStore';
import type { Command, CommandIo } from './Command';
import { verifyExitCode } from './exitCodeOf';
import type { ExitCode } from './exitCodeOf';
import { formatVerifyReport } from './formatVerifyReport';
import { parseCommandLine } from './parseCommandLine';
import { folderOptions } from './readFolder';
import { portalVerify } from './portalVerify';
import { probeOutcome, said } from './probeTarget';
import { programmeOptions, readProgramme } from './readProgramme';
import { sayFolderRefusal } from './sayFolderRefusal';
import { folderAndTarget, targetOptions, usageErrorFor } from './targetArgs';
import { verifyAsker } from './verifyAsker';
import { cannotList, verifyStopText } from './verifyStopText';

const USAGE = `Usage: depot verify DIR --endpoint URL --bucket NAME --prefix P [--region R] [--path-style]
                    [--night DATE] [--profile NAME] [--tz ZONE] [--skip-invalid] [--read-back]
                    [--json]
       depot verify DIR --programme FILE --field NAME=VALUE ... [options]

Compares the local files with what the server lists and holds under the prefix, changing
nothing. "Identical" is proved by a checksum the server computed over its bytes (the ETag: the
MD5 of a single upload, or the multipart ETag of Depot's part layout), never by metadata. An
object uploaded with another part layout is "present, content unproven"; --read-back reads such
objects and compares their SHA-256 with the local file's. Finds the night's own manifest (under
PREFIX/.depot/, or the older PREFIX/depot-manifest.json) and reports entries that disagree with
the local files or the listing. A folder of several nights deposited with {night} in --prefix
is verified night by night, each under its own date (--json prints one line per night); --night
DATE verifies one. It lists and reads the night's folder only: a key that may not list it (a
write-only "drop box" key) is told so in one line. With --programme and the same --field values as
the deposit, each file is looked for under the name the profile gave it (files that cannot be
named are refused, exit 2, or left out with --skip-invalid). With a profile that names a portal
(Vigie-Chiro), give the night's --participation ID and the sign-in (--token or DEPOT_PORTAL_TOKEN):
the participation's files are listed and each of the folder's names must be there and available;
--read-back reads each file through the portal's signed GET URL and compares SHA-256. Exit codes: 0 everything proved
identical and the manifest there and agreeing; 3 differences or unproven content; 4 could not
verify (the listing or a check failed: nothing is concluded); 2 usage or configuration error, or a
key that may not list or read the night's folder.`;

/**
 * `depot verify`: parse, prepare the folder (`prepareFolder`), probe the night's folder, verify
 * its nights (`verifyNights`), print each night's report, and the exit code of the outcome.
 */
const run = async (argv: readonly string[], io: CommandIo): Promise<number> => {
  const parsed = parseCommandLine('verify', USAGE, argv, io, {
    ...targetOptions,
    ...programmeOptions,
    ...folderOptions,
    token: { type: 'string' },
    participation: { type: 'string' },
  });
  if (typeof parsed === 'number') return parsed;
  const { values: v, positionals } = parsed;
  const usageError = usageErrorFor('verify', io);
  const programme = await readProgramme(v, usageError);
  if (typeof programme === 'number') return programme;
  if (programme?.profile.destination.kind === 'vigiechiro')
    return portalVerify(v, positionals, programme, io, usageError);
  if (v.token !== undefined || v.participation !== undefined)
    return usageError(
      '--token and --participation are for a programme whose profile names a portal (--programme FILE)',
    );
  const target = folderAndTarget(positionals, v, io, USAGE, usageError, programme);
  if (typeof target === 'number') return target;
  const tz = v.tz ?? programme?.profile.defaults.timeZone;
  // A night deposited under its own date ({night} in --prefix) is verified under that date.
  const folder = await prepareFolder({
    dir: target.dir,
    purpose: 'verify',
    prefix: target.prefix,
    ...(v.night === undefined ? {} : { night: v.night }),
    ...(tz === undefined ? {} : { tz }),
    skipInvalid: v['skip-invalid'],
    ...(programme === undefined ? {} : { programme }),
    signal: io.signal,
  });
  if (folder.kind !== 'prepared') return sayFolderRefusal('verify', folder, io, usageError);
  // Inside the night's folder: the fixed part of the prefix template (issue 29), or the first
  // night's own prefix when the template starts with a placeholder.
  const leading = fixedPrefix(target.prefix);
  const probePrefix =
    leading === '' && target.prefix !== ''
      ? listingPrefix(folder.nights[0]?.prefix ?? '')
      : leading;
  const probe = await probeOutcome('verify', target, probePrefix, io.signal);
  const probed = said(io, probe);
  if (probed !== undefined) return probed;
  if (probe?.exit === undefined && probe?.listed === false) {
    io.stderr.write(`depot verify: ${cannotList(target.bucket, probePrefix)}\n`);
    return 2;
  }
  return verifyFolder(folder, target, { json: v.json, readBack: v['read-back'] }, io);
};

/** The call and its printing: each night's report as it is made, then why it stopped, if it did. */
const verifyFolder = async (
  folder: Extract<Awaited<ReturnType<typeof prepareFolder>>, { kind: 'prepared' }>,
  target: Exclude<ReturnType<typeof folderAndTarget>, number>,
  options: { readonly json: boolean; readonly readBack: boolean },
  io: CommandIo,
): Promise<ExitCode> => {
  const { bucket } = target;
  const store = new S3ObjectStore({
    endpoint: target.endpoint,
    region: target.region,
    bucket,
    credentials: target.credentials,
    forcePathStyle: target.pathStyle,
  });
  try {
    const outcome = await verifyNights(folder.nights, {
      objects: store,
      ask: verifyAsker(io.signal),
      reader: fsSourceReader,
      signal: io.signal,
      bucket,
      root: folder.root,
      sizeOf: folder.sizeOf,
      readBack: options.readBack,
      onNight: (report) => io.stdout.write(formatVerifyReport(report, options)),
    });
    if (outcome.kind === 'stopped')
      io.stderr.write(`depot verify: ${verifyStopText(outcome.stop, bucket, store.endpoint)}\n`);
    return verifyExitCode(outcome);
  } finally {
    store.destroy();
  }
};

export const verifyCommand: Command = {
  name: 'verify',
  summary: 'compare a folder with what the server holds (changes nothing)',
  run,
};
