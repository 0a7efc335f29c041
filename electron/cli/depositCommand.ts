import { defaultEngineSettings } from '../engine/EngineSettings';
import { monotonicClock } from '../runtime/monotonicClock';
import type { PlanningResult } from '../engine/PlanSummary';
import { readFolder } from './readFolder';
import { engineOptions } from './engineOptions';
import { portalDeposit, portalOptions, PORTAL_USAGE } from './portalDeposit';
import type { PlanUpdateReport } from '../engine/PlanUpdateReport';
import type { RunResult } from '../engine/RunResult';
import { DatabaseError } from '../store/DatabaseError';
import type { Command, CommandIo } from './Command';
import { parseCommandLine } from './parseCommandLine';
import { programmeOptions, readProgramme } from './readProgramme';
import { folderAndTarget, targetOptions, usageErrorFor } from './targetArgs';
import { defaultDbPath } from './defaultDbPath';
import { blockedMessage, blockedRunMessage } from './blockedMessage';
import type { Depot } from './openDepot';
import { openDepot } from './openDepot';
import { formatBytes } from './parseSize';
import { wallClockText } from './wallClockText';
import { probeOutcome, said } from './probeTarget';
import type { ProbeOutcome } from './probeTarget';
import { listingPrefix } from '../../shared/wire/nightManifestKey';
import { fixedPrefix } from '../../shared/field/fixedPrefix';
import { heldElsewhere, planningFailed } from './planningFailed';
import { exitCodeOf } from './exitCodeOf';
import { ProgressReporter } from './ProgressReporter';
import { countersSince } from '../../shared/retry/countersSince';
import { formatSummary, summarize } from './DepositSummary';
import type { DepositSummary } from './DepositSummary';
import type { NightInputs } from './chooseNights';

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
    ...programmeOptions,
    prefix: { type: 'string' },
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
  for (const option of ['token', 'participation', 'site', 'point'] as const)
    if (v[option] !== undefined)
      return usageError(
        `--${option} is for a programme whose profile names a portal (--programme FILE with "destination": {"kind": "vigiechiro"})`,
      );
  if (v['start-analysis'])
    return usageError(
      '--start-analysis is for a programme whose profile names a portal (--programme FILE with "destination": {"kind": "vigiechiro"})',
    );
  const target = folderAndTarget(positionals, v, io, USAGE, usageError, programme);
  if (typeof target === 'number') return target;
  const { dir, endpoint, bucket, credentials } = target;
  const engine = engineOptions(v, programme?.profile.defaults, usageError);
  if (typeof engine === 'number') return engine;
  const { concurrency, partSize, bwlimit, tz } = engine;

  const say = (text: string): void => {
    if (!v.json) io.stderr.write(`${text}\n`);
  };
  // A wrong port or a web page is a configuration mistake, not an outage: said before planning
  // (issue 12). Probed while the folder is read (a card's pre-flight takes seconds, a dead
  // network's probe up to 15 s; issue 15): the folder's own problems are still said first.
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
  const folder = await readFolder(
    dir,
    { ...v, prefix: target.prefix, ...(tz === undefined ? {} : { tz }) },
    programme,
    io,
    usageError,
  ).catch(async (error: unknown) => {
    await dropProbe();
    throw error;
  });
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
  const answered = probe?.exit === undefined && probe?.answered === true;

  let depot: Depot;
  try {
    depot = openDepot({
      dbPath: defaultDbPath(io.env, v.db),
      endpoint,
      region: target.region,
      bucket,
      pathStyle: target.pathStyle,
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
  const started = { at: monotonicClock.now(), counters: depot.engine.counters() };
  /** Another process holds a plan: nothing is wrong with this command, it resumes later (exit 4). */
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
    for (const f of folder.depotFolders)
      say(`Left out ${f}: Depot's own folder (receipts of earlier deposits), never deposited`);
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
          ...(night.names === undefined ? {} : { names: night.names }),
          ...(programme === undefined ? {} : { programme: programme.record }),
          update: v.update,
          // Each file is checksummed as it is taken: uploading starts at once.
          hashAhead: false,
          signal: io.signal,
        });
        plans.push({ night, plan });
      } catch (error) {
        const code = planningFailed(error, io, usageError, say);
        if (code !== undefined) return code;
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
          (plan.programme === null ? '' : `, named by the programme "${plan.programme.name}"`) +
          (plan.skippedJunk > 0 ? ` (${plan.skippedJunk} system files skipped)` : ''),
      );
      if (plan.update !== undefined) say(describeUpdate(plan.id, plan.update));
      if (v['read-back']) {
        const again = depot.engine.readBackUnproven(plan.id);
        if (again > 0)
          say(
            `${again === 1 ? '1 file' : `${again} files`} already on the server with content unproven: read back and compared this time`,
          );
      }
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
        const held = heldElsewhere(error, io);
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
      const now = { at: monotonicClock.now(), counters: depot.engine.counters() };
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
        const failed = depot.engine
          .failedUnits(plan.id)
          .flatMap((u) => (u.state.kind === 'failed' ? [u.state.cause] : []));
        io.stderr.write(`depot deposit: ${blockedRunMessage(result.cause, endpoint, failed)}\n`);
        break;
      }
      if (result.kind === 'stopped') {
        say('Stopped before the end: run the same command again to resume.');
        break;
      }
      if (result.kind === 'postponed') {
        // The server's word, never slept on for hours: the other nights go on (issue 30, item 6).
        io.stderr.write(
          `depot deposit: ${result.units} file(s) postponed by the server until ${wallClockText(result.until)} (it asked to come back later: Retry-After); run the same command after that time, or \`depot retry-failures\` then the same command to try now.\n`,
        );
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
