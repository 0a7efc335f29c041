import type { EngineSettings } from '../../electron/engine/EngineSettings';
import type { Random } from '../../shared/ports/Random';
import { success, type Outcome } from '../../shared/retry/Outcome';
import { holdAfterGiveUp, paceAfterGiveUp } from '../../shared/retry/paceAfterGiveUp';
import type { AttemptContext, ProfileName } from '../../shared/retry/RetryCall';
import type { FleetServer } from './FleetServer';
import type { RetryLayer } from './RetryLayer';
import type { Prober } from '../../shared/retry/RetryPolicy';
import type { VirtualScheduler } from './VirtualScheduler';

export type ClientNight = {
  /** Epoch ms at which the volunteer plugs in and starts the deposit. */
  readonly startAt: number;
  readonly sizes: readonly number[];
};

export type ClientResult = {
  readonly startAt: number;
  readonly verifiedAt: number;
  readonly requests: number;
  readonly firstAttempts: number;
  readonly retries: number;
  /** The most retries the layer allows for those first attempts. */
  readonly retryBound: number;
};

export type ClientDeps = {
  readonly time: VirtualScheduler;
  readonly server: FleetServer;
  /**
   * The client's retry layer, given the engine's cheap probe (a HeadBucket through this client's
   * transport), and the random the engine paces with.
   */
  readonly layerFor: (probe: Prober) => { readonly layer: RetryLayer; readonly random: Random };
  readonly endpoint: string;
  readonly engine: EngineSettings;
  /** The volunteer's uplink, shared by the engine's slots. */
  readonly linkBytesPerS: number;
  readonly manifestBytes: number;
};

type Unit = {
  readonly size: number;
  readonly parts: number;
  created: boolean;
  partsDone: number;
  uploaded: boolean;
  notBefore: number;
};

/** DepositEngine's MustWait: a transient give-up, to wait out (never a failure). */
class MustWait extends Error {
  constructor(
    readonly notBefore: number,
    readonly network: boolean,
  ) {
    super('must wait');
  }
}

/**
 * One volunteer's Depot in virtual time: the engine's loop (concurrency slots, a HeadBucket
 * before the plan, single PUTs and multipart uploads, the manifest at the end) with the engine's
 * waiting rules as DepositEngine has them (`call`, `withWaits`, `pace`, the endpoint hold,
 * deferral past `deferAfterMs`, waiting on the breaker while the network is gone). The pacing
 * itself is shared/retry/paceAfterGiveUp, the code DepositEngine runs. Parts of one file go one
 * after the other in the worker that took it (the engine spreads them on idle slots: same
 * requests, same bytes).
 */
export const runFleetClient = async (night: ClientNight, d: ClientDeps): Promise<ClientResult> => {
  const { time, server, engine } = d;
  const rttHalf = server.settings.rttMs / 2;
  const slotBytesPerMs = d.linkBytesPerS / engine.concurrency / 1000;
  let requests = 0;
  let holdUntil = 0;
  let consecutiveGiveUps = 0;

  /** One emission: what the server makes of it, as the transport would classify it. */
  const transport = async (
    operation: string,
    bytes: number,
    ctx: AttemptContext,
  ): Promise<Outcome<undefined>> => {
    const sentAt = time.now();
    requests += 1;
    server.receive(sentAt, operation.split(' ')[0]);
    const timeout = async (): Promise<Outcome<undefined>> => {
      await time.sleep(Math.max(0, ctx.deadline - time.now()));
      return { kind: 'unreachable', reason: 'timeout' };
    };
    // Down or refusing, the server answers on the request line: no body goes out.
    if (server.phase(sentAt) === 'up') {
      const bodyMs = rttHalf + bytes / slotBytesPerMs;
      if (sentAt + bodyMs > ctx.deadline) return timeout();
      await time.sleep(bodyMs);
    }
    const admission = server.admit(time.now());
    if (admission.kind === 'unreachable') {
      await time.sleep(rttHalf);
      return { kind: 'unreachable', reason: 'connection-refused' };
    }
    if (admission.kind === 'refused') {
      await time.sleep(rttHalf);
      return {
        kind: 'refused',
        status: 503,
        code: admission.code,
        ...(admission.retryAfterMs === undefined ? {} : { retryAfterMs: admission.retryAfterMs }),
      };
    }
    const answerAt = admission.doneAt + rttHalf;
    if (answerAt > ctx.deadline) return timeout();
    await time.sleep(answerAt - time.now());
    server.delivered(time.now(), bytes);
    return success(undefined);
  };

  const { layer, random } = d.layerFor((ctx) => transport('HeadBucket', 0, ctx));

  /** DepositEngine.call: the hold, a deadline sized to the body, the pace after a give-up. */
  const call = async (operation: string, profile: ProfileName, bytes: number): Promise<void> => {
    while (holdUntil > time.now()) await time.sleep(holdUntil - time.now());
    const deadline =
      time.now() +
      engine.callTimeoutMs +
      Math.ceil((bytes * 1000) / engine.minThroughputBytesPerSec);
    const result = await layer.run({ endpoint: d.endpoint, profile, deadline, operation }, (ctx) =>
      transport(operation, bytes, ctx),
    );
    if (result.kind === 'success') {
      consecutiveGiveUps = 0;
      return;
    }
    const now = time.now();
    const network = result.reason === 'circuit-open' || result.last?.kind === 'unreachable';
    const paced = paceAfterGiveUp(engine, consecutiveGiveUps, random.next());
    consecutiveGiveUps = paced.consecutiveGiveUps;
    const notBefore = Math.max(result.notBefore ?? 0, now + paced.delayMs);
    holdUntil = holdAfterGiveUp(engine, holdUntil, { notBefore, network }, now);
    throw new MustWait(notBefore, network);
  };

  /** DepositEngine.withWaits: wait for the breaker, sleep a short wait, defer a long one. */
  const withWaits = async (unit: Unit | undefined, step: () => Promise<void>): Promise<boolean> => {
    for (;;) {
      try {
        await step();
        return true;
      } catch (error) {
        if (!(error instanceof MustWait)) throw error;
        if (error.network && layer.circuitOpen()) {
          await layer.whenAvailable();
          continue;
        }
        const wait = error.notBefore - time.now();
        if (unit !== undefined && wait > engine.deferAfterMs) {
          unit.notBefore = error.notBefore;
          return false;
        }
        if (wait > 0) await time.sleep(wait);
      }
    }
  };

  // The requests DepositEngine sends for one file today: the upload, then a HeadObject that
  // verifies it (and, for multipart, one more before Complete: radosgw ignores If-None-Match there).
  const deposit = async (u: Unit): Promise<void> => {
    if (u.parts === 0) {
      if (!u.uploaded) await call('PutObject', 'insistent', u.size);
      u.uploaded = true;
      return call('HeadObject', 'brief', 0);
    }
    if (!u.created) {
      await call('CreateMultipartUpload', 'insistent', 0);
      u.created = true;
    }
    while (u.partsDone < u.parts) {
      const bytes = Math.min(engine.partSize, u.size - u.partsDone * engine.partSize);
      await call(`UploadPart ${u.partsDone + 1}`, 'insistent', bytes);
      u.partsDone += 1;
    }
    if (!u.uploaded) {
      await call('HeadObject', 'brief', 0);
      await call('CompleteMultipartUpload', 'insistent', 0);
    }
    u.uploaded = true;
    return call('HeadObject', 'brief', 0);
  };

  const units: Unit[] = night.sizes.map((size) => ({
    size,
    parts: size >= engine.multipartThreshold ? Math.ceil(size / engine.partSize) : 0,
    created: false,
    partsDone: 0,
    uploaded: false,
    notBefore: 0,
  }));
  let next = 0;
  const deferred: Unit[] = [];
  // PlanStore.nextUnit: pending first, then a deferred unit whose time has come.
  const take = (): Unit | undefined => {
    if (next < units.length) return units[next++];
    const now = time.now();
    const i = deferred.findIndex((u) => u.notBefore <= now);
    return i < 0 ? undefined : deferred.splice(i, 1)[0];
  };
  const worker = async (): Promise<void> => {
    for (;;) {
      const u = take();
      if (u !== undefined) {
        if (!(await withWaits(u, () => deposit(u)))) deferred.push(u);
        continue;
      }
      if (deferred.length === 0) return;
      const soonest = Math.min(...deferred.map((x) => x.notBefore));
      await time.sleep(Math.max(0, soonest - time.now()));
    }
  };

  await time.sleep(night.startAt - time.now());
  await withWaits(undefined, () => call('HeadBucket', 'brief', 0));
  await Promise.all(Array.from({ length: engine.concurrency }, () => worker()));
  // DepositEngine.finish: the sweep of open uploads and the manifest, side by side.
  await Promise.all([
    withWaits(undefined, () => call('ListMultipartUploads', 'brief', 0)),
    withWaits(undefined, () => call('PutObject manifest', 'insistent', d.manifestBytes)),
  ]);
  const r = layer.retries();
  return {
    startAt: night.startAt,
    verifiedAt: time.now(),
    requests,
    firstAttempts: r.firstAttempts,
    retries: r.retries,
    retryBound: r.bound,
  };
};
