import { resolve } from 'node:path';
import type { FailureCause } from '../../shared/domain/FailureCause';
import type { Participation } from '../../shared/portal/Participation';
import type { PortalTarget } from '../../shared/ports/Portal';
import { countersSince } from '../../shared/retry/countersSince';
import { PlanError } from '../engine/PlanError';
import type { RunResult } from '../engine/RunResult';
import { monotonicClock } from '../runtime/monotonicClock';
import { DatabaseError } from '../store/DatabaseError';
import { blockedRunMessage } from './blockedMessage';
import type { NightInputs } from '../nights/NightInputs';
import type { CommandIo } from './Command';
import { defaultDbPath } from './defaultDbPath';
import type { DepositSummary } from './DepositSummary';
import { formatSummary, summarize } from './DepositSummary';
import { describeCause, PORTAL_SIGNED_OUT } from './describeCause';
import type { EngineOptions } from './engineOptions';
import type { PortalDepot } from './openPortalDepot';
import { openPortalDepot } from './openPortalDepot';
import { formatBytes } from './parseSize';
import { planningFailed } from './planningFailed';
import { exitCodeOf } from './exitCodeOf';
import { ProgressReporter } from './ProgressReporter';
import { readFolder } from './readFolder';
import type { Programme } from './readProgramme';
import { portalTokenOf } from '../../shared/portal/portalTokenOf';
import { wallClockText } from './wallClockText';

/** The options only a programme whose profile names a portal takes (ADR 0032). */
export const portalOptions = {
  token: { type: 'string' },
  participation: { type: 'string' },
  site: { type: 'string' },
  point: { type: 'string' },
  'start-analysis': { type: 'boolean', default: false },
} as const;

export const PORTAL_USAGE = `With a programme whose profile names a portal (Vigie-Chiro: "destination": {"kind": "vigiechiro"}):
  --token TOKEN     the portal's sign-in: the token, or the whole address the sign-in page ends on
                    (...#/?token=...); default $DEPOT_PORTAL_TOKEN. Never printed. It lasts 14 days
  --participation ID  deposit the night into this participation (the folder holds one night, or
                    --night picks one)
  --site ID [--point P]  create a participation of this site for each night of the folder, with
                    the night's dates (its first and last recording) and the point; a night that
                    already has one in this Depot keeps it
  --start-analysis  once a night is complete on the portal, start its analysis (once: an analysis
                    already planned is not asked again)`;

type PortalValues = {
  readonly token?: string;
  readonly participation?: string;
  readonly site?: string;
  readonly point?: string;
  readonly 'start-analysis': boolean;
  readonly night?: string;
  readonly update: boolean;
  readonly db?: string;
  readonly 'skip-invalid': boolean;
  readonly 'read-back': boolean;
  readonly json: boolean;
  readonly endpoint?: string;
  readonly bucket?: string;
  readonly region?: string;
  readonly 'path-style'?: boolean;
  readonly prefix?: string;
  readonly profile?: string;
};

/** What the portal's refusal of the sign-in, a participation or the analysis says to do. */
const refusalLine = (cause: FailureCause): string =>
  cause.kind === 'portal-signed-out' ? PORTAL_SIGNED_OUT : describeCause(cause);

/**
 * `depot deposit DIR --programme FILE` when the profile names a portal (issue 33, ADR 0032): the
 * pre-flight (names by the programme and the portal's own rules, files over 5 GB refused), the
 * sign-in checked, a participation per night (given, kept from an earlier run, or created), then
 * the same engine as for S3: plans, resume, the policy, the journal; and the analysis when asked.
 */
export const portalDeposit = async (
  v: PortalValues,
  positionals: readonly string[],
  programme: Programme,
  engine: EngineOptions,
  io: CommandIo,
  usageError: (message: string) => number,
): Promise<number> => {
  const destination = programme.profile.destination;
  if (destination.kind !== 'vigiechiro') throw new Error('portalDeposit: not a portal profile');
  if (positionals.length !== 1) return usageError('give exactly one folder');
  const [dir = ''] = positionals;
  for (const option of ['endpoint', 'bucket', 'region', 'path-style', 'prefix', 'profile'] as const)
    if (v[option] !== undefined)
      return usageError(
        `--${option} does not apply: the programme profile ${programme.path} sends nights to its portal (${destination.api}), which places each file itself: leave --${option} out`,
      );
  const given = v.token ?? io.env['DEPOT_PORTAL_TOKEN'];
  if (given === undefined || given.trim() === '')
    return usageError(
      `no sign-in for the portal: sign in at ${destination.signIn}, then give the token (or the whole address the page ends on) with --token or DEPOT_PORTAL_TOKEN`,
    );
  const token = portalTokenOf(given);
  if (token === undefined)
    return usageError(
      `the ${v.token === undefined ? 'DEPOT_PORTAL_TOKEN' : '--token'} given holds no portal token (letters and digits, or an address ending in #/?token=...)`,
    );
  if ((v.participation === undefined) === (v.site === undefined))
    return usageError(
      'a portal night goes into a participation: give --participation ID (an existing one), or --site ID to create one per night',
    );
  if (v.point !== undefined && v.site === undefined)
    return usageError('--point is the point of a participation to create: it needs --site');
  const say = (text: string): void => {
    if (!v.json) io.stderr.write(`${text}\n`);
  };

  // A participation is one night: a folder of several is split night by night (as a {night}
  // prefix would split it) only when each gets its own participation.
  const folder = await readFolder(
    dir,
    {
      ...v,
      prefix: v.site === undefined ? '' : '{night}',
      ...(engine.tz === undefined ? {} : { tz: engine.tz }),
    },
    programme,
    io,
    usageError,
  );
  if (typeof folder === 'number') return folder;
  if (v.participation !== undefined && folder.nights.length > 1)
    return usageError(
      `${dir} holds ${folder.nights.length} nights (${folder.nights.map((n) => n.night ?? '?').join(', ')}) and a participation is one night: pick one with --night, or create one per night with --site`,
    );

  let depot: PortalDepot;
  try {
    depot = openPortalDepot({
      dbPath: defaultDbPath(io.env, v.db),
      api: destination.api,
      token,
      settings: {
        concurrency: engine.concurrency,
        ...(engine.bwlimit === undefined ? {} : { bwlimitBytesPerSec: engine.bwlimit }),
        readBack: v['read-back'],
      },
    });
  } catch (error) {
    if (error instanceof DatabaseError && error.code !== 'disk-full' && error.code !== 'busy')
      return usageError(error.message);
    throw error;
  }
  const target = depot.portal.target;
  try {
    const started = { at: monotonicClock.now(), counters: depot.engine.counters() };
    // A new token puts the files refused for the last one back in line.
    depot.engine.credentialsChanged();
    const signedIn = await depot.engine.checkPortal(depot.portal, { signal: io.signal });
    if (signedIn.kind === 'stopped') {
      say('Stopped before the portal answered: nothing was planned or sent.');
      return 4;
    }
    if (signedIn.kind === 'refused') return usageError(refusalLine(signedIn.cause));
    say(
      `Signed in to ${target.api}. Planning ${folder.totalFiles} files (${formatBytes(folder.totalBytes)})` +
        (folder.nights.length > 1
          ? `, ${folder.nights.length} nights, one participation each...`
          : '...'),
    );
    const plans: { readonly night: NightInputs; readonly planId: number }[] = [];
    for (const night of folder.nights) {
      const participation = await participationOf(depot, target, dir, night, v, say, io);
      if (typeof participation === 'number') return participation;
      try {
        const plan = await depot.engine.planFolder({
          dir,
          scan: folder.scan,
          bucket: '',
          prefix: '',
          include: night.include,
          metadata: night.metadata,
          ...(night.names === undefined ? {} : { names: night.names }),
          programme: programme.record,
          portal: { target, participationId: participation },
          update: v.update,
          hashAhead: false,
          signal: io.signal,
        });
        say(
          `${plan.resumed ? 'Resuming' : 'Planned'} plan ${plan.id}${night.night === undefined ? '' : ` (night ${night.night})`}: ${plan.units} files, ${formatBytes(plan.bytesTotal)} to participation ${participation}, named by the programme "${programme.record.name}"`,
        );
        plans.push({ night, planId: plan.id });
      } catch (error) {
        const code = planningFailed(error, io, usageError, say);
        if (code !== undefined) return code;
        throw error;
      }
    }
    folder.scan = undefined;
    const progress = new ProgressReporter(io.stderr);
    const summaries: DepositSummary[] = [];
    const codes: number[] = [];
    let since = started;
    for (const { night, planId } of plans) {
      if (v['read-back']) depot.engine.readBackUnproven(planId);
      const off = v.json ? () => undefined : depot.engine.on((e) => progress.onEvent(e));
      let checked: { listed: boolean; returned: readonly string[]; unchecked: number } | undefined;
      const offChecked = depot.engine.on((e) => {
        if (e.type === 'night-checked' && e.planId === planId) checked = e;
      });
      let result: RunResult;
      try {
        result = await depot.engine.run(planId, { signal: io.signal });
      } catch (error) {
        if (error instanceof PlanError && error.detail.code === 'already-running') {
          io.stderr.write(`depot deposit: ${error.message}; run the same command again later.\n`);
          codes.push(4);
          break;
        }
        throw error;
      } finally {
        off();
        offChecked();
      }
      if (!v.json) progress.finish();
      let analysis: 'started' | 'already-planned' | undefined;
      if (result.kind === 'completed' && v['start-analysis']) {
        const asked = await depot.engine.startAnalysis(planId, { signal: io.signal });
        if (asked.kind === 'ok') analysis = asked.value;
        else if (asked.kind === 'refused') {
          io.stderr.write(
            `depot deposit: the analysis was not started: ${refusalLine(asked.cause)}\n`,
          );
          codes.push(asked.cause.kind === 'portal-signed-out' ? 2 : 3);
        } else codes.push(4);
      }
      const now = { at: monotonicClock.now(), counters: depot.engine.counters() };
      const summary: DepositSummary = {
        ...summarize(
          depot,
          planId,
          result,
          { elapsedMs: now.at - since.at, counters: countersSince(now.counters, since.counters) },
          {
            ...(night.night === undefined ? {} : { night: night.night }),
            ...(checked === undefined ? {} : { checked }),
          },
        ),
        ...(analysis === undefined ? {} : { analysis }),
      };
      since = now;
      summaries.push(summary);
      codes.push(exitCodeOf(result));
      if (!v.json) io.stdout.write(formatSummary(summary));
      if (result.kind === 'blocked') {
        const failed = depot.engine
          .failedUnits(planId)
          .flatMap((u) => (u.state.kind === 'failed' ? [u.state.cause] : []));
        io.stderr.write(`depot deposit: ${blockedRunMessage(result.cause, target.api, failed)}\n`);
        break;
      }
      if (result.kind === 'stopped') {
        say('Stopped before the end: run the same command again to resume.');
        break;
      }
      if (result.kind === 'postponed') {
        io.stderr.write(
          `depot deposit: ${result.units} file(s) postponed by the portal until ${wallClockText(result.until)} (it asked to come back later: Retry-After); run the same command after that time.\n`,
        );
      }
    }
    if (v.json && summaries.length > 0) {
      io.stdout.write(
        JSON.stringify(folder.nights.length > 1 ? { nights: summaries } : summaries[0]) + '\n',
      );
    }
    const code = [2, 3, 4, 1].find((c) => codes.includes(c)) ?? 0;
    return summaries.length < plans.length && code === 0 ? 4 : code;
  } finally {
    depot.close();
  }
};

/**
 * The night's participation: the one given; else the one this Depot already keeps for the night
 * (a run again never makes a second); else a new one of the site, with the night's dates and the
 * point. A number is the exit code of the line already written.
 */
const participationOf = async (
  depot: PortalDepot,
  target: PortalTarget,
  dir: string,
  night: NightInputs,
  v: PortalValues,
  say: (text: string) => void,
  io: CommandIo,
): Promise<string | number> => {
  if (v.participation !== undefined) return v.participation;
  const kept = depot.store
    .listPlans()
    .find(
      (p) =>
        p.portal !== null &&
        p.portal.target.api === target.api &&
        p.dir === resolve(dir) &&
        p.metadata['night'] === night.night,
    );
  if (kept?.portal != null) return kept.portal.participationId;
  const span = night.span;
  if (span === undefined) {
    io.stderr.write(
      `depot deposit: the night ${night.night ?? ''} of ${dir} has no recording whose time is known with its zone: its participation's dates cannot be told (give --tz), or create it on the portal and pass --participation\n`,
    );
    return 2;
  }
  const created = await depot.engine.createParticipation(
    depot.portal,
    {
      siteId: v.site ?? '',
      startsAt: span.startsAt,
      endsAt: span.endsAt,
      ...(v.point === undefined ? {} : { point: v.point }),
    },
    { signal: io.signal },
  );
  if (created.kind === 'stopped') return 4;
  if (created.kind === 'refused') {
    io.stderr.write(
      `depot deposit: the portal did not create the participation: ${refusalLine(created.cause)}\n`,
    );
    return 2;
  }
  say(describeParticipation(created.value, night.night));
  return created.value.id;
};

const describeParticipation = (p: Participation, night: string | undefined): string =>
  `Created participation ${p.id}${night === undefined ? '' : ` for the night ${night}`} (${new Date(p.startsAt).toISOString()} to ${p.endsAt === undefined ? '?' : new Date(p.endsAt).toISOString()}${p.point === undefined ? '' : `, point ${p.point}`})`;
