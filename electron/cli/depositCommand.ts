import type { FailureCause } from '../../shared/domain/FailureCause';
import { MIN_BWLIMIT_BYTES_PER_SEC } from '../../shared/domain/minimumBandwidth';
import { blockingProblems } from '../../shared/field/blockingProblems';
import { depositableFiles } from '../../shared/field/depositableFiles';
import { isValidTimeZone } from '../../shared/field/zonedTime';
import { defaultEngineSettings } from '../engine/EngineSettings';
import { PlanError } from '../engine/PlanError';
import type { PlanningResult } from '../engine/PlanSummary';
import type { PlanUpdateReport } from '../engine/PlanUpdateReport';
import type { RunResult } from '../engine/RunResult';
import type { ScanResult } from '../../shared/field/ScanResult';
import { runPreflight } from '../field/runPreflight';
import { ScanError } from '../scan/ScanError';
import { scanFolder } from '../scan/scanFolder';
import { DatabaseError } from '../store/DatabaseError';
import type { Command, CommandIo } from './Command';
import { parseCommandLine } from './parseCommandLine';
import { folderAndTarget, targetOptions, usageErrorFor } from './targetArgs';
import { defaultDbPath } from './defaultDbPath';
import { certificateAdvice } from './certificateAdvice';
import { describeCause } from './describeCause';
import type { Depot } from './openDepot';
import { openDepot } from './openDepot';
import { formatBytes, parseSize } from './parseSize';
import { probeOutcome, said } from './probeTarget';
import type { ProbeOutcome } from './probeTarget';
import { listingPrefix } from '../../shared/wire/nightManifestKey';
import { fixedPrefix } from '../../shared/field/fixedPrefix';
import { ProgressReporter } from './ProgressReporter';
import { chooseNights } from './chooseNights';
import { countersSince } from '../../shared/retry/countersSince';
import { formatSummary, summarize } from './DepositSummary';
import type { DepositSummary } from './DepositSummary';
import type { NightInputs } from './chooseNights';

const USAGE = `Usage: depot deposit DIR --endpoint URL --bucket NAME [options]

Deposits a folder (a night of recordings) to an S3-compatible bucket: resumable, verified.
Running the same command again resumes where it stopped.
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
  --bwlimit RATE    bandwidth cap across all transfers (e.g. 2MiB/s; at least 256KiB/s)
  --db FILE         plan database (default $DEPOT_DB or ~/.local/share/depot/depot.db)
  --profile NAME    AWS profile (default: AWS_ACCESS_KEY_ID/AWS_SECRET_ACCESS_KEY, else AWS_PROFILE)
  --tz ZONE         the recorder's IANA time zone, for timestamps without an offset
  --skip-invalid    leave out the files the pre-flight blocks on, instead of refusing to start
  --read-back       an object already at a key whose content no server checksum proves (another
                    tool's part layout) is downloaded and compared, instead of reported unproven
  --json            print one final JSON summary on stdout (no progress)
Exit codes: 0 every file verified (or, with a key that may only write, deposited as the server's
answers to its writes say, reported as not verifiable) and the manifest written; 2 usage or
configuration error (a wrong key or secret, a missing bucket);
3 some files failed definitively (listed with their cause); 4 stopped before the end, resumable
(also when another Depot process is depositing the same plan: run again once it is done);
1 anything unexpected.`;

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

/** What to fix when the endpoint refuses the whole deposit (nothing is failed for it). */
const blockedMessage = (cause: FailureCause, endpoint: string): string => {
  switch (cause.kind) {
    case 'bucket-missing':
      return `the bucket "${cause.bucket}" does not exist on ${endpoint}: create it, or check --bucket`;
    case 'auth':
      return `${endpoint} refused the credentials (${cause.status} ${cause.code}): the access key or its secret is wrong; check AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY (or --profile)`;
    case 'certificate':
      return certificateAdvice(cause.problem, cause.code, endpoint);
    default:
      return describeCause(cause);
  }
};

/** What a deposit takes from the folder's pre-flight: one entry per night to deposit. */
type FolderInputs = {
  /**
   * The one scan of the deposit: the pre-flight's verdict and the plans are made of it. Let go
   * once the nights are planned: the runs read the plans, and a card's scan is live heap (ADR 0010).
   */
  scan: ScanResult | undefined;
  readonly nights: readonly NightInputs[];
  readonly totalFiles: number;
  readonly totalBytes: number;
};

/**
 * The pre-flight, its refusal of blocking problems and what the plans need from it, or an exit
 * code. The report itself (about 1 KB a file: 11 MB for 10,000 files) stays in this function so
 * it is garbage before planning, instead of live, and multiplied by the heap's growth, through the
 * whole deposit (issue 5, ADR 0010).
 */
const readFolder = async (
  dir: string,
  v: {
    readonly tz?: string;
    readonly prefix: string;
    readonly night?: string;
    readonly 'skip-invalid': boolean;
  },
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
  const include = depositableFiles(report, { skipBlocking: v['skip-invalid'] });
  // "Several nights" is settled by depositing night by night (or one night): never by mixing them.
  const nights = chooseNights('deposit', dir, report, include, v, io, usageError);
  if (typeof nights === 'number') return nights;
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
  return {
    scan,
    nights: nights.filter((n) => n.include.length > 0),
    totalFiles: report.totalFiles,
    totalBytes: report.totalBytes,
  };
};

/** Several nights end as the worst of them: refused, then failures, then stopped, then done. */
const combinedExit = (codes: readonly number[]): number =>
  [2, 3, 4, 1].find((c) => codes.includes(c)) ?? 0;

const listed = (paths: readonly string[]): string =>
  paths.slice(0, 20).join(', ') + (paths.length > 20 ? `, ... (${paths.length} in all)` : '');

/** What `--update` did to the plan, for the volunteer (stderr, like the other progress lines). */
const describeUpdate = (planId: number, u: PlanUpdateReport): string => {
  const lines = [
    `Plan ${planId} brought up to date with the folder: ${u.changed.length} changed (sent again), ${u.removed.length} removed, ${u.added.length} new` +
      (u.retried.length > 0 ? `, ${u.retried.length} failed earlier and queued again` : '') +
      (u.abortedUploads > 0 ? `; ${u.abortedUploads} open upload(s) of old bytes aborted` : ''),
  ];
  if (u.changed.length > 0) lines.push(`  changed: ${listed(u.changed)}`);
  if (u.removed.length > 0)
    lines.push(
      `  removed from the plan (their objects, if any, stay on the server): ${listed(u.removed)}`,
    );
  if (u.added.length > 0) lines.push(`  new: ${listed(u.added)}`);
  if (u.changedAfterVerified.length > 0)
    lines.push(
      `  already verified on the server before they changed (the server's copy is never overwritten: they will show as conflicts): ${listed(u.changedAfterVerified)}`,
    );
  return lines.join('\n');
};

const run = async (argv: readonly string[], io: CommandIo): Promise<number> => {
  const parsed = parseCommandLine('deposit', USAGE, argv, io, {
    ...targetOptions,
    prefix: { type: 'string', default: '' },
    night: { type: 'string' },
    update: { type: 'boolean', default: false },
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
  // A wrong port or a web page is a configuration mistake, not an outage: said before planning
  // (issue 12). Probed while the folder is read (a card's pre-flight takes seconds, a dead
  // network's probe up to 15 s; issue 15): the folder's own problems are still said first.
  const probeStop = new AbortController();
  const probeTarget = { ...target, region: v.region, pathStyle: v['path-style'] };
  // Inside the night's folder: the fixed part of the prefix template (issue 29). A template that
  // starts with a placeholder has no folder before its nights are known: probed once they are.
  const leading = fixedPrefix(v.prefix);
  const afterFolder = leading === '' && v.prefix !== '';
  const probing: Promise<ProbeOutcome> = afterFolder
    ? Promise.resolve(undefined)
    : probeOutcome('deposit', probeTarget, leading, AbortSignal.any([io.signal, probeStop.signal]));
  // A probe that throws while the folder is read is not an unhandled rejection: awaited below.
  void probing.catch(() => undefined);
  // The folder ended the command: nothing of the probe is said, or left running.
  const dropProbe = async (): Promise<void> => {
    probeStop.abort();
    await probing.catch(() => undefined);
  };
  const folder = await readFolder(dir, v, io, usageError).catch(async (error: unknown) => {
    await dropProbe();
    throw error;
  });
  if (typeof folder === 'number') {
    await dropProbe();
    return folder;
  }
  const probePrefix = afterFolder ? listingPrefix(folder.nights[0]?.prefix ?? '') : leading;
  const probe = afterFolder
    ? await probeOutcome('deposit', probeTarget, probePrefix, io.signal)
    : await probing;
  const probed = said(io, probe);
  if (probed !== undefined) return probed;
  const answered = probe?.exit === undefined && probe?.answered === true;

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
    // A full disk or a database another process keeps locked is not a configuration mistake:
    // the plan resumes later (exit 4, from foreseeableError).
    if (error instanceof DatabaseError && error.code !== 'disk-full' && error.code !== 'busy')
      return usageError(error.message);
    throw error;
  }
  const started = { at: Date.now(), counters: depot.engine.counters() };
  /** Another process holds a plan: nothing is wrong with this command, it resumes later (exit 4). */
  const heldElsewhere = (error: unknown): number | undefined => {
    if (!(error instanceof PlanError) || error.detail.code !== 'already-running') return undefined;
    io.stderr.write(
      `depot deposit: ${error.message}; nothing was sent. Run the same command again once it has finished.\n`,
    );
    return 4;
  };
  try {
    const progress = new ProgressReporter(io.stderr);
    const offEarly = v.json ? () => undefined : depot.engine.on((e) => progress.onEvent(e));
    // Each command reads the credentials afresh: units refused for authentication get another go,
    // and the check below is made with these credentials.
    depot.engine.credentialsChanged();
    // The probe's answer already said the endpoint, the bucket and the key: asked again only
    // when it did not answer (an outage: this check waits for the network, patiently).
    const endpointCheck = answered
      ? ({ kind: 'ok' } as const)
      : await depot.engine.checkEndpoint(bucket, { signal: io.signal, prefix: probePrefix });
    offEarly();
    if (endpointCheck.kind === 'stopped') {
      say('Stopped before the endpoint answered: nothing was planned or sent.');
      return 4;
    }
    if (endpointCheck.kind === 'blocked') {
      io.stderr.write(`depot deposit: ${blockedMessage(endpointCheck.cause, endpoint)}\n`);
      return 2;
    }
    say(
      `Planning ${folder.totalFiles} files (${formatBytes(folder.totalBytes)})` +
        (folder.nights.length > 1 ? `, ${folder.nights.length} nights, one plan each...` : '...'),
    );
    // Every night is planned before any byte leaves: a refusal (a changed folder) stops them all.
    const plans: { readonly night: NightInputs; readonly plan: PlanningResult }[] = [];
    for (const night of folder.nights) {
      try {
        const plan = await depot.engine.planFolder({
          dir,
          scan: folder.scan,
          bucket,
          prefix: night.prefix,
          include: night.include,
          metadata: night.metadata,
          update: v.update,
          // Each file is checksummed as it is taken: uploading starts at once.
          hashAhead: false,
          signal: io.signal,
        });
        plans.push({ night, plan });
      } catch (error) {
        const held = heldElsewhere(error);
        if (held !== undefined) return held;
        if (error instanceof PlanError && error.detail.code === 'sources-changed') {
          io.stderr.write(
            `depot deposit: ${error.message}\n` +
              'Run the same command with --update to deposit the changes: verified files stay verified and are not sent again, changed files are sent again, removed files leave the plan (their objects stay on the server).\n',
          );
          return 2;
        }
        if (error instanceof PlanError || error instanceof ScanError)
          return usageError(error.message);
        if (io.signal.aborted) {
          say('Stopped while planning: run the same command again to resume.');
          return 4;
        }
        throw error;
      }
    }
    folder.scan = undefined;
    const summaries: DepositSummary[] = [];
    const codes: number[] = [];
    // Each night's summary counts from where the previous one ended: the first from the start
    // (its scan and planning included), the others their own run.
    let since = started;
    for (const { night, plan } of plans) {
      say(
        `${plan.resumed ? 'Resuming' : 'Planned'} plan ${plan.id}${night.night === undefined ? '' : ` (night ${night.night})`}: ${plan.units} files, ${formatBytes(plan.bytesTotal)} to s3://${bucket}/${night.prefix}` +
          (plan.skippedJunk > 0 ? ` (${plan.skippedJunk} system files skipped)` : ''),
      );
      if (plan.update !== undefined) say(describeUpdate(plan.id, plan.update));
      const off = v.json ? () => undefined : depot.engine.on((e) => progress.onEvent(e));
      // What the run found when it listed the night (or that it could not list it).
      let checked: { listed: boolean; returned: readonly string[]; unchecked: number } | undefined;
      const offChecked = depot.engine.on((e) => {
        if (e.type === 'night-checked' && e.planId === plan.id) checked = e;
      });
      let result: RunResult;
      try {
        result = await depot.engine.run(plan.id, { signal: io.signal });
      } catch (error) {
        off();
        const held = heldElsewhere(error);
        if (held !== undefined) {
          codes.push(held);
          break;
        }
        throw error;
      } finally {
        off();
        offChecked();
      }
      if (!v.json) progress.finish();
      const now = { at: Date.now(), counters: depot.engine.counters() };
      const spent = {
        elapsedMs: now.at - since.at,
        counters: countersSince(now.counters, since.counters),
      };
      since = now;
      const summary = summarize(depot, plan.id, result, spent, {
        ...(night.night === undefined ? {} : { night: night.night }),
        ...(plan.update === undefined ? {} : { update: plan.update }),
        ...(checked === undefined ? {} : { checked }),
      });
      summaries.push(summary);
      codes.push(exitCodeOf(result));
      if (!v.json) io.stdout.write(formatSummary(summary));
      if (result.kind === 'blocked') {
        io.stderr.write(
          `depot deposit: ${describeCause(result.cause)}. Nothing was failed; fix it and run the same command again.\n`,
        );
        break;
      }
      if (result.kind === 'stopped') {
        say('Stopped before the end: run the same command again to resume.');
        break;
      }
    }
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
    const code = combinedExit(codes);
    if (summaries.length < plans.length && code === 0) return 4;
    return code;
  } finally {
    depot.close();
  }
};

export const depositCommand: Command = {
  name: 'deposit',
  summary: 'deposit a folder to an S3-compatible bucket (resumable, verified)',
  run,
};
