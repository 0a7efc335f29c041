import type { FailureCause } from '../../shared/domain/FailureCause';
import type { Participation } from '../../shared/portal/Participation';
import { portalTokenOf } from '../../shared/portal/portalTokenOf';
import type { PlanningResult } from '../engine/PlanSummary';
import { depositNights } from '../nights/depositNights';
import type { Reading } from '../nights/depositNights';
import type { PreparedFolder } from '../nights/prepareFolder';
import { planPortalNights } from '../nights/planPortalNights';
import type {
  ParticipationChoice,
  PlannedPortalNights,
  PortalNightInputs,
} from '../nights/planPortalNights';
import { monotonicClock } from '../runtime/monotonicClock';
import { DatabaseError } from '../store/DatabaseError';
import type { CommandIo } from './Command';
import { defaultDbPath } from './defaultDbPath';
import type { DepositSummary } from './DepositSummary';
import { describeCause, PORTAL_SIGNED_OUT } from './describeCause';
import type { EngineOptions } from './engineOptions';
import { combinedExit, exitCodeOf } from './exitCodeOf';
import type { ExitCode } from './exitCodeOf';
import type { PortalDepot } from './openPortalDepot';
import { openPortalDepot } from './openPortalDepot';
import { formatBytes } from './parseSize';
import { planningFailed } from './planningFailed';
import { ProgressReporter } from './ProgressReporter';
import { readFolder } from './readFolder';
import type { Programme } from './readProgramme';
import { sayNight, sayPlanned } from './sayNight';
import type { TargetValues } from './targetArgs';
import type { NightText } from './sayNight';

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

type PortalValues = TargetValues & {
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
};

/** What the portal's refusal of the sign-in, a participation or the analysis says to do. */
const refusalLine = (cause: FailureCause): string =>
  cause.kind === 'portal-signed-out' ? PORTAL_SIGNED_OUT : describeCause(cause);

/** The command line of a portal deposit, checked: the folder, the sign-in, the participations. */
type PortalDepositArgs = {
  readonly dir: string;
  readonly token: string;
  readonly choice: ParticipationChoice;
};

const parsePortalArgs = (
  v: PortalValues,
  positionals: readonly string[],
  programme: Programme,
  io: CommandIo,
  usageError: (message: string) => number,
): PortalDepositArgs | number => {
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
  const choice: ParticipationChoice =
    v.site === undefined
      ? { kind: 'given', id: v.participation ?? '' }
      : { kind: 'per-night', siteId: v.site, ...(v.point === undefined ? {} : { point: v.point }) };
  return { dir, token, choice };
};

/**
 * `depot deposit DIR --programme FILE` when the profile names a portal (issue 33, ADR 0032):
 * parse, prepare the folder (names by the programme and the portal's own rules, files over 5 GB
 * refused), open the plan database and the portal, then `depositPortalFolder`.
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
  const args = parsePortalArgs(v, positionals, programme, io, usageError);
  if (typeof args === 'number') return args;
  const { dir } = args;
  // A participation is one night: a folder of several is split night by night (as a {night}
  // prefix would split it) only when each gets its own participation.
  const folder = await readFolder(
    dir,
    {
      ...v,
      prefix: args.choice.kind === 'given' ? '' : '{night}',
      ...(engine.tz === undefined ? {} : { tz: engine.tz }),
    },
    programme,
    io,
    usageError,
  );
  if (typeof folder === 'number') return folder;
  if (args.choice.kind === 'given' && folder.nights.length > 1)
    return usageError(
      `${dir} holds ${folder.nights.length} nights (${folder.nights.map((n) => n.night ?? '?').join(', ')}) and a participation is one night: pick one with --night, or create one per night with --site`,
    );
  let depot: PortalDepot;
  try {
    depot = openPortalDepot({
      dbPath: defaultDbPath(io.env, v.db),
      api: destination.api,
      token: args.token,
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
  try {
    return await depositPortalFolder(depot, folder, args, { v, programme, io, usageError });
  } finally {
    depot.close();
  }
};

type PortalCommand = {
  readonly v: PortalValues;
  readonly programme: Programme;
  readonly io: CommandIo;
  readonly usageError: (message: string) => number;
};

/**
 * The sign-in checked, every night planned into its participation (`planPortalNights`), then run
 * one after another (`depositNights`, the analysis asked when complete), each summary printed as
 * its night ends; the exit code of the worst.
 */
const depositPortalFolder = async (
  depot: PortalDepot,
  folder: PreparedFolder,
  args: PortalDepositArgs,
  c: PortalCommand,
): Promise<number> => {
  const { v, io } = c;
  const target = depot.portal.target;
  const say = (text: string): void => {
    if (!v.json) io.stderr.write(`${text}\n`);
  };
  const started = { at: monotonicClock.now(), counters: depot.engine.counters() };
  // A new token puts the files refused for the last one back in line.
  depot.engine.credentialsChanged();
  const signedIn = await depot.engine.checkPortal(depot.portal, { signal: io.signal });
  if (signedIn.kind === 'stopped') {
    say('Stopped before the portal answered: nothing was planned or sent.');
    return 4;
  }
  if (signedIn.kind === 'refused') return c.usageError(refusalLine(signedIn.cause));
  say(
    `Signed in to ${target.api}. Planning ${folder.totalFiles} files (${formatBytes(folder.totalBytes)})` +
      (folder.nights.length > 1
        ? `, ${folder.nights.length} nights, one participation each...`
        : '...'),
  );
  const text: NightText = { io, v, endpoint: target.api, bucket: '', say, portal: true };
  const planned = await planPortalNights(
    depot.engine,
    depot.portal,
    {
      dir: args.dir,
      ...(folder.scan === undefined ? {} : { scan: folder.scan }),
      programme: c.programme.record,
      update: v.update,
      hashAhead: false,
      signal: io.signal,
    },
    folder.nights,
    args.choice,
    {
      signal: io.signal,
      plans: () => depot.store.listPlans(),
      onCreated: (p, night) => say(describeParticipation(p, night.night)),
      onPlanned: ({ night, plan }) =>
        sayPlanned(text, night, plan, 0, `participation ${night.participation}`),
    },
  );
  if (planned.kind !== 'planned') return portalPlanningFailed(planned, args.dir, c, say);
  folder.scan = undefined;
  return runPortalNights(depot, planned.plans, started, text, c, folder.nights.length);
};

/** Why no night ran: a participation not chosen, or a plan refused; its exit code. */
const portalPlanningFailed = (
  planned: Exclude<PlannedPortalNights, { kind: 'planned' }>,
  dir: string,
  c: PortalCommand,
  say: (text: string) => void,
): number => {
  const { io } = c;
  if (planned.kind === 'no-participation') {
    const { why, night } = planned;
    if (why.kind === 'stopped') return 4;
    io.stderr.write(
      why.kind === 'no-span'
        ? `depot deposit: the night ${night.night ?? ''} of ${dir} has no recording whose time is known with its zone: its participation's dates cannot be told (give --tz), or create it on the portal and pass --participation\n`
        : `depot deposit: the portal did not create the participation: ${refusalLine(why.cause)}\n`,
    );
    return 2;
  }
  const error = planned.kind === 'failed' ? planned.error : undefined;
  const code = planningFailed(error, io, c.usageError, say);
  if (code !== undefined) return code;
  throw error;
};

/** The planned nights run (`depositNights`), each said as it ends; the worst night's code. */
const runPortalNights = async (
  depot: PortalDepot,
  plans: readonly { readonly night: PortalNightInputs; readonly plan: PlanningResult }[],
  since: Reading,
  text: NightText,
  c: PortalCommand,
  nights: number,
): Promise<number> => {
  const { v, io } = c;
  const progress = new ProgressReporter(io.stderr);
  const summaries: DepositSummary[] = [];
  const analysisCodes: ExitCode[] = [];
  const deposits = await depositNights(depot.engine, plans, {
    signal: io.signal,
    clock: monotonicClock,
    since,
    readBack: v['read-back'],
    startAnalysis: v['start-analysis'],
    beforeRun: () => (v.json ? undefined : depot.engine.on((e) => progress.onEvent(e))),
    afterRun: (deposit) => {
      if (deposit.kind === 'ran' && !v.json) progress.finish();
      const analysis = deposit.kind === 'ran' ? deposit.analysis : undefined;
      if (analysis?.kind === 'refused') {
        io.stderr.write(
          `depot deposit: the analysis was not started: ${refusalLine(analysis.cause)}\n`,
        );
        analysisCodes.push(analysis.cause.kind === 'portal-signed-out' ? 2 : 3);
      } else if (analysis?.kind === 'stopped') analysisCodes.push(4);
      const summary = sayNight(depot, deposit, text);
      if (summary !== undefined) summaries.push(summary);
    },
  });
  if (v.json && summaries.length > 0)
    io.stdout.write(JSON.stringify(nights > 1 ? { nights: summaries } : summaries[0]) + '\n');
  const code = combinedExit([
    ...analysisCodes,
    ...deposits.map((n) => (n.kind === 'ran' ? exitCodeOf(n.result) : 4)),
  ]);
  return summaries.length < plans.length && code === 0 ? 4 : code;
};

const describeParticipation = (p: Participation, night: string | undefined): string =>
  `Created participation ${p.id}${night === undefined ? '' : ` for the night ${night}`} (${new Date(p.startsAt).toISOString()} to ${p.endsAt === undefined ? '?' : new Date(p.endsAt).toISOString()}${p.point === undefined ? '' : `, point ${p.point}`})`;
