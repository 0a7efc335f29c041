import type { FailureCause } from '../../shared/domain/FailureCause';
import { MIN_BWLIMIT_BYTES_PER_SEC } from '../../shared/domain/minimumBandwidth';
import { blockingProblems } from '../../shared/field/blockingProblems';
import { depositableFiles } from '../../shared/field/depositableFiles';
import type { PlanMetadata } from '../../shared/field/planMetadata';
import { planMetadata } from '../../shared/field/planMetadata';
import { isValidTimeZone } from '../../shared/field/zonedTime';
import { defaultEngineSettings } from '../engine/EngineSettings';
import { PlanError } from '../engine/PlanError';
import type { RunResult } from '../engine/RunResult';
import { runPreflight } from '../field/runPreflight';
import { ScanError } from '../scan/ScanError';
import { DatabaseError } from '../store/DatabaseError';
import type { Command, CommandIo } from './Command';
import { parseCommandLine } from './parseCommandLine';
import { reportPrefix } from './reportPrefix';
import { folderAndTarget, targetOptions, usageErrorFor } from './targetArgs';
import { defaultDbPath } from './defaultDbPath';
import { describeCause } from './describeCause';
import type { Depot } from './openDepot';
import { openDepot } from './openDepot';
import { formatBytes, parseSize } from './parseSize';
import { probeTarget } from './probeTarget';
import { ProgressReporter } from './ProgressReporter';

const USAGE = `Usage: depot deposit DIR --endpoint URL --bucket NAME [options]

Deposits a folder (a night of recordings) to an S3-compatible bucket: resumable, verified.
Running the same command again resumes where it stopped.
  --prefix P        key prefix; may use {site} {point} {night} {year} {month} {day} {serial}
  --region R        signing region (default us-east-1)
  --path-style      https://endpoint/bucket/key addressing (most non-AWS servers)
  --concurrency N   transfers at once (default ${defaultEngineSettings.concurrency}; up to twice as many files in progress)
  --part-size SIZE  multipart part size (default ${defaultEngineSettings.partSize / 1024 / 1024}MiB; grown for files over 10,000 parts)
  --bwlimit RATE    bandwidth cap across all transfers (e.g. 2MiB/s; at least 256KiB/s)
  --db FILE         plan database (default $DEPOT_DB or ~/.local/share/depot/depot.db)
  --profile NAME    AWS profile (default: AWS_ACCESS_KEY_ID/AWS_SECRET_ACCESS_KEY, else AWS_PROFILE)
  --tz ZONE         the recorder's IANA time zone, for timestamps without an offset
  --skip-invalid    leave out the files the pre-flight blocks on, instead of refusing to start
  --read-back       an object already at a key whose content no server checksum proves (another
                    tool's part layout) is downloaded and compared, instead of reported unproven
  --json            print one final JSON summary on stdout (no progress)
Exit codes: 0 every file verified and the manifest written; 2 usage or configuration error;
3 some files failed definitively (listed with their cause); 4 stopped before the end, resumable
(also when another Depot process is depositing the same plan: run again once it is done);
1 anything unexpected.`;

export type DepositSummary = {
  readonly planId: number;
  readonly bucket: string;
  readonly prefix: string;
  readonly result: RunResult['kind'];
  readonly units: number;
  readonly done: number;
  readonly alreadyPresent: number;
  readonly failed: readonly {
    readonly path: string;
    readonly cause: unknown;
    readonly reason: string;
  }[];
  readonly conflicts: number;
  readonly pending: number;
  readonly bytesTotal: number;
  readonly bytesSent: number;
  readonly bytesResent: number;
  readonly firstAttempts: number;
  readonly retriesGranted: number;
  readonly retriesRefused: number;
  readonly retriesRefusedByReason: Readonly<Record<string, number>>;
  readonly manifest: boolean;
  readonly elapsedMs: number;
};

const exitCodeOf = (result: RunResult): number => {
  switch (result.kind) {
    case 'completed':
      return 0;
    case 'failures':
      return 3;
    case 'stopped':
      return 4;
    case 'blocked':
      return 2;
  }
};

export const summarize = (
  depot: Depot,
  planId: number,
  result: RunResult,
  elapsedMs: number,
): DepositSummary => {
  const s = depot.engine.planSummary(planId);
  const c = depot.engine.counters();
  const refused = Object.values(c.retriesRefused).reduce((a, b) => a + b, 0);
  return {
    planId,
    bucket: s.bucket,
    prefix: s.prefix,
    result: result.kind,
    units: s.units,
    done: s.done,
    alreadyPresent: s.alreadyPresent,
    failed: depot.engine.failedUnits(planId).map((u) => ({
      path: u.relPath,
      cause: u.state.kind === 'failed' ? u.state.cause : undefined,
      reason: u.state.kind === 'failed' ? describeCause(u.state.cause) : '',
    })),
    conflicts: s.conflicts,
    pending: s.pending + s.inProgress + s.deferred,
    bytesTotal: s.bytesTotal,
    bytesSent: s.bytesSent,
    bytesResent: s.bytesResent,
    firstAttempts: c.firstAttempts,
    retriesGranted: c.retriesGranted,
    retriesRefused: refused,
    retriesRefusedByReason: c.retriesRefused,
    manifest: s.manifestAt !== null,
    elapsedMs,
  };
};

const formatSummary = (s: DepositSummary): string => {
  const lines = [
    `Plan ${s.planId}: ${s.units} files to s3://${s.bucket}/${s.prefix}`,
    `  verified on the server: ${s.done} (${s.alreadyPresent} already there with the same checksum)`,
    `  failed: ${s.failed.length}${s.conflicts > 0 ? ` (${s.conflicts} conflicts)` : ''}, still to do: ${s.pending}`,
    `  sent ${formatBytes(s.bytesSent)} of ${formatBytes(s.bytesTotal)}, re-sent ${formatBytes(s.bytesResent)}, in ${(s.elapsedMs / 1000).toFixed(1)} s`,
    `  requests: ${s.firstAttempts} first attempts, ${s.retriesGranted} retries granted, ${s.retriesRefused} refused`,
    `  manifest: ${s.manifest ? 'written' : 'not written'}`,
  ];
  for (const f of s.failed) lines.push(`  FAILED ${f.path}: ${f.reason}`);
  return lines.join('\n') + '\n';
};

/** What to fix when the endpoint refuses the whole deposit (nothing is failed for it). */
const blockedMessage = (cause: FailureCause, endpoint: string): string => {
  switch (cause.kind) {
    case 'bucket-missing':
      return `the bucket "${cause.bucket}" does not exist on ${endpoint}: create it, or check --bucket`;
    case 'auth':
      return `${endpoint} refused the credentials (${cause.status} ${cause.code}): check AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY (or --profile) and the bucket's permissions`;
    default:
      return describeCause(cause);
  }
};

/** What a deposit takes from the folder's pre-flight. */
type FolderInputs = {
  readonly prefix: string;
  readonly include: readonly string[];
  readonly metadata: PlanMetadata;
  readonly totalFiles: number;
  readonly totalBytes: number;
};

/**
 * The pre-flight, its refusal of blocking problems and what the plan needs from it, or an exit
 * code. The report itself (about 1 KB a file: 11 MB for 10,000 files) stays in this function so
 * it is garbage before planning, instead of live, and multiplied by the heap's growth, through the
 * whole deposit (issue 5, ADR 0010).
 */
const readFolder = async (
  dir: string,
  v: { readonly tz?: string; readonly prefix: string; readonly 'skip-invalid': boolean },
  io: CommandIo,
  usageError: (message: string) => number,
): Promise<FolderInputs | number> => {
  let report;
  try {
    report = await runPreflight(dir, {
      signal: io.signal,
      ...(v.tz === undefined ? {} : { tz: v.tz }),
    });
  } catch (error) {
    if (error instanceof ScanError) return usageError(error.message);
    if (io.signal.aborted) return 4;
    throw error;
  }
  const blocking = blockingProblems(report);
  if (blocking.length > 0 && !v['skip-invalid']) {
    io.stderr.write(`depot deposit: ${blocking.length} problem(s) block the deposit of ${dir}:\n`);
    for (const p of blocking)
      io.stderr.write(`  ${p.relPath === '' ? '(folder)' : p.relPath}: ${p.message.en}\n`);
    io.stderr.write(
      'Decide (see `depot check`), or run again with --skip-invalid to leave those files out.\n',
    );
    return 2;
  }
  const prefix = reportPrefix(v.prefix, report, usageError);
  if (typeof prefix === 'number') return prefix;
  const include = depositableFiles(report, { skipBlocking: v['skip-invalid'] });
  if (include.length === 0) return usageError(`${dir} holds no file to deposit`);
  return {
    prefix,
    include,
    metadata: planMetadata(report),
    totalFiles: report.totalFiles,
    totalBytes: report.totalBytes,
  };
};

const run = async (argv: readonly string[], io: CommandIo): Promise<number> => {
  const parsed = parseCommandLine('deposit', USAGE, argv, io, {
    ...targetOptions,
    prefix: { type: 'string', default: '' },
    concurrency: { type: 'string' },
    'part-size': { type: 'string' },
    bwlimit: { type: 'string' },
    db: { type: 'string' },
    tz: { type: 'string' },
    'skip-invalid': { type: 'boolean', default: false },
    'read-back': { type: 'boolean', default: false },
    json: { type: 'boolean', default: false },
  });
  if (typeof parsed === 'number') return parsed;
  const { values: v, positionals } = parsed;
  const usageError = usageErrorFor('deposit', io);
  const target = folderAndTarget(positionals, v, io, USAGE, usageError);
  if (typeof target === 'number') return target;
  const { dir, endpoint, bucket, credentials } = target;
  const concurrency =
    v.concurrency === undefined ? defaultEngineSettings.concurrency : Number(v.concurrency);
  if (!Number.isInteger(concurrency) || concurrency < 1 || concurrency > 64) {
    return usageError('--concurrency must be a whole number from 1 to 64');
  }
  const partSize =
    v['part-size'] === undefined ? defaultEngineSettings.partSize : parseSize(v['part-size']);
  if (partSize === undefined || partSize < 5 * 1024 * 1024 || partSize > 5 * 1024 ** 3) {
    return usageError('--part-size must be between 5MiB and 5GiB (e.g. 8MiB)');
  }
  const bwlimit = v.bwlimit === undefined ? undefined : parseSize(v.bwlimit);
  if (v.bwlimit !== undefined && bwlimit === undefined)
    return usageError(`--bwlimit "${v.bwlimit}" is not a rate (e.g. 2MiB/s)`);
  if (bwlimit !== undefined && bwlimit < MIN_BWLIMIT_BYTES_PER_SEC)
    return usageError(
      `--bwlimit ${v.bwlimit} is below the minimum, ${MIN_BWLIMIT_BYTES_PER_SEC / 1024}KiB/s: Depot reads ${MIN_BWLIMIT_BYTES_PER_SEC / 1024} KiB at a time and could not keep a lower cap without bursts; give at least ${MIN_BWLIMIT_BYTES_PER_SEC / 1024}KiB/s`,
    );
  if (v.tz !== undefined && !isValidTimeZone(v.tz))
    return usageError(`unknown time zone "${v.tz}" (use an IANA name such as Europe/Paris)`);

  const say = (text: string): void => {
    if (!v.json) io.stderr.write(`${text}\n`);
  };
  const folder = await readFolder(dir, v, io, usageError);
  if (typeof folder === 'number') return folder;
  const { prefix, include, metadata } = folder;
  // A wrong port or a web page is a configuration mistake, not an outage: said now (issue 12).
  const probed = await probeTarget('deposit', io, {
    ...target,
    region: v.region,
    pathStyle: v['path-style'],
  });
  if (probed !== undefined) return probed;

  let depot: Depot;
  try {
    depot = openDepot({
      dbPath: defaultDbPath(io.env, v.db),
      endpoint,
      region: v.region,
      bucket,
      pathStyle: v['path-style'],
      credentials,
      settings: {
        concurrency,
        partSize,
        multipartThreshold: partSize,
        ...(bwlimit === undefined ? {} : { bwlimitBytesPerSec: bwlimit }),
        readBack: v['read-back'],
      },
    });
  } catch (error) {
    // A full disk is not a configuration mistake: the plan resumes once space is freed (exit 4).
    if (error instanceof DatabaseError && error.code !== 'disk-full')
      return usageError(error.message);
    throw error;
  }
  const started = Date.now();
  try {
    const progress = new ProgressReporter(io.stderr);
    const offEarly = v.json ? () => undefined : depot.engine.on((e) => progress.onEvent(e));
    // Each command reads the credentials afresh: units refused for authentication get another go,
    // and the check below is made with these credentials.
    depot.engine.credentialsChanged();
    const endpointCheck = await depot.engine.checkEndpoint(bucket, { signal: io.signal });
    offEarly();
    if (endpointCheck.kind === 'stopped') {
      say('Stopped before the endpoint answered: nothing was planned or sent.');
      return 4;
    }
    if (endpointCheck.kind === 'blocked') {
      io.stderr.write(`depot deposit: ${blockedMessage(endpointCheck.cause, endpoint)}\n`);
      return 2;
    }
    say(`Planning ${folder.totalFiles} files (${formatBytes(folder.totalBytes)})...`);
    let plan;
    try {
      plan = await depot.engine.planFolder({
        dir,
        bucket,
        prefix,
        include,
        metadata,
        // Each file is checksummed as it is taken: uploading starts at once.
        hashAhead: false,
        signal: io.signal,
      });
    } catch (error) {
      if (error instanceof PlanError || error instanceof ScanError)
        return usageError(error.message);
      if (io.signal.aborted) {
        say('Stopped while planning: run the same command again to resume.');
        return 4;
      }
      throw error;
    }
    say(
      `${plan.resumed ? 'Resuming' : 'Planned'} plan ${plan.id}: ${plan.units} files, ${formatBytes(plan.bytesTotal)} to s3://${bucket}/${prefix}` +
        (plan.skippedJunk > 0 ? ` (${plan.skippedJunk} system files skipped)` : ''),
    );
    const off = v.json ? () => undefined : depot.engine.on((e) => progress.onEvent(e));
    let result: RunResult;
    try {
      result = await depot.engine.run(plan.id, { signal: io.signal });
    } catch (error) {
      off();
      // Another process holds the plan's run lease: nothing is wrong with this command, and it
      // resumes the plan once that process is done, like any stopped deposit (exit 4).
      if (error instanceof PlanError && error.detail.code === 'already-running') {
        io.stderr.write(
          `depot deposit: ${error.message}; nothing was sent. Run the same command again once it has finished.\n`,
        );
        return 4;
      }
      throw error;
    }
    off();
    if (!v.json) progress.finish();
    const summary = summarize(depot, plan.id, result, Date.now() - started);
    if (v.json) io.stdout.write(JSON.stringify(summary) + '\n');
    else io.stdout.write(formatSummary(summary));
    if (result.kind === 'stopped')
      say('Stopped before the end: run the same command again to resume.');
    if (result.kind === 'blocked') {
      io.stderr.write(
        `depot deposit: ${describeCause(result.cause)}. Nothing was failed; fix it and run the same command again.\n`,
      );
    }
    return exitCodeOf(result);
  } finally {
    depot.close();
  }
};

export const depositCommand: Command = {
  name: 'deposit',
  summary: 'deposit a folder to an S3-compatible bucket (resumable, verified)',
  run,
};
