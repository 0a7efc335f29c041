import type { FailureCause } from '../../shared/domain/FailureCause';
import type { MethodOutput, ParsedInput } from '../../shared/ipc/contract';
import type { ErrorReason } from '../../shared/ipc/ErrorReason';
import type { ParticipationView, PortalNightView, PortalView } from '../../shared/ipc/views';
import type { Participation } from '../../shared/portal/Participation';
import { portalTokenOf } from '../../shared/portal/portalTokenOf';
import type { PortalAnswer } from '../engine/portal/portalRequests';
import type { Handlers } from '../ipc/Handlers';
import { IpcFailure } from '../ipc/IpcFailure';
import type { BackendParts } from './BackendParts';
import type { DepotBackendDeps } from './DepotBackendDeps';
import { expandHome } from './expandHome';
import { planIdOf } from './planIdOf';
import type { AppPortal } from './PortalAccount';
import { PORTAL_TOKEN_LIFETIME_MS } from './PortalSession';
import { readingOf } from './createPlans';
import { nightParticipation } from '../../shared/portal/nightParticipation';

type PortalHandlers = Pick<
  Handlers,
  | 'portal.get'
  | 'portal.openSignIn'
  | 'portal.signIn'
  | 'portal.signOut'
  | 'portal.participations'
  | 'portal.createParticipation'
  | 'portal.night'
  | 'portal.startAnalysis'
>;

/** How long a request the volunteer waits for may wait for the portal (an outage is said, not sat through). */
const ANSWER_WITHIN_MS = 30_000;

const reasonOf = (cause: FailureCause): ErrorReason =>
  cause.kind === 'portal-refused'
    ? { kind: 'portal-refused', status: cause.status, code: cause.code, detail: cause.detail }
    : cause.kind === 'participation-ambiguous'
      ? { kind: 'participation-ambiguous', count: cause.count }
      : { kind: 'portal-signed-out' };

/** The value of a portal request, or the failure that says why not in the volunteer's words. */
const answered = <T>(answer: PortalAnswer<T>, what: string): T => {
  if (answer.kind === 'ok') return answer.value;
  if (answer.kind === 'stopped')
    throw new IpcFailure('unavailable', `${what}: the portal did not answer in time`, {
      kind: 'portal-unreachable',
    });
  throw new IpcFailure(
    answer.cause.kind === 'portal-signed-out' ? 'blocked' : 'invalid-input',
    `${what}: refused by the portal`,
    reasonOf(answer.cause),
  );
};

const participationView = (p: Participation): ParticipationView => ({
  id: p.id,
  siteId: p.siteId ?? null,
  startsAt: p.startsAt,
  endsAt: p.endsAt ?? null,
  point: p.point ?? null,
  processing: p.processing ?? null,
});

export type PortalParts = BackendParts & {
  readonly deps: Pick<DepotBackendDeps, 'openPortalSignIn' | 'preflight'>;
  readonly home: string;
};

/** The portal of the programme in use, or why there is none. */
const inUse = ({ config }: PortalParts): { api: string; signIn: string; portal: AppPortal } => {
  const portal = config.portal;
  const account = config.portals;
  if (portal === undefined || account === undefined)
    throw new IpcFailure('not-configured', 'the programme in use names no portal', {
      kind: 'portal-not-in-use',
    });
  return { ...portal, portal: account.portal(portal.api) };
};

const view = ({ config }: PortalParts): PortalView | null => {
  const portal = config.portal;
  if (portal === undefined) return null;
  const session = config.portals?.sessionFor(portal.api);
  return {
    api: portal.api,
    signIn: portal.signIn,
    signedIn: session !== undefined,
    signedInAt: session?.signedInAt ?? null,
    expiresAt: session === undefined ? null : session.signedInAt + PORTAL_TOKEN_LIFETIME_MS,
  };
};

const within = (): AbortSignal => AbortSignal.timeout(ANSWER_WITHIN_MS);

/** A token kept, checked with the portal, and the nights that waited for it sent on their way. */
const signIn = async (p: PortalParts, address: string): Promise<PortalView> => {
  const { config, views, runs, relay } = p;
  const { api, portal } = inUse(p);
  const token = portalTokenOf(address);
  if (token === undefined)
    throw new IpcFailure('invalid-input', 'no portal token in what was given', {
      kind: 'portal-token-unreadable',
    });
  const account = config.portals;
  if (account === undefined) throw new Error('portal in use without an account');
  const before = account.sessionFor(api);
  await account.signIn(api, token);
  const checked = await config.requireEngine().engine.checkPortal(portal, { signal: within() });
  if (checked.kind === 'refused') {
    // Not taken: the sign-in held before stays the one in use.
    if (before === undefined) await account.signOut();
    else await account.signIn(before.api, before.token);
    answered(checked, 'sign-in');
  }
  // Offline, a token the portal's own redirect handed over is kept: the nights will say.
  const { engine } = config.requireEngine();
  engine.credentialsChanged();
  for (const id of views.blockedPlans()) {
    if (views.overlay(id).blocked?.kind === 'portal-signed-out') runs.unblock(id);
  }
  runs.resumeUnfinished();
  relay.emit({ type: 'plans-changed' });
  const signed = view(p);
  if (signed === null) throw new Error('portal view vanished');
  return signed;
};

const openSignIn = async (p: PortalParts): Promise<MethodOutput<'portal.openSignIn'>> => {
  const { signIn: page } = inUse(p);
  if (p.deps.openPortalSignIn === undefined) return { kind: 'unsupported' as const, signIn: page };
  const address = await p.deps.openPortalSignIn(page);
  if (address === undefined) return { kind: 'cancelled' as const };
  return { kind: 'signed-in' as const, portal: await signIn(p, address) };
};

const signOut = async (p: PortalParts): Promise<PortalView | null> => {
  inUse(p);
  await p.config.portals?.signOut();
  return view(p);
};

const participations = async (p: PortalParts): Promise<readonly ParticipationView[]> => {
  const { portal } = inUse(p);
  const { engine } = p.config.requireEngine();
  const listed = answered(
    await engine.participations(portal, undefined, { signal: within() }),
    'participations',
  );
  return [...listed].sort((a, b) => b.startsAt - a.startsAt).map(participationView);
};

const createParticipation = async (
  p: PortalParts,
  input: ParsedInput<'portal.createParticipation'>,
): Promise<ParticipationView> => {
  const { config, deps } = p;
  const { portal } = inUse(p);
  const dir = expandHome(input.dir, p.home);
  const checked = await deps.preflight(dir, readingOf(config.programme));
  const include = checked.depositable({ skipBlocking: true });
  const nights =
    checked.view.nights.length <= 1
      ? [{ night: input.night, relPaths: include }]
      : checked.byNight(include);
  const files = nights.find((n) => n.night === input.night)?.relPaths ?? [];
  const span = checked.span(files);
  if (span === undefined)
    throw new IpcFailure('invalid-input', 'the night has no dated recording', {
      kind: 'night-dates-unknown',
      night: input.night,
    });
  const { engine } = config.requireEngine();
  const created = answered(
    await engine.createParticipation(portal, nightParticipation(input, span), {
      signal: within(),
    }),
    'participation',
  );
  return participationView(created);
};

const nightView = async (
  { config, views }: PortalParts,
  planId: number,
): Promise<PortalNightView> => {
  const { engine } = config.requireEngine();
  const summary = engine.planSummary(planId);
  if (summary?.portal == null)
    throw new IpcFailure('invalid-input', `plan ${planId} is not a portal night`, {
      kind: 'portal-not-in-use',
    });
  const files = answered(await engine.portalFiles(planId, { signal: within() }), 'listing');
  const names = new Set(
    engine.listUnits(planId, { offset: 0, limit: 100_000, filter: 'all' }).units.map((u) => u.key),
  );
  return {
    api: summary.portal.target.api,
    participationId: summary.portal.participationId,
    expected: summary.units,
    files: files.length,
    available: files.filter((f) => f.available).length,
    nightAvailable: files.filter((f) => f.available && names.has(f.name)).length,
    analysisAt: summary.analysisAt === null ? null : views.wall(summary.analysisAt),
  };
};

const startAnalysis = async (p: PortalParts, planId: string): Promise<PortalNightView> => {
  const id = planIdOf(planId);
  const { engine } = p.config.requireEngine();
  const summary = engine.planSummary(id);
  if (summary?.manifestAt == null)
    throw new IpcFailure('blocked', `plan ${id} is not complete on the portal`, {
      kind: 'night-not-complete',
    });
  answered(await engine.startAnalysis(id, { signal: within() }), 'analysis');
  p.relay.markDirty(id);
  return nightView(p, id);
};

/**
 * The programme's portal in the app (issue 33, ADR 0032): the sign-in (a window of Depot's own in
 * Electron; through the bridge, the address the sign-in page ends on, handed back by the page or
 * pasted), the participations, what the portal holds of a night, and "Lancer l'analyse". Every
 * request goes through the engine's policy; the token never leaves main.
 */
export const portalHandlers = (p: PortalParts): PortalHandlers => ({
  'portal.get': () => Promise.resolve(view(p)),
  'portal.openSignIn': () => openSignIn(p),
  'portal.signIn': ({ address }) => signIn(p, address),
  'portal.signOut': () => signOut(p),
  'portal.participations': () => participations(p),
  'portal.createParticipation': (input) => createParticipation(p, input),
  'portal.night': ({ planId }) => nightView(p, planIdOf(planId)),
  'portal.startAnalysis': ({ planId }) => startAnalysis(p, planId),
});
