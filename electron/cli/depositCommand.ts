import { defaultEngineSettings } from '../engine/EngineSettings';
import { monotonicClock } from '../runtime/monotonicClock';
import { folderOptions, readFolder } from './readFolder';
import { engineOptions } from './engineOptions';
import { portalDeposit, portalOptions, PORTAL_USAGE } from './portalDeposit';
import { DatabaseError } from '../store/DatabaseError';
import type { Command, CommandIo } from './Command';
import { parseCommandLine } from './parseCommandLine';
import { programmeOptions, readProgramme } from './readProgramme';
import { folderAndTarget, targetOptions, usageErrorFor } from './targetArgs';
import { defaultDbPath } from './defaultDbPath';
import { blockedMessage } from './blockedMessage';
import type { Depot } from './openDepot';
import { openDepot } from './openDepot';
import { formatBytes } from './parseSize';
import { probeOutcome, said } from './probeTarget';
import type { ProbeOutcome } from './probeTarget';
import { listingPrefix } from '../../shared/wire/nightManifestKey';
import { fixedPrefix } from '../../shared/field/fixedPrefix';
import { planningFailed } from './planningFailed';
import { sayNight, sayPlanned } from './sayNight';
import { combinedExit, exitCodeOf } from './exitCodeOf';
import type { ExitCode } from './exitCodeOf';
import { ProgressReporter } from './ProgressReporter';
import type { DepositSummary } from './DepositSummary';
import type { NightInputs } from '../nights/NightInputs';
import { planNights } from '../nights/planNights';
import { depositNights } from '../nights/depositNights';
import type { NightDeposit, Reading } from '../nights/depositNights';
import type { PreparedFolder } from '../nights/prepareFolder';
import type { Programme } from './readProgramme';

const USAGE = `Usage: depot deposit DIR --endpoint URL --bucket NAME [options]
       depot deposit DIR --programme FILE --field NAME=VALUE ... [options]

Deposits a folder (a night of recordings) to an S3-compatible bucket: resumable, verified.
Running the same command again resumes where it stopped.
  --programme FILE  a programme's profile, from its coordinator: it fixes the endpoint, region,
                    addressing, bucket, prefix and each file's object name (the card's files are
                    never renamed); --endpoint, --bucket, --region, --path-style or --prefix
                    saying otherwise is refused. Its zone, concurrency and bandwidth cap are
                    defaults that --tz, --concurrency and --bwlimit override
  --field NAME=VALUE  a value the profile asks for, checked against its pattern (repeat it:
                    --field carre=640123 --field passage=1 ...)
  --prefix P        key prefix; may use {site} {point} {night} {year} {month} {day} {serial}.
                    A folder holding several nights needs {night} (or {day}...): each night is
                    then deposited as its own night, under its own date, one plan each
  --night DATE      deposit only this night (YYYY-MM-DD) of a folder holding several
  --update          the folder changed since it was planned: deposit the changes (verified
                    files stay, changed ones are sent again, removed ones leave the plan)
  --region R        signing region (default us-east-1)
  --path-style      https://endpoint/bucket/key addressing (most non-AWS servers)
  --concurrency N   transfers at once (default ${defaultEngineSettings.concurrency}; up to twice as many files in progress)
  --part-size SIZE  multipart part size (default ${defaultEngineSettings.partSize / 1024 / 1024}MiB; grown for files over 10,000 parts)
  --bwlimit RATE    bandwidth cap across all transfers, held on the wire over any second
                    (e.g. 2MiB/s; at least 256KiB/s)
  --db FILE         plan database (default $DEPOT_DB or ~/.local/share/depot/depot.db)
  --profile NAME    AWS profile (default: AWS_ACCESS_KEY_ID/AWS_SECRET_ACCESS_KEY, else AWS_PROFILE)
  --tz ZONE         the recorder's IANA time zone, for timestamps without an offset
  --skip-invalid    leave out the files the pre-flight blocks on, instead of refusing to start
  --read-back       an object already at a key whose content no server checksum proves (another
                    tool's part layout) is downloaded and compared, instead of reported unproven
  --json            print one final JSON summary on stdout (no progress)
${PORTAL_USAGE}
Exit codes: 0 every file verified (or, with a key that may only write, deposited as the server's
answers to its writes say, reported as not verifiable) and the manifest written; 2 usage or
configuration error (a wrong key or secret, a missing bucket);
3 some files failed definitively (listed with their cause); 4 stopped before the end, resumable
(also when another Depot process is depositing the same plan: run again once it is done);
1 anything unexpected.`;

/** What the deposit of a folder's nights carries from the command line to its printing. */
type Deposit = {
  readonly io: CommandIo;
  readonly v: { readonly json: boolean; readonly update: boolean; readonly 'read-back': boolean };
  readonly dir: string;
  readonly endpoint: string;
  readonly bucket: string;
  readonly programme: Programme | undefined;
  readonly say: (text: string) => void;
  readonly usageError: (message: string) => number;
};

/**
 * `depot deposit`: parse, prepare the folder while the endpoint is probed, open the plan
 * database, then `depositFolder` (plan each night, run each), its summaries and its exit code.
 */
const run = async (argv: readonly string[], io: CommandIo): Promise<number> => {
  const parsed = parseCommandLine('deposit', USAGE, argv, io, {
    ...targetOptions,
    ...programmeOptions,
    ...folderOptions,
    update: { type: 'boolean', default: false },
    concurrency: { type: 'string' },
    'part-size': { type: 'string' },
    bwlimit: { type: 'string' },
    db: { type: 'string' },
    ...portalOptions,
  });
  if (typeof parsed === 'number') return parsed;
  const { values: v, positionals } = parsed;
  const usageError = usageErrorFor('deposit', io);
  const programme = await readProgramme(v, usageError);
  if (typeof programme === 'number') return programme;
  if (programme?.profile.destination.kind === 'vigiechiro') {
    const engine = engineOptions(v, programme.profile.defaults, usageError);
    if (typeof engine === 'number') return engine;
    return portalDeposit(v, positionals, programme, engine, io, usageError);
  }
  const portalOnly = (['token', 'participation', 'site', 'point', 'start-analysis'] as const).find(
    (option) => v[option] !== undefined && v[option] !== false,
  );
  if (portalOnly !== undefined)
    return usageError(
      `--${portalOnly} is for a programme whose profile names a portal (--programme FILE with "destination": {"kind": "vigiechiro"})`,
    );
  const target = folderAndTarget(positionals, v, io, USAGE, usageError, programme);
  if (typeof target === 'number') return target;
  const engine = engineOptions(v, programme?.profile.defaults, usageError);
  if (typeof engine === 'number') return engine;
  const { tz } = engine;
  const read = await readWhileProbing(
    target,
    { ...v, prefix: target.prefix, ...(tz === undefined ? {} : { tz }) },
    programme,
    io,
    usageError,
  );
  if (typeof read === 'number') return read;
  const depot = openPlanDepot(
    target,
    { ...engine, readBack: v['read-back'] },
    v.db,
    io,
    usageError,
  );
  if (typeof depot === 'number') return depot;
  const say = (text: string): void => {
    if (!v.json) io.stderr.write(`${text}\n`);
  };
  const { dir, endpoint, bucket } = target;
  try {
    return await depositFolder(depot, read, {
      io,
      v,
      dir,
      endpoint,
      bucket,
      programme,
      say,
      usageError,
    });
  } finally {
    depot.close();
  }
};

/** The plan database and the engine over the night's endpoint, or the exit code of a refusal. */
const openPlanDepot = (
  target: Exclude<ReturnType<typeof folderAndTarget>, number>,
  engine: Exclude<ReturnType<typeof engineOptions>, number> & { readonly readBack: boolean },
  db: string | undefined,
  io: CommandIo,
  usageError: (message: string) => number,
): Depot | number => {
  const { concurrency, partSize, bwlimit } = engine;
  try {
    return openDepot({
      dbPath: defaultDbPath(io.env, db),
      endpoint: target.endpoint,
      region: target.region,
      bucket: target.bucket,
      pathStyle: target.pathStyle,
      credentials: target.credentials,
      settings: {
        concurrency,
        partSize,
        multipartThreshold: partSize,
        ...(bwlimit === undefined ? {} : { bwlimitBytesPerSec: bwlimit }),
        readBack: engine.readBack,
      },
    });
  } catch (error) {
    // A full disk or a database another process keeps locked is not a configuration mistake:
    // the plan resumes later (exit 4, from foreseeableError).
    if (error instanceof DatabaseError && error.code !== 'disk-full' && error.code !== 'busy')
      return usageError(error.message);
    throw error;
  }
};

/**
 * The folder prepared (`readFolder`) while the endpoint is probed: a wrong port or a web page is
 * a configuration mistake, not an outage, said before planning (issue 12). Probed while the
 * folder is read (a card's pre-flight takes seconds, a dead network's probe up to 15 s; issue
 * 15): the folder's own problems are still said first.
 */
const readWhileProbing = async (
  target: Exclude<ReturnType<typeof folderAndTarget>, number>,
  v: Parameters<typeof readFolder>[1],
  programme: Programme | undefined,
  io: CommandIo,
  usageError: (message: string) => number,
): Promise<
  | { readonly folder: PreparedFolder; readonly probePrefix: string; readonly answered: boolean }
  | number
> => {
  const probeStop = new AbortController();
  // Inside the night's folder: the fixed part of the prefix template (issue 29). A template that
  // starts with a placeholder has no folder before its nights are known: probed once they are.
  const leading = fixedPrefix(target.prefix);
  const afterFolder = leading === '' && target.prefix !== '';
  const probing: Promise<ProbeOutcome> = afterFolder
    ? Promise.resolve(undefined)
    : probeOutcome('deposit', target, leading, AbortSignal.any([io.signal, probeStop.signal]));
  // A probe that throws while the folder is read is not an unhandled rejection: awaited below.
  void probing.catch(() => undefined);
  // The folder ended the command: nothing of the probe is said, or left running.
  const dropProbe = async (): Promise<void> => {
    probeStop.abort();
    await probing.catch(() => undefined);
  };
  const folder = await readFolder(target.dir, v, programme, io, usageError).catch(
    async (error: unknown) => {
      await dropProbe();
      throw error;
    },
  );
  if (typeof folder === 'number') {
    await dropProbe();
    return folder;
  }
  const probePrefix = afterFolder ? listingPrefix(folder.nights[0]?.prefix ?? '') : leading;
  const probe = afterFolder
    ? await probeOutcome('deposit', target, probePrefix, io.signal)
    : await probing;
  const probed = said(io, probe);
  if (probed !== undefined) return probed;
  return { folder, probePrefix, answered: probe?.exit === undefined && probe?.answered === true };
};

/**
 * The endpoint checked (unless the probe's answer already said it), every night planned
 * (`planNights`) before any runs, then run one after another (`depositNights`), each summary
 * printed as its night ends; the exit code of the worst.
 */
const depositFolder = async (
  depot: Depot,
  read: {
    readonly folder: PreparedFolder;
    readonly probePrefix: string;
    readonly answered: boolean;
  },
  d: Deposit,
): Promise<number> => {
  const { io, v, say, folder } = { ...d, folder: read.folder };
  const started: Reading = { at: monotonicClock.now(), counters: depot.engine.counters() };
  const progress = new ProgressReporter(io.stderr);
  const checked = await checkEndpointFirst(depot, read, d, progress);
  if (checked !== undefined) return checked;
  for (const f of folder.depotFolders)
    say(`Left out ${f}: Depot's own folder (receipts of earlier deposits), never deposited`);
  say(
    `Planning ${folder.totalFiles} files (${formatBytes(folder.totalBytes)})` +
      (folder.nights.length > 1 ? `, ${folder.nights.length} nights, one plan each...` : '...'),
  );
  // Every night is planned before any byte leaves: a refusal (a changed folder) stops them all.
  const planned = await planNights(
    depot.engine,
    {
      dir: d.dir,
      ...(folder.scan === undefined ? {} : { scan: folder.scan }),
      bucket: d.bucket,
      ...(d.programme === undefined ? {} : { programme: d.programme.record }),
      update: v.update,
      // Each file is checksummed as it is taken: uploading starts at once.
      hashAhead: false,
      signal: io.signal,
    },
    folder.nights,
    'first',
  );
  if (planned.kind !== 'planned') {
    const error = planned.kind === 'failed' ? planned.error : undefined;
    const code = planningFailed(error, io, d.usageError, say);
    if (code !== undefined) return code;
    throw error;
  }
  folder.scan = undefined;
  const summaries: DepositSummary[] = [];
  const deposits = await depositNights(depot.engine, planned.plans, {
    signal: io.signal,
    clock: monotonicClock,
    since: started,
    readBack: v['read-back'],
    beforeRun: ({ night, plan }, again) => {
      sayPlanned(d, night, plan, again);
      return v.json ? undefined : depot.engine.on((e) => progress.onEvent(e));
    },
    afterRun: (deposit) => {
      if (deposit.kind === 'ran' && !v.json) progress.finish();
      const summary = sayNight(depot, deposit, d);
      if (summary !== undefined) summaries.push(summary);
    },
  });
  // A folder of one night keeps the one-summary JSON; several nights list theirs.
  if (v.json && summaries.length > 0) {
    io.stdout.write(
      JSON.stringify(folder.nights.length > 1 ? { nights: summaries } : summaries[0]) + '\n',
    );
  }
  if (!v.json && folder.nights.length > 1) {
    io.stdout.write(
      `${summaries.length} of ${folder.nights.length} nights deposited: ${summaries
        .map((s) => `${s.night ?? '?'} ${s.result}`)
        .join(', ')}\n`,
    );
  }
  return depositExitCode(deposits, planned.plans.length);
};

/**
 * The endpoint checked before planning, unless the probe's answer already said it: undefined
 * when the deposit goes on, else its exit code (stopped, or a setting or key refused).
 */
const checkEndpointFirst = async (
  depot: Depot,
  read: { readonly probePrefix: string; readonly answered: boolean },
  d: Deposit,
  progress: ProgressReporter,
): Promise<ExitCode | undefined> => {
  const { io, v, say } = d;
  const offEarly = v.json ? () => undefined : depot.engine.on((e) => progress.onEvent(e));
  // Each command reads the credentials afresh: units refused for authentication get another go,
  // and the check below is made with these credentials.
  depot.engine.credentialsChanged();
  // The probe's answer already said the endpoint, the bucket and the key: asked again only
  // when it did not answer (an outage: this check waits for the network, patiently).
  const endpointCheck = read.answered
    ? ({ kind: 'ok' } as const)
    : await depot.engine.checkEndpoint(d.bucket, { signal: io.signal, prefix: read.probePrefix });
  offEarly();
  if (endpointCheck.kind === 'stopped') {
    say('Stopped before the endpoint answered: nothing was planned or sent.');
    return 4;
  }
  if (endpointCheck.kind === 'blocked') {
    io.stderr.write(`depot deposit: ${blockedMessage(endpointCheck.cause, d.endpoint)}\n`);
    return 2;
  }
  return undefined;
};

/** The worst night's code; nights left unrun (after a stop or a block) are resumable at best. */
const depositExitCode = (
  deposits: readonly NightDeposit<NightInputs>[],
  planned: number,
): ExitCode => {
  const code = combinedExit(deposits.map((n) => (n.kind === 'ran' ? exitCodeOf(n.result) : 4)));
  const ran = deposits.filter((n) => n.kind === 'ran').length;
  return ran < planned && code === 0 ? 4 : code;
};

export const depositCommand: Command = {
  name: 'deposit',
  summary: 'deposit a folder to an S3-compatible bucket (resumable, verified)',
  run,
};
