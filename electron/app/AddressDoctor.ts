import type { AddressProblem } from '../../shared/ipc/views';
import type { Clock } from '../../shared/ports/Clock';
import type { Sleeper } from '../../shared/ports/Sleeper';
import { probeEndpoint } from '../s3/probeEndpoint';
import type { BackendConfig } from './BackendConfig';
import type { DepotBackendDeps } from './DepotBackendDeps';
import type { PlanViews } from './PlanViews';

/** How long a night waits before its address is looked at: a blip is not worth a request. */
const LOOK_AFTER_MS = 1_500;
/** At most one look per night in this long: a night waiting for hours asks once in a while. */
const LOOK_EVERY_MS = 30_000;
const PROBE_TIMEOUT_MS = 10_000;

/**
 * Tells a wrong address from the network (issue 31): when a night waits for "the network" or
 * stops on a refusal or failures, one probe of its own target (ListObjectsV2, max-keys 0) says
 * whether nothing listens there (the host refused the connection: a wrong port, a server that is
 * off) or what answers is not S3 (a web page, a captive portal). A night that was answered at
 * that address is waiting on an outage, not on its address: it is not looked at for that.
 */
export class AddressDoctor {
  private readonly lastLook = new Map<number, number>();
  private readonly stopped = new AbortController();

  constructor(
    private readonly config: BackendConfig,
    private readonly views: PlanViews,
    private readonly deps: Pick<DepotBackendDeps, 'createObjectStore'>,
    private readonly time: { readonly clock: Clock; readonly sleeper: Sleeper },
    private readonly changed: (planId: number) => void,
    private readonly log: (line: string) => void,
  ) {}

  stop(): void {
    this.stopped.abort();
  }

  /** The night waits for the network: looked at shortly, if it still does then. */
  soon(planId: number, stillWaiting: () => boolean): void {
    this.time.sleeper.sleep(LOOK_AFTER_MS, this.stopped.signal).then(
      () => {
        if (stillWaiting()) void this.look(planId);
      },
      () => undefined,
    );
  }

  /** The address answered (a byte acknowledged): whatever was found of it no longer holds. */
  answered(planId: number): void {
    const overlay = this.views.overlay(planId);
    if (overlay.addressProblem === null) return;
    overlay.addressProblem = null;
    this.changed(planId);
  }

  async look(planId: number, force = false): Promise<void> {
    const now = this.time.clock.now();
    const last = this.lastLook.get(planId);
    if (!force && last !== undefined && now - last < LOOK_EVERY_MS) return;
    this.lastLook.set(planId, now);
    const problem = await this.probe(planId);
    const overlay = this.views.overlay(planId);
    if (JSON.stringify(problem) === JSON.stringify(overlay.addressProblem)) return;
    overlay.addressProblem = problem;
    this.changed(planId);
  }

  private async probe(planId: number): Promise<AddressProblem | null> {
    const handle = this.config.handle;
    const settings = this.config.settings;
    const credentials = this.config.credentials;
    if (handle === undefined || settings === undefined || credentials === undefined) return null;
    try {
      const summary = handle.engine.planSummary(planId);
      const target = handle.engine.targetOf(planId);
      // Answered at that address already: a refusal now is the server down, not the address.
      const heard = summary !== undefined && (summary.bytesAcked > 0 || summary.done > 0);
      const store = this.deps.createObjectStore(
        {
          ...settings,
          endpoint: target.endpoint,
          region: target.region,
          bucket: target.bucket,
          pathStyle: target.pathStyle,
        },
        credentials,
      );
      if (store.probeListing === undefined) return null;
      // The night's own prefix: a folder key may list nothing else (ADR 0028).
      const verdict = await probeEndpoint(store.probeListing.bind(store), summary?.prefix ?? '', {
        deadline: this.time.clock.now() + PROBE_TIMEOUT_MS,
        signal: this.stopped.signal,
      });
      (store as { destroy?: () => void }).destroy?.();
      if (verdict.kind === 'not-s3') return { kind: 'not-s3', status: verdict.status };
      if (verdict.kind === 'nothing-listens' && !heard) return { kind: 'nothing-listens' };
      return null;
    } catch (error) {
      this.log(
        `plan ${planId}: address not looked at: ${error instanceof Error ? error.message : ''}`,
      );
      return null;
    }
  }
}
