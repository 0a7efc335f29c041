import type { Portal, PortalFile, PortalParticipations } from '../../../shared/ports/Portal';
import type { NewParticipation, Participation } from '../../../shared/portal/Participation';
import type { EngineWiring } from '../EngineWiring';
import { PlanError } from '../PlanError';
import type { NightOnPortal, PortalAnswer } from './portalRequests';
import type { ReadBack } from './readBackThroughPortal';
import {
  checkPortal,
  createParticipation,
  listParticipations,
  listPortalFiles,
  readBackPortalFile,
  startProcessing,
} from './portalRequests';

/**
 * A programme's portal outside a night's run (ADR 0032): the sign-in checked, participations
 * listed and created, a night's files listed and read back, its analysis started; each request
 * through the engine's policy, its API's circuit probed by its smallest listing.
 */
export class PortalNights {
  private readonly probed = new Set<string>();

  constructor(private readonly engine: EngineWiring) {}

  /** While the API's circuit is open, its smallest listing is the probe; a route check first. */
  probe(portal: Portal): void {
    if (this.probed.has(portal.endpoint)) return;
    this.probed.add(portal.endpoint);
    this.engine.ports.policy.probeWith(
      portal.endpoint,
      (ctx) =>
        portal.probe({
          deadline: ctx.deadline,
          ...(ctx.signal === undefined ? {} : { signal: ctx.signal }),
        }),
      () => portal.checkRoute(),
    );
  }

  /** The night's portal and participation, or why it cannot be reached now. */
  private portalOf(planId: number): NightOnPortal | 'signed-out' {
    const plan = this.engine.ports.store.getPlan(planId);
    if (plan === undefined)
      throw new PlanError({ code: 'no-such-plan', planId }, `no plan ${planId}`);
    if (plan.portal === null)
      throw new PlanError({ code: 'not-a-portal-night', planId }, `plan ${planId} is an S3 night`);
    const portal = this.engine.portalFor?.(plan.portal.target);
    if (portal === undefined) return 'signed-out';
    this.probe(portal);
    return { portal, participationId: plan.portal.participationId, planId };
  }

  /** Whether the portal takes the volunteer's sign-in now (waits for the network). */
  checkPortal(
    portal: Portal,
    options: { signal?: AbortSignal } = {},
  ): Promise<PortalAnswer<undefined>> {
    this.probe(portal);
    return checkPortal(this.engine.ports, this.engine.hub, portal, options.signal);
  }

  /** A site's participations, or the volunteer's own (no site). */
  participations(
    portal: Portal & PortalParticipations,
    siteId: string | undefined,
    options: { signal?: AbortSignal } = {},
  ): Promise<PortalAnswer<Participation[]>> {
    this.probe(portal);
    return listParticipations(this.engine.ports, this.engine.hub, portal, siteId, options.signal);
  }

  /** A new participation for a night (never two after a lost reply: see `createParticipation`). */
  createParticipation(
    portal: Portal & PortalParticipations,
    input: NewParticipation,
    options: { signal?: AbortSignal } = {},
  ): Promise<PortalAnswer<Participation>> {
    this.probe(portal);
    return createParticipation(this.engine.ports, this.engine.hub, portal, input, options.signal);
  }

  /** What the night's participation holds on the portal now (a request made by this call). */
  async portalFiles(
    planId: number,
    options: { signal?: AbortSignal } = {},
  ): Promise<PortalAnswer<PortalFile[]>> {
    return this.onNight(planId, (night) =>
      listPortalFiles(this.engine.ports, this.engine.hub, night, options.signal),
    );
  }

  /**
   * "Lancer l'analyse": asks the portal to process the night's participation, once: an analysis
   * already planned is success. Recorded on the plan when the portal accepted it.
   */
  async startAnalysis(
    planId: number,
    options: { signal?: AbortSignal } = {},
  ): Promise<PortalAnswer<'started' | 'already-planned'>> {
    const answer = await this.onNight(planId, (night) =>
      startProcessing(this.engine.ports, this.engine.hub, night, options.signal),
    );
    if (answer.kind === 'ok')
      this.engine.ports.store.setAnalysisAt(planId, this.engine.ports.clock.now());
    return answer;
  }

  /** One file of the night read back through the portal's signed GET URL (`verify --read-back`). */
  async readBackPortalFile(
    planId: number,
    file: { readonly fileId: string; readonly name: string; readonly maxBytes: number },
    options: { signal?: AbortSignal } = {},
  ): Promise<PortalAnswer<ReadBack>> {
    return this.onNight(planId, (night) =>
      readBackPortalFile(this.engine.ports, this.engine.hub, night, file, options.signal),
    );
  }

  /** `ask` of the night's portal and participation; refused when no sign-in is held for it. */
  private async onNight<T>(
    planId: number,
    ask: (night: NightOnPortal) => Promise<PortalAnswer<T>>,
  ): Promise<PortalAnswer<T>> {
    const night = this.portalOf(planId);
    if (night === 'signed-out') return { kind: 'refused', cause: { kind: 'portal-signed-out' } };
    return ask(night);
  }
}
