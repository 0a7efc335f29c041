import type { FailureCause } from '../../../shared/domain/FailureCause';
import { causeOfPortalRefusal } from '../../../shared/engine/causeOfPortalRefusal';
import type { NewParticipation, Participation } from '../../../shared/portal/Participation';
import type { Portal, PortalFile, PortalParticipations } from '../../../shared/ports/Portal';
import { isAbort } from '../abortError';
import { linkedController } from '../linkedController';
import type { EnginePorts } from '../EnginePorts';
import type { EventHub } from '../events/EventHub';
import { withWaits } from '../pacer/withWaits';
import type { RunContext } from '../run/RunContext';
import { newRunContext } from '../run/RunContext';
import type { Step } from '../StepOutcome';
import { ok, unitFailed } from '../StepOutcome';
import { portalCall } from './portalCall';
import { portalStep } from './portalStep';
import { portalListing, portalPaged } from './portalPaged';
import type { PagedListing } from '../../../shared/wire/PagedListing';
import { newPortalRun } from './PortalRun';
import type { ReadBack } from './readBackThroughPortal';
import { readBackThroughPortal } from './readBackThroughPortal';

/** How a request outside a night's run ended: its value, the portal's refusal, or a stop. */
export type PortalAnswer<T> =
  | { readonly kind: 'ok'; readonly value: T }
  | { readonly kind: 'refused'; readonly cause: FailureCause }
  | { readonly kind: 'stopped' };

/** A portal night as its requests take it: its portal, its participation, the plan journaled. */
export type NightOnPortal = {
  readonly portal: Portal;
  readonly participationId: string;
  readonly planId: number;
};

/**
 * Requests to a portal outside a night's run (sign-in check, participations, the analysis, the
 * verification): through the engine's policy like a night's, waiting for the network as long as
 * it is gone, until they get an answer or `signal` stops them. `planId` names the night the
 * journal's lines are about (0: none).
 */
const oneOff = async <T>(
  ports: EnginePorts,
  hub: EventHub,
  portal: Portal,
  planId: number,
  signal: AbortSignal | undefined,
  step: (run: RunContext) => Promise<Step<T>>,
): Promise<PortalAnswer<T>> => {
  const { controller, unlink } = linkedController(signal);
  const run = newRunContext(ports, hub, {
    planId,
    objects: ports.objectStore,
    bucket: '',
    controller,
    concurrency: 1,
    portal: newPortalRun(portal, ''),
  });
  try {
    const outcome = await withWaits(run, undefined, () => step(run));
    if (outcome.kind === 'ok') return { kind: 'ok', value: outcome.value };
    if (outcome.kind === 'failed') return { kind: 'refused', cause: outcome.cause };
    return { kind: 'stopped' };
  } catch (error) {
    if (run.state.blocked !== undefined) return { kind: 'refused', cause: run.state.blocked };
    if (isAbort(error) || controller.signal.aborted) return { kind: 'stopped' };
    throw error;
  } finally {
    unlink();
  }
};

/** Whether the portal takes the volunteer's sign-in now (its smallest listing). */
export const checkPortal = (
  ports: EnginePorts,
  hub: EventHub,
  portal: Portal,
  signal?: AbortSignal,
): Promise<PortalAnswer<undefined>> =>
  oneOff(ports, hub, portal, 0, signal, async (run) => {
    const r = await portalCall(run, undefined, 'probe', 'CheckSignIn', portal.endpoint, 0, (o) =>
      portal.probe(o),
    );
    return portalStep(r, () => undefined);
  });

/** A site's participations, or the volunteer's own: one page per call. */
export const listParticipations = (
  ports: EnginePorts,
  hub: EventHub,
  portal: Portal & PortalParticipations,
  siteId: string | undefined,
  signal?: AbortSignal,
): Promise<PortalAnswer<Participation[]>> => {
  const pages = portalListing<Participation>((p) => p.id);
  return oneOff(ports, hub, portal, 0, signal, async (run) => {
    const r = await portalPaged(
      run,
      'listFiles',
      'ListParticipations',
      portal.endpoint,
      pages,
      (page, o) =>
        portal.listParticipationsPage(siteId === undefined ? { page } : { siteId, page }, o),
    );
    return portalStep(r, (participations) => [...participations]);
  });
};

/** The same night: its start to the second (the API keeps seconds) and its point. */
const sameNight = (p: Participation, asked: NewParticipation): boolean =>
  Math.floor(p.startsAt / 1000) === Math.floor(asked.startsAt / 1000) &&
  (p.point ?? '') === (asked.point ?? '');

/**
 * The night's participation on the site, created only when the site has none (ADR 0032). A create
 * is not replay-safe (each makes another, and the API takes no key to tell a replay): so the
 * site's participations are listed first, and one of the same night (start to the second, point)
 * is the night's, taken as it is, whoever made it (a create whose reply was lost, in this call, an
 * earlier one the volunteer gave up waiting for, or a run killed after sending it; the portal's own
 * page). Several of the same night: the API cannot say which is this night's, so none is taken and
 * the volunteer is asked to pick one. A create attempt that may have acted is never replayed: the
 * site is listed again first (`portalCallRules`).
 */
export const createParticipation = (
  ports: EnginePorts,
  hub: EventHub,
  portal: Portal & PortalParticipations,
  input: NewParticipation,
  signal?: AbortSignal,
): Promise<PortalAnswer<Participation>> => {
  // The site's listing, kept across waits (it goes on from the page it reached).
  let pages: PagedListing<Participation, number> | undefined;
  // Whether the site was listed, with none of this night, since the last create that may have acted.
  let noneThere = false;
  return oneOff(ports, hub, portal, 0, signal, async (run) => {
    if (!noneThere) {
      pages ??= portalListing<Participation>((p) => p.id);
      const listed = await portalPaged(
        run,
        'listFiles',
        'ListParticipations',
        portal.endpoint,
        pages,
        (page, o) => portal.listParticipationsPage({ siteId: input.siteId, page }, o),
      );
      if (listed.kind === 'wait') return listed;
      if (listed.kind === 'refused') return unitFailed(causeOfPortalRefusal(listed.failure));
      pages = undefined;
      const alike = listed.value.filter((p) => sameNight(p, input));
      const [one] = alike;
      if (one !== undefined && alike.length === 1) return ok(one);
      if (alike.length > 1)
        return unitFailed({ kind: 'participation-ambiguous', count: alike.length });
      noneThere = true;
    }
    const r = await portalCall(
      run,
      undefined,
      'createParticipation',
      'CreateParticipation',
      portal.endpoint,
      0,
      (o) => portal.createParticipation(input, o),
      // Any attempt that went out may have created it: never replayed as it is.
      { write: true, mayHaveActed: (failure) => failure.kind === 'unreachable' },
    );
    if (r.kind === 'wait') noneThere = false;
    return portalStep(r, (created) => created);
  });
};

/** What the portal holds of a participation now: every file, by name, with `available`. */
export const listPortalFiles = (
  ports: EnginePorts,
  hub: EventHub,
  { portal, participationId, planId }: NightOnPortal,
  signal?: AbortSignal,
): Promise<PortalAnswer<PortalFile[]>> => {
  const pages = portalListing<PortalFile>((f) => f.fileId);
  return oneOff(ports, hub, portal, planId, signal, async (run) => {
    const r = await portalPaged(
      run,
      'listFiles',
      `ListFiles ${participationId}`,
      portal.endpoint,
      pages,
      (page, o) => portal.listFilesPage({ collectionId: participationId, page }, o),
    );
    return portalStep(r, (files) => [...files]);
  });
};

/** "Lancer l'analyse": the portal's processing of the participation, asked once; already planned is success. */
export const startProcessing = (
  ports: EnginePorts,
  hub: EventHub,
  { portal, participationId, planId }: NightOnPortal,
  signal?: AbortSignal,
): Promise<PortalAnswer<'started' | 'already-planned'>> =>
  oneOff(ports, hub, portal, planId, signal, async (run) => {
    const r = await portalCall(
      run,
      undefined,
      'startProcessing',
      `Compute ${participationId}`,
      portal.endpoint,
      0,
      (o) => portal.startProcessing({ collectionId: participationId }, o),
    );
    return portalStep(r, (started) => started.kind);
  });

/** `--read-back`: one file of the night read through the portal (`readBackThroughPortal`). */
export const readBackPortalFile = (
  ports: EnginePorts,
  hub: EventHub,
  { portal, planId }: NightOnPortal,
  file: { readonly fileId: string; readonly name: string; readonly maxBytes: number },
  signal?: AbortSignal,
): Promise<PortalAnswer<ReadBack>> =>
  oneOff(ports, hub, portal, planId, signal, (run) =>
    readBackThroughPortal(run, undefined, portal, file),
  );
